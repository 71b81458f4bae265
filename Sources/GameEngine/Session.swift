/// The rules of Meet the Members as a pure state machine, from launch to quit. A session plays
/// games (each started by Start, with its own score and streak) and keeps what outlives them:
/// the longest streak, every result, the members still in play. Time and chance are injected:
/// every event comes with its instant, and questions come from a seeded generator.
public struct Session: Sendable {
  /// How many results the statistics keep.
  public static let recentResultLimit = 3

  public let rules: Rules
  public private(set) var state: State
  /// Every question played this session, oldest first.
  public private(set) var results: [QuestionResult] = []
  /// The instant of the last event handled.
  public private(set) var now: Instant
  private var questions: QuestionGenerator
  /// Time outs since the player last pressed a key.
  private var timeoutsInARow = 0
  /// Everyone in play when the round began, for rounds of everyone once.
  private var everyoneInRound: Int?

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
    case .playerActive:
      timeoutsInARow = 0
    case .startPressed:
      guard !state.phase.isRunning else { break }
      state.game = Game(number: (state.game?.number ?? 0) + 1)
      timeoutsInARow = 0
      everyoneInRound = nil
      startQuestion(at: now, recording: &transitions)
    case .faceShown:
      guard case .loading(let question) = state.phase else { break }
      state.phase = .answering(Answering(question: question, startedAt: now, step: 0))
      transitions.append(Transition(kind: .questionShown(question), at: now))
    case .answerChosen(let index):
      guard case .answering(let answering) = state.phase,
        answering.question.options.indices.contains(index)
      else { break }
      timeoutsInARow = 0
      endQuestion(answering, chosen: index, at: now, recording: &transitions)
    case .pausePressed:
      pause(.player, at: now, recording: &transitions)
    case .statsOpened, .screenLeft:
      pause(.screenLeft, at: now, recording: &transitions)
    case .resumePressed:
      resume(at: now, recording: &transitions)
    case .memberWithdrawn(let id):
      withdraw(id, at: now, recording: &transitions)
    case .nextRoundPressed:
      guard case .finished = state.phase else { break }
      state.game?.round += 1
      state.game?.roundResults = []
      everyoneInRound = nil
      startQuestion(at: now, recording: &transitions)
    }
    // An event can start a phase that is already over (a reveal of zero seconds).
    advance(to: now, recording: &transitions)
    return transitions
  }

  /// When the next visible change is due: the next progress step, flash toggle or end of
  /// phase. Nil while nothing runs (the start screen, a pause, a face loading), so nothing
  /// needs to tick.
  public var nextChange: Instant? {
    switch state.phase {
    case .start, .paused, .loading, .finished:
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

  /// The member with this identity, if the roster has them.
  public func member(_ id: MemberID) -> Member? {
    questions.members.first { $0.id == id }
  }

  /// How many members can still be asked about.
  public var membersInPlay: Int { questions.membersInPlay }

  /// The members who can still be asked about.
  public var memberIDsInPlay: [MemberID] {
    questions.members.map(\.id).filter { questions.isInPlay($0) }
  }

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
          if let game = state.game, game.roundResults.count >= questionsInRound {
            let summary = RoundSummary(number: game.round, results: game.roundResults)
            state.phase = .finished(summary)
            transitions.append(Transition(kind: .roundFinished(summary), at: end))
          } else {
            startQuestion(at: start, recording: &transitions)
          }
          continue
        }
        reveal.isLit = isLit(reveal, after: now - reveal.startedAt)
        state.phase = .revealing(reveal)
      case .start, .paused, .loading, .finished:
        break
      }
      return
    }
  }

  private func isLit(_ reveal: Reveal, after elapsed: Duration) -> Bool {
    reveal.chosenIndex != nil && rules.flashHalves(after: elapsed) % 2 == 0
  }

  // MARK: - Phase changes

  /// How many questions the round being played has; fixed when its first question is posed
  /// (everyone in play then, for `RoundLength.everyone`).
  private var questionsInRound: Int {
    switch rules.roundLength {
    case .questions(let count): count
    case .everyone: everyoneInRound ?? questions.membersInPlay
    }
  }

  private mutating func startQuestion(at start: Instant, recording transitions: inout [Transition])
  {
    if everyoneInRound == nil { everyoneInRound = questions.membersInPlay }
    let question = state.upcoming
    state.upcoming = questions.next()
    pose(question, at: start, recording: &transitions)
  }

  private mutating func pose(
    _ question: Question, at start: Instant, recording transitions: inout [Transition]
  ) {
    state.phase = .loading(question)
    transitions.append(Transition(kind: .questionPosed(question), at: start))
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

    let result = QuestionResult(
      question: answering.question, outcome: reveal.outcome,
      answerTime: min(end - answering.startedAt, rules.answerTime))
    var game = state.game ?? Game(number: 1)
    game.questionsPlayed += 1
    game.roundResults.append(result)
    state.questionsPlayed += 1
    if result.outcome.isCorrect {
      game.score += 1
      game.streak += 1
      state.longestStreak = max(state.longestStreak, game.streak)
    } else {
      game.streak = 0
    }
    state.game = game
    results.append(result)
    state.recentResults.insert(result, at: 0)
    state.recentResults.removeLast(max(0, state.recentResults.count - Self.recentResultLimit))
    transitions.append(Transition(kind: .questionEnded(result), at: end))

    if chosen == nil {
      timeoutsInARow += 1
      // Nobody answered several questions in a row: stop, with the answer on screen.
      if timeoutsInARow >= rules.pauseAfterTimeouts {
        timeoutsInARow = 0
        pause(.playerAway, at: end, recording: &transitions)
      }
    }
  }

  private mutating func withdraw(
    _ id: MemberID, at now: Instant, recording transitions: inout [Transition]
  ) {
    guard let member = member(id), questions.withdraw(id)
    else { return }
    transitions.append(Transition(kind: .memberWithdrawn(member), at: now))
    // The withdrawn member's name may stay among the upcoming question's other names.
    if state.upcoming.member.id == id { state.upcoming = questions.replacing(state.upcoming) }
    guard let question = state.phase.question, question.member.id == id else { return }
    switch state.phase {
    case .loading, .answering:
      pose(upcoming(inPlaceOf: question), at: now, recording: &transitions)
    case .paused(let paused):
      switch paused.interrupted {
      case .loading, .answering:
        let next = upcoming(inPlaceOf: question)
        state.phase = .paused(
          Paused(interrupted: .loading(next), elapsed: .zero, reason: paused.reason))
        transitions.append(Transition(kind: .questionPosed(next), at: now))
      case .revealing:
        break
      }
    case .start, .revealing, .finished:
      break
    }
  }

  private mutating func pause(
    _ reason: PauseReason, at now: Instant, recording transitions: inout [Transition]
  ) {
    let interrupted: Interrupted
    let elapsed: Duration
    switch state.phase {
    case .loading(let question):
      interrupted = .loading(question)
      elapsed = .zero
    case .answering(let answering):
      interrupted = .answering(answering)
      elapsed = now - answering.startedAt
    case .revealing(let reveal):
      interrupted = .revealing(reveal)
      elapsed = now - reveal.startedAt
    case .start, .paused, .finished:
      return
    }
    state.phase = .paused(Paused(interrupted: interrupted, elapsed: elapsed, reason: reason))
    transitions.append(Transition(kind: .paused(reason), at: now))
  }

  /// Goes on where the game froze; by the rules, the score starts again at 0.
  private mutating func resume(at now: Instant, recording transitions: inout [Transition]) {
    guard case .paused(let paused) = state.phase else { return }
    let restartedAt = now - paused.elapsed
    switch paused.interrupted {
    case .loading(let question):
      state.phase = .loading(question)
    case .answering(var answering):
      answering.startedAt = restartedAt
      state.phase = .answering(answering)
    case .revealing(var reveal):
      reveal.startedAt = restartedAt
      state.phase = .revealing(reveal)
    }
    state.game?.score = 0
    timeoutsInARow = 0
    transitions.append(Transition(kind: .resumed, at: now))
  }
}
