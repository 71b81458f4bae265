import GameEngine
import XCTest

/// Score, streaks and the last three results.
final class ScoreTests: XCTestCase {
  enum Play { case right, wrong, timeOut }

  /// Plays `plays` in turn, answering one second into each question and ticking the clock
  /// whenever a change is due until the next question appears.
  private func play(_ plays: [Play]) -> Session {
    var game = makeGame()
    game.play(.startPressed, at: .zero)
    for play in plays {
      let start = game.answering!.startedAt
      switch play {
      case .right: game.play(.answerChosen(game.correctIndex), at: start + .seconds(1))
      case .wrong: game.play(.answerChosen(game.wrongIndex), at: start + .seconds(1))
      case .timeOut: game.play(.clockTicked, at: start + .seconds(5))
      }
      while game.answering == nil, let due = game.nextChange {
        game.play(.clockTicked, at: due)
      }
    }
    return game
  }

  func testScoreAndStreaks() {
    let cases: [(name: String, plays: [Play], score: Int, streak: Int, longest: Int)] = [
      ("nothing played", [], 0, 0, 0),
      ("one right answer", [.right], 1, 1, 1),
      ("a wrong answer scores nothing", [.wrong], 0, 0, 0),
      ("a timeout scores nothing", [.timeOut], 0, 0, 0),
      ("a wrong answer ends a streak", [.right, .right, .wrong, .right], 3, 1, 2),
      ("a timeout ends a streak", [.right, .timeOut, .right, .right, .right], 4, 3, 3),
      ("the longest streak is kept", [.right, .right, .right, .wrong, .right], 4, 1, 3),
    ]
    for testCase in cases {
      let game = play(testCase.plays)
      XCTAssertEqual(game.state.score, testCase.score, testCase.name)
      XCTAssertEqual(game.state.streak, testCase.streak, testCase.name)
      XCTAssertEqual(game.state.longestStreak, testCase.longest, testCase.name)
      XCTAssertEqual(game.state.questionsPlayed, testCase.plays.count, testCase.name)
    }
  }

  func testTheLastThreeResultsComeMostRecentFirst() {
    let cases: [(plays: [Play], outcomes: [String])] = [
      ([], []),
      ([.right], ["correct"]),
      ([.right, .timeOut], ["timeout", "correct"]),
      ([.wrong, .right, .timeOut], ["timeout", "correct", "wrong"]),
      ([.wrong, .right, .timeOut, .right, .right], ["correct", "correct", "timeout"]),
    ]
    for testCase in cases {
      let results = play(testCase.plays).state.recentResults
      XCTAssertEqual(results.map(\.outcome.name), testCase.outcomes)
    }
  }

  func testAResultNamesTheMemberAndWhatWasChosen() {
    var game = gameOnFirstQuestion()
    let question = game.state.phase.question!
    game.play(.answerChosen(game.wrongIndex), at: .seconds(1))
    XCTAssertEqual(
      game.state.recentResults,
      [
        QuestionResult(
          question: question, outcome: .wrong(chosen: question.options[game.wrongIndex]),
          answerTime: .seconds(1))
      ]
    )
    XCTAssertEqual(game.state.recentResults.first?.member, question.member)
  }

  /// The statistics' first lines count the session, every game of it: its questions, its
  /// longest streak and how fast its answers came (a play-test saw the questions of a launch
  /// beside the average of its last round).
  func testTheSessionsAnswerTimesCountEveryGameOfIt() {
    var game = gameOnFirstQuestion()
    game.play(.answerChosen(game.correctIndex), at: .seconds(1))
    game.play(.screenLeft, at: .seconds(2))
    game.play(.startPressed, at: .seconds(10))
    XCTAssertEqual(game.state.game?.number, 2)
    game.play(.answerChosen(game.wrongIndex), at: .seconds(13))
    XCTAssertEqual(game.state.game?.questionsPlayed, 1)
    XCTAssertEqual(game.state.questionsPlayed, 2)
    XCTAssertEqual(
      game.state.times,
      AnswerTimes(answered: 2, total: .seconds(4), fastestRight: .seconds(1)))
  }

  func testTheWholeStateAfterARightAnswer() {
    var game = gameOnFirstQuestion()
    let question = game.state.phase.question!
    let upcoming = game.state.upcoming
    game.play(.answerChosen(question.correctIndex), at: .milliseconds(3100))
    XCTAssertEqual(
      game.state,
      State(
        phase: .revealing(
          Reveal(
            question: question, chosenIndex: question.correctIndex, step: 3,
            startedAt: .milliseconds(3100), isLit: true)),
        game: Game(
          number: 1, score: 1, streak: 1, questionsPlayed: 1,
          roundResults: [
            QuestionResult(question: question, outcome: .correct, answerTime: .milliseconds(3100))
          ]),
        longestStreak: 1,
        recentResults: [
          QuestionResult(question: question, outcome: .correct, answerTime: .milliseconds(3100))
        ],
        questionsPlayed: 1,
        times: AnswerTimes(
          answered: 1, total: .milliseconds(3100), fastestRight: .milliseconds(3100)),
        upcoming: upcoming))
  }
}
