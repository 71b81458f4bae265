import CPNG

/// PNG through libpng's simplified API: every bit depth, palette, grey, alpha and interlacing
/// come out as 8-bit RGBA.
enum PNG {
  static func header(_ bytes: UnsafeRawBufferPointer) throws -> ImageHeader {
    var image = png_image()
    image.version = mtm_png_image_version
    defer { png_image_free(&image) }
    guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
      throw PictureError.damaged(message(&image))
    }
    return ImageHeader(format: .png, width: Int(image.width), height: Int(image.height))
  }

  static func decode(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws
    -> RGBAImage
  {
    var image = png_image()
    image.version = mtm_png_image_version
    defer { png_image_free(&image) }
    guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
      throw PictureError.damaged(message(&image))
    }
    try limits.check(
      ImageHeader(format: .png, width: Int(image.width), height: Int(image.height)))
    image.format = mtm_png_format_rgba
    let width = Int(image.width)
    let height = Int(image.height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = pixels.withUnsafeMutableBytes { target in
      png_image_finish_read(&image, nil, target.baseAddress, 0, nil)
    }
    guard status != 0 else { throw PictureError.damaged(message(&image)) }
    return RGBAImage(width: width, height: height, pixels: pixels)
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
