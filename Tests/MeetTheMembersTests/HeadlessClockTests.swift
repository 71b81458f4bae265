import Foundation
import History
import XCTest

/// `--headless --clock`: launches on one history, each at a wall-clock time of its own, play
/// day after day as a person does.
final class HeadlessClockTests: XCTestCase {
  private func play(_ commands: [String], clock: String, data: String) throws -> [[String: Any]] {
    let result = try runMeetTheMembers(
      ["--headless", "--seed", "3", "--data-dir", data, "--clock", clock],
      input: commands.map { $0 + "\n" }.joined())
    XCTAssertEqual(result.status, 0, result.output)
    return events(result.output)
  }

  /// The events of the headless game's `output`, one JSON object a line.
  private func events(_ output: String) -> [[String: Any]] {
    output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  /// A game of learn mode started, then `step` played `count` times.
  private func learning(_ count: Int, times step: [String]) -> [String] {
    [#"{"do":"start","mode":"learn"}"#] + Array([[String]](repeating: step, count: count).joined())
  }

  func testTheSecondLaunchADayLaterFindsTheFirstsAnswersADayOld() throws {
    let data = NSTemporaryDirectory() + "mtm-clock-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let first = try play(
      [#"{"do":"start"}"#, #"{"do":"wait","seconds":1}"#, #"{"do":"answer","option":1}"#],
      clock: "2027-01-01T10:00:00Z", data: data)
    let asked = try XCTUnwrap(first.first { $0["event"] as? String == "question" })
    let name = try XCTUnwrap((asked["member"] as? [String: Any])?["name"] as? String)

    let second = try play(
      [#"{"do":"wait","seconds":30}"#, #"{"do":"people"}"#],
      clock: "2027-01-02T10:00:00Z", data: data)
    let roster = try XCTUnwrap(second.first { $0["event"] as? String == "roster" })
    XCTAssertEqual(roster["due"] as? Int, 1, "the one met yesterday is due today")
    let people = try XCTUnwrap(second.first { $0["event"] as? String == "people" })
    let rows = try XCTUnwrap(people["people"] as? [[String: Any]])
    let row = try XCTUnwrap(rows.first { $0["name"] as? String == name })
    // Answered 1 s after the first launch's start; seen 30 s after the second's, a day later.
    XCTAssertEqual(row["seen_seconds_ago"] as? Double, 86_400 + 30 - 1)
    XCTAssertEqual(
      rows.filter { $0["seen_seconds_ago"] is Double }.count, 1, "no one else was met")

    let export = try runMeetTheMembers(
      ["history", "--data-dir", data, "--format", "csv"], input: "")
    XCTAssertTrue(export.output.contains("2027-01-01T10:00:01.000Z"), export.output)
  }

  /// The first sitting of learn mode already fits the player's memory: a launch of some
  /// thirty to fifty answers leaves a fit of them in the history.
  func testAFirstSittingLeavesAFitOfItsAnswers() throws {
    let data = NSTemporaryDirectory() + "mtm-fit-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let events = try play(
      learning(
        50,
        times: [
          #"{"do":"next"}"#, #"{"do":"wait","seconds":2}"#, #"{"do":"answer","option":2}"#,
          #"{"do":"wait","seconds":2}"#,
        ]),
      clock: "2027-01-01T10:00:00Z", data: data)
    let answers = events.count { $0["event"] as? String == "result" }
    XCTAssertGreaterThanOrEqual(answers, 30)
    XCTAssertLessThan(answers, 200, "fewer than the fit once needed")
    let fit = try XCTUnwrap(try History(folder: data).fittedMemory(), "\(answers) answers")
    XCTAssertGreaterThanOrEqual(fit.answers, 30)
    XCTAssertLessThanOrEqual(fit.answers, answers)
  }

  /// What the answers taught of how fast each name is forgotten (`SpeedBelief`) survives a new
  /// launch: everyone's recall, read at the same wall time, is what the first launch said.
  func testEachPersonsBeliefSurvivesANewLaunch() throws {
    let data = NSTemporaryDirectory() + "mtm-belief-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let commands = learning(
      12,
      times: [
        #"{"do":"next"}"#, #"{"do":"wait","seconds":2}"#, #"{"do":"answer","option":2}"#,
        #"{"do":"wait","seconds":2}"#,
      ])
    let first = try play(
      commands + [#"{"do":"wait","seconds":40}"#, #"{"do":"people"}"#],
      clock: "2027-01-01T10:00:00Z", data: data)
    let last = try XCTUnwrap(first.last { $0["event"] as? String == "people" })
    let time = try XCTUnwrap(last["t"] as? Double)
    let second = try play(
      [#"{"do":"wait","seconds":\#(time)}"#, #"{"do":"people"}"#],
      clock: "2027-01-01T10:00:00Z", data: data)
    func recalls(_ events: [[String: Any]]) throws -> [String: Double] {
      let people = try XCTUnwrap(events.last { $0["event"] as? String == "people" })
      let rows = try XCTUnwrap(people["people"] as? [[String: Any]])
      return Dictionary(
        uniqueKeysWithValues: rows.compactMap { row in
          (row["recall"] as? Double).map { (row["name"] as? String ?? "", $0) }
        })
    }
    let before = try recalls(first)
    XCTAssertGreaterThan(before.count, 2, "people were met and asked")
    // The two models' weights (`ModelMixture`) are replayed at the launch with the answer
    // times' counts as they stand then, where the first launch counted them as they grew: a
    // recall may move by a thousandth, no more.
    let after = try recalls(second)
    XCTAssertEqual(Set(after.keys), Set(before.keys))
    for (name, recall) in before {
      XCTAssertEqual(try XCTUnwrap(after[name]), recall, accuracy: 0.003, name)
    }
  }

  /// A sitting's memory survives a new launch: a name met on a card and answered right once
  /// is still being learnt ten minutes later (its recall has fallen below 0.9, and more so with
  /// ACT-R weighed in after one answer), where FSRS's memory alone, which takes a first look to
  /// last hours, would still trust it; but it is not forgotten.
  func testASittingsMemorySurvivesANewLaunch() throws {
    let data = NSTemporaryDirectory() + "mtm-sitting-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    // Three are met on a card (Enter on each), then the first met is asked.
    let cards =
      [#"{"do":"start","mode":"learn"}"#] + Array(repeating: #"{"do":"next"}"#, count: 3)
    let dryRun = try play(cards, clock: "2027-01-01T10:00:00Z", data: data + "-dry")
    try? FileManager.default.removeItem(atPath: data + "-dry")
    let question = try XCTUnwrap(dryRun.first { $0["event"] as? String == "question" })
    let name = try XCTUnwrap((question["member"] as? [String: Any])?["name"] as? String)
    let options = try XCTUnwrap(question["options"] as? [String])
    let right = try XCTUnwrap(options.firstIndex(of: name)) + 1

    // The same launch again (same seed and clock), answering right.
    let first = try play(
      cards + [#"{"do":"wait","seconds":1}"#, #"{"do":"answer","option":\#(right)}"#],
      clock: "2027-01-01T10:00:00Z", data: data)
    let result = try XCTUnwrap(first.first { $0["event"] as? String == "result" })
    XCTAssertEqual(result["outcome"] as? String, "correct")

    let later = try play([#"{"do":"people"}"#], clock: "2027-01-01T10:10:00Z", data: data)
    let people = try XCTUnwrap(later.first { $0["event"] as? String == "people" })
    let rows = try XCTUnwrap(people["people"] as? [[String: Any]])
    let row = try XCTUnwrap(rows.first { $0["name"] as? String == name })
    let recall = try XCTUnwrap(row["recall"] as? Double)
    XCTAssertLessThan(recall, 0.9, "still being learnt")
    XCTAssertGreaterThan(recall, 0.3)
  }

  /// `--minutes 1`: a sitting of learn mode ends with a finished event that says it.
  func testASittingOfLearnModeEndsAfterItsMinutes() throws {
    let data = NSTemporaryDirectory() + "mtm-sitting-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let commands = learning(
      40, times: [#"{"do":"next"}"#, #"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":3}"#])
    let result = try runMeetTheMembers(
      ["--headless", "--seed", "3", "--data-dir", data, "--minutes", "1"],
      input: commands.map { $0 + "\n" }.joined())
    let events = events(result.output)
    let finished = try XCTUnwrap(events.first { $0["event"] as? String == "finished" })
    let sitting = try XCTUnwrap(finished["sitting"] as? [String: Any], "\(finished)")
    XCTAssertGreaterThanOrEqual(sitting["seconds"] as? Double ?? 0, 60)
    XCTAssertLessThan(sitting["seconds"] as? Double ?? 0, 70)
    XCTAssertNotNil(sitting["learnt"] as? Int)
    // A first sitting's names are recognised, not yet known: every one of them new to it.
    XCTAssertEqual(
      sitting["newly_recognised"] as? Int, sitting["recognised"] as? Int, "\(sitting)")
    XCTAssertGreaterThan(sitting["newly_recognised"] as? Int ?? 0, 0, "\(sitting)")
    // Everyone is counted where they stand.
    let standing = ["known", "recognised", "learning", "new"].compactMap { sitting[$0] as? Int }
    XCTAssertEqual(standing.count, 4, "\(sitting)")
    XCTAssertEqual(standing.reduce(0, +), 18, "\(sitting)")
    XCTAssertNotNil(finished["due_tomorrow"] as? Int)

    let refused = try runMeetTheMembers(["--headless", "--minutes", "0"], input: "")
    XCTAssertEqual(refused.status, 64)
    XCTAssertEqual(refused.errors, "Error: --minutes must be a whole number from 1 to 240, not 0\n")
  }

  func testAClockThatIsNotATimeOrNotHeadlessIsRefusedInOneLine() throws {
    for (arguments, expected) in [
      (
        ["--headless", "--clock", "tomorrow"],
        "Error: --clock must be a time such as 2027-01-01T10:00:00Z (ISO 8601, with its zone), "
          + "not tomorrow\n"
      ),
      (
        ["--clock", "2027-01-01T10:00:00Z"],
        "Error: --clock only applies to headless, not to play\n"
      ),
    ] {
      let result = try runMeetTheMembers(arguments, input: "")
      XCTAssertEqual(result.status, 64)
      XCTAssertEqual(result.errors, expected)
    }
  }
}
