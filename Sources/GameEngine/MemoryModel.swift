import RealModule

/// How well a person's name is remembered: FSRS-6's stability (days until recall falls to 0.9)
/// and difficulty (1 to 10), and while the name is being learnt, the stability of that
/// learning in seconds.
public struct MemoryState: Hashable, Sendable, Codable {
  public var stability: Double
  public var difficulty: Double
  /// While the name is being learnt (from a name card or a miss, until recalls make it last
  /// as long as `stability` says): seconds until recall falls to 0.9. nil once learnt.
  public var learning: Double?

  public init(stability: Double, difficulty: Double, learning: Double? = nil) {
    self.stability = stability
    self.difficulty = difficulty
    self.learning = learning
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

/// The one model of a person's memory, from the first seconds after a name card to months:
/// FSRS-6, the memory model of Anki's scheduler (open-spaced-repetition), for how recall fades
/// and how each answer changes a memory over days, with a learning layer for the first minutes
/// that FSRS (a model of days, which takes a first look to last hours) does not describe.
///
/// - Time is counted in fractional days, so that recall an hour after an answer is not rounded
///   to the recall of the moment itself.
/// - Learning: a name card starts the learning stability at `firstLearning` seconds (a name
///   seen once is half gone within minutes); a miss, which shows the name, always puts it back
///   to learning: a name being learnt keeps what FSRS-6's same-day rule keeps of a stability
///   after again, e^(w17 (w18 - 2)) = 0.355, never less than a card gives; a name learnt
///   starts again from a card's; a recall with probability R
///   multiplies it by 1 + `learningGain` (e^(w10 (1 - R)) - 1), FSRS-6's stability increase
///   with its w10 (the spacing effect: the harder the recall, the more it grows), the same for
///   every name. How fast each person's name is forgotten is theirs, learnt from their
///   answers: `SpeedBelief`, which runs this model at a few speeds.
///   While learning, recall fades along FSRS's power curve with its own, steeper decay
///   (`learningDecay`, FSRS-4.5's 0.5: a new name goes fast at first), and is the smaller of
///   that and FSRS's; once the learning stability reaches FSRS's, the name is learnt and FSRS
///   alone says how it fades. FSRS's own state changes by FSRS-6's rules alone (tested
///   against its reference implementation).
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

  /// The learning stability after a name card or a miss, in seconds: the first learning step
  /// of Anki's defaults (1 minute).
  public static let defaultFirstLearning = 60.0
  /// Chosen so that a recall at 0.9 multiplies the learning stability by 2.5, the growth of
  /// Anki's learning steps; a harder recall (at 0.5) multiplies it by 9.8.
  public static let defaultLearningGain = 18.0
  /// FSRS-4.5's decay, steeper than FSRS-6's 0.1542 at first: a new name fades fast.
  public static let defaultLearningDecay = 0.5

  public let parameters: [Double]
  /// The recall at which a memory counts as known and a review is due.
  public let desiredRecall: Double
  /// Seconds until recall falls to 0.9 after a name card or a miss.
  public let firstLearning: Double
  /// How much a recall while learning multiplies the learning stability (see the type).
  public let learningGain: Double
  /// How fast recall fades while learning: the decay of its power curve.
  public let learningDecay: Double
  private let decay: Double
  private let factor: Double
  private let learningFactor: Double
  /// FSRS-6's mean-reversion target, the first difficulty after easy (unclamped).
  private let easyDifficulty: Double
  // What FSRS-6's formulas take of the parameters alone, worked out once (the fit replays
  // every answer about a hundred times):
  /// By grade's raw value (1 to 4), the same-day rule's growth before the stability's own
  /// damping, e^(w17 (G - 3 + w18)).
  private let sameDayGrowth: [Double]
  /// What a miss keeps of a learning stability, e^(w17 (w18 - 2)).
  private let keptAfterMiss: Double
  /// e^w8, the growth of a stability after a recall a day or more later.
  private let laterRecallGrowth: Double
  /// e^(w17 w18), what a lapse a day or more later divides a stability by, at least.
  private let lapseDivisor: Double

  public init(
    parameters: [Double] = defaultParameters, desiredRecall: Double = 0.9,
    firstLearning: Double = defaultFirstLearning, learningGain: Double = defaultLearningGain,
    learningDecay: Double = defaultLearningDecay
  ) {
    precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
    self.parameters = parameters
    self.desiredRecall = desiredRecall
    self.firstLearning = firstLearning
    self.learningGain = learningGain
    self.learningDecay = learningDecay
    decay = -parameters[20]
    factor = Double.pow(0.9, 1 / decay) - 1
    learningFactor = Double.pow(0.9, -1 / learningDecay) - 1
    easyDifficulty = parameters[4] - Double.exp(parameters[5] * 3) + 1
    sameDayGrowth = (0...4).map { grade in
      Double.exp(parameters[17] * (Double(grade) - 3 + parameters[18]))
    }
    keptAfterMiss = Double.exp(parameters[17] * (parameters[18] - 2))
    laterRecallGrowth = Double.exp(parameters[8])
    lapseDivisor = Double.exp(parameters[17] * parameters[18])
  }

  /// The probability of recall `days` after the last answer: FSRS's, or while the name is
  /// being learnt, the learning's if that is smaller.
  public func recall(of memory: MemoryState, afterDays days: Double) -> Double {
    let longTerm = recall(after: days, stability: memory.stability)
    guard let learning = memory.learning else { return longTerm }
    let elapsed = max(0, days) * 86_400
    return min(longTerm, Double.pow(1 + learningFactor * elapsed / learning, -learningDecay))
  }

  /// The forgetting curve: recall `elapsed` after the last answer, for a memory of
  /// `stability` (both in the same unit, days or seconds: only their ratio counts).
  public func recall(after elapsed: Double, stability: Double) -> Double {
    Double.pow(1 + factor * max(0, elapsed) / stability, decay)
  }

  /// The days after the last answer at which recall falls to `desiredRecall`.
  public func interval(of memory: MemoryState) -> Double {
    days(of: memory, until: desiredRecall)
  }

  /// The days after the last answer at which recall falls to `recall`.
  public func days(of memory: MemoryState, until recall: Double) -> Double {
    let longTerm = memory.stability / factor * (Double.pow(recall, 1 / decay) - 1)
    guard let learning = memory.learning else { return longTerm }
    let learnt = learning / 86_400 / learningFactor * (Double.pow(recall, -1 / learningDecay) - 1)
    return min(longTerm, learnt)
  }

  /// The memory after an answer graded `grade`, `days` after the previous answer (nil for the
  /// first). Within a day, FSRS-6's short-term rule applies. A miss (again) puts the name back
  /// to learning (keeping part of it); a recall while learning makes the learning last
  /// longer, until it is learnt.
  /// `speed` scales the time that fades the memory (a person forgotten faster than the model
  /// says, see `SpeedBelief`), not the calendar: FSRS's same-day rule counts real days.
  public func remember(
    _ memory: MemoryState?, grade: Grade, afterDays days: Double?, speed: Double = 1
  ) -> MemoryState {
    remember(memory, grade: grade, afterDays: days, recall: nil, speed: speed)
  }

  /// `remember`, given the recall just before the answer when it is known already, and the
  /// same-day rule's damping of the stability (`sameDayDamping`) when worked out already.
  private func remember(
    _ memory: MemoryState?, grade: Grade, afterDays days: Double?, recall known: Double?,
    speed: Double = 1, damping: Double? = nil
  ) -> MemoryState {
    guard let memory, let days else {
      return learnt(
        MemoryState(
          stability: initialStability(grade), difficulty: initialDifficulty(grade, clamped: true),
          learning: grade == .again ? firstLearning : nil))
    }
    let stability =
      days < 1
      ? shortTermStability(
        memory.stability, grade: grade,
        damping: damping ?? sameDayDamping(of: memory.stability))
      : nextStability(
        memory, recall: recall(after: days * speed, stability: memory.stability), grade: grade)
    let difficulty = nextDifficulty(memory.difficulty, grade: grade)
    if grade == .again {
      // A miss puts the name back to learning, always: a name being learnt keeps what
      // FSRS-6's same-day rule keeps of a stability after again; a name learnt is learnt
      // again from a card's first step (FSRS keeps its own memory of the lapse).
      let kept =
        (memory.learning.map { min($0, stability * 86_400) } ?? 0) * keptAfterMiss
      return MemoryState(
        stability: stability, difficulty: difficulty, learning: max(firstLearning, kept))
    }
    var learning: Double?
    if let before = memory.learning {
      learning =
        before
        * learningGrowth(atRecall: known ?? recall(of: memory, afterDays: days * speed))
    }
    return learnt(MemoryState(stability: stability, difficulty: difficulty, learning: learning))
  }

  /// How much a recall at `recall` multiplies the learning stability: FSRS-6's form of the
  /// spacing effect (the harder the recall, the more it grows). The same for every name: how
  /// fast each is forgotten is the person's `SpeedBelief`, learnt from their answers.
  public func learningGrowth(atRecall recall: Double) -> Double {
    1 + learningGain * (Double.exp(parameters[10] * (1 - recall)) - 1)
  }

  /// The memory after an answer `days` after the previous card or answer (nil for the first),
  /// right or not. A right answer among `options` names is evidence weighted by the chance
  /// the player knew it (`Memories.knew`): the memory after it is the expectation over "knew"
  /// (recalled, graded `grade`) and "guessed" (as after a miss); one that could not be
  /// guessed (no options) counts in full.
  /// `recall` is the recall predicted just before it, when it is known already; `time` what
  /// the answer's time says of a guess (`GuessTimes`).
  /// `speed` scales the time that fades the memory, as in `remember`.
  public func answered(
    _ memory: MemoryState?, right: Bool, grade: Grade, afterDays days: Double?, options: Int,
    time: GuessTimes.Evidence = .none, recall known: Double? = nil, speed: Double = 1
  ) -> MemoryState {
    // Both sides of a right answer start from one memory: within a day, the same-day rule's
    // damping of its stability is worked out once (the fit replays every answer).
    let damping =
      right && (days ?? 1) < 1 ? memory.map { sameDayDamping(of: $0.stability) } : nil
    let missed = remember(
      memory, grade: .again, afterDays: days, recall: known, speed: speed, damping: damping)
    guard right else { return missed }
    let recallBefore =
      known ?? memory.flatMap { memory in days.map { recall(of: memory, afterDays: $0 * speed) } }
    return blend(
      remember(
        memory, grade: grade, afterDays: days, recall: recallBefore, speed: speed,
        damping: damping), missed,
      weight: Memories.knew(recallBefore: recallBefore, options: options, time: time))
  }

  /// The memory `weight` of the way from `missed` to `known`: the expectation of the memory
  /// after an answer that was known with probability `weight`. Whether the name is learnt is
  /// not an average: it is learnt when the answer more likely was known (`weight` at least
  /// 0.5, as `Memories.grade` counts it a recall) and `known` is learnt; otherwise a name
  /// learnt on one side counts there with FSRS's stability as its learning stability.
  public func blend(_ known: MemoryState, _ missed: MemoryState, weight: Double) -> MemoryState {
    func mix(_ a: Double, _ b: Double) -> Double { weight * a + (1 - weight) * b }
    var memory = MemoryState(
      stability: mix(known.stability, missed.stability),
      difficulty: mix(known.difficulty, missed.difficulty))
    if known.learning != nil || weight < 0.5 {
      memory.learning = mix(
        known.learning ?? known.stability * 86_400, missed.learning ?? missed.stability * 86_400)
    }
    return learnt(memory)
  }

  /// The memory, learnt once its learning lasts as long as FSRS's stability.
  private func learnt(_ memory: MemoryState) -> MemoryState {
    var memory = memory
    if let learning = memory.learning, learning >= memory.stability * 86_400 {
      memory.learning = nil
    }
    return memory
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
    let reverted = parameters[7] * easyDifficulty + (1 - parameters[7]) * damped
    return clamp(reverted)
  }

  /// The same-day rule's damping of a stability, S^-w19: the more stable, the less it grows.
  private func sameDayDamping(of stability: Double) -> Double {
    Double.pow(stability, -parameters[19])
  }

  /// FSRS-6's same-day rule: the stability after an answer less than a day after the last;
  /// `damping` is `sameDayDamping(of: stability)`.
  private func shortTermStability(_ stability: Double, grade: Grade, damping: Double) -> Double {
    var increase = sameDayGrowth[grade.rawValue] * damping
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
      let shortTerm = stability / lapseDivisor
      next = min(longTerm, shortTerm)
    } else {
      let hardPenalty = grade == .hard ? parameters[15] : 1
      let easyBonus = grade == .easy ? parameters[16] : 1
      next =
        stability
        * (1 + laterRecallGrowth * (11 - difficulty) * Double.pow(stability, -parameters[9])
          * (Double.exp((1 - recall) * parameters[10]) - 1) * hardPenalty * easyBonus)
    }
    return max(next, Self.minimumStability)
  }

  private func clamp(_ difficulty: Double) -> Double {
    min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
  }
}

extension MemoryModel {
  /// How long a name lasts (its recall at least `desiredRecall`) at three points of learning
  /// it, in seconds: what the model says of a player, in words a player understands. Each is
  /// measured after a fixed number of right answers, each given when the name was due, so
  /// that a memory that lasts longer at each step is never said to last less.
  public struct Lasting: Hashable, Sendable {
    /// After a name card and one right answer.
    public var afterARecall: Double
    /// After a name card and `Lasting.inASitting` right answers.
    public var afterASitting: Double
    /// Then `Lasting.laterDays` more, each at least a day after the one before.
    public var afterLaterDays: Double

    public static let inASitting = 5
    public static let laterDays = 5
  }

  public var lasting: Lasting {
    var memory = remember(nil, grade: .again, afterDays: nil)
    var lengths: [Double] = []
    for step in 1...Lasting.inASitting + Lasting.laterDays {
      let days = interval(of: memory)
      memory = remember(
        memory, grade: .good, afterDays: step > Lasting.inASitting ? max(1, days) : days)
      lengths.append(interval(of: memory) * 86_400)
    }
    return Lasting(
      afterARecall: lengths[0], afterASitting: lengths[Lasting.inASitting - 1],
      afterLaterDays: lengths[lengths.count - 1])
  }
}
