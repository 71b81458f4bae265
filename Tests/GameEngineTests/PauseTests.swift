import GameEngine
import XCTest

/// Pausing by hand and by leaving the quiz screen.
final class PauseTests: XCTestCase {
  func testPauseFreezesBothClocksAndResumeGoesOnWithTheTimeThatWasLeft() {
    var game = gameOnFirstQuestion()
    game.play(.answerChosen(game.correctIndex), at: .seconds(1))
    game.play(.clockTicked, at: .seconds(2.5))
    let upcoming = game.state.upcoming
    game.play(.pausePressed, at: .seconds(2.6))
    var frozen = SessionSnapshot(game)
    game.play(.clockTicked, at: .seconds(100))
    frozen.now = .seconds(100)
    XCTAssertEqual(SessionSnapshot(game), frozen, "nothing moves while paused but the time")

    game.play(.resumePressed, at: .seconds(100))
    XCTAssertEqual(game.reveal?.startedAt, .seconds(98.4))
    game.play(.clockTicked, at: .seconds(100.399))
    XCTAssertNotNil(game.reveal, "0.4 s of the reveal were left")
    game.play(.clockTicked, at: .seconds(100.4))
    XCTAssertEqual(game.answering?.question, upcoming)
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
    XCTAssertEqual(game.answering?.step, 4)
    game.play(.clockTicked, at: .seconds(42.5))
    XCTAssertEqual(game.reveal?.outcome, .timedOut)
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

  func testEveryWayOfLeavingTheQuizPausesARunningGame() {
    let cases: [(name: String, event: Event)] = [
      ("the Pause button", .pausePressed),
      ("the statistics", .statsOpened),
      ("help, start screen, suspend, focus lost or too small", .screenLeft),
    ]
    for testCase in cases {
      var answering = gameOnFirstQuestion()
      answering.play(testCase.event, at: .seconds(1.5))
      XCTAssertEqual(answering.paused?.elapsed, .seconds(1.5), testCase.name)

      var revealing = gameOnFirstQuestion()
      revealing.play(.answerChosen(0), at: .seconds(1))
      revealing.play(testCase.event, at: .seconds(1.5))
      XCTAssertEqual(revealing.paused?.elapsed, .seconds(0.5), testCase.name)
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
    let upcoming = game.state.upcoming
    game.play(.startPressed, at: .seconds(10))
    XCTAssertEqual(game.answering?.question, upcoming)
    XCTAssertEqual(game.answering?.startedAt, .seconds(10))
    XCTAssertEqual(game.state.score, 0)
    XCTAssertEqual(game.state.streak, 0)
    XCTAssertEqual(game.state.longestStreak, 1)
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
