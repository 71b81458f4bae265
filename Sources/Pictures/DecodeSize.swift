/// How many pixels a decoded picture needs: decoders give the smallest picture that has them,
/// so that a 6000x6000 photo shown in a box of 40x20 cells never exists at full size.
public enum DecodeSize: Hashable, Sendable {
  /// Every pixel of the file.
  case full
  /// At least this many pixels across and down, upright.
  case atLeast(PixelSize)
  /// Enough for libchafa to fill `box` as well as it can in `style`: 8x8 pixels for each cell
  /// of the picture fitted into the box.
  case cells(CellSize, CellStyle)

  /// The pixels needed from a picture of this upright size; nil when it needs them all.
  public func minimum(for upright: PixelSize) -> PixelSize? {
    switch self {
    case .full:
      return nil
    case .atLeast(let size):
      return size
    case .cells(let box, let style):
      let fitted = CellConverter.fittedSize(of: upright, in: box, style: style)
      let pixels = CellConverter.pixelsNeeded(for: fitted, style: style)
      // The picture keeps its shape: the side that needs more sets the scale.
      let scale = max(
        Double(pixels.width) / Double(upright.width),
        Double(pixels.height) / Double(upright.height))
      guard scale < 1 else { return nil }
      return PixelSize(
        width: Int((Double(upright.width) * scale).rounded(.up)),
        height: Int((Double(upright.height) * scale).rounded(.up)))
    }
  }

  /// Whether a picture decoded to `decoded` pixels from a file of `original` pixels (both
  /// upright) serves this size as well as decoding the file again would.
  func isServed(by decoded: PixelSize, of original: PixelSize) -> Bool {
    if decoded == original { return true }
    guard let minimum = minimum(for: original) else { return false }
    return decoded.width >= minimum.width && decoded.height >= minimum.height
  }
}

/// A picture decoded to the size asked for, and the photo's own size (upright).
public struct DecodedPicture: Sendable {
  public let image: RGBAImage
  public let original: PixelSize
}

/// Shrinks a picture by a whole factor, averaging each square of factor x factor pixels (the
/// last row and column of squares may be smaller), with colours weighted by their alpha so
/// that transparent pixels lend no colour. Rows are added one at a time as a decoder makes
/// them: only one row of sums is ever held.
struct BoxDownscaler {
  let width: Int
  let height: Int
  let factor: Int
  let outputWidth: Int
  let outputHeight: Int
  /// Per output pixel of the band being summed: red, green and blue times alpha, and alpha.
  private var sums: [UInt64]
  private var rowsInBand = 0
  private var output: [UInt8]
  private var outputRow = 0

  /// The largest factor that still leaves `minimum` pixels (at least 1).
  static func factor(for size: PixelSize, minimum: PixelSize?) -> Int {
    guard let minimum, minimum.width > 0, minimum.height > 0 else { return 1 }
    return max(1, min(size.width / minimum.width, size.height / minimum.height))
  }

  init(width: Int, height: Int, factor: Int) {
    self.width = width
    self.height = height
    self.factor = factor
    outputWidth = (width + factor - 1) / factor
    outputHeight = (height + factor - 1) / factor
    sums = [UInt64](repeating: 0, count: outputWidth * 4)
    output = [UInt8](repeating: 0, count: outputWidth * outputHeight * 4)
  }

  /// Adds the next row: `width` RGBA pixels.
  mutating func add(row: UnsafeRawBufferPointer) {
    let width = width
    let factor = factor
    sums.withUnsafeMutableBufferPointer { sums in
      let pixels = row.bindMemory(to: UInt8.self)
      for column in 0..<outputWidth {
        // One row of a square: at most 30,000 pixels (the longest side allowed) of 255 x 255
        // each fit in 32 bits.
        var red: UInt32 = 0
        var green: UInt32 = 0
        var blue: UInt32 = 0
        var alpha: UInt32 = 0
        for x in (column * factor)..<min(width, (column + 1) * factor) {
          let offset = x * 4
          let a = UInt32(pixels[offset + 3])
          red &+= UInt32(pixels[offset]) &* a
          green &+= UInt32(pixels[offset + 1]) &* a
          blue &+= UInt32(pixels[offset + 2]) &* a
          alpha &+= a
        }
        sums[column * 4] += UInt64(red)
        sums[column * 4 + 1] += UInt64(green)
        sums[column * 4 + 2] += UInt64(blue)
        sums[column * 4 + 3] += UInt64(alpha)
      }
    }
    rowsInBand += 1
    if rowsInBand == factor || outputRow * factor + rowsInBand == height { emitBand() }
  }

  private mutating func emitBand() {
    let rows = UInt64(rowsInBand)
    let start = outputRow * outputWidth * 4
    for column in 0..<outputWidth {
      let columns = UInt64(min(width, (column + 1) * factor) - column * factor)
      let alpha = sums[column * 4 + 3]
      let offset = start + column * 4
      if alpha > 0 {
        // Rounded to nearest.
        output[offset] = UInt8((sums[column * 4] + alpha / 2) / alpha)
        output[offset + 1] = UInt8((sums[column * 4 + 1] + alpha / 2) / alpha)
        output[offset + 2] = UInt8((sums[column * 4 + 2] + alpha / 2) / alpha)
      }
      let count = rows * columns
      output[offset + 3] = UInt8((alpha + count / 2) / count)
    }
    for index in sums.indices { sums[index] = 0 }
    rowsInBand = 0
    outputRow += 1
  }

  /// The shrunk picture, once every row is added.
  consuming func finish() -> RGBAImage {
    precondition(outputRow == outputHeight, "rows missing")
    return RGBAImage(width: outputWidth, height: outputHeight, pixels: output)
  }
}

extension RGBAImage {
  /// The picture shrunk by a whole factor (itself when the factor is 1).
  func shrunk(by factor: Int) -> RGBAImage {
    guard factor > 1 else { return self }
    var scaler = BoxDownscaler(width: width, height: height, factor: factor)
    pixels.withUnsafeBytes { all in
      for y in 0..<height {
        scaler.add(
          row: UnsafeRawBufferPointer(rebasing: all[(y * width * 4)..<((y + 1) * width * 4)]))
      }
    }
    return scaler.finish()
  }

  /// The picture's size in pixels.
  public var size: PixelSize { PixelSize(width: width, height: height) }
}
