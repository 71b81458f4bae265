/// Whether the game's predicted recall puts this player's names in the right order, as their own
/// answers say: over the answers given at least `laterDay` after their person's previous card
/// or answer (the first of each person's answers in a later sitting), the chance that a name
/// answered right had been predicted higher than a name missed (the area under the ROC curve:
/// Mann and Whitney's U over all such pairs, 1947, *Annals of Mathematical Statistics* 18; a tie
/// counts half). At 1 the predictions rank every miss below every right answer, at 0.5 they rank
/// no better than chance, below it backwards.
///
/// Learn mode asks whoever it predicts weakest. Where that order is poor for a player
/// (memories whose forgetting the model does not describe: a name practised in a burst fades
/// fast by the spacing effect, while the model thinks it strong), asking the weakest asks names
/// known well; so once everyone is met and nobody is due, learn mode then asks the person
/// asked longest ago instead, which spreads the questions evenly (`LearnScheduler`).
public struct PredictionOrder: Hashable, Sendable {
  /// The least time between a person's answer and their previous card or answer for it to
  /// count, in days: an answer of a later sitting, not one of the same burst.
  public static let laterDay = 0.5
  /// The fewest answers right, and missed, before the order is judged at all.
  public static let leastOfEach = 5
  /// The least area at which learn mode asks by the predictions once nobody is due. Chance is
  /// 0.5, but a sitting's answers hold few misses, so an order only a little worse than chance
  /// is measured above it as often as not: set on the learning benchmark's setting players,
  /// whose answers of a morning would show areas of 0.42 to 0.49 where the predictions cost
  /// (ACT-R's) and from 0.55 where they pay (FSRS-6's and FSRS-7's).
  public static let leastTrusted = 0.55

  /// The predicted recall before each answer that counts, right and missed, each in
  /// increasing order (so that two orders of the same answers are equal, however they were
  /// taken in).
  public private(set) var right: [Double] = []
  public private(set) var missed: [Double] = []

  public init() {}

  /// Counts an answer predicted at `recall`.
  public mutating func add(recall: Double, right isRight: Bool) {
    if isRight {
      right.insert(recall, at: Self.lowerBound(of: recall, in: right))
    } else {
      missed.insert(recall, at: Self.lowerBound(of: recall, in: missed))
    }
  }

  /// The chance that a right answer was predicted higher than a miss; nil while there are
  /// fewer than `leastOfEach` of either.
  public var area: Double? {
    guard right.count >= Self.leastOfEach, missed.count >= Self.leastOfEach else { return nil }
    // Each right answer counts the misses below it, and half those equal to it.
    var pairs = 0.0
    for recall in right {
      let below = Self.lowerBound(of: recall, in: missed)
      let upTo = Self.upperBound(of: recall, in: missed)
      pairs += Double(below) + Double(upTo - below) / 2
    }
    return pairs / (Double(right.count) * Double(missed.count))
  }

  /// Whether the answers show the predictions ranking them too poorly to ask by (an area
  /// below `leastTrusted`).
  public var ranksPoorly: Bool { (area ?? 1) < Self.leastTrusted }

  private static func lowerBound(of value: Double, in sorted: [Double]) -> Int {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private static func upperBound(of value: Double, in sorted: [Double]) -> Int {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension PredictionOrder {
  /// The order every person's cards and answers `taken` give when `model` takes them in from
  /// the start, each answer's time weighed by `guessTimes` (as `Memories` keeps it, answer by
  /// answer).
  static func replaying(
    _ taken: [MemberID: [Taken]], model: MemoryModel, guessTimes: GuessTimes
  ) -> PredictionOrder {
    var replay = Memories(model: model, guessTimes: guessTimes)
    for (member, events) in taken {
      for event in events { replay.take(event, of: member) }
    }
    return replay.predictionOrder
  }
}
