/// The file formats the game reads.
public enum ImageFormat: String, Hashable, Sendable {
  case jpeg = "JPEG"
  case png = "PNG"

  /// The format the first bytes of a file announce, if it is one the game reads.
  static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    return nil
  }

  /// The name of a format the game recognises but does not read.
  static func unsupported(_ bytes: UnsafeRawBufferPointer) -> String? {
    let signatures: [(prefix: [UInt8], offset: Int, name: String)] = [
      (Array("GIF8".utf8), 0, "GIF"),
      (Array("BM".utf8), 0, "BMP"),
      (Array("II*\0".utf8), 0, "TIFF"),
      (Array("MM\0*".utf8), 0, "TIFF"),
      (Array("WEBP".utf8), 8, "WebP"),
      (Array("ftypheic".utf8), 4, "HEIC"),
      (Array("ftypheix".utf8), 4, "HEIC"),
      (Array("ftypmif1".utf8), 4, "HEIF"),
      (Array("ftypavif".utf8), 4, "AVIF"),
    ]
    for signature in signatures
    where bytes.count >= signature.offset + signature.prefix.count
      && bytes[signature.offset..<(signature.offset + signature.prefix.count)]
        .elementsEqual(signature.prefix)
    {
      return signature.name
    }
    return nil
  }
}

/// What a photo's header says, read without decoding its pixels.
public struct ImageHeader: Hashable, Sendable {
  public let format: ImageFormat
  /// Stored dimensions, before the orientation tag is applied.
  public let width: Int
  public let height: Int

  public init(format: ImageFormat, width: Int, height: Int) {
    self.format = format
    self.width = width
    self.height = height
  }
}

/// How large a photo may be. Limits are checked on the header, before any pixel memory is
/// allocated, so a decompression bomb costs nothing.
public struct DecodeLimits: Hashable, Sendable {
  /// The longest side any photo may have.
  public var maximumSide: Int
  /// Any photo: decoded a row at a time (PNG) or at 1/8 scale when the box is small (JPEG),
  /// so this bounds decode time more than memory. 256 megapixels covers the largest phone
  /// cameras.
  public var maximumPixels: Int
  /// Photos that must be decoded whole before they are shrunk (interlaced PNG, 4 bytes a
  /// pixel): this bounds memory.
  public var maximumFullDecodePixels: Int
  /// Progressive JPEG scans beyond this are refused (libjpeg-turbo's own limit is 500).
  public var limitProgressiveScans: Bool

  public init(
    maximumSide: Int = 30_000, maximumPixels: Int = 256_000_000,
    maximumFullDecodePixels: Int = 40_000_000, limitProgressiveScans: Bool = true
  ) {
    self.maximumSide = maximumSide
    self.maximumPixels = maximumPixels
    self.maximumFullDecodePixels = maximumFullDecodePixels
    self.limitProgressiveScans = limitProgressiveScans
  }

  public static let standard = DecodeLimits()

  func check(_ header: ImageHeader) throws {
    guard header.width > 0, header.height > 0 else {
      throw PictureError.damaged("the header gives a size of \(header.width)x\(header.height)")
    }
    if header.width > maximumSide || header.height > maximumSide {
      throw PictureError.tooLarge(
        width: header.width, height: header.height, limit: "\(maximumSide) pixels a side")
    }
    let pixels = header.width * header.height
    if pixels > maximumPixels {
      throw PictureError.tooLarge(
        width: header.width, height: header.height,
        limit: "\(maximumPixels / 1_000_000) megapixels")
    }
  }
}
