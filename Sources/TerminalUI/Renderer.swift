import AppCore
import GameEngine
import Pictures

/// Draws screens: pure functions from what the game shows and the window's size to a Frame.
/// Each screen and the windows over them have their own file.
public enum Renderer {
  public static func render(_ screen: Screen, size: CellSize) -> Frame {
    var frame = Frame(size: size, asciiOnly: screen.appearance.symbols == .ascii)
    if Layout.isTooSmall(frame.size) {
      drawTooSmall(screen, into: &frame)
      return frame
    }
    switch screen.place {
    case .start: drawStart(screen, into: &frame)
    case .quiz:
      if case .finished(let summary) = screen.game.phase {
        drawFinished(summary, screen: screen, into: &frame)
      } else {
        drawQuiz(screen, into: &frame)
      }
    }
    switch screen.overlay {
    case nil: break
    case .stats: drawStats(screen, into: &frame)
    case .help: drawHelp(screen, into: &frame)
    case .settings: drawSettings(screen, into: &frame)
    case .warnings: drawWarnings(screen, into: &frame)
    case .people: drawPeople(screen, into: &frame)
    }
    return frame
  }

  /// A button's style outside the reveal: reversed when it has the focus.
  static func style(of control: Control, in screen: Screen) -> Style {
    screen.focus == control && screen.overlay == nil
      ? screen.appearance.focused : screen.appearance.button
  }

  /// Below the minimum size: what is needed, and how to leave.
  static func drawTooSmall(_ screen: Screen, into frame: inout Frame) {
    let size = frame.size
    let minimum = Layout.minimum
    let lines = [
      "Terminal too small",
      // What is needed gives way last.
      DisplayWidth.fitting(
        [
          "\(size.columns)x\(size.rows) now, \(minimum.columns)x\(minimum.rows) needed",
          "\(minimum.columns)x\(minimum.rows) needed",
        ], in: size.columns),
      screen.game.phase.isPaused ? "The game is paused" : "",
      "q quits",
    ]
    let top = max(0, (size.rows - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      frame.putCentered(
        line, row: top + offset, style: offset == 0 ? screen.appearance.title : .plain,
        ellipsis: screen.appearance.ellipsis)
    }
  }
}
