import CPNG
import Pictures
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Small photos of each kind the tests decode: baseline and progressive JPEG, EXIF
/// orientations in both byte orders, and PNG of every colour type, depth and interlacing.
enum SeedPhotos {
  /// The photos, by file name; PNGs are written through `scratch` (a folder) to be read back.
  static func made(scratch: FilePath) throws -> [(name: String, bytes: [UInt8])] {
    var picture = RGBAImage(width: 128, height: 96, filledWith: (250, 250, 250, 255))
    for y in 0..<40 {
      for x in 0..<32 { picture[x, y] = (220, 30, 30, 255) }
    }
    let baseline = try PictureFile.encodeJPEG(picture, quality: 50)
    var photos: [(String, [UInt8])] = [
      ("baseline.jpg", baseline),
      ("progressive.jpg", try PictureFile.encodeJPEG(picture, quality: 50, progressive: true)),
      ("exif-right.jpg", PictureFile.addingEXIF(to: baseline, orientation: .right)),
      (
        "exif-mirrored-big-endian.jpg",
        PictureFile.addingEXIF(to: baseline, orientation: .leftMirrored, bigEndian: true)
      ),
    ]
    let pixels = picture.width * picture.height
    let kinds: [(String, Int32, Int32, [UInt8], Bool)] = [
      ("rgba8", 8, PNG_COLOR_TYPE_RGBA, repeated([200, 40, 30, 255], pixels), false),
      ("rgb16", 16, PNG_COLOR_TYPE_RGB, repeated([0xFF, 0xFF, 0, 0, 0x80, 0], pixels), false),
      ("grey-alpha-interlaced", 8, PNG_COLOR_TYPE_GRAY_ALPHA, repeated([90, 200], pixels), true),
      ("palette", 8, PNG_COLOR_TYPE_PALETTE, repeated([1, 0], pixels / 2), false),
    ]
    let palette = [png_color(red: 0, green: 0, blue: 0), png_color(red: 30, green: 160, blue: 220)]
    for (name, depth, type, rows, interlaced) in kinds {
      let path = scratch.appending(".made-\(name).png")
      let status = rows.withUnsafeBufferPointer { rowBytes in
        palette.withUnsafeBufferPointer { colors in
          mtm_png_write_rows(
            path.string, rowBytes.baseAddress, UInt32(picture.width), UInt32(picture.height),
            depth, type, interlaced ? 1 : 0,
            type == PNG_COLOR_TYPE_PALETTE ? colors.baseAddress : nil,
            type == PNG_COLOR_TYPE_PALETTE ? Int32(colors.count) : 0)
        }
      }
      guard status == 0 else { throw SeedError(description: "\(path): cannot be written") }
      photos.append(("\(name).png", try Input.read(path)))
      unlink(path.string)
    }
    return photos
  }

  private static func repeated(_ pattern: [UInt8], _ times: Int) -> [UInt8] {
    Array([[UInt8]](repeating: pattern, count: times).joined())
  }
}

struct SeedError: Error, CustomStringConvertible {
  let description: String
}
