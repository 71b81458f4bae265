/// A member leaving the game: their photo cannot be shown after all.
extension Session {
  /// A member whose photo cannot be shown leaves the game. A card or question about them
  /// that was not answered yet (also under a pause) gives way to the step the game's kind
  /// puts in its place.
  mutating func withdraw(_ id: MemberID, at now: Instant, recording transitions: inout [Transition])
  {
    guard let member = member(id), questions.withdraw(id) else { return }
    transitions.append(Transition(kind: .memberWithdrawn(member), at: now))
    // The withdrawn member's name may stay among the upcoming question's other names.
    if state.upcoming.shows(id) {
      state.upcoming = questions.replacing(state.upcoming, confusions: confusions, kinds: quizKinds)
    }
    guard state.phase.shows(id) else { return }
    var paused: Paused?
    let current: GameStep
    switch state.phase {
    case .loading(let question): current = .question(question)
    case .answering(let answering): current = .question(answering.question)
    case .introducing(let introduction): current = .card(introduction)
    case .paused(let frozen):
      paused = frozen
      switch frozen.interrupted {
      case .loading(let question): current = .question(question)
      case .answering(let answering): current = .question(answering.question)
      case .introducing(let introduction): current = .card(introduction)
      case .revealing: return
      }
    case .start, .revealing, .finished:
      return
    }
    var steps = self.steps
    let next = steps.replacing(current, for: &self, at: now)
    self.steps = steps
    if let paused {
      state.phase = .paused(
        Paused(interrupted: next.interrupted, elapsed: .zero, reason: paused.reason))
    } else {
      state.phase = next.phase
    }
    transitions.append(Transition(kind: next.posed, at: now))
  }
}
