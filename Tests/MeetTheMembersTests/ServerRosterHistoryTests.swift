import Foundation
import XCTest

/// A club's roster from its server is one roster in the history, known by its manifest's URL
/// whatever version the cache holds, and shown by the club's name.
final class ServerRosterHistoryTests: XCTestCase {
  private var club: ClubServer!
  private let data = NSTemporaryDirectory() + "mtm-server-history-\(UUID().uuidString)"

  override func setUpWithError() throws { club = try ClubServer() }

  override func tearDown() {
    club = nil
    try? FileManager.default.removeItem(atPath: data)
  }

  private func playOneTimeOut() throws -> String {
    let run = try runMeetTheMembers(
      [club.url, "--headless", "--seed", "1", "--data-dir", data], environment: club.environment,
      input: [#"{"do":"start"}"#, #"{"do":"wait","seconds":9}"#].map { $0 + "\n" }.joined())
    XCTAssertEqual(run.status, 0, run.errors)
    return run.output
  }

  func testEveryVersionOfAClubsRosterKeepsOneHistoryUnderTheClubsName() throws {
    club.publish("1", try ClubServer.zip(photos: 6))
    _ = try playOneTimeOut()
    club.publish("2", try ClubServer.zip(photos: 6))
    let second = try playOneTimeOut()
    XCTAssertTrue(second.contains(#""new":5"#), "the member asked in version 1 is known: \(second)")

    let export = try runMeetTheMembers(
      ["history", club.url, "--data-dir", data], environment: club.environment)
    XCTAssertEqual(export.status, 0, export.errors)
    let rows = export.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
    XCTAssertEqual(rows.count, 2, export.output)
    XCTAssertTrue(
      rows.allSatisfy { $0.contains(",Example Club,quiz,name,timeout,") }, export.output)
    let byName = try runMeetTheMembers(
      ["history", "Example Club", "--data-dir", data], environment: club.environment)
    XCTAssertEqual(byName.output, export.output, "the club's name finds it too")
  }
}
