import RealModule

/// Learn mode: name cards for new people and questions about whoever the player is most
/// likely to forget, as the `LearnScheduler` chooses them. Its scheduler is made at the
/// game's first step, from the memories then, and made again after they are forgotten.
struct LearnSteps: GameSteps {
  private var scheduler: LearnScheduler?
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
    let step = scheduler.next(
      inPlay: inPlay, memories: memories, at: session.wallClock.unixSeconds(at: time))
    scheduler.shown(step.member)
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
  /// their name typed. A miss goes back to picking. A player whose typed names are likely
  /// right less than three times in four (`typingPays`) is only asked to pick: for them a
  /// name typed is mostly a slow miss, and a pick teaches as much in less time.
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
        typingPays(memories.typedAnswers)
      else {
        return number % 2 == 0 ? .face : .name
      }
      return .typing
    }
  }

  /// The share of typed names right below which typing does not pay.
  static let typingLine = 0.75
  /// How sure the game must be that the player's typed names are right less often than
  /// `typingLine` before it stops asking them to type.
  static let typingSureness = 0.95

  /// Whether learn mode asks this player to type a recognised name: unless, after `typed` (the
  /// names they typed once they had answered them right: `Memories.typedAnswers`), the chance
  /// that they type a name right is below `typingLine` with probability above `typingSureness`.
  /// The chance is believed uniform before any answer, so after r right of n it is
  /// Beta(r + 1, n - r + 1), whose probability below the line is that of at least r + 1
  /// successes in n + 1 draws at the line. Two misses and nothing right suffice; a player who
  /// types well is most unlikely to be switched. Learn mode does not undo a switch itself,
  /// since it then asks no typed names; the quiz's typed names still count.
  static func typingPays(_ typed: (right: Int, asked: Int)) -> Bool {
    let draws = typed.asked + 1
    let (logLine, logMiss) = (Double.log(typingLine), Double.log(1 - typingLine))
    var below = 0.0
    for successes in (typed.right + 1)...draws {
      let ways =
        Double.logGamma(Double(draws + 1)) - Double.logGamma(Double(successes + 1))
        - Double.logGamma(Double(draws - successes + 1))
      below += Double.exp(
        ways + Double(successes) * logLine + Double(draws - successes) * logMiss)
    }
    return below <= typingSureness
  }

  /// Whom the scheduler would choose now: the same one `next` chooses if nothing happens
  /// before it (a scheduler not made yet is made here as `next` would make it).
  func upcomingMember(of session: Session) -> MemberID {
    scheduler(for: session).next(
      inPlay: Set(session.membersToAsk.map(\.id)), memories: session.memories,
      at: session.wallClock.unixSeconds(at: session.now)
    ).member
  }

  /// The people met are introduced again from the next step, as the memories now say.
  mutating func memoriesForgotten() {
    scheduler = nil
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
