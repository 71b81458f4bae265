import GameEngine
import Pictures

extension Renderer {
  /// The start screen: the roster, what was skipped, the last score, Start, Learn, Stats and
  /// Quit.
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

    let buttons: [(String, Control)] = [
      ("Start", .start), ("Learn", .learn), ("Stats", .stats), ("Quit", .quit),
    ]
    // Roomy buttons where they fit, else narrower ones, down to the smallest window.
    let (buttonWidth, gap) = width >= buttons.count * 13 ? (11, 2) : (9, 1)
    let buttonsWidth = buttons.count * buttonWidth + (buttons.count - 1) * gap
    let row = top + lines.count + 1
    for (index, (label, control)) in buttons.enumerated() {
      frame.putButton(
        "[ \(label) ]", control: control,
        column: (width - buttonsWidth) / 2 + index * (buttonWidth + gap), row: row,
        width: buttonWidth, style: style(of: control, in: screen), centered: true)
    }
    let hint = [
      "Enter presses", "Tab \(look.arrows) move", "s stats", "m people", "? help", "q quits",
    ].joined(separator: look.separator)
    frame.putCentered(
      hint, column: 1, row: row + 2, width: width - 2, style: look.dim, ellipsis: look.ellipsis)
  }
}
