import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG 2.x API.
package enum JPEG {
  /// The size in the frame header (SOFn), found by walking the segments before it through
  /// `read(offset, count)`: a few bytes a segment, whatever the EXIF block and thumbnail
  /// weigh. Lossless and hierarchical JPEGs, which the decoder cannot read, are refused here.
  package static func header(size: Int, read: (Int, Int) throws -> [UInt8]) throws -> ImageHeader {
    var found: Result<ImageHeader, PictureError>?
    try JPEGSegments.walk(size: size, read: read) { marker, start, length in
      guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) else {
        return true
      }
      // Precision, height, width and the number of components.
      let frame = try read(start, 6)
      guard length >= 6, frame.count == 6 else {
        found = .failure(.damaged("the frame header is cut short"))
        return false
      }
      let height = Int(frame[1]) << 8 | Int(frame[2])
      let width = Int(frame[3]) << 8 | Int(frame[4])
      if [0xC3, 0xC5, 0xC6, 0xC7, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) {
        found = .failure(.damaged("a lossless or hierarchical JPEG, which cannot be decoded"))
      } else if width == 0 || height == 0 || ![1, 3, 4].contains(frame[5]) {
        found = .failure(
          .damaged("the frame header gives \(width)x\(height) and \(frame[5]) components"))
      } else {
        found = .success(ImageHeader(format: .jpeg, width: width, height: height))
      }
      return false
    }
    guard let found else { throw PictureError.damaged("no image header found") }
    return try found.get()
  }

  private static func header(_ bytes: UnsafeRawBufferPointer, handle: tjhandle)
    throws -> (header: ImageHeader, isCMYK: Bool)
  {
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let status = tjDecompressHeader3(
      handle, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count), &width, &height,
      &subsampling, &colorspace)
    guard status == 0 else { throw PictureError.damaged(message(handle)) }
    let isCMYK = colorspace == TJCS_CMYK.rawValue || colorspace == TJCS_YCCK.rawValue
    return (ImageHeader(format: .jpeg, width: Int(width), height: Int(height)), isCMYK)
  }

  /// Decodes at the smallest of 1/8, 1/4, 1/2 and 1 that still gives the pixels `size` needs
  /// (in upright orientation), shrinks that by a whole factor while it still has them, then
  /// turns the picture upright. Any decoder warning (a truncated file among them) counts as
  /// damage: a half-grey face is no use. CMYK photos, which TurboJPEG decodes only to CMYK,
  /// are turned into RGB here (see `CMYK`).
  package static func decode(
    _ bytes: UnsafeRawBufferPointer, size: DecodeSize, limits: DecodeLimits
  ) throws -> DecodedPicture {
    guard let handle = tjInitDecompress() else {
      throw PictureError.damaged("the JPEG decoder did not start")
    }
    defer { tjDestroy(handle) }
    let (header, isCMYK) = try header(bytes, handle: handle)
    try limits.check(header)

    let orientation = EXIF.orientation(ofJPEG: bytes)
    let stored = PixelSize(width: header.width, height: header.height)
    let upright = orientation.swapsSides ? stored.transposed : stored
    var wanted = size.minimum(for: upright)
    if orientation.swapsSides { wanted = wanted?.transposed }
    let scale = scale(for: header, atLeast: wanted)
    let width = (header.width * scale.num + scale.denom - 1) / scale.denom
    let height = (header.height * scale.num + scale.denom - 1) / scale.denom

    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    var flags = TJFLAG_STOPONWARNING
    if limits.limitProgressiveScans { flags |= TJFLAG_LIMITSCANS }
    let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
    let status = pixels.withUnsafeMutableBytes { target in
      tjDecompress2(
        handle, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count),
        target.bindMemory(to: UInt8.self).baseAddress, Int32(width), 0, Int32(height),
        Int32(format.rawValue), flags)
    }
    guard status == 0 else { throw PictureError.damaged(message(handle)) }
    if isCMYK {
      CMYK.toRGBA(&pixels, inverted: JPEGSegments.hasAdobeMarker(bytes))
    }
    let decoded = RGBAImage(width: width, height: height, pixels: pixels)
    let factor = BoxDownscaler.factor(for: decoded.size, minimum: wanted)
    return DecodedPicture(
      image: decoded.shrunk(by: factor).oriented(orientation), original: upright)
  }

  private static func scale(for header: ImageHeader, atLeast wanted: PixelSize?) -> (
    num: Int, denom: Int
  ) {
    guard let wanted else { return (1, 1) }
    for denom in [8, 4, 2] {
      let width = (header.width + denom - 1) / denom
      let height = (header.height + denom - 1) / denom
      if width >= wanted.width && height >= wanted.height { return (1, denom) }
    }
    return (1, 1)
  }

  private static func message(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown JPEG error" }
    return String(cString: text)
  }

  /// Encodes `image` (alpha is dropped) at `quality` 1 to 100.
  static func encode(_ image: RGBAImage, quality: Int, progressive: Bool) throws
    -> [UInt8]
  {
    guard let handle = tjInitCompress() else {
      throw PictureError.damaged("the JPEG encoder did not start")
    }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let flags = progressive ? TJFLAG_PROGRESSIVE : 0
    let status = image.pixels.withUnsafeBytes { source in
      tjCompress2(
        handle, source.bindMemory(to: UInt8.self).baseAddress, Int32(image.width), 0,
        Int32(image.height), Int32(TJPF_RGBA.rawValue), &output, &size,
        Int32(TJSAMP_420.rawValue), Int32(quality), flags)
    }
    defer { tjFree(output) }
    guard status == 0, let output else { throw PictureError.damaged(message(handle)) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }
}

/// A size in pixels.
public struct PixelSize: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size with width and height swapped.
  public var transposed: PixelSize { PixelSize(width: height, height: width) }
}

/// CMYK photos, as Photoshop and print workflows save them, shown on a screen.
enum CMYK {
  /// Turns 4-byte CMYK pixels into opaque RGBA in place: each channel is the paper's white
  /// left by its ink and the black ink (the naive conversion, without an ICC profile, which is
  /// what browsers do too). Adobe's files (those with an APP14 "Adobe" segment) store each ink
  /// inverted, 255 for none.
  static func toRGBA(_ pixels: inout [UInt8], inverted: Bool) {
    let flip: UInt32 = inverted ? 0 : 255
    pixels.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index + 3 < buffer.count {
        let black = UInt32(buffer[index + 3]) ^ flip
        for channel in index..<(index + 3) {
          buffer[channel] = UInt8(((UInt32(buffer[channel]) ^ flip) * black + 127) / 255)
        }
        buffer[index + 3] = 255
        index += 4
      }
    }
  }
}

/// The segments of a JPEG before its image data: marker and payload, bounds-checked.
enum JPEGSegments {
  /// Walks the segments before the image data of a JPEG of `size` bytes, reading each
  /// segment's marker and length through `read(offset, count)`, and calls `body` with the
  /// marker (0xE1 for APP1, ...) and where its payload (after the length) starts and how long
  /// it is, until `body` returns false, the image data starts or the bytes run out or go wrong.
  static func walk(
    size: Int, read: (Int, Int) throws -> [UInt8],
    _ body: (_ marker: UInt8, _ start: Int, _ length: Int) throws -> Bool
  ) rethrows {
    var offset = 2  // after SOI
    while offset + 4 <= size {
      let head = try read(offset, 4)
      guard head.count == 4, head[0] == 0xFF else { return }
      let marker = head[1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if marker == 0xDA || marker == 0xD9 { return }  // image data or end
      let length = Int(head[2]) << 8 | Int(head[3])
      guard length >= 2, offset + 2 + length <= size else { return }
      guard try body(marker, offset + 4, length - 2) else { return }
      offset += 2 + length
    }
  }

  /// `walk` over bytes in memory, with each segment's payload.
  static func forEach(
    in bytes: UnsafeRawBufferPointer, _ body: (UInt8, UnsafeRawBufferPointer) -> Bool
  ) {
    walk(size: bytes.count, read: { Array(bytes[$0..<min($0 + $1, bytes.count)]) }) {
      marker, start, length in
      body(marker, UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
    }
  }

  /// Whether the JPEG has Adobe's APP14 segment, whose CMYK is stored inverted.
  static func hasAdobeMarker(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var found = false
    forEach(in: bytes) { marker, payload in
      found = marker == 0xEE && payload.starts(with: Array("Adobe".utf8))
      return !found
    }
    return found
  }
}
