/// The confusions drill: the pairs of people the player has taken for each other at least
/// twice (`Session.drillPairs`), most often first, a few a round. Each pair is shown side by
/// side on a card, two faces with their names; then each of the two is asked by name and then
/// by face, the other always among the options. A round ends once its pairs are asked; the
/// next round takes the next pairs, and after the last starts again from the first.
struct ConfusionDrill: GameSteps {
  /// How often two people must have been taken for each other to be drilled.
  static let timesConfused = 2
  /// How many pairs a round drills.
  static let pairsInARound = 5

  private enum Item: Hashable {
    case pair(MemberID, MemberID)
    case ask(MemberID, partner: MemberID, QuestionKind)

    var member: MemberID {
      switch self {
      case .pair(let member, _), .ask(let member, _, _): member
      }
    }
  }

  /// What is left of the round, in order.
  private var items: [Item] = []
  /// The pairs drilled since every pair was last drilled: a round takes the most confused
  /// of the others, so that none is skipped or drilled twice before all are, however the
  /// round's own answers reorder them.
  private var drilled: Set<[MemberID]> = []

  mutating func roundStarted(in session: Session, at time: Instant) {
    let pairs = session.drillPairs
    guard !pairs.isEmpty else { return items = [] }
    var chosen = Array(pairs.filter { !drilled.contains([$0.0, $0.1]) }.prefix(Self.pairsInARound))
    if chosen.count < min(Self.pairsInARound, pairs.count) {
      // Every pair drilled: another turn of them all, from the most confused.
      drilled = []
      let more = pairs.filter { pair in !chosen.contains { $0 == pair } }
      chosen += more.prefix(Self.pairsInARound - chosen.count)
    }
    for pair in chosen { drilled.insert([pair.0, pair.1]) }
    items = chosen.flatMap { (one, other) -> [Item] in
      [
        .pair(one, other), .ask(one, partner: other, .name), .ask(other, partner: one, .name),
        .ask(one, partner: other, .face), .ask(other, partner: one, .face),
      ]
    }
  }

  mutating func next(for session: inout Session, at time: Instant) -> GameStep {
    while !items.isEmpty {
      let item = items.removeFirst()
      switch item {
      case .pair(let one, let other):
        guard session.questions.isInPlay(one), session.questions.isInPlay(other),
          let first = session.member(one), let second = session.member(other)
        else { continue }
        return .pair(first, second)
      case .ask(let member, let partner, let kind):
        guard session.questions.isInPlay(member), session.questions.isInPlay(partner) else {
          continue
        }
        // The partner is the only one confused with the member: always among the options.
        return .question(
          session.posable(
            session.questions.question(
              about: member, number: (session.state.game?.questionsPlayed ?? 0) + 1,
              confusions: Confusions([(member, partner)]), kind: kind)))
      }
    }
    // Everyone left of the round has left the game: the quiz's next question, and the round
    // is over after it.
    return QuizRounds().next(for: &session, at: time)
  }

  func roundIsOver(_ session: Session, at end: Instant) -> Bool {
    items.isEmpty
  }

  func upcomingMember(of session: Session) -> MemberID {
    items.first?.member ?? session.state.upcoming.member.id
  }
}
