import CPNG
import Foundation
import Pictures
import SystemPackage
import XCTest

/// A fresh folder for one test's files, removed afterwards.
final class TemporaryFolder {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "mtm-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> FilePath { FilePath(path).appending(name) }
}

typealias RGBA = (UInt8, UInt8, UInt8, UInt8)
let red: RGBA = (255, 0, 0, 255)
let green: RGBA = (0, 255, 0, 255)
let blue: RGBA = (0, 0, 255, 255)
let white: RGBA = (255, 255, 255, 255)

/// An image of `background` with `block`-sized blocks of colour at the given corners.
func image(
  width: Int, height: Int, background: RGBA = white, corners: [(x: Int, y: Int, color: RGBA)],
  block: Int = 8
) -> RGBAImage {
  var result = RGBAImage(width: width, height: height, filledWith: background)
  for corner in corners {
    let x0 = corner.x == 0 ? 0 : width - block
    let y0 = corner.y == 0 ? 0 : height - block
    for y in y0..<(y0 + block) {
      for x in x0..<(x0 + block) {
        result[x, y] = (corner.color.0, corner.color.1, corner.color.2, corner.color.3)
      }
    }
  }
  return result
}

/// Whether the pixel is close to `color` (JPEG is lossy).
func isNear(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ color: RGBA, within: Int = 40)
  -> Bool
{
  abs(Int(pixel.r) - Int(color.0)) <= within && abs(Int(pixel.g) - Int(color.1)) <= within
    && abs(Int(pixel.b) - Int(color.2)) <= within
}

/// Writes a PNG with libpng's full API: any colour type and depth, interlaced or not.
/// `rows` are already in the target layout.
func writePNG(
  _ path: FilePath, rows: [UInt8], width: Int, height: Int, bitDepth: Int32, colorType: Int32,
  interlaced: Bool, palette: [png_color] = []
) {
  let status = rows.withUnsafeBufferPointer { rowBytes in
    palette.withUnsafeBufferPointer { colors in
      mtm_png_write_rows(
        path.string, rowBytes.baseAddress, UInt32(width), UInt32(height), bitDepth, colorType,
        interlaced ? 1 : 0, palette.isEmpty ? nil : colors.baseAddress, Int32(palette.count))
    }
  }
  XCTAssertEqual(status, 0, "writing \(path)")
}

/// The bytes of a red RGBA PNG.
func pngBytes(width: Int, height: Int) throws -> [UInt8] {
  let folder = TemporaryFolder()
  try PictureFile.writePNG(
    RGBAImage(width: width, height: height, filledWith: red), to: folder.file("a.png"))
  return Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("a.png").string)))
}
