import GameEngine
import XCTest

/// Pausing by hand and by leaving the quiz screen. Each step is checked whole (the session's
/// state, or its whole snapshot), so that a change nobody meant fails.
final class PauseTests: XCTestCase {
  func testPauseFreezesBothClocksAndResumeGoesOnWithTheTimeThatWasLeft() throws {
    var game = gameOnFirstQuestion()
    let question = try XCTUnwrap(game.state.phase.question)
    game.play(.answerChosen(question.correctIndex), at: .seconds(1))
    game.play(.clockTicked, at: .seconds(2.5))
    var expected = game.state
    game.play(.pausePressed, at: .seconds(2.6))
    // 1.6 s into the reveal, six halves of the flash have passed: the button is lit.
    var reveal = Reveal(
      question: question, chosenIndex: question.correctIndex, step: 1, startedAt: .seconds(1),
      isLit: true)
    expected.phase = .paused(
      Paused(
        interrupted: .revealing(reveal), elapsed: Instant.seconds(2.6) - .seconds(1),
        reason: .player))
    XCTAssertEqual(game.state, expected)

    var frozen = SessionSnapshot(game)
    game.play(.clockTicked, at: .seconds(100))
    frozen.now = .seconds(100)
    XCTAssertEqual(SessionSnapshot(game), frozen, "nothing moves while paused but the time")

    game.play(.resumePressed, at: .seconds(100))
    reveal.startedAt = .seconds(98.4)
    expected.phase = .revealing(reveal)
    expected.game?.score = 0
    XCTAssertEqual(game.state, expected)
    XCTAssertEqual(game.nextChange, .seconds(98.4) + .milliseconds(1_750), "the flash's next half")

    game.play(.clockTicked, at: .seconds(100.399))
    reveal.isLit = false
    expected.phase = .revealing(reveal)
    XCTAssertEqual(game.state, expected, "0.4 s of the reveal were left")

    let upcoming = game.state.upcoming
    game.play(.clockTicked, at: .seconds(100.4))
    expected.phase = .answering(Answering(question: upcoming, startedAt: .seconds(100.4), step: 0))
    expected.upcoming = game.state.upcoming
    XCTAssertNotEqual(game.state.upcoming, upcoming, "another question is drawn to come next")
    XCTAssertEqual(game.state, expected)
  }

  func testPauseDuringAQuestionKeepsItsStepAndRemainingTime() {
    var game = gameOnFirstQuestion()
    let question = game.answering!.question
    game.play(.pausePressed, at: .seconds(2.5))
    XCTAssertEqual(
      game.state.phase,
      .paused(
        Paused(
          interrupted: .answering(Answering(question: question, startedAt: .zero, step: 2)),
          elapsed: .seconds(2.5), reason: .player)))
    XCTAssertNil(game.nextChange)

    game.play(.resumePressed, at: .seconds(40))
    XCTAssertEqual(
      game.state.phase,
      .answering(Answering(question: question, startedAt: .seconds(37.5), step: 2)))
    XCTAssertEqual(game.nextChange, .seconds(40.5))
    game.play(.clockTicked, at: .seconds(42.499))
    XCTAssertEqual(
      game.state.phase,
      .answering(Answering(question: question, startedAt: .seconds(37.5), step: 4)))
    game.play(.clockTicked, at: .seconds(42.5))
    XCTAssertEqual(
      game.state.phase,
      .revealing(
        Reveal(
          question: question, chosenIndex: nil, step: 5, startedAt: .seconds(42.5), isLit: false)))
    XCTAssertEqual(
      game.state.game?.roundResults,
      [QuestionResult(question: question, outcome: .timedOut, answerTime: .seconds(5))],
      "a timeout after 2.5 s before the pause and 2.5 s after it")
    XCTAssertEqual(game.state.score, 0)
  }

  func testResumeResetsTheScoreToZero() {
    var game = gameOnFirstQuestion()
    game.play(.answerChosen(game.correctIndex), at: .seconds(1))
    XCTAssertEqual(game.state.score, 1)
    game.play(.pausePressed, at: .seconds(2))
    XCTAssertEqual(game.state.score, 1, "pausing alone keeps the score")
    var expected = game.state
    game.play(.resumePressed, at: .seconds(3))
    // The reveal goes on where it froze; the score starts again, the session's record stays.
    expected.game?.score = 0
    if case .paused(let paused) = expected.phase, case .revealing(var reveal) = paused.interrupted {
      reveal.startedAt = .seconds(2)
      expected.phase = .revealing(reveal)
    }
    XCTAssertEqual(game.state, expected)
    XCTAssertEqual(game.state.longestStreak, 1, "the record of the session stays")
  }

  func testEveryWayOfLeavingTheQuizPausesARunningGame() throws {
    let cases: [(name: String, event: Event, reason: PauseReason)] = [
      ("the Pause button", .pausePressed, .player),
      ("the statistics", .statsOpened, .screenLeft),
      ("help, start screen, suspend, focus lost or too small", .screenLeft, .screenLeft),
    ]
    for testCase in cases {
      var answering = gameOnFirstQuestion()
      let question = try XCTUnwrap(answering.state.phase.question)
      answering.play(.clockTicked, at: .seconds(1.5))
      var expected = SessionSnapshot(answering)
      answering.play(testCase.event, at: .seconds(1.5))
      expected.state.phase = .paused(
        Paused(
          interrupted: .answering(Answering(question: question, startedAt: .zero, step: 1)),
          elapsed: .seconds(1.5), reason: testCase.reason))
      expected.nextChange = nil
      XCTAssertEqual(SessionSnapshot(answering), expected, testCase.name)

      var revealing = gameOnFirstQuestion()
      revealing.play(.answerChosen(0), at: .seconds(1))
      revealing.play(.clockTicked, at: .seconds(1.5))
      expected = SessionSnapshot(revealing)
      let reveal = try XCTUnwrap(revealing.state.phase.reveal)
      revealing.play(testCase.event, at: .seconds(1.5))
      expected.state.phase = .paused(
        Paused(interrupted: .revealing(reveal), elapsed: .seconds(0.5), reason: testCase.reason))
      expected.nextChange = nil
      XCTAssertEqual(SessionSnapshot(revealing), expected, testCase.name)
    }
  }

  func testClosingTheStatsLeavesTheGamePaused() {
    var game = gameOnFirstQuestion()
    game.play(.statsOpened, at: .seconds(1))
    var paused = SessionSnapshot(game)
    game.play(.statsClosed, at: .seconds(5))
    paused.now = .seconds(5)
    XCTAssertEqual(SessionSnapshot(game), paused)
  }

  func testEventsThatDoNotApplyChangeNothing() {
    let cases: [(name: String, game: Session, event: Event)] = [
      ("stats on the start screen", makeGame(), .statsOpened),
      ("leaving the start screen", makeGame(), .screenLeft),
      ("pause on the start screen", makeGame(), .pausePressed),
      ("resume on the start screen", makeGame(), .resumePressed),
      ("an answer on the start screen", makeGame(), .answerChosen(0)),
      ("resume while running", gameOnFirstQuestion(), .resumePressed),
      ("start while running", gameOnFirstQuestion(), .startPressed),
      ("closing stats while running", gameOnFirstQuestion(), .statsClosed),
      ("pause while paused", pausedGame(), .pausePressed),
      ("stats while paused", pausedGame(), .statsOpened),
      ("an answer while paused", pausedGame(), .answerChosen(0)),
    ]
    for testCase in cases {
      var game = testCase.game
      let transitions = game.play(testCase.event, at: game.now)
      XCTAssertEqual(SessionSnapshot(game), SessionSnapshot(testCase.game), testCase.name)
      XCTAssertEqual(transitions, [], testCase.name)
    }
  }

  func testStartFromAPausedGameBeginsANewGameWithScoreZero() {
    var game = gameOnFirstQuestion()
    game.play(.answerChosen(game.correctIndex), at: .seconds(1))
    game.play(.screenLeft, at: .seconds(2))
    var expected = game.state
    let upcoming = game.state.upcoming
    game.play(.startPressed, at: .seconds(10))
    // A new game (score and streak 0) on the upcoming question; the session's record stays.
    expected.phase = .answering(Answering(question: upcoming, startedAt: .seconds(10), step: 0))
    expected.game = Game(number: 2)
    expected.upcoming = game.state.upcoming
    XCTAssertNotEqual(game.state.upcoming, upcoming, "another question is drawn to come next")
    XCTAssertEqual(game.state, expected)
  }

  func testPauseAndResumeAreReportedAsTransitions() {
    var game = gameOnFirstQuestion()
    XCTAssertEqual(
      game.play(.pausePressed, at: .seconds(1)),
      [Transition(kind: .paused(.player), at: .seconds(1))])
    XCTAssertEqual(
      game.play(.resumePressed, at: .seconds(9)), [Transition(kind: .resumed, at: .seconds(9))])
  }

  private func pausedGame() -> Session {
    var game = gameOnFirstQuestion()
    game.play(.pausePressed, at: .seconds(1))
    return game
  }
}
