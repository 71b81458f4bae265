import CPNG
import Foundation
import Pictures
import SystemPackage
import XCTest

final class DecodingTests: XCTestCase {
  /// Where the upright picture's top-left (red) and top-right (green) corners are stored for
  /// each orientation tag: written out by hand, independently of the code under test.
  static let storedCorners: [(Orientation, red: (Int, Int), green: (Int, Int))] = [
    (.up, (0, 0), (1, 0)),
    (.upMirrored, (1, 0), (0, 0)),
    (.down, (1, 1), (0, 1)),
    (.downMirrored, (0, 1), (1, 1)),
    (.leftMirrored, (0, 0), (0, 1)),
    (.right, (0, 1), (0, 0)),
    (.rightMirrored, (1, 1), (1, 0)),
    (.left, (1, 0), (1, 1)),
  ]

  func testEveryOrientationTagIsShownUpright() throws {
    let folder = TemporaryFolder()
    for bigEndian in [false, true] {
      for (orientation, redAt, greenAt) in Self.storedCorners {
        // Stored 96x48: sideways orientations are 48x96 once upright.
        let stored = image(
          width: 96, height: 48,
          corners: [(redAt.0, redAt.1, red), (greenAt.0, greenAt.1, green)], block: 16)
        let jpeg = PictureFile.addingEXIF(
          to: try PictureFile.encodeJPEG(stored, quality: 95), orientation: orientation,
          bigEndian: bigEndian, padding: 100)
        let path = folder.file("\(orientation).jpg")
        try PictureFile.writeBytes(jpeg, to: path)

        let upright = try PictureFile.decode(path)
        let label = "\(orientation) \(bigEndian ? "MM" : "II")"
        let sideways = orientation.rawValue >= 5
        XCTAssertEqual(upright.width, sideways ? 48 : 96, label)
        XCTAssertEqual(upright.height, sideways ? 96 : 48, label)
        XCTAssertTrue(isNear(upright[4, 4], red), "red marker top left: \(label)")
        XCTAssertTrue(isNear(upright[upright.width - 5, 4], green), "green top right: \(label)")
        XCTAssertTrue(isNear(upright[4, upright.height - 5], white), "plain bottom left: \(label)")
      }
    }
  }

  func testABrokenOrientationTagMeansUpright() throws {
    let folder = TemporaryFolder()
    var jpeg = try PictureFile.encodeJPEG(image(width: 32, height: 16, corners: [(0, 0, red)]))
    jpeg = PictureFile.addingEXIF(to: jpeg, orientation: .right)
    // Point IFD0 far beyond the segment.
    let tiffStart = 2 + 4 + 6
    jpeg[tiffStart + 4] = 0xFF
    jpeg[tiffStart + 5] = 0xFF
    try PictureFile.writeBytes(jpeg, to: folder.file("a.jpg"))
    let decoded = try PictureFile.decode(folder.file("a.jpg"))
    XCTAssertEqual(decoded.width, 32)
  }

  func testJPEGDecodesAtTheSmallestScaleWithPixelsEnough() throws {
    let folder = TemporaryFolder()
    let path = folder.file("big.jpg")
    try PictureFile.writeJPEG(image(width: 800, height: 600, corners: []), to: path)
    let cases: [(needed: PixelSize?, width: Int, height: Int)] = [
      (PixelSize(width: 80, height: 60), 100, 75),
      (PixelSize(width: 101, height: 10), 200, 150),
      (PixelSize(width: 300, height: 300), 400, 300),
      (PixelSize(width: 401, height: 300), 800, 600),
      (PixelSize(width: 4000, height: 3000), 800, 600),
      (nil, 800, 600),
    ]
    for testCase in cases {
      let decoded = try PictureFile.decode(
        path, size: testCase.needed.map(DecodeSize.atLeast) ?? .full)
      XCTAssertEqual(decoded.width, testCase.width, "\(String(describing: testCase.needed))")
      XCTAssertEqual(decoded.height, testCase.height, "\(String(describing: testCase.needed))")
    }
  }

  func testASidewaysPhotoScalesForItsUprightShape() throws {
    let folder = TemporaryFolder()
    let jpeg = PictureFile.addingEXIF(
      to: try PictureFile.encodeJPEG(image(width: 800, height: 400, corners: [])),
      orientation: .right)
    try PictureFile.writeBytes(jpeg, to: folder.file("side.jpg"))
    // Upright it is 400x800: 100 wide needs 1/4 (100x200), not 1/8 (50x100).
    let decoded = try PictureFile.decode(
      folder.file("side.jpg"), size: .atLeast(PixelSize(width: 100, height: 200)))
    XCTAssertEqual(decoded.width, 100)
    XCTAssertEqual(decoded.height, 200)
  }

  func testEveryKindOfPNGDecodesToTheSameColours() throws {
    let folder = TemporaryFolder()
    let width = 8
    let height = 8
    let pixelCount = width * height
    // Each PNG is red with a transparent or white second row where its kind allows.
    let cases: [(name: String, depth: Int32, type: Int32, bytes: [UInt8], palette: [png_color])] = [
      ("rgba8", 8, PNG_COLOR_TYPE_RGBA, repeat4([255, 0, 0, 255], pixelCount), []),
      ("rgb8", 8, PNG_COLOR_TYPE_RGB, repeat4([255, 0, 0], pixelCount), []),
      (
        "rgb16", 16, PNG_COLOR_TYPE_RGB, repeat4([0xFF, 0xFF, 0, 0, 0, 0], pixelCount), []
      ),
      (
        "rgba16", 16, PNG_COLOR_TYPE_RGBA,
        repeat4([0xFF, 0xFF, 0, 0, 0, 0, 0xFF, 0xFF], pixelCount), []
      ),
      (
        "palette", 8, PNG_COLOR_TYPE_PALETTE, [UInt8](repeating: 1, count: pixelCount),
        [png_color(red: 0, green: 0, blue: 0), png_color(red: 255, green: 0, blue: 0)]
      ),
      (
        "palette 2-bit", 2, PNG_COLOR_TYPE_PALETTE,
        [UInt8](repeating: 0b0101_0101, count: pixelCount / 4),
        [png_color(red: 0, green: 0, blue: 0), png_color(red: 255, green: 0, blue: 0)]
      ),
    ]
    for testCase in cases {
      for interlaced in [false, true] {
        let path = folder.file("\(testCase.name)-\(interlaced).png")
        writePNG(
          path, rows: testCase.bytes, width: width, height: height, bitDepth: testCase.depth,
          colorType: testCase.type, interlaced: interlaced, palette: testCase.palette)
        let decoded = try PictureFile.decode(path)
        let label = "\(testCase.name), interlaced \(interlaced)"
        XCTAssertEqual(decoded.width, width, label)
        XCTAssertTrue(isNear(decoded[3, 5], red, within: 1), "\(decoded[3, 5]) \(label)")
        XCTAssertEqual(decoded[3, 5].a, 255, label)
      }
    }
  }

  func testGreyAndAlphaPNGsKeepTheirGreyAndTransparency() throws {
    let folder = TemporaryFolder()
    writePNG(
      folder.file("grey.png"), rows: [UInt8](repeating: 128, count: 16), width: 4, height: 4,
      bitDepth: 8, colorType: PNG_COLOR_TYPE_GRAY, interlaced: false)
    writePNG(
      folder.file("grey-alpha.png"), rows: repeat4([200, 0], 16), width: 4, height: 4,
      bitDepth: 8, colorType: PNG_COLOR_TYPE_GRAY_ALPHA, interlaced: true)
    let grey = try PictureFile.decode(folder.file("grey.png"))
    XCTAssertTrue(isNear(grey[1, 1], (128, 128, 128, 255), within: 2), "\(grey[1, 1])")
    let clear = try PictureFile.decode(folder.file("grey-alpha.png"))
    XCTAssertEqual(clear[2, 2].a, 0)
  }

  func testUnusableFilesAreRefusedWithAReason() throws {
    let folder = TemporaryFolder()
    let good = try PictureFile.encodeJPEG(DecodingTests.gradient(width: 256, height: 256))
    let png = try pngBytes(width: 4, height: 4)
    var lyingPNG = png
    // IHDR width and height (big-endian) at bytes 16 and 20: 100,000 x 100,000.
    for offset in [16, 20] {
      lyingPNG.replaceSubrange(offset..<(offset + 4), with: [0x00, 0x01, 0x86, 0xA0])
    }
    fixCRC(&lyingPNG, chunkAt: 8)
    var hugeJPEG = good
    // SOF0 height and width (60,000 each) after the marker, length and precision.
    let sof = hugeJPEG.firstRange(of: [0xFF, 0xC0])!.lowerBound
    hugeJPEG.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])

    let cases: [(name: String, bytes: [UInt8], header: String?, decode: String)] = [
      ("empty", [], "the file is empty", "the file is empty"),
      ("text", Array("hello, not a photo".utf8), "not a JPEG or PNG image", "not a JPEG"),
      ("gif", Array("GIF89a....".utf8), "GIF images are not supported", "GIF"),
      (
        "heic", [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0], "HEIC images", "HEIC"
      ),
      ("truncated jpeg", Array(good.prefix(good.count / 2)), nil, "damaged image data"),
      (
        "truncated png", Array(png.prefix(png.count - 20)), nil,
        "damaged image data: the file ends before its image data does"
      ),
      ("just a JPEG marker", [0xFF, 0xD8, 0xFF], "damaged image data", "damaged"),
      ("png bomb", lyingPNG, "100000x100000 pixels is beyond the limit", "beyond the limit"),
      ("jpeg bomb", hugeJPEG, "60000x60000 pixels is beyond the limit", "beyond the limit"),
    ]
    for testCase in cases {
      let path = folder.file(testCase.name)
      try PictureFile.writeBytes(testCase.bytes, to: path)
      if let expected = testCase.header {
        XCTAssertThrowsError(try PictureFile.readHeader(path), testCase.name) { error in
          XCTAssertTrue("\(error)".contains(expected), "\(testCase.name): \(error)")
        }
      } else {
        XCTAssertNoThrow(try PictureFile.readHeader(path), "\(testCase.name): header is sound")
      }
      XCTAssertThrowsError(try PictureFile.decode(path), testCase.name) { error in
        XCTAssertTrue("\(error)".contains(testCase.decode), "\(testCase.name): \(error)")
      }
    }
    XCTAssertThrowsError(try PictureFile.decode(folder.file("missing.jpg"))) { error in
      XCTAssertEqual("\(error)", "cannot be read: No such file or directory")
    }
  }

  func testAJPEGWithThousandsOfScansIsRefused() throws {
    let folder = TemporaryFolder()
    let progressive = try PictureFile.encodeJPEG(
      image(width: 64, height: 64, corners: [(0, 0, red)]), progressive: true)
    // Repeat the last scan (from its SOS marker to the end of image) 2,000 times.
    let lastScan = progressive.lastRange(of: [0xFF, 0xDA])!.lowerBound
    let scan = progressive[lastScan..<(progressive.count - 2)]
    var bomb = Array(progressive[..<lastScan])
    for _ in 0..<2_000 { bomb += scan }
    bomb += [0xFF, 0xD9]
    try PictureFile.writeBytes(bomb, to: folder.file("scans.jpg"))
    // libjpeg-turbo stops at the first scan that breaks the progression, or at 500 scans.
    XCTAssertThrowsError(try PictureFile.decode(folder.file("scans.jpg"))) { error in
      XCTAssertTrue("\(error)".hasPrefix("damaged image data"), "\(error)")
    }
  }

  func testTheHeaderIsFoundBehindALargeEXIFBlock() throws {
    let folder = TemporaryFolder()
    let jpeg = PictureFile.addingEXIF(
      to: try PictureFile.encodeJPEG(image(width: 40, height: 30, corners: [])),
      orientation: .up, padding: 60_000)
    try PictureFile.writeBytes(jpeg, to: folder.file("phone.jpg"))
    let header = try PictureFile.readHeader(folder.file("phone.jpg"))
    XCTAssertEqual(header, ImageHeader(format: .jpeg, width: 40, height: 30))
  }

  /// A lossless or hierarchical JPEG (SOF3, SOF5...), which libjpeg-turbo cannot decode, is
  /// refused by its header, as the walk reads it.
  func testALosslessJPEGIsRefusedByItsHeader() throws {
    let folder = TemporaryFolder()
    var jpeg = try PictureFile.encodeJPEG(image(width: 40, height: 30, corners: []))
    let sof = jpeg.firstRange(of: [0xFF, 0xC0])!.lowerBound
    jpeg[sof + 1] = 0xC3
    try PictureFile.writeBytes(jpeg, to: folder.file("lossless.jpg"))
    XCTAssertThrowsError(try PictureFile.readHeader(folder.file("lossless.jpg"))) { error in
      XCTAssertEqual(
        "\(error)", "damaged image data: a lossless or hierarchical JPEG, which cannot be decoded")
    }
  }

  /// A CMYK JPEG as Photoshop saves it (made by another program: see Data/README.md) shows
  /// its colours, and the Adobe segment is what says its inks are stored inverted.
  func testCMYKPhotosShowTheirColours() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Data/cmyk-adobe.jpg")
    let image = try PictureFile.decode(FilePath(url.path))
    XCTAssertEqual(image.size, PixelSize(width: 64, height: 48))
    func assertColour(
      _ image: RGBAImage, _ x: Int, _ y: Int, _ expected: (Int, Int, Int),
      line: UInt = #line
    ) {
      let pixel = image[x, y]
      let actual = [Int(pixel.0), Int(pixel.1), Int(pixel.2), Int(pixel.3)]
      let wanted = [expected.0, expected.1, expected.2, 255]
      XCTAssertTrue(
        zip(actual, wanted).allSatisfy { abs($0 - $1) <= 6 }, "\(actual) is not \(wanted)",
        line: line)
    }
    assertColour(image, 8, 24, (200, 40, 30))
    assertColour(image, 56, 24, (30, 160, 220))

    // The same inks without Adobe's segment are read as stored: full black ink everywhere.
    var bytes = Array(try Data(contentsOf: url))
    XCTAssertEqual(bytes[2...3], [0xFF, 0xEE])
    let length = Int(bytes[4]) << 8 | Int(bytes[5])
    bytes.removeSubrange(2..<(4 + length))
    let folder = TemporaryFolder()
    try PictureFile.writeBytes(bytes, to: folder.file("plain.jpg"))
    let plain = try PictureFile.decode(folder.file("plain.jpg"))
    assertColour(plain, 8, 24, (0, 0, 0))
  }

  /// Recomputes the CRC of the chunk starting at `offset` so that only the lie remains.
  private func fixCRC(_ bytes: inout [UInt8], chunkAt offset: Int) {
    let length =
      Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16
      | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    let covered = Array(bytes[(offset + 4)..<(offset + 8 + length)])
    let crc = crc32(covered)
    let at = offset + 8 + length
    bytes.replaceSubrange(
      at..<(at + 4),
      with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
  }
}

private func repeat4(_ pattern: [UInt8], _ count: Int) -> [UInt8] {
  Array((0..<count).map { _ in pattern }.joined())
}

/// CRC-32 as PNG chunks use it (test fixtures only).
private func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}
