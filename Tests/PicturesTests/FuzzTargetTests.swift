import Foundation
import PictureFuzzing
import Pictures
import XCTest

/// The fuzz targets (`make fuzz`) reach the readers they are named for, and the inputs kept
/// from fuzzing replay through them.
final class FuzzTargetTests: XCTestCase {
  private func run(_ target: FuzzTarget, _ bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { target.run($0) }
  }

  /// A target whose inputs all stopped short of its reader (a PNG never decoded because its
  /// file could not be made, say) would search nothing.
  func testEachTargetReadsAPhotoOfItsKind() throws {
    let picture = image(width: 64, height: 32, corners: [(0, 0, red)])
    let jpeg = PictureFile.addingEXIF(
      to: try PictureFile.encodeJPEG(picture), orientation: .right, bigEndian: true)
    let png = try pngBytes(width: 64, height: 32)
    XCTAssertEqual(run(.exif, jpeg), "orientation right")
    XCTAssertEqual(run(.header, jpeg), "jpeg 64x32")
    XCTAssertEqual(run(.header, png), "png 64x32")
    // Whole, then for a box of 48x48 pixels, which a 1/2-scale decode no longer fills.
    XCTAssertEqual(run(.jpeg, jpeg), "32x64 of 32x64; 32x64 of 32x64")
    XCTAssertEqual(run(.png, png), "64x32 of 64x32; 64x32 of 64x32")
    let large = try pngBytes(width: 400, height: 200)
    XCTAssertEqual(run(.png, large), "400x200 of 400x200; 100x50 of 400x200")
  }

  /// Every prefix of a photo cut before its image data ends is damage in words from each
  /// target, never a crash. (A PNG without its closing IEND chunk has every pixel.)
  func testEveryCutOfAPhotoEndsInWords() throws {
    let picture = image(width: 40, height: 24, corners: [(0, 0, red), (1, 1, blue)])
    let jpeg = PictureFile.addingEXIF(to: try PictureFile.encodeJPEG(picture), orientation: .left)
    let png = try pngBytes(width: 40, height: 24)
    for (photo, end) in [(jpeg, 0), (png, 12)] {
      for length in 0..<(photo.count - end) {
        let cut = Array(photo.prefix(length))
        for target in FuzzTarget.allCases {
          let outcome = run(target, cut)
          XCTAssertFalse(outcome.isEmpty, "\(target) of \(length) bytes")
          if target != .exif {
            XCTAssertFalse(
              outcome.contains(" of 40x24"), "\(target) of \(length) bytes: \(outcome)")
          }
        }
      }
    }
  }

  /// Each input kept in Data/fuzz/TARGET/ (one that once crashed or that reaches an edge
  /// of a reader) replays without a crash, to the outcome recorded in Data/fuzz/outcomes.txt.
  func testTheInputsKeptFromFuzzingReplayToTheirOutcomes() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Data/fuzz")
    let recorded = try String(
      contentsOf: folder.appendingPathComponent("outcomes.txt"), encoding: .utf8)
    var replayed = 0
    for line in recorded.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
      XCTAssertEqual(fields.count, 2, "outcomes.txt: \(line)")
      guard fields.count == 2 else { continue }
      let target = try XCTUnwrap(FuzzTarget(rawValue: String(fields[0].prefix { $0 != "/" })))
      let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(fields[0])))
      XCTAssertEqual(run(target, bytes), fields[1], fields[0])
      replayed += 1
    }
    let kept = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      .filter { $0.contains("/") && !$0.hasSuffix("/") }
    XCTAssertEqual(replayed, kept.count, "every input kept has its outcome recorded")
  }
}
