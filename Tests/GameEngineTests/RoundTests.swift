import GameEngine
import XCTest

/// Rounds: a finished scene after the last question of each, then the next round.
final class RoundTests: XCTestCase {
  /// Answers every question of the game (right when `right` says so) until the phase is no
  /// longer a question; returns the instant it stopped.
  @discardableResult
  private func playRound(
    _ game: inout Session, from start: Instant, right: (Int) -> Bool = { _ in true }
  ) -> Instant {
    var now = start
    var index = 0
    while case .answering(let answering) = game.state.phase {
      let question = answering.question
      game.play(
        .answerChosen(right(index) ? question.correctIndex : (question.correctIndex + 1) % 4),
        at: now + .seconds(1))
      now = now + .seconds(3)
      game.play(.clockTicked, at: now)
      index += 1
    }
    return now
  }

  func testAfterTheLastQuestionOfARoundTheFinishedSceneShowsIt() {
    var game = gameOnFirstQuestion(rules: Rules(roundLength: .questions(4)))
    let end = playRound(&game, from: .zero) { $0 != 2 }
    guard case .finished(let summary) = game.state.phase else {
      return XCTFail("\(game.state.phase)")
    }
    XCTAssertEqual(end, .seconds(12))
    XCTAssertEqual(summary.number, 1)
    XCTAssertEqual(summary.results.count, 4)
    XCTAssertEqual(summary.correct, 3)
    XCTAssertEqual(summary.longestStreak, 2)
    XCTAssertEqual(summary.averageAnswerTime, .seconds(1))
    XCTAssertEqual(summary.missed, [summary.results[2].member])
    XCTAssertEqual(summary.verdict, "Getting there")
    XCTAssertNil(game.nextChange, "nothing ticks on the finished scene")
    XCTAssertEqual(game.play(.pausePressed, at: .seconds(20)), [], "nothing to pause")
  }

  func testNextRoundGoesOnWithTheNextNumberAndKeepsTheGamesScore() {
    var game = gameOnFirstQuestion(rules: Rules(roundLength: .questions(3)))
    let end = playRound(&game, from: .zero)
    let transitions = game.play(.nextRoundPressed, at: end + .seconds(30))
    XCTAssertEqual(transitions.count, 2, "posed, then shown")
    XCTAssertEqual(game.answering?.question.number, 4)
    XCTAssertEqual(game.state.game?.round, 2)
    XCTAssertEqual(game.state.game?.roundResults, [])
    XCTAssertEqual(game.state.score, 3, "the game's score goes on across rounds")
    XCTAssertEqual(game.play(.nextRoundPressed, at: end + .seconds(31)), [], "only when finished")
  }

  func testARoundOfEveryoneAsksEachMemberInPlayOnce() {
    var game = gameOnFirstQuestion(rules: Rules(roundLength: .everyone))
    playRound(&game, from: .zero)
    guard case .finished(let summary) = game.state.phase else {
      return XCTFail("\(game.state.phase)")
    }
    XCTAssertEqual(summary.results.count, 6)
    XCTAssertEqual(Set(summary.results.map(\.member.id)).count, 6)
  }

  func testStartFromTheFinishedSceneBeginsANewGame() {
    var game = gameOnFirstQuestion(rules: Rules(roundLength: .questions(2)))
    let end = playRound(&game, from: .zero)
    game.play(.startPressed, at: end)
    XCTAssertEqual(game.state.game?.number, 2)
    XCTAssertEqual(game.state.score, 0)
    XCTAssertEqual(game.state.longestStreak, 2, "the session keeps its record")
    XCTAssertEqual(game.results.count, 2, "and every result")
  }

  func testTheVerdictFollowsTheShareOfRightAnswers() {
    let question = makeGame().state.upcoming
    let cases: [(right: Int, of: Int, verdict: String)] = [
      (10, 10, "Perfect!"), (9, 10, "Almost!"), (8, 10, "Almost!"), (7, 10, "Getting there"),
      (5, 10, "Getting there"), (4, 10, "Keep going"), (0, 3, "Keep going"), (0, 0, "No questions"),
    ]
    for testCase in cases {
      let results = (0..<testCase.of).map { index in
        QuestionResult(
          question: question, outcome: index < testCase.right ? .correct : .timedOut,
          answerTime: .seconds(5))
      }
      XCTAssertEqual(
        RoundSummary(number: 1, results: results).verdict, testCase.verdict,
        "\(testCase.right) of \(testCase.of)")
    }
  }
}
