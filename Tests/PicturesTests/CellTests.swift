import Dispatch
import Pictures
import XCTest

final class CellTests: XCTestCase {
  func testThePictureFillsTheBoxAsFarAsItsAspectRatioAllows() {
    let box = CellSize(columns: 40, rows: 20)
    let cases: [(name: String, image: PixelSize, aspect: Double, size: CellSize)] = [
      ("square photo, cells twice as tall", PixelSize(width: 600, height: 600), 0.5, box),
      ("landscape 2:1", PixelSize(width: 800, height: 400), 0.5, CellSize(columns: 40, rows: 10)),
      ("portrait 1:2", PixelSize(width: 300, height: 600), 0.5, CellSize(columns: 20, rows: 20)),
      ("square cells", PixelSize(width: 600, height: 600), 1, CellSize(columns: 20, rows: 20)),
      ("tiny photo is scaled up", PixelSize(width: 6, height: 6), 0.5, box),
    ]
    for testCase in cases {
      let size = CellConverter.fittedSize(
        of: testCase.image, in: box, style: CellStyle(cellAspect: testCase.aspect))
      XCTAssertEqual(size, testCase.size, testCase.name)
    }
    XCTAssertEqual(
      CellConverter.fittedSize(
        of: PixelSize(width: 10, height: 10), in: CellSize(columns: 0, rows: 5), style: CellStyle()),
      CellSize(columns: 0, rows: 0))
  }

  func testColoursSurviveEveryColourMode() {
    let redImage = RGBAImage(width: 64, height: 64, filledWith: red)
    let box = CellSize(columns: 8, rows: 4)
    let cases: [(mode: ColorMode, allowed: Set<CellColor>)] = [
      (.truecolor, [.rgb(0xFF0000)]),
      (.colors256, [.palette(9), .palette(196)]),
      (.colors240, [.palette(196)]),
      (.colors16, [.palette(9), .palette(1)]),
      (.colors8, [.palette(1)]),
    ]
    for testCase in cases {
      let picture = CellConverter.convert(
        redImage, in: box, style: CellStyle(colors: testCase.mode))
      XCTAssertEqual(picture.size, box)
      for cell in picture.cells {
        // A solid cell may be drawn as a space on the background or a block in the foreground.
        let visible = cell.character == " " ? cell.background : cell.foreground
        XCTAssertTrue(
          testCase.allowed.contains(visible), "\(testCase.mode): \(cell)")
      }
    }
  }

  func testMonochromeUsesOnlyTheTerminalsColoursAndShapes() {
    var half = RGBAImage(width: 64, height: 64, filledWith: white)
    for y in 0..<64 { for x in 0..<32 { half[x, y] = (0, 0, 0, 255) } }
    let picture = CellConverter.convert(
      half, in: CellSize(columns: 8, rows: 4), style: CellStyle(colors: .monochrome))
    XCTAssertTrue(picture.cells.allSatisfy { $0.foreground == .terminalDefault })
    XCTAssertTrue(picture.cells.allSatisfy { $0.background == .terminalDefault })
    XCTAssertNotEqual(picture[0, 1].character, picture[7, 1].character, "dark and light differ")
  }

  func testTransparentAreasShowTheTerminalBackground() {
    var image = RGBAImage(width: 64, height: 64, filledWith: blue)
    for y in 0..<64 { for x in 0..<32 { image[x, y] = (0, 0, 0, 0) } }
    let picture = CellConverter.convert(
      image, in: CellSize(columns: 8, rows: 4), style: CellStyle(colors: .truecolor))
    XCTAssertEqual(picture[0, 0].background, .terminalDefault)
    XCTAssertEqual(picture[0, 0].character, " ")
    let right = picture[7, 0]
    XCTAssertTrue(
      right.background == .rgb(0x0000FF) || right.foreground == .rgb(0x0000FF), "\(right)")
  }

  func testASCIISymbolsStayASCII() {
    let image = DecodingTests.gradient()
    let picture = CellConverter.convert(
      image, in: CellSize(columns: 20, rows: 10), style: CellStyle(symbols: .ascii))
    XCTAssertTrue(picture.cells.allSatisfy { $0.character.isASCII })
    let unicode = CellConverter.convert(
      image, in: CellSize(columns: 20, rows: 10), style: CellStyle(symbols: .unicode))
    XCTAssertTrue(unicode.cells.contains { !$0.character.isASCII }, "blocks are used")
  }

  func testANSITextHasOneLineARowAndColourSequences() {
    let text = CellConverter.ansiText(
      DecodingTests.gradient(), in: CellSize(columns: 30, rows: 12),
      style: CellStyle(colors: .truecolor))
    XCTAssertEqual(text.split(separator: "\n").count, 12)
    XCTAssertTrue(text.contains("\u{1B}[38;2;"), "24-bit colours")
    let indexed = CellConverter.ansiText(
      DecodingTests.gradient(), in: CellSize(columns: 30, rows: 12),
      style: CellStyle(colors: .colors240))
    XCTAssertTrue(indexed.contains("\u{1B}[38;5;") || indexed.contains("\u{1B}[48;5;"))
    XCTAssertFalse(indexed.contains("\u{1B}[38;2;"))
  }

  func testTheStoreDecodesOnceAndConvertsOncePerSize() throws {
    let folder = TemporaryFolder()
    let path = folder.file("a.jpg")
    try PictureFile.writeJPEG(DecodingTests.gradient(width: 640, height: 480), to: path)
    let store = PictureStore()
    let style = CellStyle()
    let box = CellSize(columns: 40, rows: 20)
    XCTAssertNil(store.cached(path, in: box, style: style))
    let first = try store.picture(path, in: box, style: style)
    XCTAssertEqual(try store.picture(path, in: box, style: style), first)
    XCTAssertEqual(store.cached(path, in: box, style: style), first)
    XCTAssertNil(store.cached(path, in: box, style: CellStyle(colors: .truecolor)))
    XCTAssertEqual(store.counts.decodes, 1)
    XCTAssertEqual(store.counts.conversions, 1)

    _ = try store.picture(path, in: CellSize(columns: 20, rows: 10), style: style)
    XCTAssertEqual(store.counts.decodes, 1, "a smaller box reuses the decoded pixels")
    XCTAssertEqual(store.counts.conversions, 2)
    _ = try store.picture(path, in: box, style: CellStyle(colors: .truecolor))
    XCTAssertEqual(store.counts.decodes, 1, "another style converts the same pixels")
    XCTAssertEqual(store.counts.conversions, 3)
    _ = try store.picture(path, in: CellSize(columns: 80, rows: 40), style: style)
    XCTAssertEqual(store.counts.decodes, 2, "a larger box needs more pixels")
  }

  func testTheStorePreparesPicturesInTheBackground() throws {
    let folder = TemporaryFolder()
    let good = folder.file("good.png")
    let broken = folder.file("broken.png")
    try PictureFile.writePNG(DecodingTests.gradient(), to: good)
    try PictureFile.writeBytes(Array("not an image".utf8), to: broken)
    let store = PictureStore()
    let box = CellSize(columns: 10, rows: 5)
    let style = CellStyle()
    let callbacks = DispatchQueue(label: "test")
    let ready = expectation(description: "good picture prepared")
    let failed = expectation(description: "broken picture reported")
    store.prepare(good, in: box, style: style, priority: .prefetch, callbackQueue: callbacks) {
      result in
      if case .success(let picture) = result, picture.size == box { ready.fulfill() }
    }
    store.prepare(broken, in: box, style: style, priority: .onScreen, callbackQueue: callbacks) {
      result in
      if case .failure(.notAnImage) = result { failed.fulfill() }
    }
    wait(for: [ready, failed], timeout: 30)
    XCTAssertNotNil(store.cached(good, in: box, style: style))
  }
}

extension DecodingTests {
  /// A colourful test picture.
  static func gradient(width: Int = 64, height: Int = 64) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, filledWith: white)
    for y in 0..<height {
      for x in 0..<width {
        image[x, y] = (UInt8(x * 255 / width), UInt8(y * 255 / height), 128, 255)
      }
    }
    return image
  }
}
