import GameEngine
import XCTest

/// The countdown, the six-step progress bar, the reveal and the flash, driven by injected time.
final class TimingTests: XCTestCase {
  func testProgressBarIsAtStepNFromNSecondsOn() {
    let cases: [(name: String, seconds: Double, step: Int)] = [
      ("empty at the start", 0, 0),
      ("still empty just before one second", 0.999, 0),
      ("step 1 at exactly one second", 1, 1),
      ("step 1 in the middle of the second second", 1.5, 1),
      ("step 2 at two seconds", 2, 2),
      ("step 3 at three seconds", 3, 3),
      ("step 4 at four seconds", 4, 4),
      ("step 4 just before the timeout", 4.999, 4),
    ]
    for testCase in cases {
      var game = gameOnFirstQuestion()
      game.play(.clockTicked, at: .seconds(testCase.seconds))
      XCTAssertEqual(game.answering?.step, testCase.step, testCase.name)
    }
  }

  /// Rules adopted as the session runs (a setting kept in the settings window) time the
  /// questions from then on, and a kind of question changed is the quiz's next game's.
  func testRulesAdoptedPlayFromThenOn() {
    var game = makeGame(seed: 1, rules: .standard)
    var longer = Rules.standard
    longer.answerTime = .seconds(8)
    longer.questionKinds = .faces
    game.adopt(longer)
    XCTAssertEqual(game.quizKinds, .faces)
    game.play(.startPressed, at: .zero)
    game.play(.clockTicked, at: .seconds(7.9))
    XCTAssertNotNil(game.answering, "eight seconds to answer")
    game.play(.clockTicked, at: .seconds(8))
    XCTAssertEqual(game.reveal?.outcome, .timedOut)
  }

  func testTheBarIsFullAtTheTimeOutAndHoldsThroughTheReveal() {
    var game = gameOnFirstQuestion()
    game.play(.clockTicked, at: .seconds(5))
    XCTAssertEqual(game.reveal?.step, 5)
    XCTAssertEqual(game.reveal?.outcome, .timedOut)
    game.play(.clockTicked, at: .seconds(6.9))
    XCTAssertEqual(game.reveal?.step, 5)
  }

  func testEveryStepIsTickedInTurnWhenTheClockFollowsNextChange() {
    var game = gameOnFirstQuestion()
    var seen: [(Instant, Int)] = []
    while let due = game.nextChange, game.answering != nil {
      game.play(.clockTicked, at: due)
      seen.append((due, game.state.phase.progressStep))
    }
    XCTAssertEqual(seen.map(\.0), (1...5).map { .seconds(Double($0)) })
    XCTAssertEqual(seen.map(\.1), [1, 2, 3, 4, 5])
    XCTAssertEqual(game.reveal?.outcome, .timedOut)
  }

  func testAnAnswerJustBeforeFiveSecondsCountsAndOneAtFiveIsATimeOut() {
    let cases: [(name: String, seconds: Double, outcome: Outcome, score: Int)] = [
      ("answer at 4.999 s counts", 4.999, .correct, 1),
      ("answer at 5 s is too late", 5, .timedOut, 0),
      ("answer at 5.001 s without a tick in between is too late", 5.001, .timedOut, 0),
    ]
    for testCase in cases {
      var game = gameOnFirstQuestion()
      game.play(.answerChosen(game.correctIndex), at: .seconds(testCase.seconds))
      XCTAssertEqual(game.reveal?.outcome, testCase.outcome, testCase.name)
      XCTAssertEqual(game.state.score, testCase.score, testCase.name)
      XCTAssertEqual(game.state.questionsPlayed, 1, testCase.name)
    }
  }

  func testATimeOutRevealsFromTheDeadlineEvenWhenTheTickIsLate() {
    var game = gameOnFirstQuestion()
    game.play(.clockTicked, at: .seconds(5.3))
    XCTAssertEqual(game.reveal?.startedAt, .seconds(5))
    let next = game.state.upcoming
    XCTAssertEqual(
      game.handle(.clockTicked, at: .seconds(7.004)),
      [Transition(kind: .questionPosed(next), at: .seconds(7))],
      "the next question appears when it was due, however late the tick")
  }

  func testTheRevealLastsTwoSecondsFromTheAnswerThenTheNextQuestionAppears() {
    var game = gameOnFirstQuestion()
    let first = game.state.phase.question!
    let upcoming = game.state.upcoming
    game.play(.answerChosen(game.correctIndex), at: .seconds(1.25))
    game.play(.clockTicked, at: .seconds(3.249))
    XCTAssertEqual(game.reveal?.question, first)
    game.play(.clockTicked, at: .seconds(3.25))
    XCTAssertEqual(game.answering?.question, upcoming)
    XCTAssertEqual(game.answering?.startedAt, .seconds(3.25))
    XCTAssertEqual(game.answering?.step, 0)
    XCTAssertNotEqual(game.state.upcoming, upcoming, "a new question is prepared in advance")
  }

  func testTheRevealTellsWhatWasChosenWhetherItWasRightAndWhatWasCorrect() {
    var right = gameOnFirstQuestion()
    right.play(.answerChosen(right.correctIndex), at: .seconds(2.5))
    XCTAssertEqual(right.reveal?.chosenIndex, right.correctIndex)
    XCTAssertEqual(right.reveal?.outcome, .correct)
    XCTAssertEqual(right.reveal?.step, 2, "the bar holds the step it had reached")

    var wrong = gameOnFirstQuestion()
    let question = wrong.state.phase.question!
    wrong.play(.answerChosen(wrong.wrongIndex), at: .seconds(0.5))
    XCTAssertEqual(wrong.reveal?.chosenIndex, wrong.wrongIndex)
    XCTAssertEqual(wrong.reveal?.outcome, .wrong(chosen: question.options[wrong.wrongIndex]))
    XCTAssertEqual(wrong.reveal?.question.correctIndex, question.correctIndex)
    XCTAssertEqual(wrong.reveal?.step, 0)
  }

  func testAnswersDuringTheRevealChangeNothing() {
    var game = gameOnFirstQuestion()
    game.play(.answerChosen(game.wrongIndex), at: .seconds(1))
    let before = game.state
    for index in 0..<4 {
      game.play(.answerChosen(index), at: .seconds(1.1))
    }
    XCTAssertEqual(game.state, before)
  }

  func testAnswersOutsideTheFourOptionsAreIgnored() {
    var game = gameOnFirstQuestion()
    let before = game.state
    game.play(.answerChosen(4), at: .zero)
    game.play(.answerChosen(-1), at: .zero)
    XCTAssertEqual(game.state, before)
  }

  func testTheChosenButtonFlashesDuringTheReveal() {
    let cases: [(seconds: Double, lit: Bool)] = [
      (2, true), (2.249, true), (2.25, false), (2.499, false), (2.5, true), (2.75, false),
      (3, true), (3.25, false), (3.5, true), (3.75, false), (3.999, false),
    ]
    var game = gameOnFirstQuestion()
    game.play(.answerChosen(game.correctIndex), at: .seconds(2))
    for testCase in cases {
      game.play(.clockTicked, at: .seconds(testCase.seconds))
      XCTAssertEqual(game.reveal?.isLit, testCase.lit, "at \(testCase.seconds) s")
    }
  }

  func testNothingFlashesAfterATimeOut() {
    var game = gameOnFirstQuestion()
    for seconds in [5, 5.3, 5.6, 6, 6.9] {
      game.play(.clockTicked, at: .seconds(seconds))
      XCTAssertEqual(game.reveal?.isLit, false, "at \(seconds) s")
    }
    XCTAssertEqual(game.nextChange, .seconds(7), "only the end of the reveal is due")
  }

  func testNextChangeIsTheNextStepFlashOrEndOfPhase() {
    var game = makeGame()
    XCTAssertNil(game.nextChange, "nothing ticks on the start screen")
    game.play(.startPressed, at: .zero)
    XCTAssertEqual(game.nextChange, .seconds(1))
    game.play(.clockTicked, at: .seconds(3.2))
    XCTAssertEqual(game.nextChange, .seconds(4))
    game.play(.answerChosen(0), at: .seconds(3.5))
    XCTAssertEqual(game.nextChange, .seconds(3.75), "the first flash toggle")
    game.play(.clockTicked, at: .seconds(5.3))
    XCTAssertEqual(game.nextChange, .seconds(5.5), "the last toggle and the end of the reveal")
    game.play(.pausePressed, at: .seconds(5.4))
    XCTAssertNil(game.nextChange, "nothing ticks while paused")
  }

  func testNoFlashWhenTheRevealIsShorterThanAHalfPeriod() {
    var game = gameOnFirstQuestion(rules: Rules(revealTime: .milliseconds(100)))
    game.play(.answerChosen(0), at: .seconds(1))
    XCTAssertEqual(game.nextChange, .seconds(1.1))
  }

  func testOtherAnswerTimesSplitTheBarIntoFiveEqualSteps() {
    let rules = Rules(answerTime: .seconds(8))
    let cases: [(seconds: Double, step: Int)] = [(1.599, 0), (1.6, 1), (4.8, 3), (7.999, 4)]
    for testCase in cases {
      var game = gameOnFirstQuestion(rules: rules)
      game.play(.clockTicked, at: .seconds(testCase.seconds))
      XCTAssertEqual(game.answering?.step, testCase.step, "at \(testCase.seconds) s")
    }
    var game = gameOnFirstQuestion(rules: rules)
    game.play(.clockTicked, at: .seconds(8))
    XCTAssertEqual(game.reveal?.outcome, .timedOut)
  }

  func testAZeroRevealGoesStraightToTheNextQuestion() {
    var game = gameOnFirstQuestion(rules: Rules(revealTime: .zero))
    let upcoming = game.state.upcoming
    game.play(.answerChosen(game.correctIndex), at: .seconds(2))
    XCTAssertEqual(game.answering?.question, upcoming)
    XCTAssertEqual(game.state.score, 1)
  }

  func testAfterALongStallTheNextQuestionStartsWhenItCanBeSeen() {
    var game = gameOnFirstQuestion()
    game.play(.clockTicked, at: .seconds(60))
    XCTAssertEqual(game.state.questionsPlayed, 1, "only the question on screen timed out")
    XCTAssertEqual(game.answering?.startedAt, .seconds(60))
    XCTAssertEqual(game.answering?.step, 0)
  }

  func testASmallDelayKeepsTheScheduleExact() {
    var game = gameOnFirstQuestion()
    let transitions = game.handle(.clockTicked, at: .seconds(7.5))
    XCTAssertEqual(transitions.last?.at, .seconds(7))
    XCTAssertEqual(game.state.phase, .loading(game.state.phase.question!))
  }

  func testTheAnswerTimeRunsFromTheMomentTheFaceIsShown() {
    var game = makeGame()
    let question = game.state.upcoming
    XCTAssertEqual(
      game.handle(.startPressed, at: .seconds(1)),
      [Transition(kind: .questionPosed(question), at: .seconds(1))])
    XCTAssertNil(game.nextChange, "nothing is due while the face loads")
    game.handle(.clockTicked, at: .seconds(20))
    game.handle(.answerChosen(question.correctIndex), at: .seconds(20))
    XCTAssertEqual(game.state.phase, .loading(question), "no answer before the face is shown")
    XCTAssertEqual(
      game.handle(.faceShown, at: .seconds(21.5)),
      [Transition(kind: .questionShown(question), at: .seconds(21.5))])
    XCTAssertEqual(game.answering?.step, 0)
    XCTAssertEqual(game.nextChange, .seconds(22.5))
    game.handle(.answerChosen(question.correctIndex), at: .seconds(23))
    XCTAssertEqual(game.state.recentResults.first?.answerTime, .milliseconds(1500))
  }

  func testAFaceShownTwiceOrOutsideALoadingQuestionChangesNothing() {
    var game = gameOnFirstQuestion()
    let before = game.state
    XCTAssertEqual(game.handle(.faceShown, at: .zero), [])
    XCTAssertEqual(game.state.phase, before.phase)
    var start = makeGame()
    XCTAssertEqual(start.handle(.faceShown, at: .seconds(1)), [])
    XCTAssertEqual(start.state.phase, .start)
  }

  func testTransitionsArriveInOrderWithTheInstantEachWasDue() {
    var game = gameOnFirstQuestion()
    let first = game.state.phase.question!
    let second = game.state.upcoming
    let transitions = game.play(.clockTicked, at: .seconds(7.2))
    XCTAssertEqual(
      transitions,
      [
        Transition(
          kind: .questionEnded(
            QuestionResult(question: first, outcome: .timedOut, answerTime: .seconds(5))),
          at: .seconds(5)),
        Transition(kind: .questionPosed(second), at: .seconds(7)),
        Transition(kind: .questionShown(second), at: .seconds(7.2)),
      ])
  }

  func testTimeNeverRunsBackwards() {
    var game = gameOnFirstQuestion()
    game.play(.clockTicked, at: .seconds(3))
    game.play(.answerChosen(game.correctIndex), at: .seconds(1))
    XCTAssertEqual(game.reveal?.startedAt, .seconds(3))
    XCTAssertEqual(game.reveal?.step, 3)
  }
}
