/// The timed quiz: the question generator's questions, one after another, each asked as the
/// rules' kinds say; the next is drawn ahead (`State.upcoming`) so that its picture is ready
/// in time.
struct QuizRounds: GameSteps {
  func next(for session: inout Session, at time: Instant) -> GameStep {
    let question = session.state.upcoming
    session.state.upcoming = session.questions.next(
      confusions: session.confusions, kinds: session.quizKinds)
    return .question(session.posable(question))
  }

  /// The upcoming question (its picture is ready) under the number of the one that gave way,
  /// so no number is skipped; another is drawn to come next.
  func replacing(_ current: GameStep, for session: inout Session, at time: Instant) -> GameStep {
    guard case .question(let question) = current else { return next(for: &session, at: time) }
    let next = session.state.upcoming.numbered(question.number)
    session.state.upcoming = session.questions.replacing(
      session.state.upcoming, confusions: session.confusions, kinds: session.quizKinds)
    return .question(session.posable(next))
  }

  func upcomingMember(of session: Session) -> MemberID { session.state.upcoming.member.id }
}
