import XCTest

@testable import RosterDownload

final class ProgressTextTests: XCTestCase {
  func progress(_ received: Int64, of total: Int64, after seconds: Double) -> DownloadProgress {
    DownloadProgress(
      received: received, total: total, elapsed: .milliseconds(Int64(seconds * 1000)))
  }

  func testTheBarShowsBytesPercentRateAndTimeLeft() {
    let half = progress(5_800_000, of: 12_306_144, after: 2)
    XCTAssertEqual(
      ProgressText.bar(half, width: 80, unicode: true),
      String(repeating: "█", count: 17) + String(repeating: "░", count: 21)
        + "  5.8 of 12.3 MB  47%  2.9 MB/s  3 s left")
    XCTAssertEqual(
      ProgressText.bar(half, width: 50, unicode: false),
      String(repeating: "#", count: 4) + String(repeating: "-", count: 6)
        + "  5.8 of 12.3 MB  47%  2.9 MB/s  3 s left")
    XCTAssertEqual(
      ProgressText.line(half), "47% (5.8 of 12.3 MB, 2.9 MB/s, 3 s left)")
  }

  func testNoRateBeforeAQuarterSecondAndNoTimeLeftAtTheEnd() {
    XCTAssertEqual(ProgressText.line(progress(0, of: 950, after: 0)), "0% (0 of 950 bytes)")
    XCTAssertEqual(
      ProgressText.line(progress(2_000_000_000, of: 2_000_000_000, after: 10)),
      "100% (2.0 of 2.0 GB, 200 MB/s)")
    XCTAssertEqual(
      ProgressText.line(progress(999, of: 1000, after: 1)),
      "99% (1.0 of 1.0 kB, 999 bytes/s, 1 s left)")
  }

  func testSizesAndDurationsReadAsPeopleSayThem() {
    XCTAssertEqual(ProgressText.bytes(1), "1 byte")
    XCTAssertEqual(ProgressText.bytes(12_306_144), "12.3 MB")
    XCTAssertEqual(ProgressText.bytes(123_456_789), "123 MB")
    XCTAssertEqual(ProgressText.duration(0.2), "1 s")
    XCTAssertEqual(ProgressText.duration(150), "3 min")
    XCTAssertEqual(ProgressText.duration(3900), "1 h 5 min")
  }
}
