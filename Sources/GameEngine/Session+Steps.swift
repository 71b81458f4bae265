/// The steps of a game: starting what comes next (as the game's `GameSteps` choose it), and
/// ending a question.
extension Session {
  /// Starts what comes next: the upcoming question, or in learn mode the card or question
  /// the scheduler chooses now.
  mutating func startQuestion(at start: Instant, recording transitions: inout [Transition]) {
    if everyoneInRound == nil { everyoneInRound = questions.askableInPlay.count }
    var steps = self.steps
    let step = steps.next(for: &self, at: start)
    self.steps = steps
    state.phase = step.phase
    transitions.append(Transition(kind: step.posed, at: start))
  }

  /// How a question was answered.
  enum Answer {
    case chosen(Int)
    case typed(TypedAnswer)
  }

  /// Ends the question on screen with `answer` (nil: the time ran out) at `end`.
  mutating func endQuestion(
    _ answering: Answering, answer: Answer?, at end: Instant,
    recording transitions: inout [Transition]
  ) {
    let question = answering.question
    var chosen: Int?
    var typed: TypedAnswer?
    switch answer {
    case .chosen(let index): chosen = index
    case .typed(let answer): typed = answer
    case nil: break
    }
    var reveal = Reveal(
      question: question, chosenIndex: chosen, typed: typed, step: answering.step,
      startedAt: end, isLit: false)
    reveal.isLit = isLit(reveal, after: .zero)
    state.phase = .revealing(reveal)

    let result = QuestionResult(
      question: question, outcome: reveal.outcome,
      answerTime: min(end - answering.startedAt, rules.answerTime(for: question.kind)),
      typed: typed)
    let time = wallClock.unixSeconds(at: end)
    memories.remember(result, at: time)
    if case .wrong(let chosen?) = result.outcome {
      confusions.add(question.member.id, chosen.member)
    }
    var game = state.game ?? Game(number: 1)
    game.questionsPlayed += 1
    game.roundResults.append(result)
    state.questionsPlayed += 1
    state.times.add(result)
    if result.outcome.isCorrect {
      game.score += 1
      game.streak += 1
      state.longestStreak = max(state.longestStreak, game.streak)
    } else {
      game.streak = 0
    }
    state.game = game
    results.append(result)
    state.recentResults.insert(result, at: 0)
    state.recentResults.removeLast(max(0, state.recentResults.count - Self.recentResultLimit))
    transitions.append(Transition(kind: .questionEnded(result), at: end))

    if answer == nil {
      timeoutsInARow += 1
      // Nobody answered several questions in a row: stop, with the answer on screen.
      if timeoutsInARow >= rules.pauseAfterTimeouts {
        timeoutsInARow = 0
        pause(.playerAway, at: end, recording: &transitions)
      }
    }
  }
}

extension Session {
  /// The question as it can be asked now: a question of faces is asked as names when the
  /// window has no room for four faces, or one of them has left the game.
  func posable(_ question: Question) -> Question {
    guard question.kind == .face else { return question }
    let shown = roomForFaces && question.options.allSatisfy { questions.isInPlay($0.member) }
    return shown ? question : question.asked(as: .name)
  }
}
