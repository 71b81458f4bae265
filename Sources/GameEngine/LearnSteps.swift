import RealModule

/// Learn mode: name cards for new people and questions about whoever the player is most
/// likely to forget, as the `LearnScheduler` chooses them. Its scheduler is made at the
/// game's first step, from the memories then, and made again after they are forgotten.
struct LearnSteps: GameSteps {
  private var scheduler: LearnScheduler?
  /// The scheduler as it was before the step on screen was chosen: a step whose member leaves
  /// the game before it is answered is chosen again as if it had never been shown (it counts
  /// neither among the last shown nor among the name cards in a row).
  private var schedulerBeforeStep: LearnScheduler?
  /// The names known when the sitting began.
  private var knownAtStart = 0
  /// Those recognised (or known) as the sitting began, to tell the ones it taught to recognise.
  private var recognisedAtStart: Set<MemberID> = []

  /// A sitting begins: the names known now, to tell the ones it taught.
  mutating func roundStarted(in session: Session, at time: Instant) {
    knownAtStart = Self.known(in: session, at: time)
    recognisedAtStart = Set(
      session.membersToAsk.map(\.id).filter {
        session.memories.recognises($0, at: session.wallClock.unixSeconds(at: time))
      })
  }

  /// A sitting lasts its minutes of play; it ends when a reveal ends after them.
  func roundIsOver(_ session: Session, at end: Instant) -> Bool {
    session.playClock.played(at: end) >= session.rules.sittingLength
  }

  func summary(of session: Session, at end: Instant) -> RoundSummary {
    let game = session.state.game ?? Game(number: 1, mode: .learn)
    return RoundSummary(
      number: game.round, results: game.roundResults,
      sitting: RoundSummary.Sitting(
        timePlayed: session.playClock.played(at: end), knownBefore: knownAtStart,
        knownAfter: Self.known(in: session, at: end),
        recognisedAfter: Self.recognised(in: session, at: end),
        newlyRecognised: Self.recognised(in: session, at: end) { !recognisedAtStart.contains($0) },
        newAfter: session.memories.new(among: session.membersToAsk.map(\.id)),
        total: session.membersToAsk.count))
  }

  private static func known(in session: Session, at time: Instant) -> Int {
    session.memories.known(
      among: session.membersToAsk.map(\.id), at: session.wallClock.unixSeconds(at: time))
  }

  /// How many of the members to ask (those `among` says) are recognised, not known, at `time`.
  private static func recognised(
    in session: Session, at time: Instant, among: (MemberID) -> Bool = { _ in true }
  ) -> Int {
    session.memories.recognisedOnly(
      among: session.membersToAsk.map(\.id).filter(among),
      at: session.wallClock.unixSeconds(at: time))
  }

  mutating func next(for session: inout Session, at time: Instant) -> GameStep {
    let inPlay = Set(session.membersToAsk.map(\.id))
    let memories = session.memories
    var scheduler = self.scheduler(for: session)
    schedulerBeforeStep = scheduler
    let step = scheduler.next(
      inPlay: inPlay, memories: memories, at: session.wallClock.unixSeconds(at: time))
    scheduler.shown(step)
    self.scheduler = scheduler
    switch step {
    case .introduce(let id):
      return .introduction(session.member(id) ?? session.state.upcoming.member)
    case .ask(let id):
      let number = (session.state.game?.questionsPlayed ?? 0) + 1
      return .question(
        session.posable(
          session.questions.question(
            about: id, number: number, familiar: inPlay.filter { memories.records[$0] != nil },
            confusions: session.confusions,
            kind: Self.kind(
              of: id, in: memories, kinds: session.rules.questionKinds, number: number))))
    }
  }

  /// How a person is asked: picked among four until they are recognised (their last answer
  /// a recall), the name among names and, every other question, the face among faces; then
  /// their name typed, while it is being learnt (the typical speed's `MemoryState.learning`)
  /// or until it is typed right (`MemoryRecord.typed`, which `Memories.knows` needs). A name
  /// learnt and typed right is picked again: a name typed cannot be a guess, which is what the
  /// game needs while it learns how fast a new name is forgotten, but once the name is learnt
  /// and typed right a pick reviews it in less time. A miss goes back to picking. A player
  /// whose typed names say surely that they type badly (`typingPays`) is only asked to pick:
  /// for them a name typed is mostly a slow miss, and a pick teaches as much in less time.
  /// `--kind names` only picks names, `--kind faces` only faces, `--kind typing` only types.
  static func kind(
    of member: MemberID, in memories: Memories, kinds: QuestionKinds?, number: Int
  ) -> QuestionKind {
    switch kinds {
    case .names: return .name
    case .faces: return .face
    case .typing: return .typing
    case .mixed, nil:
      guard let record = memories.records[member], record.lastGrade != .again,
        record.memory.learning != nil || !record.typed, typingPays(memories.typedAnswers)
      else {
        return number % 2 == 0 ? .face : .name
      }
      return .typing
    }
  }

  /// The share of typed names right of a player for whom typing pays, and of one for whom it
  /// does not: the two hypotheses `typingPays` weighs.
  static let typingWell = 0.85
  static let typingBadly = 0.6
  /// How many times likelier the typed names must be from a player who types badly than from
  /// one who types well before learn mode stops asking them to type (a likelihood ratio).
  static let typingOdds = 19.0

  /// Whether learn mode asks this player to type a recognised name, from `typed` (the names
  /// they typed once they had answered them right: `Memories.typedAnswers`): Wald's sequential
  /// probability ratio test of a player who types `typingBadly` of names right against one
  /// who types `typingWell`, looked at after every typed answer, with its upper bound only
  /// (it never concludes that the player types well). Typing stops paying once the answers
  /// are `typingOdds` times likelier from the player who types badly. The test is made for a
  /// look after every answer: a player who types `typingWell` is ever switched with chance at
  /// most 1 / `typingOdds`, so a good typist's bad start (two right of five) does not switch
  /// them, while a player who types three names in five right is switched after about 18
  /// typed names on average. Learn mode does not undo a switch itself, since it then asks no
  /// typed names; the quiz's typed names still count.
  static func typingPays(_ typed: (right: Int, asked: Int)) -> Bool {
    let rightRatio = Double.log(typingBadly / typingWell)
    let missRatio = Double.log((1 - typingBadly) / (1 - typingWell))
    let evidence =
      Double(typed.right) * rightRatio + Double(typed.asked - typed.right) * missRatio
    return evidence < Double.log(typingOdds)
  }

  /// Whom the scheduler would choose now: the same one `next` chooses if nothing happens
  /// before it (a scheduler not made yet is made here as `next` would make it).
  func upcomingMember(of session: Session) -> MemberID {
    scheduler(for: session).next(
      inPlay: Set(session.membersToAsk.map(\.id)), memories: session.memories,
      at: session.wallClock.unixSeconds(at: session.now)
    ).member
  }

  /// The step that takes the place of one whose member left the game: chosen by the scheduler
  /// as it was before that step.
  mutating func replacing(_ current: GameStep, for session: inout Session, at time: Instant)
    -> GameStep
  {
    scheduler = schedulerBeforeStep
    return next(for: &session, at: time)
  }

  /// The people met are introduced again from the next step, as the memories now say.
  mutating func memoriesForgotten() {
    scheduler = nil
    schedulerBeforeStep = nil
  }

  /// The scheduler, or a new one for the game being played: its order of new people is
  /// shuffled from the generator's seed and the game's number, so it is the same whenever
  /// it is made.
  private func scheduler(for session: Session) -> LearnScheduler {
    if let scheduler { return scheduler }
    var random = SeededGenerator(
      seed: session.questions.seed &+ UInt64(session.state.game?.number ?? 0))
    return LearnScheduler(members: session.questions.members.map(\.id), using: &random)
  }
}
