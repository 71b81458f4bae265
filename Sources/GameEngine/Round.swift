/// How many questions a round has.
public enum RoundLength: Hashable, Sendable {
  /// A fixed number of questions.
  case questions(Int)
  /// Everyone in play once.
  case everyone
}

/// A round played: what the finished scene shows.
public struct RoundSummary: Hashable, Sendable {
  /// 1 for the game's first round.
  public let number: Int
  /// The round's questions, in the order they were played.
  public let results: [QuestionResult]
  /// For a sitting of learn mode: how long it lasted and the names it taught.
  public var sitting: Sitting?

  /// A sitting of learn mode, as its finished scene tells it.
  public struct Sitting: Hashable, Sendable {
    /// The time played, pauses left out.
    public var timePlayed: Duration
    /// The names known (recalled by typing, recall at least 0.9) when it began and when it
    /// ended.
    public var knownBefore: Int
    public var knownAfter: Int
    /// The names recognised (picked among four, not yet typed) when it ended.
    public var recognisedAfter: Int
    /// The people never met (no card, no answer) when it ended.
    public var newAfter: Int
    /// Everyone in play.
    public var total: Int

    public init(
      timePlayed: Duration, knownBefore: Int, knownAfter: Int, recognisedAfter: Int = 0,
      newlyRecognised: Int = 0, newAfter: Int = 0, total: Int
    ) {
      self.timePlayed = timePlayed
      self.knownBefore = knownBefore
      self.knownAfter = knownAfter
      self.newlyRecognised = newlyRecognised
      self.recognisedAfter = recognisedAfter
      self.newAfter = newAfter
      self.total = total
    }

    /// The people met and neither known nor recognised when it ended.
    public var learningAfter: Int { max(0, total - knownAfter - recognisedAfter - newAfter) }

    /// Names known now that were not when the sitting began.
    public var learnt: Int { max(0, knownAfter - knownBefore) }

    /// Names recognised (not known) now that were neither recognised nor known when the
    /// sitting began: what a first sitting teaches most (a name is known once it is typed).
    public var newlyRecognised: Int
  }

  public init(number: Int, results: [QuestionResult], sitting: Sitting? = nil) {
    self.number = number
    self.results = results
    self.sitting = sitting
  }

  /// Right answers.
  public var correct: Int { results.filter(\.outcome.isCorrect).count }

  /// The longest run of right answers within the round.
  public var longestStreak: Int {
    var longest = 0
    var current = 0
    for result in results {
      current = result.outcome.isCorrect ? current + 1 : 0
      longest = max(longest, current)
    }
    return longest
  }

  /// The average time taken by the answers given (timeouts left out); nil when none was.
  public var averageAnswerTime: Duration? {
    let answered = results.filter { $0.outcome != .timedOut }
    guard !answered.isEmpty else { return nil }
    return answered.map(\.answerTime).reduce(.zero, +) / answered.count
  }

  /// The people answered wrongly or not in time, each once, in the order they came.
  public var missed: [Member] {
    var seen = Set<MemberID>()
    return results.filter { !$0.outcome.isCorrect }.map(\.member).filter {
      seen.insert($0.id).inserted
    }
  }

  /// A word for the round.
  public var verdict: String {
    guard !results.isEmpty else { return "No questions" }
    let share = Double(correct) / Double(results.count)
    switch share {
    case 1: return "Perfect!"
    case 0.8...: return "Almost!"
    case 0.5...: return "Getting there"
    default: return "Keep going"
    }
  }
}

/// How fast the player answers: the average of the answers given (timeouts left out) and the
/// fastest right one, like a lap timer's average and best lap.
public struct AnswerTimes: Hashable, Sendable {
  /// Answers given.
  public var answered = 0
  /// Their time, together.
  public var total: Duration = .zero
  public var fastestRight: Duration?

  public init(answered: Int = 0, total: Duration = .zero, fastestRight: Duration? = nil) {
    self.answered = answered
    self.total = total
    self.fastestRight = fastestRight
  }

  public var average: Duration? { answered == 0 ? nil : total / answered }

  public mutating func add(_ result: QuestionResult) {
    add(result.outcome == .timedOut ? nil : result.answerTime, right: result.outcome.isCorrect)
  }

  /// Adds an answer that took `time` (nil: a timeout, left out), right or not.
  public mutating func add(_ time: Duration?, right: Bool) {
    guard let time else { return }
    answered += 1
    total += time
    if right { fastestRight = min(fastestRight ?? time, time) }
  }

  /// Adds `other`'s answers.
  public mutating func add(_ other: AnswerTimes) {
    answered += other.answered
    total += other.total
    if let fastest = other.fastestRight { fastestRight = min(fastestRight ?? fastest, fastest) }
  }
}

/// One member's questions: how often they were named right and missed (wrong or timed out),
/// and how fast.
public struct Tally: Hashable, Sendable {
  public var right = 0
  public var missed = 0
  public var times = AnswerTimes()

  public init(right: Int = 0, missed: Int = 0, times: AnswerTimes = AnswerTimes()) {
    self.right = right
    self.missed = missed
    self.times = times
  }

  public mutating func add(_ result: QuestionResult) {
    add(result.outcome == .timedOut ? nil : result.answerTime, right: result.outcome.isCorrect)
  }

  /// Adds a question answered in `time` (nil: timed out), right or not.
  public mutating func add(_ time: Duration?, right isRight: Bool) {
    if isRight { right += 1 } else { missed += 1 }
    times.add(time, right: isRight)
  }

  /// Adds `other`'s questions.
  public mutating func add(_ other: Tally) {
    right += other.right
    missed += other.missed
    times.add(other.times)
  }
}

/// Everything played on a roster, from the history and this session: questions, right
/// answers, the best streak, the time spent on faces, the answer times, and each member's.
public struct Totals: Hashable, Sendable {
  public var questions = 0
  public var correct = 0
  public var bestStreak = 0
  /// The time faces were on screen before their answer or timeout.
  public var timeAnswering: Duration = .zero
  public var times = AnswerTimes()
  /// Each member's questions; members never asked have none.
  public var members: [MemberID: Tally] = [:]
  /// The days an answer was given on (days since 1970-01-01 in the player's time zone).
  public var days = PracticeDays()

  public init(
    questions: Int = 0, correct: Int = 0, bestStreak: Int = 0,
    timeAnswering: Duration = .zero, times: AnswerTimes = AnswerTimes(),
    members: [MemberID: Tally] = [:]
  ) {
    self.questions = questions
    self.correct = correct
    self.bestStreak = bestStreak
    self.timeAnswering = timeAnswering
    self.times = times
    self.members = members
  }

  /// Right answers per question, 0 to 1; nil before the first.
  public var accuracy: Double? { questions == 0 ? nil : Double(correct) / Double(questions) }

  /// Adds a question played; `streak` is the streak of right answers after it.
  public mutating func add(_ result: QuestionResult, streak: Int) {
    questions += 1
    if result.outcome.isCorrect { correct += 1 }
    bestStreak = max(bestStreak, streak)
    timeAnswering += result.answerTime
    times.add(result)
    members[result.member.id, default: Tally()].add(result)
  }
}
