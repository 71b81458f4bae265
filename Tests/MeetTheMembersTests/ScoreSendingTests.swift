import AppCore
import Foundation
import History
import LoopbackServer
import Roster
import XCTest

@testable import Launch

/// The scores waiting to be sent, with a real history file and a real score server on
/// 127.0.0.1: where the history cannot keep a score, the game holds it, and says so.
final class ScoreSendingTests: XCTestCase {
  private var folder: String!

  override func setUp() {
    folder = NSTemporaryDirectory() + "mtm-outbox-\(UUID().uuidString)"
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A round's score, ended now (a score older than 30 days is not sent).
  private func score() -> RoundScore {
    RoundScore(
      player: "Ada", mode: "quiz", questions: 1, right: 1, known: nil, recognised: nil,
      members: 18, seconds: 3, endedAt: Date().timeIntervalSince1970)
  }

  /// A score the history could not keep (another program held it) waits in the game only:
  /// counted apart, as the game's end drops it. Refused, it says so until a later score goes;
  /// then the refusal is no longer the last word.
  func testAScoreOnlyTheGameHoldsIsCountedApartAndItsRefusalGivesWayToALaterSend() throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    // A history that does not wait for another program: its write fails at once.
    let history = try History(folder: folder, waiting: History.Waiting(limit: 0))
    let roster = try Roster.load(
      packageDirectory.appendingPathComponent("Resources/sample-club").path)
    let outbox = ScoreSending.Outbox(
      url: server.url("/scores"), roster: roster, history: history,
      rosterKey: "folder:/club", allowed: [], everyone: true)
    let holder = HistoryHolder(folder + "/" + History.fileName)
    try holder.hold()
    outbox.keep(score())
    holder.release()

    server["/scores"] = .status(500)
    let failed = outbox.sendWaiting()
    XCTAssertEqual(failed.waiting, 1)
    XCTAssertEqual(failed.waitingInGame, 1, "the history holds none of it")

    server["/scores"] = .status(403)
    let refused = outbox.sendWaiting()
    XCTAssertEqual(refused.failure, "the server answered 403 Forbidden")
    XCTAssertEqual(refused.waiting, 0)

    server["/scores"] = .status(204)
    outbox.keep(score())
    let sent = outbox.sendWaiting()
    XCTAssertNil(sent.failure, "a later score went")
    XCTAssertEqual(sent.waiting, 0)
    XCTAssertNotNil(sent.lastSent)
  }
}
