import RealModule

/// What the game believes of how fast the player forgets one person's name, against the
/// speed the memory model gives everyone: weights over a few speeds, each with the memory the
/// name would have at that speed. A face that is hard for this player fades faster, an easy
/// one slower (people differ by a factor of about 1.5 either way); the model cannot know which
/// until the answers say, so each speed keeps its own memory of the same cards and answers,
/// and each answer weighs each speed by how likely it made that answer (a right answer among
/// four is R + (1 - R) / 4 likely, a miss the rest). Recall is the weighted mean of the
/// speeds' recalls: a name met twice is less certain than one answered ten times, so it is
/// asked sooner while its recall is high, and later, once its speed is known.
public struct SpeedBelief: Hashable, Sendable {
  /// The speeds, as factors of the time elapsed: e^-0.8 to e^0.8 in seven steps.
  public static let speeds: [Double] = logSpeeds.map { .exp($0) }
  /// Before any answer: a normal belief over the speeds' logarithms, of spread 0.4.
  public static let prior: [Double] = {
    let weights = logSpeeds.map { Double.exp(-$0 * $0 / (2 * spread * spread)) }
    let total = weights.reduce(0, +)
    return weights.map { $0 / total }
  }()
  /// The spread of the speeds' logarithms between people.
  public static let spread = 0.4
  private static let logSpeeds = (0..<7).map { spread * (-2 + 4 * Double($0) / 6) }
  /// The speed the model gives everyone: the memory shown as the person's own.
  static let typical = 3

  /// Each speed's weight, summing to 1.
  public var weights: [Double]
  /// The memory at each speed.
  public var memories: [MemoryState]

  /// A belief of no answer yet, every speed's memory `memory`.
  public init(memory: MemoryState) {
    weights = Self.prior
    memories = Array(repeating: memory, count: Self.speeds.count)
  }

  public init(weights: [Double], memories: [MemoryState]) {
    self.weights = weights
    self.memories = memories
  }

  /// The memory at the speed the model gives everyone.
  public var typicalMemory: MemoryState { memories[Self.typical] }

  /// The probability of recall `days` after the last card or answer (computed for every
  /// person at every step of learn mode: no array is made).
  public func recall(afterDays days: Double, model: MemoryModel) -> Double {
    var recall = 0.0
    for index in weights.indices {
      recall +=
        weights[index]
        * model.recall(of: memories[index], afterDays: days * Self.speeds[index])
    }
    return recall
  }

  /// Each speed's recall `days` after the last card or answer.
  func recalls(afterDays days: Double, model: MemoryModel) -> [Double] {
    zip(memories, Self.speeds).map { model.recall(of: $0, afterDays: days * $1) }
  }

  /// The recall below which the name is due: each speed's threshold (`learnt` for a speed
  /// whose memory is learnt, `learning` for one still learning), weighed as the belief weighs
  /// the speeds (they may be learnt at different times).
  func threshold(learnt: Double, learning: Double) -> Double {
    zip(weights, memories).reduce(0) { sum, speed in
      sum + speed.0 * (speed.1.learning == nil ? learnt : learning)
    }
  }

  /// The belief after a name card `days` after the last (nil: the first).
  func introduced(afterDays days: Double?, model: MemoryModel) -> SpeedBelief {
    var belief = self
    belief.memories = zip(memories, Self.speeds).map { memory, speed in
      model.remember(memory, grade: .again, afterDays: days, speed: speed)
    }
    return belief
  }

  /// The belief after an answer `days` after the last: each speed's memory takes it in as the
  /// model says, and each speed is weighed by how likely it made the answer (among `options`
  /// names or faces; 0 for a name typed, which cannot be guessed), a right answer's time
  /// included (`time`: as likely when known as when guessed, or not). One answer in fifty is
  /// taken for a slip, whatever the recall, as the fit takes it, and a thousandth of the prior
  /// stays in the weights, so that no answer rules a speed out.
  func answered(
    right: Bool, grade: Grade, afterDays days: Double, options: Int,
    time: GuessTimes.Evidence = .none, model: MemoryModel
  ) -> SpeedBelief {
    let recalls = recalls(afterDays: days, model: model)
    // As the fit scores an answer, and here with a right answer's time (the fit scores right
    // and wrong alone, so that its log loss is the outcomes').
    let likely = recalls.map { recall in
      MemoryFit.likelihood(right: right, recall: recall, options: options, time: time)
    }
    return SpeedBelief(
      weights: Self.normalised(zip(weights, likely).map { $0 * $1 }) ?? Self.prior,
      memories: zip(memories, zip(Self.speeds, recalls)).map { memory, pair in
        model.answered(
          memory, right: right, grade: grade, afterDays: days, options: options, time: time,
          recall: pair.1, speed: pair.0)
      })
  }

  /// `weights` summing to 1, with `floor` of the prior mixed in (after an answer a thousandth,
  /// so that no speed ever falls so low that a long run of answers cannot bring it back);
  /// nil when they sum to nothing (or are not numbers).
  public static func normalised(_ weights: [Double], floor: Double = 1e-3) -> [Double]? {
    let total = weights.reduce(0, +)
    guard weights.count == prior.count, total.isFinite, total > 0,
      weights.allSatisfy({ $0 >= 0 })
    else { return nil }
    return zip(weights, prior).map { (1 - floor) * $0 / total + floor * $1 }
  }
}
