import Foundation
import XCTest

@testable import History

/// Scores kept for a club's server in a real SQLite file: each waits until its server took
/// it, with the reason it was not, and survives the history being opened again.
final class ScoreKeepingTests: XCTestCase {
  var folder: String!

  override func setUp() {
    folder = NSTemporaryDirectory() + "mtm-scores-\(UUID().uuidString)"
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func testAScoreWaitsWithItsReasonUntilItsServerTakesIt() throws {
    let history = try History(folder: folder)
    XCTAssertEqual(try history.scoresSent(roster: "url:a"), History.ScoresSent())
    let first = try history.keepScore(#"{"n":1}"#, for: "http://a/s", roster: "url:a", at: 10)
    let second = try history.keepScore(#"{"n":2}"#, for: "http://a/s", roster: "url:a", at: 20)
    let other = try history.keepScore(#"{"n":3}"#, for: "http://b/s", roster: "url:b", at: 30)
    XCTAssertEqual(try history.scoresToSend(), [first, second, other], "oldest first")

    try history.scoreFailed(first.id, reason: "the server answered 500", at: 40)
    try history.scoreFailed(second.id, reason: "connection refused", at: 50)
    try history.scoreSent(other.id, at: 60)
    // Opened again, as at the next launch.
    let reopened = try History(folder: folder)
    XCTAssertEqual(try reopened.scoresToSend(), [first, second])
    XCTAssertEqual(
      try reopened.scoresSent(roster: "url:a"),
      History.ScoresSent(lastSent: nil, failure: "connection refused", waiting: 2))
    XCTAssertEqual(
      try reopened.scoresSent(roster: "url:b"), History.ScoresSent(lastSent: 60, waiting: 0))

    try reopened.scoreSent(first.id, at: 70)
    try reopened.scoreSent(second.id, at: 80)
    XCTAssertEqual(try reopened.scoresToSend(), [])
    XCTAssertEqual(
      try reopened.scoresSent(roster: "url:a"), History.ScoresSent(lastSent: 80, waiting: 0))
  }
}
