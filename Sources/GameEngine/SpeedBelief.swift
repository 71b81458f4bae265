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

  /// The probability of recall `days` after the last card or answer.
  public func recall(afterDays days: Double, model: MemoryModel) -> Double {
    zip(weights, recalls(afterDays: days, model: model)).reduce(0) { $0 + $1.0 * $1.1 }
  }

  /// Each speed's recall `days` after the last card or answer.
  func recalls(afterDays days: Double, model: MemoryModel) -> [Double] {
    zip(memories, Self.speeds).map { model.recall(of: $0, afterDays: days * $1) }
  }

  /// The belief after a name card `days` after the last (nil: the first).
  func introduced(afterDays days: Double?, model: MemoryModel) -> SpeedBelief {
    var belief = self
    belief.memories = zip(memories, Self.speeds).map { memory, speed in
      model.remember(memory, grade: .again, afterDays: days.map { $0 * speed })
    }
    return belief
  }

  /// The belief after an answer `days` after the last: each speed's memory takes it in as the
  /// model says, and each speed is weighed by how likely it made the answer (among `options`
  /// names or faces; 0 for a name typed, which cannot be guessed). One answer in fifty is
  /// taken for a slip, whatever the recall, so that one mis-tap does not rule a speed out.
  func answered(
    right: Bool, grade: Grade, afterDays days: Double, options: Int, model: MemoryModel
  ) -> SpeedBelief {
    let recalls = recalls(afterDays: days, model: model)
    let guess = options > 0 ? 1 / Double(options) : 0
    let likely = recalls.map { recall in
      let rightly = recall + (1 - recall) * guess
      return (1 - MemoryFit.slip) * (right ? rightly : 1 - rightly)
        + MemoryFit.slip * (right ? max(guess, 0.5) : 1 - max(guess, 0.5))
    }
    var weights = zip(weights, likely).map { $0 * $1 }
    let total = weights.reduce(0, +)
    weights = total > 0 ? weights.map { $0 / total } : Self.prior
    let memories = zip(memories, zip(Self.speeds, recalls)).map { memory, pair in
      model.answered(
        memory, right: right, grade: grade, afterDays: days * pair.0, options: options,
        recall: pair.1)
    }
    return SpeedBelief(weights: weights, memories: memories)
  }
}
