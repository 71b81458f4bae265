import Foundation
import XCTest

@testable import History

/// Scores kept for a club's server in a real SQLite file: each waits until its server took
/// it, with the reason it was not, and survives the history being opened again; one refused
/// or too old is not sent, and forgetting a roster forgets the scores it has yet to send.
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
    XCTAssertEqual(try history.scoresToSend(now: 40), [first, second, other], "oldest first")

    try history.scoreFailed(first.id, reason: "the server answered 500", at: 40)
    try history.scoreFailed(second.id, reason: "connection refused", at: 50)
    try history.scoreSent(other.id, at: 60)
    // Opened again, as at the next launch.
    let reopened = try History(folder: folder)
    XCTAssertEqual(try reopened.scoresToSend(now: 70), [first, second])
    XCTAssertEqual(
      try reopened.scoresSent(roster: "url:a"),
      History.ScoresSent(lastSent: nil, failure: "connection refused", waiting: 2))
    XCTAssertEqual(
      try reopened.scoresSent(roster: "url:b"), History.ScoresSent(lastSent: 60, waiting: 0))

    try reopened.scoreSent(first.id, at: 70)
    try reopened.scoreSent(second.id, at: 80)
    XCTAssertEqual(try reopened.scoresToSend(now: 90), [])
    XCTAssertEqual(
      try reopened.scoresSent(roster: "url:a"), History.ScoresSent(lastSent: 80, waiting: 0))
  }

  func testARefusedScoreIsNotSentAgainAndAnOldOneIsDropped() throws {
    let history = try History(folder: folder)
    let old = try history.keepScore("{}", for: "http://a/s", roster: "url:a", at: 0)
    let refused = try history.keepScore("{}", for: "http://a/s", roster: "url:a", at: 100)
    let waiting = try history.keepScore("{}", for: "http://a/s", roster: "url:a", at: 200)
    try history.scoreFailed(
      refused.id, reason: "the server answered 422 Unprocessable Entity", refused: true, at: 300)
    XCTAssertEqual(try history.scoresToSend(now: 300), [old, waiting])
    XCTAssertEqual(
      try history.scoresSent(roster: "url:a"),
      History.ScoresSent(failure: "the server answered 422 Unprocessable Entity", waiting: 2))
    XCTAssertEqual(
      try history.scoresToSend(now: 50 + History.scoresKeptFor), [waiting],
      "a score older than 30 days is dropped")

    try history.forget(roster: "url:a")
    XCTAssertEqual(try history.scoresToSend(now: 400), [])
    XCTAssertEqual(try history.scoresSent(roster: "url:a").waiting, 0)
  }
}
