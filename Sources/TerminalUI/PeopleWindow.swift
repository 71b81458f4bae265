import AppCore
import GameEngine
import Pictures

extension Renderer {
  /// The people window: a bar of recall, the name, times right and wrong, the average answer
  /// time and when last seen, as many columns as the width allows.
  static func drawPeople(_ screen: Screen, into frame: inout Frame) {
    guard let people = screen.people else { return }
    let look = screen.appearance
    let size = frame.size
    // Who each is taken for, when anyone is: a column of its own, the first to go.
    let confused = people.rows.contains { $0.confusedWith != nil }
    let inner = min(size.columns - 2, confused ? 96 : 76) - 4
    let wide = inner >= 50
    let barWidth = wide ? 10 : 8
    var columns: [Column] = [
      Column(head: "Right", width: 5) { "\($0.tally.right)" },
      Column(head: "Wrong", width: 5) { "\($0.tally.missed)" },
      Column(head: "Avg", width: 6) { $0.tally.times.average.map { "\(seconds($0)) s" } ?? "" },
      Column(head: "Last seen", width: 10) { $0.secondsSinceSeen.map(ago) ?? "never" },
    ]
    if confused {
      columns.append(
        Column(head: "Confused with", width: 16, leftAligned: true) { $0.confusedWith ?? "" })
    }
    // Columns go, from the right, until a name has 12 columns.
    func nameWidth() -> Int { inner - barWidth - columns.reduce(0) { $0 + 1 + $1.width } - 1 }
    while !columns.isEmpty, nameWidth() < 12 { columns.removeLast() }
    let nameWidth = nameWidth()
    func line(_ bar: String, _ name: String, _ cells: [String]) -> String {
      let right = zip(columns, cells).map { column, cell in
        column.leftAligned
          ? " " + DisplayWidth.pad(DisplayWidth.truncate(cell, to: column.width), to: column.width)
          : " " + String(repeating: " ", count: max(0, column.width - DisplayWidth.of(cell)))
            + cell
      }
      return DisplayWidth.pad(bar, to: barWidth) + " " + DisplayWidth.pad(name, to: nameWidth)
        + right.joined()
    }

    let shown = PeopleLayout.visibleRows(of: people.rows.count, in: size)
    let first = PeopleLayout.clampedFirst(people.first, of: people.rows.count, in: size)
    let rows = Array(people.rows.dropFirst(first).prefix(shown))
    let names = DisplayWidth.truncateDistinctly(
      rows.map { ($0.name, nameWidth) }, ellipsis: look.ellipsis)
    var lines = [(line("Recall", "Name", columns.map(\.head)), look.dim)]
    for (row, name) in zip(rows, names) {
      lines.append((line("", name, columns.map { $0.value(row) }), Style.plain))
    }
    if shown < people.rows.count {
      lines.append(("", .plain))
      lines.append(
        (
          "\(first + 1)\(look.dash)\(first + shown) of \(people.rows.count)\(look.separator)"
            + "\(look.upDown) PgUp PgDn scroll", look.dim
        ))
    }
    let sort = people.order == .name ? (wide ? "Weakest first" : "Weakest") : "By name"
    var buttons = [(sort, Control.sortPeople)]
    if people.canForget {
      let forget =
        people.forgetArmed
        ? (wide ? "Press again to forget" : "Sure? Again")
        : (wide ? "Forget my progress" : "Forget")
      buttons.append((forget, .forgetProgress))
    }
    buttons.append(("Close", .close))
    let order = people.order == .name ? "by name" : "weakest first"
    let origin = drawBox(
      title: "People\(look.separator)\(order)", lines: lines, buttons: buttons, screen: screen,
      into: &frame, width: inner + 4)
    // Over the blank each row gave it: "new" for someone never met, "learning" for someone
    // whose last answer was a miss (or who was only met on a card), else a bar filled as far
    // as the recall goes, in the right answer's colour once they are known.
    for (offset, row) in rows.enumerated() {
      let position = (column: origin.column, row: origin.row + 1 + offset)
      guard let recall = row.recall, !row.missedLast else {
        frame.put(
          row.recall == nil ? "new" : "learning", column: position.column, row: position.row,
          style: row.recall == nil ? look.dim : look.barFilled)
        continue
      }
      let filled = min(barWidth, Int((recall * Double(barWidth)).rounded()))
      frame.put(
        String(repeating: look.barFull, count: filled), column: position.column,
        row: position.row, style: row.known ? look.rightText : look.barFilled)
      frame.put(
        String(repeating: look.barEmpty, count: barWidth - filled),
        column: position.column + filled, row: position.row, style: look.barUnfilled)
    }
  }

  /// A column of the people window.
  private struct Column {
    let head: String
    let width: Int
    var leftAligned = false
    let value: (PeopleList.Row) -> String
  }

  /// "just now", "12 min ago", "3 h ago", "2 d ago".
  static func ago(_ seconds: Double) -> String {
    switch seconds {
    case ..<60: "just now"
    case ..<3_600: "\(Int(seconds / 60)) min ago"
    case ..<86_400: "\(Int(seconds / 3_600)) h ago"
    default: "\(Int(seconds / 86_400)) d ago"
    }
  }
}
