/// The rules of Meet the Members as a pure state machine, from launch to quit. A session plays
/// games (each started by Start, with its own score and streak) and keeps what outlives them:
/// the longest streak, every result, the members still in play. Time and chance are injected:
/// every event comes with its instant, and questions come from a seeded generator.
public struct Session: Sendable {
  /// How many results the statistics keep.
  public static let recentResultLimit = 3

  public private(set) var rules: Rules
  public internal(set) var state: State
  /// Every question played this session, oldest first.
  public internal(set) var results: [QuestionResult] = []
  /// The instant of the last event handled: the one latest instant the front end shows.
  public internal(set) var now: Instant
  var questions: QuestionGenerator
  /// Timeouts since the player last pressed a key.
  var timeoutsInARow = 0
  /// Everyone in play when the round began, for rounds of everyone once.
  var everyoneInRound: Int?
  /// How well the player knows each member, brought up to date with every card and answer.
  public internal(set) var memories: Memories
  /// The wall time (for the memories) of the session's instants.
  public internal(set) var wallClock: WallClock
  /// Who the player takes for whom, from the history and every wrong answer since: the
  /// questions offer these names first (see `QuestionGenerator`).
  public internal(set) var confusions = Confusions()
  /// What the quiz asks: the rules' kinds, else names; the start screen can change it.
  public internal(set) var quizKinds: QuestionKinds
  /// Whether the window has room for a question of four faces (see `Event.roomForFaces`).
  public internal(set) var roomForFaces = true
  /// The time the round (a sitting of learn mode) has been played, pauses left out.
  var playClock = PlayClock()
  /// What the game being played asks next: quiz rounds, or learn mode's cards and questions.
  var steps: any GameSteps = QuizRounds()

  /// `memories` are what the player remembered when the session began, at the wall time
  /// `wallClock` gives the session's instants.
  public init(
    questions: QuestionGenerator, rules: Rules = .standard, at now: Instant = .zero,
    memories: Memories = Memories(),
    wallClock: WallClock = WallClock(origin: .zero, unixSecondsAtOrigin: 0)
  ) {
    var questions = questions
    let quizKinds = rules.questionKinds ?? .names
    self.state = State(upcoming: questions.next(kinds: quizKinds))
    self.rules = rules
    self.questions = questions
    self.now = now
    self.memories = memories
    self.wallClock = wallClock
    self.quizKinds = quizKinds
  }

  /// Plays by `new` rules from now on (a setting kept in the settings window, on the start
  /// screen: they play from the next game); a kind of question changed is the quiz's, as
  /// `choose(quizKinds:)` makes it.
  public mutating func adopt(_ new: Rules) {
    let kindChanged = new.questionKinds != rules.questionKinds
    rules = new
    if kindChanged { _ = choose(quizKinds: new.questionKinds ?? .names) }
  }

  /// Asks the quiz's questions as `kinds` from the next game on. Refused (false) while a game
  /// runs.
  public mutating func choose(quizKinds kinds: QuestionKinds) -> Bool {
    guard !state.phase.isRunning else { return false }
    if kinds != quizKinds {
      quizKinds = kinds
      state.upcoming = questions.replacing(state.upcoming, confusions: confusions, kinds: kinds)
    }
    return true
  }

  /// Applies an event that happened at `now` and returns the phase changes it caused, in order.
  /// Time is brought up to `now` first, so an answer that arrives after the time ran out
  /// counts as a timeout even if no tick came in between.
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
    case .startPressed, .learnPressed, .drillPressed:
      guard !state.phase.isRunning, event != .drillPressed || !drillPairs.isEmpty else { break }
      let number = (state.game?.number ?? 0) + 1
      let mode: PlayMode =
        switch event {
        case .learnPressed: .learn
        case .drillPressed: .drill
        default: .quiz
        }
      state.game = Game(number: number, mode: mode)
      playClock = PlayClock(startingAt: now)
      steps = mode.steps
      steps.roundStarted(in: self, at: now)
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
        // Two people side by side are looked at again, not met: their memories stay.
        if let partner = introduction.partner {
          transitions.append(
            Transition(kind: .pairShown(introduction.member, partner), at: now))
          break
        }
        let time = wallClock.unixSeconds(at: now)
        memories.introduce(introduction.member.id, at: time)
        transitions.append(Transition(kind: .introduced(introduction.member), at: now))
      default:
        break
      }
    case .nextPressed:
      guard case .introducing(let introduction) = state.phase, introduction.shownAt != nil
      else { break }
      startQuestion(at: now, recording: &transitions)
    case .answerChosen(let index):
      guard case .answering(let answering) = state.phase, answering.question.kind.isChosen,
        answering.question.options.indices.contains(index)
      else { break }
      timeoutsInARow = 0
      endQuestion(answering, answer: .chosen(index), at: now, recording: &transitions)
    case .answerTyped(let text, let spelling):
      guard case .answering(let answering) = state.phase, answering.question.kind == .typing
      else { break }
      timeoutsInARow = 0
      let typed = NameMatching.match(
        text, spelling: Spelling(spelling), for: answering.question.member,
        among: questions.everyoneInPlay)
      endQuestion(answering, answer: .typed(typed), at: now, recording: &transitions)
    case .pausePressed:
      pause(.player, at: now, recording: &transitions)
    case .statsOpened, .screenLeft:
      pause(.screenLeft, at: now, recording: &transitions)
    case .resumePressed:
      resume(at: now, recording: &transitions)
    case .roomForFaces(let room):
      roomForFaces = room
    case .memberWithdrawn(let id):
      withdraw(id, at: now, recording: &transitions)
    case .nextRoundPressed:
      guard case .finished = state.phase else { break }
      state.game?.round += 1
      state.game?.roundResults = []
      playClock = PlayClock(startingAt: now)
      steps.roundStarted(in: self, at: now)
      everyoneInRound = nil
      startQuestion(at: now, recording: &transitions)
    }
    // An event can start a phase that is already over (a reveal of zero seconds).
    advance(to: now, recording: &transitions)
    return transitions
  }

  /// Takes what the player remembered before the session began (from the history), who they
  /// took for whom, and the wall time of the session's instants.
  public mutating func restore(
    _ memories: Memories, wallClock: WallClock, confusions: Confusions = Confusions()
  ) {
    self.memories = memories
    self.wallClock = wallClock
    self.confusions = confusions
  }

  /// Forgets what the player remembered (their progress was cleared): everyone is new again,
  /// and a game of learn mode introduces them again from its next step. The games' scores
  /// and results stay, and so does how quickly the player answers (`GuessTimes`: theirs, not
  /// the roster's; the next launch counts the answers the history still has).
  public mutating func forgetMemories() {
    memories = Memories(model: memories.model, guessTimes: memories.guessTimes)
    confusions = Confusions()
    steps.memoriesForgotten()
  }

  /// From now on, recall follows `model` (the player's memory fitted to their answers): each
  /// person's cards and answers are taken in again by it (`Memories.replayed(with:)`).
  public mutating func adopt(_ model: MemoryModel) {
    memories = memories.replayed(with: model)
  }

  /// Puts back the memory a member had before their last card or answer, which the history
  /// could not keep: `record` is the one they had before it (nil: they were new), learning
  /// included, so learn mode asks as if it had not happened; whom the player was shown, and
  /// everyone else's memory, stay. Only the member's last change can be taken back: the
  /// front end reverts a write that failed only while the member's record is still the one
  /// it wrote.
  public mutating func revertMemory(of member: MemberID, to record: MemoryRecord?) {
    memories.revert(member, to: record)
  }

  /// Takes an answer the history could not keep out of how quickly the player answers
  /// (`GuessTimes`), as the next launch's count will not have it: whether or not its memory
  /// could be taken back.
  public mutating func uncount(_ answer: QuestionResult) {
    memories.uncount(answer)
  }

  /// Whether the member can still be asked about (not withdrawn).
  public func isInPlay(_ id: MemberID) -> Bool { questions.isInPlay(id) }

  /// The member with this identity, if the roster has them.
  public func member(_ id: MemberID) -> Member? {
    questions.members.first { $0.id == id }
  }

  /// How many members can still be asked about.
  public var membersInPlay: Int { questions.membersInPlay }

  /// The time the game on screen has been played by `instant` (its round or sitting), pauses
  /// left out.
  public func timePlayed(at instant: Instant) -> Duration { playClock.played(at: instant) }

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
    state.upcoming = questions.replacing(state.upcoming, confusions: confusions, kinds: quizKinds)
    return true
  }

  /// Whether the game being played asks faces among its questions (the window permitting).
  public var asksFaces: Bool {
    switch state.game?.mode {
    case .learn: [nil, .mixed, .faces].contains(rules.questionKinds)
    case .quiz: quizKinds == .faces || quizKinds == .mixed
    case .drill: true
    case nil: false
    }
  }

  /// The pairs the confusions drill asks: people taken for each other at least
  /// `ConfusionDrill.timesConfused` times, both in play among those the games ask about, most
  /// often first; not two who share a photo, whose faces cannot be told apart.
  public var drillPairs: [(MemberID, MemberID)] {
    let askable = Set(membersToAsk.map(\.id))
    return confusions.pairs(atLeast: ConfusionDrill.timesConfused).filter {
      askable.contains($0.0) && askable.contains($0.1) && !questions.samePhoto($0.0, $0.1)
    }
  }

  /// The member shown next, as far as can be told now: the upcoming question's, or in learn
  /// mode the person the scheduler would choose (whose picture can be prepared).
  public var upcomingMember: MemberID { steps.upcomingMember(of: self) }
}
