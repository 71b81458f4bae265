/// Chooses which member the quiz's next question asks about: the replaceable piece of the
/// question generator (shuffled rounds, or uniform choice for `--order random`). Learn mode
/// does not use it: its scheduler chooses by memory (see `LearnScheduler`).
public protocol MemberPicker: Sendable {
  /// The index in `members` of the member to ask about next. It must not be `previous`
  /// (the member asked about last, if any) while there is anyone else to ask about.
  /// `members` are those who can be asked now: one withdrawn since the last call is gone
  /// from them, so a picker keeps members, not indices, from one call to the next.
  mutating func nextMember(
    of members: [Member], after previous: Int?, using random: inout SeededGenerator
  ) -> Int
}

/// Asks everyone once, in a shuffled order, before anyone is asked again; a new round never
/// starts with the member who ended the last one.
public struct ShuffledRounds: MemberPicker {
  /// The rest of the current round, next member last.
  private var remaining: [MemberID] = []

  public init() {}

  public mutating func nextMember(
    of members: [Member], after previous: Int?, using random: inout SeededGenerator
  ) -> Int {
    while let next = remaining.last {
      // Someone withdrawn since the round was shuffled is passed over.
      if let index = members.firstIndex(where: { $0.id == next }) {
        remaining.removeLast()
        return index
      }
      remaining.removeLast()
    }
    remaining = members.indices.shuffled(using: &random).map { members[$0].id }
    if let previous, members.count > 1, remaining.last == members[previous].id {
      let other = Int.random(in: 0..<(remaining.count - 1), using: &random)
      remaining.swapAt(other, remaining.count - 1)
    }
    let chosen = remaining.removeLast()
    return members.firstIndex { $0.id == chosen }!
  }
}

/// Asks anyone at any time, each question's member drawn uniformly (never the one just asked):
/// the quiz's `--order random`, and the baseline the learning benchmark compares with.
public struct UniformChoice: MemberPicker {
  public init() {}

  public mutating func nextMember(
    of members: [Member], after previous: Int?, using random: inout SeededGenerator
  ) -> Int {
    guard let previous, members.count > 1 else {
      return Int.random(in: members.indices, using: &random)
    }
    let other = Int.random(in: 0..<(members.count - 1), using: &random)
    return other >= previous ? other + 1 : other
  }
}
