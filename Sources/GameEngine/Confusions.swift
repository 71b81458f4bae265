/// Who the player takes for whom: how often an answer about one person chose (or typed)
/// another's name, counted per pair either way round.
public struct Confusions: Hashable, Sendable {
  private struct Pair: Hashable, Sendable {
    let first: MemberID
    let second: MemberID

    init(_ a: MemberID, _ b: MemberID) {
      (first, second) = a < b ? (a, b) : (b, a)
    }
  }

  private var counts: [Pair: Int] = [:]

  /// `answers`: each a wrong answer, the member asked and the member whose name was given.
  public init(_ answers: [(asked: MemberID, chosen: MemberID)] = []) {
    for answer in answers { add(answer.asked, answer.chosen) }
  }

  public var isEmpty: Bool { counts.isEmpty }

  /// Takes in an answer about `asked` that gave `chosen`'s name.
  public mutating func add(_ asked: MemberID, _ chosen: MemberID) {
    guard asked != chosen else { return }
    counts[Pair(asked, chosen), default: 0] += 1
  }

  /// How often `a` and `b` were taken for each other.
  public func count(_ a: MemberID, _ b: MemberID) -> Int {
    counts[Pair(a, b)] ?? 0
  }

  /// Everyone `member` was taken for, or taken for them, with how often.
  public func partners(of member: MemberID) -> [MemberID: Int] {
    var partners: [MemberID: Int] = [:]
    for (pair, count) in counts {
      if pair.first == member { partners[pair.second] = count }
      if pair.second == member { partners[pair.first] = count }
    }
    return partners
  }

  /// The pairs taken for each other at least `times` times, most often first (then in order
  /// of identity), each in order of identity.
  public func pairs(atLeast times: Int) -> [(MemberID, MemberID)] {
    counts.filter { $0.value >= times }
      .sorted { ($1.value, $0.key.first, $0.key.second) < ($0.value, $1.key.first, $1.key.second) }
      .map { ($0.key.first, $0.key.second) }
  }

  /// Who `member` is most often confused with among `inPlay` (the most times, then by
  /// identity), and how often; nil for no one.
  public func mostConfused(with member: MemberID, among inPlay: Set<MemberID>? = nil)
    -> (member: MemberID, count: Int)?
  {
    partners(of: member).filter { inPlay?.contains($0.key) ?? true }
      .max { ($0.value, $1.key) < ($1.value, $0.key) }.map { ($0.key, $0.value) }
  }
}
