import CPNG
import Dispatch
import Pictures
import Synchronization
import SystemPackage
import XCTest

/// Photos are decoded to the pixels their box needs, never larger; the store keeps what it
/// decoded for the boxes it serves, remembers failures, and puts the screen's picture first.
final class ShrinkingTests: XCTestCase {
  /// Four quadrants: red, green / blue, white.
  static func quadrants(width: Int, height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, filledWith: white)
    for y in 0..<height {
      for x in 0..<width where x < width / 2 || y < height / 2 {
        let color = y < height / 2 ? (x < width / 2 ? red : green) : blue
        image[x, y] = (color.0, color.1, color.2, color.3)
      }
    }
    return image
  }

  func testAPNGIsShrunkAsItsRowsArrive() throws {
    let folder = TemporaryFolder()
    for interlaced in [false, true] {
      let path = folder.file("quadrants-\(interlaced).png")
      let source = Self.quadrants(width: 600, height: 400)
      writePNG(
        path, rows: source.pixels, width: 600, height: 400, bitDepth: 8,
        colorType: PNG_COLOR_TYPE_RGBA, interlaced: interlaced)
      // 100x100 needs a factor of 4 at most (400 / 100): 150x100.
      let shrunk = try PictureFile.decode(path, size: .atLeast(PixelSize(width: 100, height: 100)))
      let label = "interlaced \(interlaced)"
      XCTAssertEqual(shrunk.width, 150, label)
      XCTAssertEqual(shrunk.height, 100, label)
      XCTAssertTrue(isNear(shrunk[10, 10], red, within: 0), "\(shrunk[10, 10]) \(label)")
      XCTAssertTrue(isNear(shrunk[140, 10], green, within: 0), label)
      XCTAssertTrue(isNear(shrunk[10, 90], blue, within: 0), label)
      XCTAssertTrue(isNear(shrunk[140, 90], white, within: 0), label)
      XCTAssertEqual(try PictureFile.decode(path).width, 600, "full size when asked, \(label)")
    }
  }

  func testShrinkingAveragesEachSquareWeightedByAlpha() throws {
    let folder = TemporaryFolder()
    // 3x2 squares of 2x2 pixels, the last column of squares 1 pixel wide (width 5):
    // a black and white checkerboard, opaque blue beside fully transparent red, and half
    // transparent white.
    var source = RGBAImage(width: 5, height: 2, filledWith: (0, 0, 0, 255))
    source[1, 0] = white
    source[0, 1] = white
    source[2, 0] = blue
    source[3, 0] = (255, 0, 0, 0)
    source[2, 1] = (255, 0, 0, 0)
    source[3, 1] = blue
    source[4, 0] = (255, 255, 255, 128)
    source[4, 1] = (255, 255, 255, 128)
    let path = folder.file("squares.png")
    try PictureFile.writePNG(source, to: path)
    let shrunk = try PictureFile.decode(path, size: .atLeast(PixelSize(width: 2, height: 1)))
    XCTAssertEqual(shrunk.size, PixelSize(width: 3, height: 1))
    XCTAssertTrue(isNear(shrunk[0, 0], (128, 128, 128, 255), within: 1), "\(shrunk[0, 0])")
    XCTAssertEqual(shrunk[0, 0].a, 255)
    XCTAssertTrue(
      isNear(shrunk[1, 0], blue, within: 0), "no red from clear pixels: \(shrunk[1, 0])")
    XCTAssertEqual(shrunk[1, 0].a, 128)
    XCTAssertTrue(isNear(shrunk[2, 0], white, within: 0), "\(shrunk[2, 0])")
    XCTAssertEqual(shrunk[2, 0].a, 128)
  }

  func testAJPEGAtItsSmallestScaleIsShrunkFurther() throws {
    let folder = TemporaryFolder()
    let path = folder.file("wide.jpg")
    try PictureFile.writeJPEG(Self.quadrants(width: 1600, height: 800), to: path)
    // 1/8 scale gives 200x100; 20x10 pixels are a tenth of that.
    let shrunk = try PictureFile.decode(path, size: .atLeast(PixelSize(width: 20, height: 10)))
    XCTAssertEqual(shrunk.size, PixelSize(width: 20, height: 10))
    XCTAssertTrue(isNear(shrunk[2, 2], red), "\(shrunk[2, 2])")
    XCTAssertTrue(isNear(shrunk[17, 7], white), "\(shrunk[17, 7])")
  }

  func testABoxNeedsPixelsForThePictureFittedInIt() throws {
    let style = CellStyle(cellAspect: 0.5)
    let square = PixelSize(width: 6000, height: 6000)
    // A square face in 40x20 cells fills 40x20 of them: 320x160 pixels of chafa's 8x8, so
    // 320 pixels each way to keep its shape.
    XCTAssertEqual(
      DecodeSize.cells(CellSize(columns: 40, rows: 20), style).minimum(for: square),
      PixelSize(width: 320, height: 320))
    // A wide box leaves the square at 40 rows: 80 columns, 640 pixels.
    XCTAssertEqual(
      DecodeSize.cells(CellSize(columns: 200, rows: 40), style).minimum(for: square),
      PixelSize(width: 640, height: 640))
    XCTAssertNil(
      DecodeSize.cells(CellSize(columns: 200, rows: 40), style).minimum(
        for: PixelSize(width: 100, height: 100)), "a small photo is needed whole")
  }

  func testTheStoreRemembersTheSizeItDecodedNotTheSizeItWasAskedFor() throws {
    let folder = TemporaryFolder()
    let path = folder.file("wide.jpg")
    let photo = PixelSize(width: 1600, height: 1200)
    try PictureFile.writeJPEG(Self.quadrants(width: photo.width, height: photo.height), to: path)
    let style = CellStyle()
    let store = PictureStore()
    let small = CellSize(columns: 16, rows: 6)
    _ = try store.picture(path, in: small, style: style)
    XCTAssertEqual(store.counts.decodes, 1)
    let decoded = store.imageBytes.largest / 4
    // A larger box whose pixels the decoded picture already has (JPEG decodes by halves).
    let larger = try XCTUnwrap(
      (small.columns + 1...200).lazy.map { CellSize(columns: $0, rows: $0 * 3 / 8) }.first {
        box in
        let needed = DecodeSize.cells(box, style).minimum(for: photo)
        let smallNeeded = DecodeSize.cells(small, style).minimum(for: photo)
        return needed.map { $0.width * $0.height } ?? 0 > smallNeeded!.width * smallNeeded!.height
          && needed.map { $0.width * $0.height <= decoded } ?? false
      })
    _ = try store.picture(path, in: larger, style: style)
    XCTAssertEqual(store.counts.decodes, 1, "\(larger) is served by what was decoded for \(small)")
  }

  func testALargePNGIsNeverHeldAtFullSize() throws {
    let folder = TemporaryFolder()
    let path = folder.file("large.png")
    try PictureFile.writePNG(Self.quadrants(width: 1200, height: 1200), to: path)
    let store = PictureStore()
    let box = CellSize(columns: 40, rows: 20)
    _ = try store.picture(path, in: box, style: CellStyle())
    // 320 pixels each way at most a factor below: 3 (400x400), not 1200x1200.
    XCTAssertEqual(store.imageBytes.largest, 400 * 400 * 4)
  }

  func testAFailureIsRememberedAndReportedAtOnce() throws {
    let folder = TemporaryFolder()
    let path = folder.file("broken.png")
    let good = try pngBytes(width: 64, height: 64)
    try PictureFile.writeBytes(Array(good.prefix(good.count - 30)), to: path)
    let store = PictureStore()
    let box = CellSize(columns: 10, rows: 5)
    XCTAssertThrowsError(try store.picture(path, in: box, style: CellStyle()))
    // Mended on disk, it still fails: the game already took its member out.
    try PictureFile.writeBytes(good, to: path)
    XCTAssertThrowsError(
      try store.picture(path, in: CellSize(columns: 12, rows: 6), style: CellStyle())
    ) {
      XCTAssertTrue("\($0)".contains("damaged"), "\($0)")
    }
    XCTAssertEqual(store.counts.decodes, 1, "tried once")
  }

  func testThePictureOnScreenDoesNotWaitBehindPrefetches() throws {
    let folder = TemporaryFolder()
    let large = (0..<3).map { folder.file("large-\($0).png") }
    for path in large {
      try PictureFile.writePNG(DecodingTests.gradient(width: 1500, height: 1500), to: path)
    }
    let small = folder.file("small.png")
    try PictureFile.writePNG(DecodingTests.gradient(width: 32, height: 32), to: small)
    let store = PictureStore()
    let style = CellStyle()
    let box = CellSize(columns: 20, rows: 10)
    let order = Mutex<[FilePath]>([])
    let callbacks = DispatchQueue(label: "test")
    let done = expectation(description: "every picture")
    done.expectedFulfillmentCount = 4
    for path in large + [small] {
      store.prepare(
        path, in: box, style: style, priority: path == small ? .onScreen : .prefetch,
        callbackQueue: callbacks
      ) { _ in
        order.withLock { $0.append(path) }
        done.fulfill()
      }
    }
    wait(for: [done], timeout: 120)
    XCTAssertEqual(order.withLock { $0.first }, small, "the screen's picture came first")
  }

  func testTheSamePictureAskedForTwiceIsMadeOnce() throws {
    let folder = TemporaryFolder()
    let path = folder.file("a.png")
    try PictureFile.writePNG(DecodingTests.gradient(width: 400, height: 400), to: path)
    let store = PictureStore()
    let box = CellSize(columns: 20, rows: 10)
    let done = expectation(description: "both asks answered")
    done.expectedFulfillmentCount = 2
    for priority in [PictureStore.Priority.prefetch, .onScreen] {
      store.prepare(
        path, in: box, style: CellStyle(), priority: priority, callbackQueue: .global()
      ) { result in
        if case .success = result { done.fulfill() }
      }
    }
    wait(for: [done], timeout: 60)
    XCTAssertEqual(store.counts.decodes, 1)
    XCTAssertEqual(store.counts.conversions, 1)
  }

  func testAGrownBoxGetsTheFaceAtOnceThenSharp() throws {
    let folder = TemporaryFolder()
    let path = folder.file("large.png")
    try PictureFile.writePNG(Self.quadrants(width: 1200, height: 1200), to: path)
    let store = PictureStore()
    let style = CellStyle()
    _ = try store.picture(path, in: CellSize(columns: 20, rows: 10), style: style)
    let larger = CellSize(columns: 60, rows: 30)
    let pictures = Mutex<[CellPicture]>([])
    let done = expectation(description: "the quick picture, then the sharp one")
    done.expectedFulfillmentCount = 2
    store.prepare(
      path, in: larger, style: style, priority: .onScreen,
      callbackQueue: DispatchQueue(label: "test")
    ) { result in
      if case .success(let picture) = result { pictures.withLock { $0.append(picture) } }
      done.fulfill()
    }
    wait(for: [done], timeout: 60)
    let delivered = pictures.withLock { $0 }
    XCTAssertEqual(delivered.count, 2)
    XCTAssertEqual(delivered.first?.size, delivered.last?.size, "the same size at once")
    XCTAssertEqual(delivered.last, store.cached(path, in: larger, style: style))
    XCTAssertEqual(store.counts.decodes, 2)
  }
}
