import CDeflate
import Foundation
import Pictures
import XCTest

/// Photos drawn with pixels: the sequences each protocol gets, read back where they can be.
final class PixelGraphicsTests: XCTestCase {
  /// 120x80 pixels, white with a red block of 40x40 at the top left.
  private let picture = image(width: 120, height: 80, corners: [(0, 0, red)], block: 40)
  /// Exactly 12x4 cells of 10x20 pixels.
  private let box = CellSize(columns: 12, rows: 4)
  private let cell = PixelSize(width: 10, height: 20)

  private func text(_ graphics: PixelGraphics, box: CellSize? = nil, cell: PixelSize? = nil)
    -> String
  {
    CellConverter.pixelText(
      picture, in: box ?? self.box, cellPixels: cell ?? self.cell, graphics: graphics)
  }

  /// The numbers of a sequence's `key=value` list, such as kitty's `a=T,f=32,s=120`.
  private func keys(_ list: Substring) -> [String: String] {
    Dictionary(
      list.split(separator: ",").compactMap { pair in
        let parts = pair.split(separator: "=", maxSplits: 1)
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
      }, uniquingKeysWith: { first, _ in first })
  }

  func testKittyGetsTheRGBAPixelsOfTheCellsInChunks() throws {
    let sequences = text(.kitty).components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    XCTAssertTrue(sequences.allSatisfy { $0.hasPrefix("\u{1B}_G") }, "\(sequences.first ?? "")")
    let first = try XCTUnwrap(sequences.first?.dropFirst(3))
    let header = keys(first.prefix { $0 != ";" })
    XCTAssertEqual(header["a"], "T", "transmitted and shown at once")
    XCTAssertEqual(header["f"], "32")
    XCTAssertEqual(header["s"], "120")
    XCTAssertEqual(header["v"], "80")
    XCTAssertEqual(header["c"], "12")
    XCTAssertEqual(header["r"], "4")
    // The payload is in chunks, each in base64 of its own, each but the last marked m=1.
    let payload = sequences.compactMap { $0.split(separator: ";", maxSplits: 1).dropFirst().first }
    XCTAssertEqual(sequences.last.map { keys($0.dropFirst(3).prefix { $0 != ";" })["m"] }, "0")
    let pixels = try payload.flatMap { [UInt8](try XCTUnwrap(Data(base64Encoded: String($0)))) }
    XCTAssertEqual(pixels.count, 120 * 80 * 4)
    func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
      let at = (y * 120 + x) * 4
      return (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3])
    }
    XCTAssertTrue(isNear(pixel(10, 10), red, within: 8), "\(pixel(10, 10))")
    XCTAssertTrue(isNear(pixel(100, 60), white, within: 8), "\(pixel(100, 60))")
  }

  func testSixelsAreADeviceControlStringWithTheRastersSizeAndColours() throws {
    let sixels = text(.sixel)
    XCTAssertTrue(sixels.hasPrefix("\u{1B}P"), sixels.debugDescription)
    XCTAssertTrue(sixels.hasSuffix("\u{1B}\\"))
    let body = try XCTUnwrap(sixels.split(separator: "q", maxSplits: 1).last)
    // Raster attributes: aspect 1:1, then the width and the height, a whole number of
    // six-pixel bands that fits the cells.
    let raster = try XCTUnwrap(body.split(separator: "#").first)
    let numbers = raster.dropFirst().split(separator: ";").compactMap { Int($0) }
    XCTAssertEqual(numbers.prefix(3), [1, 1, 120])
    XCTAssertEqual(numbers.last.map { $0 <= 80 && $0 > 80 - 6 }, true, "\(raster)")
    // Colour registers in RGB percent: the red block and the white.
    let colors = body.split(separator: "#").compactMap { register -> [Int]? in
      let fields = register.split(separator: ";").prefix(5).map { Int($0.prefix { $0.isNumber }) }
      guard fields.count == 5, fields[1] == 2 else { return nil }
      return fields.dropFirst(2).compactMap { $0 }
    }
    XCTAssertTrue(colors.contains([100, 0, 0]), "\(colors)")
    XCTAssertTrue(colors.contains { $0.allSatisfy { $0 >= 93 } }, "\(colors)")
  }

  func testITerm2GetsAnInlineFileTheSizeOfTheCells() throws {
    let inline = text(.iterm2)
    XCTAssertTrue(inline.hasPrefix("\u{1B}]1337;File="), inline.prefix(40).debugDescription)
    XCTAssertTrue(inline.hasSuffix("\u{07}"))
    let parts = inline.dropFirst("\u{1B}]1337;File=".count).dropLast().split(
      separator: ":", maxSplits: 1)
    let arguments = Dictionary(
      parts[0].split(separator: ";").map { pair in
        let kv = pair.split(separator: "=", maxSplits: 1)
        return (String(kv[0]), String(kv.count > 1 ? kv[1] : ""))
      }, uniquingKeysWith: { first, _ in first })
    XCTAssertEqual(arguments["inline"], "1")
    XCTAssertEqual(arguments["width"], "12")
    XCTAssertEqual(arguments["height"], "4")
    let file = [UInt8](try XCTUnwrap(Data(base64Encoded: String(parts[1]))))
    XCTAssertEqual(Array(file.prefix(4)), [0x49, 0x49, 0x2A, 0x00], "a little-endian TIFF")
  }

  /// A box wider than the picture's shape: the picture keeps its shape, in fewer columns,
  /// by the cells' own shape (12x18 pixels: 4 rows are 72 pixels, so 108 across, 9 columns,
  /// which libchafa rounds down to 8; cells taken as twice as tall as wide would give 12).
  func testThePictureKeepsItsShapeInsideTheBoxByTheCellsShape() throws {
    let kitty = text(
      .kitty, box: CellSize(columns: 40, rows: 4), cell: PixelSize(width: 12, height: 18))
    let fields = keys(try XCTUnwrap(kitty.split(separator: "\u{1B}\\").first).dropFirst(3))
    XCTAssertEqual(fields["c"], "8")
    XCTAssertEqual(fields["r"], "4")
  }

  // MARK: - The game's pictures

  private func gamePicture(_ graphics: PixelGraphics) throws -> (CellPicture, PixelImage) {
    let style = CellStyle(
      colors: .colors240, pixels: PixelMode(graphics: graphics, cellPixels: cell))
    let picture = CellConverter.convert(picture, in: box, style: style)
    return (picture, try XCTUnwrap(picture.image, "the picture has its pixels"))
  }

  /// The game's picture is blank cells under the image, which covers all of them.
  func testTheGamesPictureIsBlankCellsUnderItsImage() throws {
    for graphics in PixelGraphics.allCases {
      let (picture, image) = try gamePicture(graphics)
      XCTAssertEqual(picture.size, box, "\(graphics)")
      XCTAssertEqual(image.size, box, "\(graphics)")
      XCTAssertEqual(image.graphics, graphics)
      XCTAssertTrue(
        picture.cells.allSatisfy { $0.character == " " && $0.background == .terminalDefault },
        "\(graphics)")
    }
    let (_, sixel) = try gamePicture(.sixel)
    XCTAssertEqual(Array(sixel.bytes), Array(text(.sixel).utf8), "libchafa's sixels as they are")
    XCTAssertEqual(sixel.kittyKeys, "")
  }

  /// The data in a kitty sequence's chunks: their base64 payloads, each decoded.
  private func kittyPayload(_ text: String) throws -> [UInt8] {
    let sequences = text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    return try sequences.compactMap { $0.split(separator: ";", maxSplits: 1).dropFirst().first }
      .flatMap { [UInt8](try XCTUnwrap(Data(base64Encoded: String($0)))) }
  }

  /// Kitty's image is kept apart from how it is shown: the keys that describe the data, and
  /// the data's chunks, so that the terminal can send it once and place it many times; the
  /// data compressed with zlib (`o=z`), the same pixels as libchafa's in far fewer bytes.
  func testKittysImageIsItsCompressedDataAndTheKeysThatDescribeIt() throws {
    let (_, image) = try gamePicture(.kitty)
    XCTAssertEqual(
      keys(Substring(image.kittyKeys)), ["f": "32", "s": "120", "v": "80", "o": "z"])
    let data = String(decoding: image.bytes, as: UTF8.self)
    XCTAssertTrue(data.hasPrefix("\u{1B}_Gm=0;") || data.hasPrefix("\u{1B}_Gm=1;"))
    XCTAssertTrue(data.hasSuffix("\u{1B}\\"))
    let chunks = data.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
    XCTAssertTrue(chunks.dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gm=1;") })
    XCTAssertTrue(chunks.last?.hasPrefix("\u{1B}_Gm=0;") ?? false)
    XCTAssertTrue(chunks.allSatisfy { $0.count <= 4096 + 7 }, "chunks of 4096 at most")

    let compressed = try kittyPayload(data)
    let pixels = try kittyPayload(text(.kitty))
    XCTAssertEqual(pixels.count, 120 * 80 * 4)
    var size = uLong(pixels.count)
    var inflated = [UInt8](repeating: 0, count: pixels.count)
    XCTAssertEqual(uncompress(&inflated, &size, compressed, uLong(compressed.count)), Z_OK)
    XCTAssertEqual(Int(size), pixels.count)
    XCTAssertEqual(inflated, pixels, "libchafa's pixels")
    XCTAssertLessThan(image.bytes.count * 10, text(.kitty).utf8.count, "two colours compress")
  }

  /// An image knows whether it has transparent parts.
  func testAnImageWithTransparentPartsIsNotOpaque() throws {
    let (_, opaque) = try gamePicture(.sixel)
    XCTAssertTrue(opaque.isOpaque)
    var cutOut = picture
    cutOut[119, 79] = (0, 0, 0, 0)
    let style = CellStyle(pixels: PixelMode(graphics: .sixel, cellPixels: cell))
    let image = try XCTUnwrap(CellConverter.convert(cutOut, in: box, style: style).image)
    XCTAssertFalse(image.isOpaque)
  }

  /// Every conversion is an image of its own; a copy of one is the same image.
  func testEachConversionHasAnIdentityOfItsOwn() throws {
    let (first, firstImage) = try gamePicture(.kitty)
    let (_, second) = try gamePicture(.kitty)
    XCTAssertNotEqual(firstImage.id, second.id)
    XCTAssertNotEqual(firstImage, second)
    XCTAssertEqual(first.image, firstImage)
    XCTAssertNotEqual(firstImage.id, 0)
  }

  /// A grey ramp in 16 or 8 colours: mixed from the few colours there are, each part of it
  /// keeps its own lightness (undithered, whole stretches take the nearest colour: bands).
  func testFewColoursAreDitheredSoThatTonesSurvive() throws {
    var ramp = RGBAImage(width: 256, height: 64, filledWith: white)
    for y in 0..<64 {
      for x in 0..<256 { ramp[x, y] = (UInt8(x), UInt8(x), UInt8(x), 255) }
    }
    let palette16: [UInt32] = [
      0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
      0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
    for colors in [ColorMode.colors16, .colors8] {
      let box = CellSize(columns: 32, rows: 8)
      let cells = CellConverter.convert(
        ramp, in: box, style: CellStyle(colors: colors, symbols: .unicode, cellAspect: 1))
      // Each column's lightness: the mean of its cells' two colours, weighted by how much of
      // the cell each covers (a space is all background, a full block all foreground).
      func lightness(_ color: CellColor) -> Double {
        guard case .palette(let index) = color, index < 16 else { return 0 }
        let rgb = palette16[Int(index)]
        let red = Double((rgb >> 16) & 0xFF)
        let green = Double((rgb >> 8) & 0xFF)
        let blue = Double(rgb & 0xFF)
        return (red + green + blue) / 3
      }
      var distinct = Set<Int>()
      var means: [Double] = []
      for column in 0..<cells.size.columns {
        var sum = 0.0
        for row in 0..<cells.size.rows {
          let cell = cells[column, row]
          let share: Double =
            cell.character == " " ? 0 : cell.character == "█" ? 1 : 0.5
          sum += share * lightness(cell.foreground) + (1 - share) * lightness(cell.background)
        }
        let mean = sum / Double(cells.size.rows)
        distinct.insert(Int(mean / 8))
        means.append(mean)
      }
      // Undithered: 4 levels, and steps of 127 and more between neighbouring columns.
      let step = zip(means, means.dropFirst()).map { abs($1 - $0) }.max() ?? 0
      XCTAssertGreaterThan(distinct.count, 10, "\(colors): the ramp is a few bands")
      XCTAssertLessThan(step, 80, "\(colors): the ramp jumps from band to band")
    }
  }
}
