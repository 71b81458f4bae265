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
package enum PeopleLayout {
  /// Rows of the window that are not the list: its frame, the blank lines, the buttons and
  /// the column heads.
  private static let chrome = 8

  /// How many of `total` rows fit at once in a window of `size`; a list that does not fit
  /// gives two lines to the scroll hint.
  package static func visibleRows(of total: Int, in size: CellSize) -> Int {
    let room = max(1, size.rows - chrome)
    return total <= room ? total : max(1, room - 2)
  }

  /// The first row to show, given the one asked for: the list never scrolls past its end.
  package static func clampedFirst(_ first: Int, of total: Int, in size: CellSize) -> Int {
    min(max(0, first), max(0, total - visibleRows(of: total, in: size)))
  }
}
