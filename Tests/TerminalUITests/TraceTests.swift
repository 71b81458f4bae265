import AppCore
import Foundation
import GameEngine
import XCTest

/// `--trace FILE`: a trace that cannot be written (the disk full) says why, once, as the game
/// ends, instead of leaving a file with its lines missing unsaid.
final class TraceTests: XCTestCase {
  func testATraceThatCannotBeWrittenKeepsWhyAndOneThatCanKeepsItsLines() throws {
    let full = try Trace(path: "/dev/full")
    XCTAssertNil(full.failure, "nothing written yet")
    full.write("start", at: .zero)
    full.write("key", at: .zero, ["key": "q"])
    XCTAssertEqual(
      full.failure, "/dev/full: the trace could not be written: No space left on device")

    let path = NSTemporaryDirectory() + "mtm-trace-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let trace = try Trace(path: path)
    trace.write("start", at: .zero)
    XCTAssertNil(trace.failure)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains("\"event\":\"start\""), text)
  }
}
