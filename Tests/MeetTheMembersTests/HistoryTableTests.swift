import Foundation
import GameEngine
import Launch
import XCTest

/// The times of the history's CSV and JSON, and of the names of files of answers that wait.
final class HistoryTableTests: XCTestCase {
  /// Written without Foundation's formatter (which loads ICU at every launch) and yet as it
  /// writes them, to the millisecond rounded; and read back by it.
  func testATimeIsWrittenAsISO8601WritesIt() throws {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var generator = SeededGenerator(seed: 8601)
    let chosen: [Double] = [
      0, 1.0004, 1.9996, -1.5, -0.0004, 951_782_400.25, 1_234_567_890.123, 1_780_000_000.9999,
      1_764_374_400, 4_102_444_799.999,
    ]
    let drawn = (0..<2_000).map { _ in Double.random(in: -1e9...4e9, using: &generator) }
    for seconds in chosen + drawn {
      let written = HistoryTable.iso8601(seconds)
      XCTAssertEqual(written, formatter.string(from: Date(timeIntervalSince1970: seconds)))
      let read = try XCTUnwrap(HistoryTable.unixSeconds(written), written)
      XCTAssertEqual(read, (seconds * 1000).rounded() / 1000, accuracy: 1e-6, written)
    }
    XCTAssertEqual(HistoryTable.iso8601(1_764_433_884.5), "2025-11-29T16:31:24.500Z")
    // Beyond what four digits of a year write: the nearest time within them.
    XCTAssertEqual(HistoryTable.iso8601(1e15), "9999-12-31T23:59:59.999Z")
    XCTAssertEqual(HistoryTable.iso8601(-1e15), "0001-01-01T00:00:00.000Z")
    XCTAssertEqual(HistoryTable.iso8601(.infinity), "9999-12-31T23:59:59.999Z")
  }
}
