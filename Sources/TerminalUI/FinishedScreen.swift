import GameEngine
import Pictures

extension Renderer {
  /// The finished scene: how the round went, and the people missed, to look at once more.
  static func drawFinished(_ summary: RoundSummary, screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let size = frame.size
    var lines: [(String, Style)] = [
      ("Round \(summary.number) finished", look.title),
      ("", .plain),
      (
        "\(summary.correct) of \(summary.results.count)\(look.separator)\(summary.verdict)",
        look.title
      ),
      ("Longest streak \(summary.longestStreak)", .plain),
    ]
    if let average = summary.averageAnswerTime {
      lines.append(("Average answer time \(seconds(average)) s", .plain))
    }
    let missed = summary.missed
    lines.append(("", .plain))
    if missed.isEmpty {
      lines.append(("Nobody missed.", look.rightText))
    } else {
      lines.append(("Missed:", .plain))
      let room = max(1, size.rows - lines.count - 6)
      for member in missed.prefix(missed.count > room ? room - 1 : room) {
        lines.append(("\(look.wrong) \(member.name)", look.wrongText))
      }
      if missed.count > room {
        lines.append(("and \(missed.count - room + 1) more", look.dim))
      }
    }
    let top = max(0, (size.rows - lines.count - 4) / 2)
    for (offset, line) in lines.enumerated() {
      frame.putCentered(
        line.0, column: 1, row: top + offset, width: size.columns - 2, style: line.1,
        ellipsis: look.ellipsis)
    }
    let buttons: [(String, Control)] = [("Next round", .nextRound), ("Menu", .menu)]
    let buttonWidth = 16
    let row = top + lines.count + 1
    let left = (size.columns - (buttons.count * buttonWidth + 2)) / 2
    for (index, (label, control)) in buttons.enumerated() {
      frame.putButton(
        "[ \(label) ]", control: control, column: left + index * (buttonWidth + 2), row: row,
        width: buttonWidth, style: style(of: control, in: screen), centered: true)
    }
    let hint = ["Enter presses", "Tab \(look.arrows) move", "Esc menu", "q quits"].joined(
      separator: look.separator)
    frame.putCentered(
      hint, column: 1, row: row + 2, width: size.columns - 2, style: look.dim,
      ellipsis: look.ellipsis)
  }

  /// Seconds with one decimal, as a player reads them.
  static func seconds(_ duration: Duration) -> String {
    let tenths = (duration.wholeNanoseconds + 50_000_000) / 100_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
