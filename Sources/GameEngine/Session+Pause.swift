/// Pausing and resuming: the game freezes where it is, and goes on from there.
extension Session {
  mutating func pause(
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
    playClock.stop(at: now)
    transitions.append(Transition(kind: .paused(reason), at: now))
  }

  /// Goes on where the game froze; by the rules, the score starts again at 0.
  mutating func resume(at now: Instant, recording transitions: inout [Transition]) {
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
    playClock.run(at: now)
    timeoutsInARow = 0
    transitions.append(Transition(kind: .resumed, at: now))
  }
}
