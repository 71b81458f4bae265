/// How the answers that follow a miss compare with what the model predicted of them. The model
/// takes a miss for a weaker memory (FSRS's lapse, the name learnt again from the start), as
/// people's reviews in Anki say; but for a player who learns from every showing of a name (as
/// Pavlik and Anderson's people learning word pairs did), a name missed and shown comes back
/// stronger, and the model's order of whom to ask, which puts those names lowest, is wrong
/// for them. Learn mode then spreads its questions (see `LearnScheduler.next`).
public struct AfterMisses: Hashable, Sendable {
  /// The answers counted, and how many were right.
  public private(set) var answers = 0
  public private(set) var right = 0
  /// How many the model expected right (each answer's chance by the recall predicted before
  /// it, a guess among the options and a slip included), and that count's variance.
  public private(set) var expected = 0.0
  public private(set) var variance = 0.0

  public init() {}

  /// Counts an answer that followed a miss, right or not, which the model gave `chance` of
  /// being right.
  mutating func count(right: Bool, chance: Double) {
    answers += 1
    if right { self.right += 1 }
    expected += chance
    variance += chance * (1 - chance)
  }

  /// Whether more of them were right than the model expected, by at least two standard
  /// deviations: a miss teaches this player more than the model says, beyond chance.
  public var comeBackStronger: Bool {
    variance > 0 && Double(right) - expected >= 2 * variance.squareRoot()
  }
}
