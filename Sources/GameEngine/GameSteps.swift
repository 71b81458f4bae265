/// What a game asks next. The timed quiz's rounds and learn mode are its two kinds; the
/// session asks the kind its game plays and never tests the mode to decide (a confusion
/// drill or a round of typed names would be one more kind).
protocol GameSteps: Sendable {
  /// The card or question that starts at `time`.
  mutating func next(for session: inout Session, at time: Instant) -> GameStep
  /// The card or question that takes the place of `current`, whose member left the game
  /// before it was answered.
  mutating func replacing(_ current: GameStep, for session: inout Session, at time: Instant)
    -> GameStep
  /// Who is shown next, as far as can be told now (their picture can be prepared).
  func upcomingMember(of session: Session) -> MemberID
  /// An answer revealed at `time` (Unix seconds), before the memories take it in.
  mutating func answered(_ result: QuestionResult, in session: Session, at time: Double)
  /// A name card shown at `time` (Unix seconds).
  mutating func met(_ member: MemberID, at time: Double)
  /// The memories changed outside the game (forgotten, or an answer taken back).
  mutating func memoriesChanged()
}

/// A step of a game: a question (its face loading) or a name card.
enum GameStep: Hashable, Sendable {
  case question(Question)
  case introduction(Member)

  /// The phase it starts.
  var phase: Phase {
    switch self {
    case .question(let question): .loading(question)
    case .introduction(let member): .introducing(Introduction(member: member))
    }
  }

  /// The same step, frozen by a pause.
  var interrupted: Interrupted {
    switch self {
    case .question(let question): .loading(question)
    case .introduction(let member): .introducing(Introduction(member: member))
    }
  }

  /// The transition that says it was posed.
  var posed: Transition.Kind {
    switch self {
    case .question(let question): .questionPosed(question)
    case .introduction(let member): .introductionPosed(member)
    }
  }
}

/// The timed quiz: the question generator's questions, one after another; the next is
/// drawn ahead (`State.upcoming`) so that its picture is ready in time.
struct QuizRounds: GameSteps {
  func next(for session: inout Session, at time: Instant) -> GameStep {
    let question = session.state.upcoming
    session.state.upcoming = session.questions.next()
    return .question(question)
  }

  /// The upcoming question (its picture is ready) under the number of the one that gave way,
  /// so no number is skipped; another is drawn to come next.
  func replacing(_ current: GameStep, for session: inout Session, at time: Instant) -> GameStep {
    guard case .question(let question) = current else { return next(for: &session, at: time) }
    let next = session.state.upcoming.numbered(question.number)
    session.state.upcoming = session.questions.replacing(session.state.upcoming)
    return .question(next)
  }

  func upcomingMember(of session: Session) -> MemberID { session.state.upcoming.member.id }
  func answered(_ result: QuestionResult, in session: Session, at time: Double) {}
  func met(_ member: MemberID, at time: Double) {}
  func memoriesChanged() {}
}

/// Learn mode: name cards for new people and questions about whoever the player is most
/// likely to forget, as the `LearnScheduler` chooses them. Its scheduler is made at the
/// game's first step, from the memories then.
struct LearnSteps: GameSteps {
  private var scheduler: LearnScheduler?

  mutating func next(for session: inout Session, at time: Instant) -> GameStep {
    let inPlay = Set(session.membersToAsk.map(\.id))
    let memories = session.memories
    var scheduler =
      self.scheduler
      ?? {
        var random = SeededGenerator(
          seed: session.questions.seed &+ UInt64(session.state.game?.number ?? 0))
        return LearnScheduler(
          members: session.questions.members.map(\.id), memories: memories, using: &random)
      }()
    let step = scheduler.next(
      inPlay: inPlay, memories: memories, at: session.wallClock.unixSeconds(at: time))
    scheduler.shown(step.member)
    self.scheduler = scheduler
    switch step {
    case .introduce(let id):
      return .introduction(session.member(id) ?? session.state.upcoming.member)
    case .ask(let id):
      return .question(
        session.questions.question(
          about: id, number: (session.state.game?.questionsPlayed ?? 0) + 1,
          familiar: inPlay.filter { memories.records[$0] != nil }))
    }
  }

  /// Whatever the scheduler chooses next.
  mutating func replacing(_ current: GameStep, for session: inout Session, at time: Instant)
    -> GameStep
  {
    next(for: &session, at: time)
  }

  func upcomingMember(of session: Session) -> MemberID {
    guard let scheduler else { return session.state.upcoming.member.id }
    return scheduler.peek(
      inPlay: Set(session.membersToAsk.map(\.id)), memories: session.memories,
      at: session.wallClock.unixSeconds(at: session.now)
    ).member
  }

  mutating func answered(_ result: QuestionResult, in session: Session, at time: Double) {
    let memories = session.memories
    let before = scheduler?.recall(of: result.member.id, memories: memories, at: time)
    scheduler?.answered(
      result, recallBefore: before, options: session.rules.optionCount, model: memories.model,
      at: time)
  }

  mutating func met(_ member: MemberID, at time: Double) {
    scheduler?.met(member, at: time)
  }

  /// The people met are introduced again from the next step, as the memories now say.
  mutating func memoriesChanged() {
    scheduler = nil
  }
}
