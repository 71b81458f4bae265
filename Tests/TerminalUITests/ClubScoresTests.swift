import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The club's scores: the first finished scene asks whether they go to the club, the answer
/// is kept in the settings for that club's server, and nothing is sent without a yes.
final class ClubScoresTests: XCTestCase {
  private let question = "Send your scores to Example Club?"

  /// A game of one-question rounds for Example Club, which collects scores.
  private func makeScoresModel(setting: String? = nil, status: ScoresStatus = ScoresStatus())
    -> TestModel
  {
    makeModel(
      rules: Rules(roundLength: .questions(1)),
      settings: SettingsFile(path: "/home/ada/.config/meet-the-members/config.toml", values: [:]),
      scores: exampleClubScores(setting: setting, status: status))
  }

  /// Plays a round of one question, answered right, from `start` (seconds): Start, or Next
  /// round on the finished scene.
  private func playRound(_ model: inout TestModel, at start: Double) {
    if model.game.state.game == nil || model.place == .start {
      model.handle(.press(.start), at: .seconds(start))
    } else {
      model.handle(.press(.nextRound), at: .seconds(start))
    }
    model.answerRight(at: .seconds(start + 1))
    model.handle(.tick, at: .seconds(start + 3))
    XCTAssertTrue(model.isFinished, model.frame.text)
  }

  /// The scores sent, in order (nil: only those waiting).
  private func scoresSent(_ model: TestModel) -> [RoundScore?] {
    model.log.compactMap { effect in
      if case .sendScores(let score) = effect { return .some(score) }
      return nil
    }
  }

  private func settingsSaved(_ model: TestModel) -> [String] {
    model.log.compactMap { effect in
      if case .saveSetting(let key, let value) = effect {
        return "\(key) = \(value ?? "(default)")"
      }
      return nil
    }
  }

  func testTheFirstFinishedSceneAsksAndYesSendsItsScoreAndEveryNext() throws {
    var model = makeScoresModel()
    playRound(&model, at: 0)
    XCTAssertEqual(scoresSent(model), [], "nothing is sent before the player says yes")
    XCTAssertNotNil(cell(of: question, in: model.frame), model.frame.text)
    XCTAssertNotNil(cell(of: "As Ada; no answers, no photos", in: model.frame))
    XCTAssertNotNil(cell(of: "[ Yes (y) ]", in: model.frame), model.frame.text)
    XCTAssertEqual(model.focus, .nextRound, "Enter goes on; it never answers by accident")
    assertSnapshot(model.frame, named: "finished-scores-80x24")
    assertSnapshot(
      {
        var small = model
        small.handle(.resized(Layout.minimum), at: .seconds(3))
        return small.frame
      }(), named: "finished-scores-minimum")

    model.handle(.key(.character("y")), at: .seconds(4))
    XCTAssertEqual(settingsSaved(model), ["send-scores = scores.example.org", "player = Ada"])
    XCTAssertEqual(
      scoresSent(model),
      [
        RoundScore(
          player: "Ada", mode: "quiz", questions: 1, right: 1, known: nil, recognised: nil,
          members: clubMembers.count, seconds: 3, endedAt: 3)
      ])
    XCTAssertNil(cell(of: question, in: model.frame), "asked once")
    XCTAssertEqual(model.focus, .nextRound)
    XCTAssertNotNil(cell(of: "Sending your score to Example Club…", in: model.frame))
    model.handle(.scoresSent(ScoresStatus(lastSent: 4)), at: .seconds(5))
    XCTAssertNotNil(
      cell(of: "Scores go to Example Club as Ada", in: model.frame), model.frame.text)

    // The next round's score goes at once, and nothing asks again; with the `player` setting
    // put back to its default (Backspace in the settings window), under the account's name.
    model.handle(.settingSaved(key: "player", value: nil, failure: nil), at: .seconds(6))
    playRound(&model, at: 10)
    XCTAssertEqual(scoresSent(model).count, 2)
    XCTAssertEqual(scoresSent(model).last??.endedAt, 13)
    XCTAssertEqual(scoresSent(model).last??.player, "ada")
    XCTAssertNil(cell(of: question, in: model.frame))
  }

  /// With people missed, their faces make room for the question.
  func testTheQuestionAndTheFacesMissedShareTheScene() {
    var model = makeScoresModel()
    model.handle(.press(.start), at: .zero)
    let wrong = (model.question.correctIndex + 1) % 4
    model.handle(.press(.option(wrong)), at: .seconds(1))
    model.handle(.tick, at: .seconds(3))
    XCTAssertTrue(model.frame.text.contains("Missed:"), model.frame.text)
    XCTAssertNotNil(cell(of: question, in: model.frame), model.frame.text)
    assertSnapshot(model.frame, named: "finished-scores-missed-80x24")
  }

  /// The question's buttons are drawn above Next round and Menu, and Tab and the arrows go
  /// through them in that order.
  func testTheQuestionsButtonsAreInTheOrderTheyAreDrawn() {
    var model = makeScoresModel()
    playRound(&model, at: 0)
    XCTAssertEqual(
      model.model.controls, [.answerScores(true), .answerScores(false), .nextRound, .menu])
    model.handle(.key(.right), at: .seconds(4))
    XCTAssertEqual(model.focus, .menu, "Right stays on the row of Next round")
    model.handle(.key(.tab), at: .seconds(4))
    XCTAssertEqual(model.focus, .answerScores(true))
    model.handle(.key(.right), at: .seconds(4))
    XCTAssertEqual(model.focus, .answerScores(false))
    model.handle(.key(.enter), at: .seconds(4))
    XCTAssertEqual(settingsSaved(model), ["send-scores = false"])
    XCTAssertEqual(model.focus, .nextRound, "the buttons pressed are gone")
    XCTAssertEqual(model.model.controls, [.nextRound, .menu])
  }

  func testNoKeepsTheScoresHereAndARoundLeftUnansweredIsNotSent() {
    var model = makeScoresModel()
    playRound(&model, at: 0)
    XCTAssertNotNil(cell(of: question, in: model.frame))
    // Next round without an answer: that round's score is dropped, and the next end asks.
    playRound(&model, at: 10)
    XCTAssertNotNil(cell(of: question, in: model.frame), "asked again")
    // Menu drops it too.
    model.handle(.press(.menu), at: .seconds(14))
    XCTAssertNil(model.model.scores?.held)
    playRound(&model, at: 20)
    model.handle(.press(.answerScores(false)), at: .seconds(24))
    XCTAssertEqual(settingsSaved(model), ["send-scores = false"])
    XCTAssertNil(cell(of: question, in: model.frame))
    XCTAssertNotNil(cell(of: "Scores not sent (Settings change this)", in: model.frame))
    playRound(&model, at: 30)
    XCTAssertFalse(model.frame.text.contains("Scores not sent"), "said once")
    XCTAssertNil(cell(of: question, in: model.frame))
    XCTAssertEqual(scoresSent(model), [], "never sent without a yes")

    // Said no in the settings: never asked, never sent.
    var refused = makeScoresModel(setting: "false")
    playRound(&refused, at: 0)
    XCTAssertNil(cell(of: question, in: refused.frame))
    refused.handle(.key(.character("y")), at: .seconds(4))
    XCTAssertEqual(scoresSent(refused), [])
    XCTAssertEqual(settingsSaved(refused), [])

    // A club that collects no scores: no question, and y does nothing.
    var plain = makeModel(rules: Rules(roundLength: .questions(1)))
    playRound(&plain, at: 0)
    let effects = plain.handleAlone(.key(.character("y")), at: .seconds(4))
    XCTAssertFalse(effects.contains { if case .saveSetting = $0 { true } else { false } })
    XCTAssertEqual(scoresSent(plain), [])
  }

  /// A yes is to one club's server: another club asks again, and a yes to it joins the first;
  /// a no to it, with the first said yes to, is for this launch (the first keeps its yes).
  func testAYesIsForOneClubsServer() {
    var other = makeScoresModel(setting: "club.example.net")
    playRound(&other, at: 0)
    XCTAssertNotNil(cell(of: question, in: other.frame), "another club's yes is not this one's")
    other.handle(.key(.character("y")), at: .seconds(4))
    XCTAssertEqual(
      settingsSaved(other), ["send-scores = club.example.net scores.example.org", "player = Ada"])
    XCTAssertEqual(scoresSent(other).count, 1)

    var declined = makeScoresModel(setting: "club.example.net")
    playRound(&declined, at: 0)
    declined.handle(.key(.character("n")), at: .seconds(4))
    XCTAssertEqual(settingsSaved(declined), [], "the other club's yes stays")
    playRound(&declined, at: 10)
    XCTAssertNil(cell(of: question, in: declined.frame), "not asked again this launch")
    XCTAssertEqual(scoresSent(declined), [])

    // true: every club, without asking.
    var everyone = makeScoresModel(setting: "true")
    playRound(&everyone, at: 0)
    XCTAssertNil(cell(of: question, in: everyone.frame))
    XCTAssertEqual(scoresSent(everyone).count, 1)

    XCTAssertEqual(ScoresConsent(setting: " scores.example.org  x.org ", host: "x.org"), .yes)
    XCTAssertEqual(ScoresConsent(setting: "x.org", host: "x.org:8443"), .unasked)
    XCTAssertEqual(ScoresConsent.setting("x.org", yesTo: "x.org"), "x.org")
  }

  /// Scores left waiting by an earlier launch go as the game begins, if the player still
  /// says yes to the club.
  func testScoresWaitingGoAsTheGameBegins() {
    let waiting = ScoresStatus(failure: "the server answered 503 Service Unavailable", waiting: 2)
    let yes = makeScoresModel(setting: "scores.example.org", status: waiting)
    XCTAssertEqual(scoresSent(yes), [nil])
    XCTAssertEqual(yes.model.scores?.sending, 1)
    XCTAssertEqual(
      makeScoresModel(setting: "false", status: waiting).log.count { $0 == .sendScores(nil) }, 0)
    XCTAssertEqual(makeScoresModel(status: waiting).log.count { $0 == .sendScores(nil) }, 0)
    XCTAssertEqual(
      makeScoresModel(setting: "scores.example.org").log.count { $0 == .sendScores(nil) }, 0,
      "nothing waits")
  }

  /// The finished scene says how the round's score went: sent, waiting to be sent again (with
  /// the next round's only, where only the game holds it), or refused for good.
  func testTheFinishedSceneSaysWhetherTheScoreWasTakenWaitsOrWasRefused() {
    let failed = "the server answered 500 Internal Server Error"
    let refused = "the server answered 403 Forbidden"
    let cases: [(ScoresStatus, String)] = [
      (ScoresStatus(lastSent: 4), "Scores go to Example Club as Ada"),
      (
        ScoresStatus(failure: failed, waiting: 2, waitingInGame: 1),
        "Score not sent: \(failed); it is sent again later"
      ),
      (
        ScoresStatus(failure: failed, waiting: 1, waitingInGame: 1),
        "Score not sent: \(failed); it goes with the next round's, or not at all"
      ),
      (
        ScoresStatus(lastSent: 1, failure: refused),
        "Score refused by Example Club: \(refused) (not sent again)"
      ),
    ]
    for (status, line) in cases {
      var model = makeScoresModel(setting: "scores.example.org")
      playRound(&model, at: 0)
      model.handle(.scoresSent(status), at: .seconds(4))
      // Wide enough for the whole line (a narrower window says less).
      model.handle(.resized(CellSize(columns: 120, rows: 24)), at: .seconds(4))
      XCTAssertNotNil(cell(of: line, in: model.frame), "\(line)\n\(model.frame.text)")
    }
  }

  /// The answer holds for the launch when the settings file cannot keep it, and says so once.
  func testAnAnswerTheSettingsCannotKeepStillHoldsAndSaysWhy() {
    var model = makeScoresModel()
    playRound(&model, at: 0)
    model.handle(.key(.character("y")), at: .seconds(4))
    model.handle(
      .settingSaved(
        key: "send-scores", value: "scores.example.org",
        failure: "/x/config.toml: cannot be written"),
      at: .seconds(4))
    model.handle(.scoresSent(ScoresStatus(lastSent: 4)), at: .seconds(5))
    XCTAssertTrue(
      model.frame.text.contains(
        "Your answer is not kept in the settings: /x/config.toml: cannot be written"),
      model.frame.text)
    playRound(&model, at: 10)
    XCTAssertEqual(scoresSent(model).count, 2)
    XCTAssertFalse(model.frame.text.contains("not kept"), "said once")
  }

  /// The statistics list as many of the last results as the window shows, and say how many:
  /// never "Last 3 results" over two.
  func testTheStatisticsSayHowManyResultsTheyShow() {
    for rows in [24, 19, 16] {
      var model = makeScoresModel(
        setting: "scores.example.org",
        status: ScoresStatus(lastSent: -60, failure: "the server answered 503", waiting: 1))
      model.handle(.resized(CellSize(columns: 80, rows: rows)), at: .zero)
      for round in 0..<3 { playRound(&model, at: Double(10 * round)) }
      model.handle(.key(.character("s")), at: .seconds(40))
      let text = model.frame.text
      let listed = text.split(separator: "\n").filter { $0.contains("✓") }.count
      if listed == 0 {
        XCTAssertFalse(text.contains("Last"), "\(rows) rows:\n\(text)")
      } else {
        XCTAssertTrue(
          text.contains(listed == 1 ? "Last result:" : "Last \(listed) results:"),
          "\(rows) rows:\n\(text)")
      }
    }
  }

  func testTheStatisticsSayWhenTheLastWasSentAndWhyOthersWait() {
    let cases: [(String?, ScoresStatus, String)] = [
      (nil, ScoresStatus(), "Scores: Example Club collects them; you are asked when a round ends"),
      ("false", ScoresStatus(), "Scores: not sent to Example Club (Settings can change it)"),
      ("scores.example.org", ScoresStatus(), "Scores to Example Club as Ada: none sent yet"),
      (
        "scores.example.org",
        ScoresStatus(
          lastSent: -3 * 3_600, failure: "the server answered 500 Internal Server Error",
          waiting: 2),
        "Scores to Example Club as Ada: last sent 3 h ago │\n"
          + " │   2 waiting to be sent: the server answered 500 Internal Server Error"
      ),
      (
        "true", ScoresStatus(lastSent: -60, failure: "the server answered 413 Payload Too Large"),
        "Scores to Example Club as Ada: last sent 1 min ago │\n"
          + " │   The last was refused: the server answered 413 Payload Too Large"
      ),
    ]
    for (setting, status, line) in cases {
      var model = makeScoresModel(setting: setting, status: status)
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
