/// What the player sees of a game, apart from the clock-driven details inside the phase.
public struct State: Hashable, Sendable {
  public var phase: Phase = .start
  public var score = 0
  /// Correct answers in a row, up to the last question.
  public var streak = 0
  /// The longest run of correct answers this session.
  public var longestStreak = 0
  /// The last three results, most recent first (fewer when fewer were played).
  public var recentResults: [QuestionResult] = []
  /// Questions answered or timed out this session.
  public var questionsPlayed = 0
  /// The question that comes next, known in advance so its picture can be prepared.
  public var upcoming: Question

  public init(
    phase: Phase = .start, score: Int = 0, streak: Int = 0, longestStreak: Int = 0,
    recentResults: [QuestionResult] = [], questionsPlayed: Int = 0, upcoming: Question
  ) {
    self.phase = phase
    self.score = score
    self.streak = streak
    self.longestStreak = longestStreak
    self.recentResults = recentResults
    self.questionsPlayed = questionsPlayed
    self.upcoming = upcoming
  }
}

/// The rules of Meet the Members as a pure state machine. Time and chance are injected: every
/// event comes with its instant, and questions come from a seeded generator.
public struct Game: Sendable {
  /// How many results the statistics keep.
  public static let recentResultLimit = 3

  public let rules: Rules
  public private(set) var state: State
  /// The instant of the last event handled.
  public private(set) var now: Instant
  private var questions: QuestionGenerator

  public init(questions: QuestionGenerator, rules: Rules = .standard, at now: Instant = .zero) {
    var questions = questions
    self.state = State(upcoming: questions.next())
    self.rules = rules
    self.questions = questions
    self.now = now
  }

  /// Applies an event that happened at `now` and returns the phase changes it caused, in order.
  /// Time is brought up to `now` first, so an answer that arrives after the time ran out
  /// counts as a time out even if no tick came in between.
  @discardableResult
  public mutating func handle(_ event: Event, at now: Instant) -> [Transition] {
    var transitions: [Transition] = []
    advance(to: max(now, self.now), recording: &transitions)
    let now = self.now

    switch event {
    case .clockTicked, .statsClosed:
      break
    case .startPressed:
      guard !state.phase.isRunning else { break }
      state.score = 0
      state.streak = 0
      startQuestion(at: now, recording: &transitions)
    case .answerChosen(let index):
      guard case .answering(let answering) = state.phase,
        answering.question.options.indices.contains(index)
      else { break }
      endQuestion(answering, chosen: index, at: now, recording: &transitions)
    case .pausePressed, .statsOpened, .screenLeft:
      pause(at: now, recording: &transitions)
    case .resumePressed:
      guard case .paused(let paused) = state.phase else { break }
      let restartedAt = now - paused.elapsed
      switch paused.interrupted {
      case .answering(var answering):
        answering.startedAt = restartedAt
        state.phase = .answering(answering)
      case .revealing(var reveal):
        reveal.startedAt = restartedAt
        state.phase = .revealing(reveal)
      }
      state.score = 0
      transitions.append(Transition(kind: .resumed, at: now))
    case .memberWithdrawn(let id):
      withdraw(id, at: now, recording: &transitions)
    }
    // An event can start a phase that is already over (a reveal of zero seconds).
    advance(to: now, recording: &transitions)
    return transitions
  }

  /// When the next visible change is due: the next progress step, flash toggle or end of
  /// phase. Nil while nothing runs (the start screen, a pause), so nothing needs to tick.
  public var nextChange: Instant? {
    switch state.phase {
    case .start, .paused:
      return nil
    case .answering(let answering):
      return answering.startedAt + rules.stepTime(answering.step + 1)
    case .revealing(let reveal):
      let end = reveal.startedAt + rules.revealTime
      guard reveal.chosenIndex != nil else { return end }
      let halves = rules.flashHalves(after: now - reveal.startedAt)
      return min(end, reveal.startedAt + rules.flashHalfPeriod * (halves + 1))
    }
  }

  /// Whether the member can still be asked about (not withdrawn).
  public func isInPlay(_ id: MemberID) -> Bool { questions.isInPlay(id) }

  // MARK: - Time

  /// Moves the clock-driven parts of the game forward to `now`, passing every deadline on the
  /// way at the instant it was due.
  private mutating func advance(to now: Instant, recording transitions: inout [Transition]) {
    self.now = now
    while true {
      switch state.phase {
      case .answering(var answering):
        let timeout = answering.startedAt + rules.answerTime
        if now >= timeout {
          answering.step = rules.progressSteps
          endQuestion(answering, chosen: nil, at: timeout, recording: &transitions)
          continue
        }
        answering.step = rules.step(after: now - answering.startedAt)
        state.phase = .answering(answering)
      case .revealing(var reveal):
        let end = reveal.startedAt + rules.revealTime
        if now >= end {
          let start = now - end > rules.maximumLateStart ? now : end
          startQuestion(at: start, recording: &transitions)
          continue
        }
        reveal.isLit = isLit(reveal, after: now - reveal.startedAt)
        state.phase = .revealing(reveal)
      case .start, .paused:
        break
      }
      return
    }
  }

  private func isLit(_ reveal: Reveal, after elapsed: Duration) -> Bool {
    reveal.chosenIndex != nil && rules.flashHalves(after: elapsed) % 2 == 0
  }

  // MARK: - Phase changes

  private mutating func startQuestion(at start: Instant, recording transitions: inout [Transition])
  {
    let question = state.upcoming
    state.upcoming = questions.next()
    show(question, at: start, recording: &transitions)
  }

  private mutating func show(
    _ question: Question, at start: Instant, recording transitions: inout [Transition]
  ) {
    state.phase = .answering(Answering(question: question, startedAt: start, step: 0))
    transitions.append(Transition(kind: .questionShown(question), at: start))
  }

  /// The upcoming question (its picture is ready) in place of one that gave way, under that
  /// one's number, so no number is skipped; another question is drawn to come next.
  private mutating func upcoming(inPlaceOf question: Question) -> Question {
    let next = state.upcoming.numbered(question.number)
    state.upcoming = questions.replacing(state.upcoming)
    return next
  }

  private mutating func endQuestion(
    _ answering: Answering, chosen: Int?, at end: Instant,
    recording transitions: inout [Transition]
  ) {
    var reveal = Reveal(
      question: answering.question, chosenIndex: chosen, step: answering.step, startedAt: end,
      isLit: false)
    reveal.isLit = isLit(reveal, after: .zero)
    state.phase = .revealing(reveal)

    let result = QuestionResult(question: answering.question, outcome: reveal.outcome)
    state.questionsPlayed += 1
    if result.outcome.isCorrect {
      state.score += 1
      state.streak += 1
      state.longestStreak = max(state.longestStreak, state.streak)
    } else {
      state.streak = 0
    }
    state.recentResults.insert(result, at: 0)
    state.recentResults.removeLast(max(0, state.recentResults.count - Self.recentResultLimit))
    transitions.append(Transition(kind: .questionEnded(result), at: end))
  }

  private mutating func withdraw(
    _ id: MemberID, at now: Instant, recording transitions: inout [Transition]
  ) {
    guard questions.withdraw(id) else { return }
    // The withdrawn member's name may stay among the upcoming question's other names.
    if state.upcoming.member.id == id { state.upcoming = questions.replacing(state.upcoming) }
    guard let question = state.phase.question, question.member.id == id else { return }
    switch state.phase {
    case .answering:
      show(upcoming(inPlaceOf: question), at: now, recording: &transitions)
    case .paused(let paused):
      guard case .answering = paused.interrupted else { return }
      let next = upcoming(inPlaceOf: question)
      state.phase = .paused(
        Paused(
          interrupted: .answering(Answering(question: next, startedAt: now, step: 0)),
          elapsed: .zero))
      transitions.append(Transition(kind: .questionShown(next), at: now))
    case .start, .revealing:
      break
    }
  }

  private mutating func pause(at now: Instant, recording transitions: inout [Transition]) {
    let interrupted: Interrupted
    let elapsed: Duration
    switch state.phase {
    case .answering(let answering):
      interrupted = .answering(answering)
      elapsed = now - answering.startedAt
    case .revealing(let reveal):
      interrupted = .revealing(reveal)
      elapsed = now - reveal.startedAt
    case .start, .paused:
      return
    }
    state.phase = .paused(Paused(interrupted: interrupted, elapsed: elapsed))
    transitions.append(Transition(kind: .paused, at: now))
  }
}
