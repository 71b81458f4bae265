import GameEngine
import Pictures
import XCTest

@testable import TerminalUI

/// The club's scores: the first finished scene asks whether they go to the club, the answer
/// is kept in the settings, and nothing is sent without a yes.
final class ClubScoresTests: XCTestCase {
  private let question = "Send your scores to Example Club as Ada?"

  /// A game of one-question rounds for Example Club, which collects scores.
  private func makeScoresModel(consent: Bool? = nil, status: ScoresStatus = ScoresStatus())
    -> TestModel
  {
    makeModel(
      rules: Rules(roundLength: .questions(1)),
      settings: SettingsFile(path: "/home/ada/.config/meet-the-members/config.toml", values: [:]),
      scores: exampleClubScores(consent: consent, status: status))
  }

  /// Plays a round of one question, answered right, from `start` (seconds): Start, or Next
  /// round on the finished scene.
  private func playRound(_ model: inout TestModel, at start: Double) {
    if model.game.state.game == nil {
      model.handle(.press(.start), at: .seconds(start))
    } else {
      model.handle(.press(.nextRound), at: .seconds(start))
    }
    model.answerRight(at: .seconds(start + 1))
    model.handle(.tick, at: .seconds(start + 3))
    XCTAssertTrue(model.isFinished, model.frame.text)
  }

  private func scoresSent(_ model: TestModel) -> [RoundScore] {
    model.log.compactMap { effect in
      if case .sendScore(let score) = effect { return score }
      return nil
    }
  }

  func testTheFirstFinishedSceneAsksAndYesSendsItsScoreAndEveryNext() throws {
    var model = makeScoresModel()
    playRound(&model, at: 0)
    XCTAssertEqual(scoresSent(model), [], "nothing is sent before the player says yes")
    XCTAssertNotNil(cell(of: question, in: model.frame), model.frame.text)
    XCTAssertNotNil(cell(of: "[ Yes (y) ]", in: model.frame), model.frame.text)
    assertSnapshot(model.frame, named: "finished-scores-80x24")
    assertSnapshot(
      {
        var small = model
        small.handle(.resized(Layout.minimum), at: .seconds(3))
        return small.frame
      }(), named: "finished-scores-minimum")

    let effects = model.handleAlone(.key(.character("y")), at: .seconds(4))
    XCTAssertTrue(effects.contains(.saveSetting(key: "send-scores", value: "true")), "\(effects)")
    XCTAssertTrue(effects.contains(.saveSetting(key: "player", value: "Ada")), "\(effects)")
    XCTAssertEqual(
      scoresSent(model),
      [
        RoundScore(
          player: "Ada", mode: "quiz", questions: 1, right: 1, known: nil, recognised: nil,
          members: clubMembers.count, seconds: 3, endedAt: 3)
      ])
    XCTAssertNil(cell(of: question, in: model.frame), "asked once")
    XCTAssertNotNil(cell(of: "Sending your score to Example Club...", in: model.frame))
    model.handle(.scoresSent(ScoresStatus(lastSent: 4)), at: .seconds(5))
    XCTAssertNotNil(
      cell(of: "Scores go to Example Club as Ada", in: model.frame), model.frame.text)

    // The next round's score goes at once, and nothing asks again.
    playRound(&model, at: 10)
    XCTAssertEqual(scoresSent(model).count, 2)
    XCTAssertEqual(scoresSent(model).last?.endedAt, 13)
    XCTAssertNil(cell(of: question, in: model.frame))
  }

  func testNoKeepsTheScoresHereAndARoundLeftUnansweredIsNotSent() {
    var model = makeScoresModel()
    playRound(&model, at: 0)
    XCTAssertNotNil(cell(of: question, in: model.frame))
    // Next round without an answer: that round's score is dropped, and the next end asks.
    playRound(&model, at: 10)
    XCTAssertNotNil(cell(of: question, in: model.frame), "asked again")
    model.handle(.press(.sendScores(false)), at: .seconds(14))
    XCTAssertTrue(model.log.contains(.saveSetting(key: "send-scores", value: "false")))
    XCTAssertFalse(model.log.contains(.saveSetting(key: "player", value: "Ada")))
    XCTAssertNil(cell(of: question, in: model.frame))
    playRound(&model, at: 20)
    XCTAssertNil(cell(of: question, in: model.frame))
    XCTAssertEqual(scoresSent(model), [], "never sent without a yes")

    // Said no in the settings: never asked, never sent.
    var refused = makeScoresModel(consent: false)
    playRound(&refused, at: 0)
    XCTAssertNil(cell(of: question, in: refused.frame))
    refused.handle(.key(.character("y")), at: .seconds(4))
    XCTAssertEqual(scoresSent(refused), [])

    // A club that collects no scores: no question, and y does nothing.
    var plain = makeModel(rules: Rules(roundLength: .questions(1)))
    playRound(&plain, at: 0)
    plain.handle(.key(.character("y")), at: .seconds(4))
    XCTAssertFalse(plain.frame.text.contains("scores"), plain.frame.text)
    XCTAssertEqual(scoresSent(plain), [])
  }

  /// The answer holds for the launch when the settings file cannot keep it, and says so.
  func testAnAnswerTheSettingsCannotKeepStillHoldsAndSaysWhy() {
    var model = makeScoresModel()
    playRound(&model, at: 0)
    model.handle(.key(.character("y")), at: .seconds(4))
    model.handle(
      .settingSaved(
        key: "send-scores", value: "true", failure: "/x/config.toml: cannot be written"),
      at: .seconds(4))
    model.handle(.scoresSent(ScoresStatus(lastSent: 4)), at: .seconds(5))
    XCTAssertTrue(
      model.frame.text.contains(
        "Your answer is not kept in the settings: /x/config.toml: cannot be written"),
      model.frame.text)
    playRound(&model, at: 10)
    XCTAssertEqual(scoresSent(model).count, 2)
  }

  func testTheStatisticsSayWhenTheLastWasSentAndWhyOthersWait() {
    let cases: [(Bool?, ScoresStatus, String)] = [
      (nil, ScoresStatus(), "Scores: Example Club asks for them; the end of a round asks you"),
      (false, ScoresStatus(), "Scores: not sent to Example Club (Settings can change it)"),
      (true, ScoresStatus(), "Scores to Example Club as Ada: none sent yet"),
      (
        true,
        ScoresStatus(
          lastSent: -3 * 3_600, failure: "the server answered 500 Internal Server Error",
          waiting: 2),
        "Scores to Example Club as Ada: last sent 3 h ago │\n"
          + " │   2 waiting to be sent: the server answered 500 Internal Server Error"
      ),
    ]
    for (consent, status, line) in cases {
      var model = makeScoresModel(consent: consent, status: status)
      model.handle(.key(.character("s")), at: .seconds(1))
      // Each line as the window shows it, the spaces to its edge left out.
      let text = model.frame.text.replacingOccurrences(
        of: " +│", with: " │", options: .regularExpression)
      XCTAssertTrue(text.contains(line), model.frame.text)
    }
    XCTAssertEqual(ScoresState.ago(30), "just now")
    XCTAssertEqual(ScoresState.ago(5 * 60), "5 min ago")
    XCTAssertEqual(ScoresState.ago(3 * 86_400), "3 days ago")
  }
}
