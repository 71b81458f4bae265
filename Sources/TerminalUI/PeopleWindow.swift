import GameEngine
import Pictures

/// The people window's contents: everyone in play with how well the player knows them, in
/// the order chosen, and the part of the list scrolled to.
public struct PeopleList: Hashable, Sendable {
  /// The order of the rows.
  public enum Order: Hashable, Sendable {
    /// By name.
    case name
    /// The people the player is likeliest to forget first, by their recall now, the lowest
    /// first: the order learn mode asks them in (one model says both); people never met come
    /// last.
    case weakest
  }

  /// One person.
  public struct Row: Hashable, Sendable {
    public var name: String
    /// The probability of recalling their name now; nil for someone never met.
    public var recall: Double?
    /// Whether the player knows them now (their last answer recalled, recall at least 0.9).
    public var known: Bool
    /// Whether their last answer was a miss, or they were only met on a card.
    public var missedLast: Bool
    public var tally: Tally
    /// Seconds since their last card or answer; nil for someone never met.
    public var secondsSinceSeen: Double?
    /// Who they are most often taken for (or taken for them), in play; nil for no one.
    public var confusedWith: String? = nil
  }

  public var rows: [Row]
  public var order: Order
  /// The first row shown.
  public var first: Int
  /// Whether "Forget my progress" is offered (a history is kept).
  public var canForget: Bool
  /// Whether "Forget my progress" was pressed once and waits for the second press.
  public var forgetArmed: Bool

  /// The list of `members` at `time` (Unix seconds), in `order`.
  public static func rows(
    of members: [Member], memories: Memories, tallies: [MemberID: Tally], at time: Double,
    order: Order, confusions: Confusions = Confusions()
  ) -> [Row] {
    let names = Dictionary(members.map { ($0.id, $0.name) }) { first, _ in first }
    let inPlay = Set(names.keys)
    let rows = members.map { member in
      let record = memories.records[member.id]
      return Row(
        name: member.name, recall: memories.recall(of: member.id, at: time),
        known: memories.knows(member.id, at: time), missedLast: record?.lastGrade == .again,
        tally: tallies[member.id] ?? Tally(),
        secondsSinceSeen: record.map { max(0, time - $0.lastAnswer) },
        confusedWith: confusions.isEmpty
          ? nil
          : confusions.mostConfused(with: member.id, among: inPlay).flatMap { names[$0.member] })
    }
    let byName = rows.map { (NameKey($0.name), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    guard order == .weakest else { return byName }
    // Among equals, names stay in order.
    return byName.enumerated().sorted { (first: (offset: Int, element: Row), second) in
      let (a, b) = (first.element, second.element)
      if (a.recall == nil) != (b.recall == nil) { return b.recall == nil }
      if a.recall != b.recall { return (a.recall ?? 0) < (b.recall ?? 0) }
      return first.offset < second.offset
    }.map(\.element)
  }
}

/// Where the people window's parts go.
enum PeopleLayout {
  /// Rows of the window that are not the list: its frame, the blank lines, the buttons and
  /// the column heads.
  private static let chrome = 8

  /// How many of `total` rows fit at once in a window of `size`; a list that does not fit
  /// gives two lines to the scroll hint.
  static func visibleRows(of total: Int, in size: CellSize) -> Int {
    let room = max(1, size.rows - chrome)
    return total <= room ? total : max(1, room - 2)
  }

  /// The first row to show, given the one asked for: the list never scrolls past its end.
  static func clampedFirst(_ first: Int, of total: Int, in size: CellSize) -> Int {
    min(max(0, first), max(0, total - visibleRows(of: total, in: size)))
  }
}

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
