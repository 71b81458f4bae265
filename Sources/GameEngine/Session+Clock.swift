/// Time in a session: what is due next, and bringing the phases up to an instant.
extension Session {
  /// When the next visible change is due: the next progress step, flash toggle or end of
  /// phase. Nil while nothing runs (the start screen, a pause, a face loading), so nothing
  /// needs to tick.
  public var nextChange: Instant? {
    switch state.phase {
    case .start, .paused, .loading, .finished:
      return nil
    case .introducing(let introduction):
      guard let shownAt = introduction.shownAt else { return nil }
      return shownAt + rules.stepTime(introduction.step + 1, of: rules.introductionTime)
    case .answering(let answering):
      return answering.startedAt
        + rules.stepTime(answering.step + 1, of: rules.answerTime(for: answering.question.kind))
    case .revealing(let reveal):
      let end = reveal.startedAt + rules.revealTime
      guard reveal.chosenIndex != nil else { return end }  // nothing flashes
      let halves = rules.flashHalves(after: now - reveal.startedAt)
      return min(end, reveal.startedAt + rules.flashHalfPeriod * (halves + 1))
    }
  }

  /// Moves the clock-driven parts of the game forward to `now`, passing every deadline on the
  /// way at the instant it was due.
  mutating func advance(to now: Instant, recording transitions: inout [Transition]) {
    self.now = now
    while true {
      switch state.phase {
      case .answering(var answering):
        let time = rules.answerTime(for: answering.question.kind)
        let timeout = answering.startedAt + time
        if now >= timeout {
          answering.step = rules.progressSteps
          endQuestion(answering, answer: nil, at: timeout, recording: &transitions)
          continue
        }
        answering.step = rules.step(after: now - answering.startedAt, of: time)
        state.phase = .answering(answering)
      case .revealing(var reveal):
        let end = reveal.startedAt + rules.revealTime
        if now >= end {
          let start = now - end > rules.maximumLateStart ? now : end
          if state.game != nil, steps.roundIsOver(self, at: end) {
            let summary = steps.summary(of: self, at: end)
            playClock.stop(at: end)
            state.phase = .finished(summary)
            transitions.append(Transition(kind: .roundFinished(summary), at: end))
          } else {
            startQuestion(at: start, recording: &transitions)
          }
          continue
        }
        reveal.isLit = isLit(reveal, after: now - reveal.startedAt)
        state.phase = .revealing(reveal)
      case .introducing(var introduction):
        guard let shownAt = introduction.shownAt else { break }
        let end = shownAt + rules.introductionTime
        if now >= end {
          startQuestion(at: now - end > rules.maximumLateStart ? now : end, recording: &transitions)
          continue
        }
        introduction.step = rules.step(after: now - shownAt, of: rules.introductionTime)
        state.phase = .introducing(introduction)
      case .start, .paused, .loading, .finished:
        break
      }
      return
    }
  }

  func isLit(_ reveal: Reveal, after elapsed: Duration) -> Bool {
    reveal.chosenIndex != nil && rules.flashHalves(after: elapsed) % 2 == 0
  }

  /// How many questions the round being played has; fixed when its first question is posed
  /// (everyone in play then, for `RoundLength.everyone`).
  var questionsInRound: Int {
    switch rules.roundLength {
    case .questions(let count): count
    case .everyone: everyoneInRound ?? questions.askableInPlay.count
    }
  }
}
