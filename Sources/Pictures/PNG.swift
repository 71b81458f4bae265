import CPNG

/// PNG through libpng: headers and encoding with the simplified API, decoding with the row API
/// (every bit depth, palette, grey, alpha and interlacing come out as 8-bit RGBA).
package enum PNG {
  package static func header(_ bytes: UnsafeRawBufferPointer) throws -> ImageHeader {
    var image = png_image()
    image.version = mtm_png_image_version
    defer { png_image_free(&image) }
    guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
      throw PictureError.damaged(message(&image))
    }
    return ImageHeader(format: .png, width: Int(image.width), height: Int(image.height))
  }

  /// Decodes the open file (taking its descriptor) to 8-bit RGBA with libpng's row API,
  /// shrinking the rows as they come to the fewest pixels that still give `size`: however
  /// large the file, only a row and the shrunk picture are held. Interlaced files need every
  /// row before the first is complete, so they are decoded whole (bounded by
  /// `limits.maximumFullDecodePixels`), then shrunk.
  package static func decode(descriptor: Int32, size: DecodeSize, limits: DecodeLimits) throws
    -> DecodedPicture
  {
    guard let reader = mtm_png_reader_open(descriptor) else {
      throw PictureError.damaged("the PNG decoder did not start")
    }
    defer { mtm_png_reader_close(reader) }
    guard mtm_png_reader_start(reader) == 0 else { throw failure(reader) }
    let width = Int(reader.pointee.width)
    let height = Int(reader.pointee.height)
    try limits.check(ImageHeader(format: .png, width: width, height: height))
    let original = PixelSize(width: width, height: height)
    let factor = BoxDownscaler.factor(for: original, minimum: size.minimum(for: original))

    if reader.pointee.interlaced != 0 {
      guard width * height <= limits.maximumFullDecodePixels else {
        throw PictureError.tooLarge(
          width: width, height: height,
          limit: "\(limits.maximumFullDecodePixels / 1_000_000) megapixels for interlaced PNG")
      }
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let status = pixels.withUnsafeMutableBufferPointer {
        mtm_png_reader_image(reader, $0.baseAddress)
      }
      guard status == 0 else { throw failure(reader) }
      let image = RGBAImage(width: width, height: height, pixels: pixels).shrunk(by: factor)
      return DecodedPicture(image: image, original: original)
    }

    var scaler = BoxDownscaler(width: width, height: height, factor: factor)
    var row = [UInt8](repeating: 0, count: width * 4)
    for _ in 0..<height {
      let status = row.withUnsafeMutableBufferPointer { mtm_png_reader_row(reader, $0.baseAddress) }
      guard status == 0 else { throw failure(reader) }
      row.withUnsafeBytes { scaler.add(row: $0) }
    }
    return DecodedPicture(image: scaler.finish(), original: original)
  }

  private static func failure(_ reader: UnsafeMutablePointer<mtm_png_reader>) -> PictureError {
    let text = withUnsafeBytes(of: &reader.pointee.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return .damaged(text.isEmpty ? "the PNG could not be decoded" : text)
  }

  private static func message(_ image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// Encodes `image` as 8-bit RGBA.
  static func encode(_ image: RGBAImage) throws -> [UInt8] {
    var png = png_image()
    png.version = mtm_png_image_version
    png.width = UInt32(image.width)
    png.height = UInt32(image.height)
    png.format = mtm_png_format_rgba
    defer { png_image_free(&png) }
    var size = 0
    return try image.pixels.withUnsafeBytes { source in
      guard png_image_write_to_memory(&png, nil, &size, 0, source.baseAddress, 0, nil) != 0
      else { throw PictureError.damaged(message(&png)) }
      var output = [UInt8](repeating: 0, count: size)
      let status = output.withUnsafeMutableBytes { target in
        png_image_write_to_memory(&png, target.baseAddress, &size, 0, source.baseAddress, 0, nil)
      }
      guard status != 0 else { throw PictureError.damaged(message(&png)) }
      output.removeLast(output.count - size)
      return output
    }
  }
}
