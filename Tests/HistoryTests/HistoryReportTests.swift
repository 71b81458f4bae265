import Foundation
import GameEngine
import SystemPackage
import XCTest

@testable import History

/// The reports `meet-the-members history` prints: one summary a person, and every answer,
/// each under the name a person reads.
final class HistoryReportTests: XCTestCase {
  var folder: String!

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "mtm-reports-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Right answers are counted by their outcome, and time outs are left out of the average.
  func testASummaryCountsRightAnswersAndLeavesTimeOutsOutOfTheAverage() throws {
    let path = folder + "/Ada.jpg"
    try Data("ada's face".utf8).write(to: URL(fileURLWithPath: path))
    let history = try History(folder: folder + "/data")
    let club = RosterKey.folder(folder)
    let ada = try history.people(
      [History.Photo(name: "Ada", path: FilePath(path), file: "Ada.jpg")], roster: club)[0]
    let answers: [(History.Outcome, Double)] = [
      (.correct, 1), (.wrong, 2), (.timeout, 5), (.correct, 3),
    ]
    for (index, (outcome, seconds)) in answers.enumerated() {
      try history.record(
        History.Answer(
          person: ada.id, roster: club.identity, mode: "quiz", outcome: outcome, chosen: nil,
          seconds: seconds, answeredAt: Double(index)),
        memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    }
    let summary = try XCTUnwrap(try history.summaries(rosters: [club.identity]).first)
    XCTAssertEqual(summary.answers, 4)
    XCTAssertEqual(summary.correct, 2)
    XCTAssertEqual(summary.averageSeconds, 2, "(1 + 2 + 3) / 3")
    XCTAssertEqual(summary.roster, (folder as NSString).lastPathComponent)
  }

  /// An answer whose roster's name is not recorded is shown by its folder's name or its
  /// server's URL, never by the identity's prefix.
  func testARosterWithoutARecordedNameIsShownByItsFolderOrURL() throws {
    let path = folder + "/Ada.jpg"
    try Data("ada's face".utf8).write(to: URL(fileURLWithPath: path))
    let history = try History(folder: folder + "/data")
    let ada = try history.people(
      [History.Photo(name: "Ada", path: FilePath(path), file: "Ada.jpg")],
      roster: RosterKey.folder(folder))[0]
    for roster in ["folder:/clubs/chess club", "url:https://club.example/roster.json", "photos"] {
      try history.record(
        History.Answer(
          person: ada.id, roster: roster, mode: "quiz", outcome: .correct, chosen: nil,
          seconds: 1, answeredAt: 0),
        memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    }
    let folderName = (folder as NSString).lastPathComponent
    XCTAssertEqual(
      try history.exportedAnswers(rosters: nil).map(\.rosterName),
      ["chess club", "https://club.example/roster.json", "photos"])
    XCTAssertEqual(try history.summaries(rosters: nil).map(\.roster), [folderName])
  }
}
