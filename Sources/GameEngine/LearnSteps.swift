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

  /// A sitting begins: the names known now, to tell the ones it taught.
  mutating func roundStarted(in session: Session, at time: Instant) {
    knownAtStart = Self.known(in: session, at: time)
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
        recognisedAfter: session.memories.recognisedOnly(
          among: session.membersToAsk.map(\.id), at: session.wallClock.unixSeconds(at: end)),
        total: session.membersToAsk.count))
  }

  private static func known(in session: Session, at time: Instant) -> Int {
    session.memories.known(
      among: session.membersToAsk.map(\.id), at: session.wallClock.unixSeconds(at: time))
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
      let kinds = session.rules.questionKinds
      // The question is made as `kind` says; a pick is then asked typed instead where typing
      // pays more per second (its options say how likely a right pick is a guess).
      let question = session.questions.question(
        about: id, number: number, familiar: inPlay.filter { memories.records[$0] != nil },
        confusions: session.confusions,
        kind: Self.kind(of: id, in: memories, kinds: kinds, number: number))
      guard question.kind.isChosen, kinds == .mixed || kinds == nil,
        Self.typingPays(
          instead: question, in: memories, at: session.wallClock.unixSeconds(at: time),
          reveal: session.rules.revealTime.seconds)
      else { return .question(session.posable(question)) }
      return .question(session.posable(question.asked(as: .typing)))
    }
  }

  /// Whether a name typed gains more per second of the player's time than `pick`, a question
  /// of the name or the face among several about someone recognised whose name the player has
  /// typed right before (a player for whom typing pays at all, `typingPays(_:)`). Both teach
  /// what a recall teaches, but what a right pick teaches counts only as far as it was likely
  /// known rather than guessed (`Memories.knew`, by the recall now and
  /// `Memories.guessChance`, the chance that a guess among these very options is right, high
  /// among names the player knows): the rest the game cannot tell from a guess, and must ask
  /// again. A name typed cannot be a guess, and takes longer: the player's own mean time for
  /// each kind (`Memories.answerSeconds`), each with the reveal after it. So a name is typed
  /// again where a right pick would likely be a guess: its recall low, the other options
  /// people the player knows. With the figures of a first sitting (a pick 2 s, a name typed
  /// 5 s, each revealed 2 s), typing pays when P(knew) < 4 / 7: below a recall of 0.57
  /// among three names recalled at once, never among three strangers (a guess one in four)
  /// above a recall of 0.25.
  static func typingPays(
    instead pick: Question, in memories: Memories, at time: Double, reveal: Double
  ) -> Bool {
    let member = pick.member.id
    guard let record = memories.records[member], record.typed, record.lastGrade != .again,
      typingPays(memories.typedAnswers), let recall = memories.recall(of: member, at: time)
    else { return false }
    let guess = memories.guessChance(
      ruledOutAmong: pick.options.map(\.member).filter { $0 != member }, at: time)
    let seconds = memories.answerSeconds
    return Memories.knew(recallBefore: recall, guess: guess) * (seconds.typed + reveal)
      < seconds.chosen + reveal
  }

  /// How a person is asked, before `next` weighs typing against the pick it makes
  /// (`typingPays(instead:in:at:reveal:)`): picked among four until they are recognised (their
  /// last answer a recall), the name among names and, every other question, the face among
  /// faces; then their name typed until it is typed right (`MemoryRecord.typed`, which
  /// `Memories.knows` needs), and picked again after. A player whose typed names say surely
  /// that they type well (`typesWell`) is typed a name typed right before while it is still
  /// being learnt (the typical speed's `MemoryState.learning`) too: their typed answers tell
  /// the game what a pick cannot, while it learns how fast a new name is forgotten. A miss
  /// goes back to picking. A player whose typed names say surely that they type badly
  /// (`typingPays(_:)`) is only asked to pick: for them a name typed is mostly a slow miss,
  /// and a pick teaches as much in less time.
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
        !record.typed || (record.memory.learning != nil && typesWell(memories.typedAnswers)),
        typingPays(memories.typedAnswers)
      else {
        return number % 2 == 0 ? .face : .name
      }
      return .typing
    }
  }

  /// The share of typed names right of a player for whom typing pays, and of one for whom it
  /// does not: the two hypotheses `typingEvidence` weighs.
  static let typingWell = 0.85
  static let typingBadly = 0.6
  /// How many times likelier the typed names must be from a player who types badly than from
  /// one who types well before learn mode stops asking them to type (a likelihood ratio), and
  /// from one who types well before it types their names being learnt.
  static let typingOdds = 19.0

  /// Whether learn mode asks this player to type a recognised name, from `typed` (the names
  /// they typed once they had answered them right: `Memories.typedAnswers`): Wald's sequential
  /// probability ratio test (`typingEvidence`) of a player who types `typingBadly` of names
  /// right against one who types `typingWell`, looked at after every typed answer. Typing stops
  /// paying once the answers are `typingOdds` times likelier from the player who types badly.
  /// The test is made for a look after every answer: a player who types `typingWell` is ever
  /// switched with chance at most 1 / `typingOdds`, so a good typist's bad start (two right of
  /// five) does not switch them, while a player who types three names in five right is
  /// switched after about 18 typed names on average. Learn mode does not undo a switch itself,
  /// since it then asks no typed names; the quiz's typed names still count.
  static func typingPays(_ typed: (right: Int, asked: Int)) -> Bool {
    typingEvidence(typed) < Double.log(typingOdds)
  }

  /// Whether the player's typed names say surely that they type well: the same test's other
  /// bound, the answers `typingOdds` times likelier from a player who types `typingWell` of
  /// names right than from one who types `typingBadly` (about 17 typed names of a player who
  /// types 0.87 of them right, while the evidence of one who types less than 0.74 of them
  /// right drifts away from it, though a lucky start may reach it). It is looked at anew at
  /// each question: a miss may take a player back below it. Until then learn mode types a
  /// name only until it is typed right.
  static func typesWell(_ typed: (right: Int, asked: Int)) -> Bool {
    typingEvidence(typed) <= -Double.log(typingOdds)
  }

  /// The log of how many times likelier `typed` is from a player who types `typingBadly` of
  /// names right than from one who types `typingWell` (negative: likelier from the one who
  /// types well).
  static func typingEvidence(_ typed: (right: Int, asked: Int)) -> Double {
    let rightRatio = Double.log(typingBadly / typingWell)
    let missRatio = Double.log((1 - typingBadly) / (1 - typingWell))
    return Double(typed.right) * rightRatio + Double(typed.asked - typed.right) * missRatio
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
