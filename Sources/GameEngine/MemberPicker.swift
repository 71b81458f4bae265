/// Chooses which member the next question asks about. This is the replaceable piece of the
/// question generator: a learning mode can weight members by how well the player knows them.
public protocol MemberPicker: Sendable {
  /// The index in `members` of the member to ask about next. It must not be `previous`
  /// (the member asked about last, if any) while there is anyone else to ask about.
  mutating func nextMember(
    of members: [Member], after previous: Int?, using random: inout SeededGenerator
  ) -> Int
}

/// Asks everyone once, in a shuffled order, before anyone is asked again; a new round never
/// starts with the member who ended the last one.
public struct ShuffledRounds: MemberPicker {
  /// The rest of the current round, next member last.
  private var remaining: [Int] = []

  public init() {}

  public mutating func nextMember(
    of members: [Member], after previous: Int?, using random: inout SeededGenerator
  ) -> Int {
    if remaining.isEmpty {
      remaining = Array(members.indices).shuffled(using: &random)
      if let previous, members.count > 1, remaining.last == previous {
        let other = Int.random(in: 0..<(remaining.count - 1), using: &random)
        remaining.swapAt(other, remaining.count - 1)
      }
    }
    return remaining.removeLast()
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
