/// What a game asks next. The timed quiz's rounds (`QuizRounds`) and learn mode
/// (`LearnSteps`) are its two kinds; the session asks the kind its game plays and never tests
/// the mode to decide. Another kind (a confusion drill, a round of typed names) is one more
/// type that conforms, and one more case in `PlayMode.steps`.
protocol GameSteps: Sendable {
  /// The card or question that starts at `time`. It may draw on the session's question
  /// generator and upcoming question, hence `inout`.
  mutating func next(for session: inout Session, at time: Instant) -> GameStep
  /// The card or question that takes the place of `current`, whose member left the game
  /// before it was answered. By default, whatever comes next.
  mutating func replacing(_ current: GameStep, for session: inout Session, at time: Instant)
    -> GameStep
  /// Who is shown next, as far as can be told now (their picture can be prepared).
  func upcomingMember(of session: Session) -> MemberID
  /// The memories were cleared: everyone is new again.
  mutating func memoriesForgotten()
  /// A round (a sitting of learn mode) begins at `time`.
  mutating func roundStarted(in session: Session, at time: Instant)
  /// Whether the round is over once an answer's reveal ends at `end`: by default, when it
  /// has had its questions.
  func roundIsOver(_ session: Session, at end: Instant) -> Bool
  /// What the finished scene tells of the round that ended at `end`.
  func summary(of session: Session, at end: Instant) -> RoundSummary
}

/// What a kind that keeps nothing of its own between steps does: the step that replaces
/// another is just the next one, and forgotten memories are none of its business.
extension GameSteps {
  mutating func replacing(_ current: GameStep, for session: inout Session, at time: Instant)
    -> GameStep
  {
    next(for: &session, at: time)
  }

  mutating func memoriesForgotten() {}
  mutating func roundStarted(in session: Session, at time: Instant) {}

  func roundIsOver(_ session: Session, at end: Instant) -> Bool {
    (session.state.game?.roundResults.count ?? 0) >= session.questionsInRound
  }

  func summary(of session: Session, at end: Instant) -> RoundSummary {
    let game = session.state.game ?? Game(number: 1)
    return RoundSummary(number: game.round, results: game.roundResults)
  }
}

/// How a game chooses whom to show.
public enum PlayMode: String, Hashable, Sendable, CaseIterable {
  /// The classic timed quiz: everyone once, shuffled, round after round.
  case quiz
  /// Learning: new people are introduced with a name card one at a time, and the questions
  /// ask whoever the player is most likely to forget.
  case learn
  /// The confusions drill: the pairs of people taken for each other, side by side, then asked
  /// (see `ConfusionDrill`).
  case drill
}

extension PlayMode {
  /// The kind of steps a new game of this mode plays: the one place where the engine chooses
  /// what a mode asks (what else a new mode needs: docs/architecture.md, "A new kind of game").
  var steps: any GameSteps {
    switch self {
    case .quiz: QuizRounds()
    case .learn: LearnSteps()
    case .drill: ConfusionDrill()
    }
  }
}

/// A step of a game: a question (its face loading), a name card, or a card of two people
/// often taken for each other.
enum GameStep: Hashable, Sendable {
  case question(Question)
  case introduction(Member)
  case pair(Member, Member)

  /// The card on screen, as a step.
  static func card(_ introduction: Introduction) -> GameStep {
    introduction.partner.map { .pair(introduction.member, $0) }
      ?? .introduction(introduction.member)
  }

  /// The card it shows, if it is one.
  private var card: Introduction? {
    switch self {
    case .question: nil
    case .introduction(let member): Introduction(member: member)
    case .pair(let member, let partner): Introduction(member: member, partner: partner)
    }
  }

  /// The phase it starts.
  var phase: Phase {
    switch self {
    case .question(let question): .loading(question)
    case .introduction, .pair: .introducing(card!)
    }
  }

  /// The same step, frozen by a pause.
  var interrupted: Interrupted {
    switch self {
    case .question(let question): .loading(question)
    case .introduction, .pair: .introducing(card!)
    }
  }

  /// The transition that says it was posed.
  var posed: Transition.Kind {
    switch self {
    case .question(let question): .questionPosed(question)
    case .introduction(let member), .pair(let member, _): .introductionPosed(member)
    }
  }
}
