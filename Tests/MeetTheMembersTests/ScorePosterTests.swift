import Foundation
import Launch
import LoopbackServer
import NIOCore
import Synchronization
import XCTest

/// A score sent to a real HTTP server on 127.0.0.1 that answers, then drags its answer out:
/// the status says whether the score was taken, and nothing waits for the rest.
final class ScorePosterTests: XCTestCase {
  /// A server that sends its status, then its body a byte at a time (one that would hold a
  /// game for ever, the deadline counting only between bytes), or a body too long to read:
  /// the score is taken (or refused) by its status, and the send ends without the body.
  func testAnAnswerIsTakenByItsStatusNotWaitedForToItsEnd() throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let endless = Data(repeating: UInt8(ascii: "x"), count: 100_000)
    server["/trickle"] = .slow(endless, fast: 1, every: .milliseconds(200))
    let gate = Gate()
    defer { gate.open() }
    server["/held"] = .paused(endless, after: 10, gate: gate)
    for path in ["/trickle", "/held"] {
      let done = expectation(description: path)
      let outcome = Mutex<ScorePoster.Failure??>(nil)
      Task {
        do throws(ScorePoster.Failure) {
          try await ScorePoster.post(
            Data("{}".utf8), to: server.url(path), deadline: .seconds(10))
          outcome.withLock { $0 = .some(nil) }
        } catch {
          outcome.withLock { $0 = .some(error) }
        }
        done.fulfill()
      }
      // A ceiling only: the send ends as the status arrives, whatever the machine's speed.
      wait(for: [done], timeout: 60)
      XCTAssertEqual(outcome.withLock { $0 }, .some(nil), "\(path): taken by its 200")
    }
  }

  /// A score kept with a URL no request can go to (an IP address with a port beyond 65535,
  /// on which the HTTP client would stop the game) is refused, not sent and not kept to be
  /// sent again.
  func testAURLNoRequestCanGoToIsRefusedWithoutASend() async throws {
    for text in ["http://127.0.0.1:99999/scores", "http://[::1]:65536/scores"] {
      let url = try XCTUnwrap(URL(string: text))
      do throws(ScorePoster.Failure) {
        try await ScorePoster.post(Data("{}".utf8), to: url)
        XCTFail("\(text) taken")
      } catch {
        XCTAssertTrue(error.refused, text)
        XCTAssertTrue(error.reason.hasSuffix("is beyond 65535"), error.reason)
      }
    }
  }
}
