import Foundation
import XCTest

@testable import HeadlessUI

/// The headless front end's events as lines: keys in one order, and nothing dropped.
final class HeadlessEventTests: XCTestCase {
  func testAnEventIsOneLineWithItsKeysSortedAndNullsWritten() {
    let event = HeadlessEvent(
      "result", at: 1.5,
      HeadlessEvent.Result(
        number: 2, outcome: "timeout", chosen: .init(nil), correct: 1, score: 0, seconds: 5))
    XCTAssertEqual(
      event.line,
      #"{"chosen":null,"correct":1,"event":"result","number":2,"outcome":"timeout","#
        + #""score":0,"seconds":5,"t":1.5}"#)
  }

  /// A number JSON cannot say is no reason to lose an event in silence.
  func testAnEventThatCannotBeWrittenBecomesAnErrorThatSaysWhich() throws {
    let event = HeadlessEvent("stats", at: 2, HeadlessEvent.Paused(reason: "player"))
    XCTAssertEqual(event.line, #"{"event":"stats","reason":"player","t":2}"#)
    let broken = HeadlessEvent(
      "result", at: 3,
      HeadlessEvent.Result(
        number: 1, outcome: "correct", chosen: .init(0), correct: 0, score: 1, seconds: .nan))
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(broken.line.utf8)) as? [String: Any])
    XCTAssertEqual(object["event"] as? String, "error")
    XCTAssertEqual(object["t"] as? Double, 3)
    let message = try XCTUnwrap(object["message"] as? String)
    XCTAssertTrue(message.hasPrefix("the result event could not be written: "), message)
  }
}
