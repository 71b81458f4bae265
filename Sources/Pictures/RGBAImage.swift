/// Decoded pixels: 8-bit red, green, blue and unassociated alpha, rows top to bottom.
public struct RGBAImage: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "RGBA needs 4 bytes a pixel")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image of one colour.
  public init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8)) {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for offset in stride(from: 0, to: pixels.count, by: 4) {
      pixels[offset] = rgba.0
      pixels[offset + 1] = rgba.1
      pixels[offset + 2] = rgba.2
      pixels[offset + 3] = rgba.3
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    get {
      let offset = (y * width + x) * 4
      return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
    set {
      let offset = (y * width + x) * 4
      pixels[offset] = newValue.r
      pixels[offset + 1] = newValue.g
      pixels[offset + 2] = newValue.b
      pixels[offset + 3] = newValue.a
    }
  }
}

/// The EXIF orientation tag: how the stored pixels must be turned to stand upright.
public enum Orientation: Int, CaseIterable, Hashable, Sendable {
  case up = 1
  case upMirrored = 2
  case down = 3
  case downMirrored = 4
  case leftMirrored = 5
  case right = 6
  case rightMirrored = 7
  case left = 8

  /// Whether the upright picture is the stored one turned a quarter (width and height swap).
  public var swapsSides: Bool { rawValue >= 5 }
}

extension RGBAImage {
  /// The picture as it should be seen, given the orientation its pixels were stored in.
  public func oriented(_ orientation: Orientation) -> RGBAImage {
    guard orientation != .up else { return self }
    let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
    let lastX = width - 1
    let lastY = height - 1
    var out = [UInt8](repeating: 0, count: pixels.count)
    pixels.withUnsafeBytes { source in
      out.withUnsafeMutableBytes { target in
        let source = source.bindMemory(to: UInt32.self)
        let target = target.bindMemory(to: UInt32.self)
        for y in 0..<outHeight {
          for x in 0..<outWidth {
            // The stored pixel that appears at (x, y) once the picture is upright.
            let (sx, sy) =
              switch orientation {
              case .up: (x, y)
              case .upMirrored: (lastX - x, y)
              case .down: (lastX - x, lastY - y)
              case .downMirrored: (x, lastY - y)
              case .leftMirrored: (y, x)
              case .right: (y, lastY - x)
              case .rightMirrored: (lastX - y, lastY - x)
              case .left: (lastX - y, x)
              }
            target[y * outWidth + x] = source[sy * width + sx]
          }
        }
      }
    }
    return RGBAImage(width: outWidth, height: outHeight, pixels: out)
  }

  /// Whether no pixel is even partly transparent.
  public var isOpaque: Bool {
    var index = 3
    while index < pixels.count {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }
}
