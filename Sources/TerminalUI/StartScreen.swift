import GameEngine
import Pictures

extension Renderer {
  /// The start screen: the roster, what was skipped, the last score, Start, Stats and Quit.
  static func drawStart(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let roster = screen.roster
    let width = frame.size.columns
    let skipped =
      roster.warnings.isEmpty
      ? "No files skipped"
      : "\(roster.warnings.count) file\(roster.warnings.count == 1 ? "" : "s") skipped "
        + "(w lists them)"
    var lines: [(String, Style)] = [
      ("Meet the Members", look.title),
      ("Learn the name of everyone in your club.", .plain),
      ("", .plain),
      ("\(roster.members) members from \(roster.folder)", .plain),
      (skipped, roster.warnings.isEmpty ? look.dim : .plain),
    ]
    if let progress = screen.progress {
      lines.append((progress.line(separator: look.separator), .plain))
    }
    if let notice = screen.historyNotice {
      lines.append((notice, look.dim))
    }
    if screen.game.questionsPlayed > 0 {
      lines.append(
        (
          "Score \(screen.game.score)\(look.separator)longest streak "
            + "\(screen.game.longestStreak)", look.dim
        ))
    }
    let top = max(0, (frame.size.rows - lines.count - 4) / 2)
    for (offset, line) in lines.enumerated() {
      frame.putCentered(
        line.0, column: 1, row: top + offset, width: width - 2, style: line.1,
        ellipsis: look.ellipsis)
    }

    let buttons: [(String, Control)] = [("Start", .start), ("Stats", .stats), ("Quit", .quit)]
    let buttonWidth = 11
    let buttonsWidth = buttons.count * buttonWidth + (buttons.count - 1) * 2
    let row = top + lines.count + 1
    for (index, (label, control)) in buttons.enumerated() {
      frame.putButton(
        "[ \(label) ]", control: control,
        column: (width - buttonsWidth) / 2 + index * (buttonWidth + 2), row: row,
        width: buttonWidth, style: style(of: control, in: screen), centered: true)
    }
    let hint = [
      "Enter presses", "Tab \(look.arrows) move", "s stats", "? help", "q quits",
    ].joined(separator: look.separator)
    frame.putCentered(
      hint, column: 1, row: row + 2, width: width - 2, style: look.dim, ellipsis: look.ellipsis)
  }
}
