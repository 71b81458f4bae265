import GameEngine
import Pictures

/// What the people window remembers while it is open: its order, the first row shown, and
/// whether "Forget my progress" was pressed once.
struct PeopleWindowState: Hashable, Sendable {
  var order = PeopleList.Order.name
  var first = 0
  /// The next press of "Forget my progress" forgets; any other key or button disarms it.
  var forgetArmed = false

  /// Moves the list of `total` rows shown in a window of `size`.
  mutating func scroll(_ move: KeyAction.Scroll, of total: Int, in size: CellSize) {
    let page = PeopleLayout.visibleRows(of: total, in: size)
    let first = PeopleLayout.clampedFirst(self.first, of: total, in: size)
    self.first = move.moved(first, page: page, count: total)
  }

  /// The other order, from the top.
  mutating func sort() {
    order = order == .name ? .weakest : .name
    first = 0
  }

  /// The window's list of `members`, at `time` (Unix seconds).
  func list(
    of members: [Member], memories: Memories, tallies: [MemberID: Tally], at time: Double,
    in size: CellSize, canForget: Bool, confusions: Confusions = Confusions()
  ) -> PeopleList {
    let rows = PeopleList.rows(
      of: members, memories: memories, tallies: tallies, at: time, order: order,
      confusions: confusions)
    return PeopleList(
      rows: rows, order: order, first: PeopleLayout.clampedFirst(first, of: rows.count, in: size),
      canForget: canForget, forgetArmed: forgetArmed)
  }
}
