import RealModule

/// How well a person's name is remembered: FSRS-6's stability (days until recall falls to 0.9)
/// and difficulty (1 to 10).
public struct MemoryState: Hashable, Sendable, Codable {
  public var stability: Double
  public var difficulty: Double

  public init(stability: Double, difficulty: Double) {
    self.stability = stability
    self.difficulty = difficulty
  }
}

/// How an answer went, in FSRS's four grades.
public enum Grade: Int, Hashable, Sendable, CaseIterable {
  /// Not recalled: a wrong answer or a timeout.
  case again = 1
  /// Recalled with effort, or right but perhaps by luck.
  case hard = 2
  /// Recalled.
  case good = 3
  /// Recalled at once.
  case easy = 4
}

/// FSRS-6, the memory model of Anki's scheduler (open-spaced-repetition): how recall fades
/// with time, and how each answer changes a memory. Time is counted in fractional days, so
/// that recall an hour after an answer is not rounded to the recall of the moment itself.
public struct MemoryModel: Hashable, Sendable {
  /// FSRS-6's default parameters, w0 to w20 (py-fsrs 6.3.2, fsrs-rs).
  public static let defaultParameters: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]
  public static let standard = MemoryModel()

  /// The smallest stability, in days.
  public static let minimumStability = 0.001
  public static let difficultyRange = 1.0...10.0

  public let parameters: [Double]
  /// The recall at which a memory counts as known and a review is due.
  public let desiredRecall: Double
  private let decay: Double
  private let factor: Double

  public init(parameters: [Double] = defaultParameters, desiredRecall: Double = 0.9) {
    precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
    self.parameters = parameters
    self.desiredRecall = desiredRecall
    decay = -parameters[20]
    factor = Double.pow(0.9, 1 / decay) - 1
  }

  /// The probability of recall `days` after the last answer.
  public func recall(of memory: MemoryState, afterDays days: Double) -> Double {
    recall(after: days, stability: memory.stability)
  }

  /// The forgetting curve: recall `elapsed` after the last answer, for a memory of
  /// `stability` (both in the same unit, days or seconds: only their ratio counts).
  public func recall(after elapsed: Double, stability: Double) -> Double {
    Double.pow(1 + factor * max(0, elapsed) / stability, decay)
  }

  /// The days after the last answer at which recall falls to `desiredRecall`.
  public func interval(of memory: MemoryState) -> Double {
    memory.stability / factor * (Double.pow(desiredRecall, 1 / decay) - 1)
  }

  /// The memory after an answer graded `grade`, `days` after the previous answer (nil for the
  /// first). Within a day, FSRS-6's short-term rule applies.
  public func remember(_ memory: MemoryState?, grade: Grade, afterDays days: Double?)
    -> MemoryState
  {
    guard let memory, let days else {
      return MemoryState(
        stability: initialStability(grade), difficulty: initialDifficulty(grade, clamped: true))
    }
    let stability =
      days < 1
      ? shortTermStability(memory.stability, grade: grade)
      : nextStability(memory, recall: recall(of: memory, afterDays: days), grade: grade)
    return MemoryState(
      stability: stability, difficulty: nextDifficulty(memory.difficulty, grade: grade))
  }

  // MARK: - FSRS-6's formulas

  func initialStability(_ grade: Grade) -> Double {
    max(parameters[grade.rawValue - 1], Self.minimumStability)
  }

  func initialDifficulty(_ grade: Grade, clamped: Bool) -> Double {
    let difficulty = parameters[4] - Double.exp(parameters[5] * Double(grade.rawValue - 1)) + 1
    return clamped ? clamp(difficulty) : difficulty
  }

  func nextDifficulty(_ difficulty: Double, grade: Grade) -> Double {
    let delta = -parameters[6] * Double(grade.rawValue - 3)
    let damped = difficulty + (10 - difficulty) * delta / 9
    let reverted =
      parameters[7] * initialDifficulty(.easy, clamped: false) + (1 - parameters[7]) * damped
    return clamp(reverted)
  }

  func shortTermStability(_ stability: Double, grade: Grade) -> Double {
    var increase =
      Double.exp(parameters[17] * (Double(grade.rawValue) - 3 + parameters[18]))
      * Double.pow(stability, -parameters[19])
    if grade != .again { increase = max(increase, 1) }
    return max(stability * increase, Self.minimumStability)
  }

  func nextStability(_ memory: MemoryState, recall: Double, grade: Grade) -> Double {
    let (stability, difficulty) = (memory.stability, memory.difficulty)
    let next: Double
    if grade == .again {
      let longTerm =
        parameters[11] * Double.pow(difficulty, -parameters[12])
        * (Double.pow(stability + 1, parameters[13]) - 1)
        * Double.exp((1 - recall) * parameters[14])
      let shortTerm = stability / Double.exp(parameters[17] * parameters[18])
      next = min(longTerm, shortTerm)
    } else {
      let hardPenalty = grade == .hard ? parameters[15] : 1
      let easyBonus = grade == .easy ? parameters[16] : 1
      next =
        stability
        * (1 + Double.exp(parameters[8]) * (11 - difficulty) * Double.pow(stability, -parameters[9])
          * (Double.exp((1 - recall) * parameters[10]) - 1) * hardPenalty * easyBonus)
    }
    return max(next, Self.minimumStability)
  }

  private func clamp(_ difficulty: Double) -> Double {
    min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
  }
}
