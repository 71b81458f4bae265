/// A question being answered: the countdown runs.
public struct Answering: Hashable, Sendable {
  public let question: Question
  /// When the question appeared (moved on by the length of any pause).
  public var startedAt: Instant
  /// The progress bar's step, 0 to `Rules.progressSteps`.
  public var step: Int

  public init(question: Question, startedAt: Instant, step: Int) {
    self.question = question
    self.startedAt = startedAt
    self.step = step
  }
}

/// The player answered or ran out of time; the correct name is on screen.
public struct Reveal: Hashable, Sendable {
  public let question: Question
  /// The option the player chose, or nil when the time ran out.
  public let chosenIndex: Int?
  /// The progress bar's step when the question ended; it holds through the reveal.
  public let step: Int
  /// When the reveal began (moved on by the length of any pause).
  public var startedAt: Instant
  /// Whether the chosen button is lit at this moment of its flashing.
  public var isLit: Bool

  public init(question: Question, chosenIndex: Int?, step: Int, startedAt: Instant, isLit: Bool) {
    self.question = question
    self.chosenIndex = chosenIndex
    self.step = step
    self.startedAt = startedAt
    self.isLit = isLit
  }

  public var outcome: Outcome {
    guard let chosenIndex else { return .timedOut }
    if chosenIndex == question.correctIndex { return .correct }
    return .wrong(chosen: question.options[chosenIndex])
  }
}

/// What was going on when the game was paused.
public enum Interrupted: Hashable, Sendable {
  case answering(Answering)
  case revealing(Reveal)

  public var question: Question {
    switch self {
    case .answering(let answering): answering.question
    case .revealing(let reveal): reveal.question
    }
  }
}

/// A game frozen by the player or by leaving the quiz screen: no clock runs.
public struct Paused: Hashable, Sendable {
  public let interrupted: Interrupted
  /// How far into the answering or reveal time the game was when it froze.
  public let elapsed: Duration
}

/// Where the game is. Exactly one at a time.
public enum Phase: Hashable, Sendable {
  /// The start screen: no game yet, or the last one was abandoned.
  case start
  case answering(Answering)
  case revealing(Reveal)
  case paused(Paused)

  /// The question on screen, if any.
  public var question: Question? {
    switch self {
    case .start: nil
    case .answering(let answering): answering.question
    case .revealing(let reveal): reveal.question
    case .paused(let paused): paused.interrupted.question
    }
  }

  /// The progress bar's step: 0 outside a question.
  public var progressStep: Int {
    switch self {
    case .start: 0
    case .answering(let answering): answering.step
    case .revealing(let reveal): reveal.step
    case .paused(let paused):
      switch paused.interrupted {
      case .answering(let answering): answering.step
      case .revealing(let reveal): reveal.step
      }
    }
  }

  /// Whether a clock is running (a question is being answered or revealed).
  public var isRunning: Bool {
    switch self {
    case .answering, .revealing: true
    case .start, .paused: false
    }
  }

  public var isPaused: Bool {
    if case .paused = self { return true }
    return false
  }
}

/// How a question ended.
public enum Outcome: Hashable, Sendable {
  case correct
  case wrong(chosen: NameOption)
  case timedOut

  public var isCorrect: Bool { self == .correct }
}

/// A question played, as the statistics show it.
public struct QuestionResult: Hashable, Sendable {
  public let question: Question
  public let outcome: Outcome

  public init(question: Question, outcome: Outcome) {
    self.question = question
    self.outcome = outcome
  }

  public var member: Member { question.member }
}
