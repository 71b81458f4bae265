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
  /// The option the player chose, or nil when the time ran out or the name was typed.
  public let chosenIndex: Int?
  /// The name typed, for a question of that kind answered in time.
  public let typed: TypedAnswer?
  /// The progress bar's step when the question ended; it holds through the reveal.
  public let step: Int
  /// When the reveal began (moved on by the length of any pause).
  public var startedAt: Instant
  /// Whether the chosen button is lit at this moment of its flashing.
  public var isLit: Bool

  public init(
    question: Question, chosenIndex: Int?, typed: TypedAnswer? = nil, step: Int,
    startedAt: Instant, isLit: Bool
  ) {
    self.question = question
    self.chosenIndex = chosenIndex
    self.typed = typed
    self.step = step
    self.startedAt = startedAt
    self.isLit = isLit
  }

  public var outcome: Outcome {
    if let typed {
      return typed.match.isRight ? .correct : .wrong(chosen: typed.other)
    }
    guard let chosenIndex else { return .timedOut }
    if chosenIndex == question.correctIndex { return .correct }
    return .wrong(chosen: question.options[chosenIndex])
  }
}

/// What was going on when the game was paused.
public enum Interrupted: Hashable, Sendable {
  case loading(Question)
  case answering(Answering)
  case revealing(Reveal)
  case introducing(Introduction)

  public var question: Question? {
    switch self {
    case .loading(let question): question
    case .answering(let answering): answering.question
    case .revealing(let reveal): reveal.question
    case .introducing: nil
    }
  }
}

/// Why the game stopped.
public enum PauseReason: Hashable, Sendable {
  /// The player pressed Pause.
  case player
  /// The player went where the quiz cannot be seen: a window over it, the start screen, a
  /// suspension, another window of the desktop, a terminal too small.
  case screenLeft
  /// Several questions in a row timed out with no key pressed: nobody seems to be playing.
  case playerAway
}

/// A game frozen by the player or by leaving the quiz screen: no clock runs.
public struct Paused: Hashable, Sendable {
  public let interrupted: Interrupted
  /// How far into the answering or reveal time the game was when it froze.
  public let elapsed: Duration
  public let reason: PauseReason

  public init(interrupted: Interrupted, elapsed: Duration, reason: PauseReason) {
    self.interrupted = interrupted
    self.elapsed = elapsed
    self.reason = reason
  }
}

/// Where the game is. Exactly one at a time.
public enum Phase: Hashable, Sendable {
  /// The start screen: no game yet, or the last one was abandoned.
  case start
  /// A question is on screen and its member's face is on the way: the answer time does not
  /// run until the face is shown (`Event.faceShown`).
  case loading(Question)
  case answering(Answering)
  case revealing(Reveal)
  /// Learn mode's name card: a new person's face and name.
  case introducing(Introduction)
  case paused(Paused)
  /// A round is over: the finished scene shows it until the next round or the start screen.
  case finished(RoundSummary)

  /// What is on screen, running or held by a pause; nil on the start screen and the finished
  /// scene.
  private var onScreen: Interrupted? {
    switch self {
    case .start, .finished: nil
    case .loading(let question): .loading(question)
    case .answering(let answering): .answering(answering)
    case .revealing(let reveal): .revealing(reveal)
    case .introducing(let introduction): .introducing(introduction)
    case .paused(let paused): paused.interrupted
    }
  }

  /// The question on screen, if any, also while a pause holds it.
  public var question: Question? { onScreen?.question }

  /// The name card on screen, also while a pause holds it.
  public var introduction: Introduction? {
    if case .introducing(let introduction) = onScreen { introduction } else { nil }
  }

  /// The member whose face is on screen: the question's or the name card's.
  public var member: Member? { question?.member ?? introduction?.member }

  /// Whether this member's face is on screen (or on its way): the question's or the card's
  /// member, a face a question of faces offers, or the second person of a card of two.
  public func shows(_ id: MemberID) -> Bool {
    member?.id == id || question?.shows(id) == true || introduction?.partner?.id == id
  }

  /// The answer on screen: during the reveal, and during a pause that froze one.
  public var reveal: Reveal? {
    if case .revealing(let reveal) = onScreen { reveal } else { nil }
  }

  /// The progress bar's step: 0 outside a question or a name card.
  public var progressStep: Int {
    switch self {
    case .start, .loading, .finished: 0
    case .answering(let answering): answering.step
    case .revealing(let reveal): reveal.step
    case .introducing(let introduction): introduction.step
    case .paused(let paused):
      switch paused.interrupted {
      case .loading: 0
      case .answering(let answering): answering.step
      case .revealing(let reveal): reveal.step
      case .introducing(let introduction): introduction.step
      }
    }
  }

  /// Whether a game is going on and not paused (a question is loading, being answered or
  /// revealed, or a name card is on screen).
  public var isRunning: Bool {
    switch self {
    case .loading, .answering, .revealing, .introducing: true
    case .start, .paused, .finished: false
    }
  }

  public var isPaused: Bool {
    if case .paused = self { return true }
    return false
  }
}

/// How a question ended.
public enum Outcome: Hashable, Sendable {
  /// The right name was chosen.
  case correct
  /// Another name was chosen; for a name typed, the person whose name it is when it names
  /// someone in play (else nil).
  case wrong(chosen: NameOption?)
  /// No name was chosen within the answer time; recorded as "timeout" (see `name`).
  case timedOut

  public var isCorrect: Bool { self == .correct }

  /// "correct", "wrong" or "timeout": the outcome as the headless events and the history
  /// record it. These strings are kept in players' histories: never rename them.
  public var name: String {
    switch self {
    case .correct: "correct"
    case .wrong: "wrong"
    case .timedOut: "timeout"
    }
  }
}

/// A question played, as the statistics show it.
public struct QuestionResult: Hashable, Sendable {
  public let question: Question
  public let outcome: Outcome
  /// How long the player took to answer, counting only the time the face was on screen and
  /// the game ran (pauses excluded); the whole answer time for a timeout.
  public let answerTime: Duration
  /// The name typed, for a question of that kind answered in time.
  public let typed: TypedAnswer?

  public init(
    question: Question, outcome: Outcome, answerTime: Duration, typed: TypedAnswer? = nil
  ) {
    self.question = question
    self.outcome = outcome
    self.answerTime = answerTime
    self.typed = typed
  }

  public var member: Member { question.member }

  /// The index of the option chosen, nil for a timeout.
  public var chosenIndex: Int? {
    switch outcome {
    case .correct: question.correctIndex
    case .wrong(let chosen):
      typed == nil ? chosen.flatMap { question.options.firstIndex(of: $0) } : nil
    case .timedOut: nil
    }
  }
}
