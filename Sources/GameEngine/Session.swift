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
  /// How well the player knows each member, brought up to date with every card and answer.
  public private(set) var memories: Memories
  /// The wall time (for the memories) of the session's instants.
  public private(set) var wallClock: WallClock
  /// Learn mode's choice of whom to show, for a game of learn mode.
  private var learning: LearnScheduler?

  /// `memories` are what the player remembered when the session began, at the wall time
  /// `wallClock` gives the session's instants.
  public init(
    questions: QuestionGenerator, rules: Rules = .standard, at now: Instant = .zero,
    memories: Memories = Memories(),
    wallClock: WallClock = WallClock(origin: .zero, unixSecondsAtOrigin: 0)
  ) {
    var questions = questions
    self.state = State(upcoming: questions.next())
    self.rules = rules
    self.questions = questions
    self.now = now
    self.memories = memories
    self.wallClock = wallClock
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
    case .startPressed, .learnPressed:
      guard !state.phase.isRunning else { break }
      let number = (state.game?.number ?? 0) + 1
      let mode: PlayMode = event == .learnPressed ? .learn : .quiz
      state.game = Game(number: number, mode: mode)
      learning = nil  // a game of learn mode starts its own with its first step
      timeoutsInARow = 0
      everyoneInRound = nil
      startQuestion(at: now, recording: &transitions)
    case .faceShown:
      switch state.phase {
      case .loading(let question):
        state.phase = .answering(Answering(question: question, startedAt: now, step: 0))
        transitions.append(Transition(kind: .questionShown(question), at: now))
      case .introducing(var introduction) where introduction.shownAt == nil:
        introduction.shownAt = now
        state.phase = .introducing(introduction)
        let time = wallClock.unixSeconds(at: now)
        memories.introduce(introduction.member.id, at: time)
        learning?.met(introduction.member.id, at: time)
        transitions.append(Transition(kind: .introduced(introduction.member), at: now))
      default:
        break
      }
    case .nextPressed:
      guard case .introducing(let introduction) = state.phase, introduction.shownAt != nil
      else { break }
      startQuestion(at: now, recording: &transitions)
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
    case .introducing(let introduction):
      guard let shownAt = introduction.shownAt else { return nil }
      return shownAt + rules.stepTime(introduction.step + 1, of: rules.introductionTime)
    case .answering(let answering):
      return answering.startedAt + rules.stepTime(answering.step + 1)
    case .revealing(let reveal):
      let end = reveal.startedAt + rules.revealTime
      guard reveal.chosenIndex != nil else { return end }
      let halves = rules.flashHalves(after: now - reveal.startedAt)
      return min(end, reveal.startedAt + rules.flashHalfPeriod * (halves + 1))
    }
  }

  /// Takes what the player remembered before the session began (from the history), and the
  /// wall time of the session's instants.
  public mutating func restore(_ memories: Memories, wallClock: WallClock) {
    self.memories = memories
    self.wallClock = wallClock
  }

  /// Forgets what the player remembered (their progress was cleared): everyone is new again,
  /// and a game of learn mode introduces them again from its next step. The games' scores
  /// and results stay.
  public mutating func forgetMemories() {
    memories = Memories(model: memories.model)
    learning = nil
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
  public var membersStillInPlay: [Member] { questions.everyoneInPlay }

  /// Their identities.
  public var memberIDsInPlay: [MemberID] { membersStillInPlay.map(\.id) }

  /// The groups of the roster, by name.
  public var groups: [String] { questions.groups }

  /// The group whose members the games ask about; nil for everyone.
  public var group: String? { questions.group }

  /// The group called `name`: exactly so, else with case folded; nil when there is none.
  public func group(named name: String) -> String? {
    groups.first { $0 == name } ?? groups.first { NameKey($0) == NameKey(name) }
  }

  /// The chosen group's place in a list of everyone followed by `groups`: 0 for everyone.
  public var groupIndex: Int {
    group.flatMap { groups.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
  }

  /// The members in play whom the games ask about: the chosen group's.
  public var membersToAsk: [Member] { questions.askableInPlay }

  /// Plays only the members of `group` (everyone when nil) from the next game on. Refused
  /// (false) while a game runs, or when none of the group is in play.
  public mutating func choose(group: String?) -> Bool {
    guard !state.phase.isRunning, questions.choose(group: group) else { return false }
    state.upcoming = questions.replacing(state.upcoming)
    return true
  }

  /// The member shown next, as far as can be told now: the upcoming question's, or in learn
  /// mode the person the scheduler would choose (whose picture can be prepared).
  public var upcomingMember: MemberID {
    guard state.game?.mode == .learn, let learning else { return state.upcoming.member.id }
    return learning.peek(
      inPlay: Set(membersToAsk.map(\.id)), memories: memories, at: wallClock.unixSeconds(at: now)
    ).member
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
      case .introducing(var introduction):
        guard let shownAt = introduction.shownAt else { break }
        let end = shownAt + rules.introductionTime
        if now >= end {
          startQuestion(at: now - end > rules.maximumLateStart ? now : end, recording: &transitions)
          continue
        }
        introduction.step = rules.step(after: now - shownAt, of: rules.introductionTime)
        state.phase = .introducing(introduction)
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
    case .everyone: everyoneInRound ?? questions.askableInPlay.count
    }
  }

  /// Starts what comes next: the upcoming question, or in learn mode the card or question
  /// the scheduler chooses now.
  private mutating func startQuestion(at start: Instant, recording transitions: inout [Transition])
  {
    if everyoneInRound == nil { everyoneInRound = questions.askableInPlay.count }
    if state.game?.mode == .learn {
      let (phase, kind) = nextLearnStep(at: start)
      state.phase = phase
      transitions.append(Transition(kind: kind, at: start))
      return
    }
    let question = state.upcoming
    state.upcoming = questions.next()
    pose(question, at: start, recording: &transitions)
  }

  /// Learn mode's next card (its face loading) or question, chosen at `time`, and its
  /// transition.
  private mutating func nextLearnStep(at time: Instant) -> (Phase, Transition.Kind) {
    let inPlay = Set(membersToAsk.map(\.id))
    let wallTime = wallClock.unixSeconds(at: time)
    var learning =
      learning
      ?? {
        var random = SeededGenerator(seed: questions.seed &+ UInt64(state.game?.number ?? 0))
        return LearnScheduler(
          members: questions.members.map(\.id), memories: memories, using: &random)
      }()
    let step = learning.next(inPlay: inPlay, memories: memories, at: wallTime)
    learning.shown(step.member)
    self.learning = learning
    switch step {
    case .introduce(let id):
      let member = member(id) ?? state.upcoming.member
      return (.introducing(Introduction(member: member)), .introductionPosed(member))
    case .ask(let id):
      let question = questions.question(
        about: id, number: (state.game?.questionsPlayed ?? 0) + 1,
        familiar: inPlay.filter { memories.records[$0] != nil })
      return (.loading(question), .questionPosed(question))
    }
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
    let time = wallClock.unixSeconds(at: end)
    if state.game?.mode == .learn {
      let (model, options) = (memories.model, rules.optionCount)
      let before = learning?.recall(of: result.member.id, memories: memories, at: time)
      learning?.answered(result, recallBefore: before, options: options, model: model, at: time)
    }
    memories.remember(result, options: rules.optionCount, at: time)
    var game = state.game ?? Game(number: 1)
    game.questionsPlayed += 1
    game.roundResults.append(result)
    game.times.add(result)
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
    if state.game?.mode == .learn {
      return withdrawFromLearning(id, at: now, recording: &transitions)
    }
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
      case .revealing, .introducing:
        break
      }
    case .start, .revealing, .introducing, .finished:
      break
    }
  }

  /// Learn mode: a card or question about the withdrawn member gives way to the next step.
  private mutating func withdrawFromLearning(
    _ id: MemberID, at now: Instant, recording transitions: inout [Transition]
  ) {
    guard state.phase.member?.id == id else { return }
    switch state.phase {
    case .loading, .answering, .introducing:
      let (phase, kind) = nextLearnStep(at: now)
      state.phase = phase
      transitions.append(Transition(kind: kind, at: now))
    case .paused(let paused):
      if case .revealing = paused.interrupted { return }
      let (phase, kind) = nextLearnStep(at: now)
      let interrupted: Interrupted
      switch phase {
      case .introducing(let introduction): interrupted = .introducing(introduction)
      case .loading(let question): interrupted = .loading(question)
      default: return
      }
      state.phase = .paused(Paused(interrupted: interrupted, elapsed: .zero, reason: paused.reason))
      transitions.append(Transition(kind: kind, at: now))
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
    case .introducing(let introduction):
      interrupted = .introducing(introduction)
      elapsed = introduction.shownAt.map { now - $0 } ?? .zero
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
    case .introducing(var introduction):
      if introduction.shownAt != nil { introduction.shownAt = restartedAt }
      state.phase = .introducing(introduction)
    }
    state.game?.score = 0
    timeoutsInARow = 0
    transitions.append(Transition(kind: .resumed, at: now))
  }
}
