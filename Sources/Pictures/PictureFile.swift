import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Photo files: checking, decoding and (for fixtures and the sample club) writing them.
public enum PictureFile {
  /// How much of a PNG is read to find its header: its chunks before the image data are
  /// usually small, so start small and grow only when needed.
  static let headerReads = [16 * 1024, 256 * 1024, 4 * 1024 * 1024]
  /// Files larger than this are refused before they are read.
  public static let maximumFileSize = 256 * 1024 * 1024

  /// Checks that the file is a JPEG or PNG of sensible size, reading only its header: a
  /// JPEG's segments are walked with positioned reads of a few bytes each, skipping a phone's
  /// EXIF block and thumbnail, and a PNG's first chunks are read. Throws a `PictureError`, as
  /// every function here does.
  public static func readHeader(_ path: FilePath, limits: DecodeLimits = .standard)
    throws -> ImageHeader
  {
    let (descriptor, fileSize) = try FileBytes.open(path)
    defer { close(descriptor) }
    var window = FileBytes.Window(descriptor)
    return try header(
      size: fileSize, read: { try window.read(at: $0, count: $1) }, limits: limits)
  }

  /// `readHeader` over a file of `size` bytes read through `read(offset, count)`, which gives
  /// fewer bytes only at the end of the file.
  package static func header(
    size: Int, read: (Int, Int) throws -> [UInt8], limits: DecodeLimits = .standard
  ) throws -> ImageHeader {
    // Enough for every signature `format(of:)` knows.
    let start = try read(0, 16)
    let header: ImageHeader
    switch try start.withUnsafeBytes({ try format(of: $0) }) {
    case .jpeg:
      header = try JPEG.header(size: size, read: read)
    case .png:
      header = try pngHeader(size: size, read: read)
    }
    try limits.check(header)
    return header
  }

  private static func pngHeader(size: Int, read: (Int, Int) throws -> [UInt8]) throws
    -> ImageHeader
  {
    for (attempt, limit) in headerReads.enumerated() {
      let bytes = try read(0, min(size, limit))
      let isWholeFile = bytes.count == size || attempt == headerReads.count - 1
      do {
        return try bytes.withUnsafeBytes { try PNG.header($0) }
      } catch PictureError.damaged where !isWholeFile {
        continue  // the header may lie beyond what was read: read more
      }
    }
    throw PictureError.damaged("no image header found")
  }

  /// The format of a file by its first bytes, or why it is not one the game reads.
  private static func format(of bytes: UnsafeRawBufferPointer) throws -> ImageFormat {
    guard !bytes.isEmpty else { throw PictureError.empty }
    if let format = ImageFormat.sniff(bytes) { return format }
    if let format = ImageFormat.unsupported(bytes) { throw PictureError.unsupportedFormat(format) }
    throw PictureError.notAnImage
  }

  /// Decodes the file, upright, to the fewest pixels that give `size`.
  public static func decode(
    _ path: FilePath, size: DecodeSize = .full, limits: DecodeLimits = .standard
  ) throws -> RGBAImage {
    try decodeWithSize(path, size: size, limits: limits).image
  }

  /// Decodes the file like `decode`, and also gives the photo's own size.
  public static func decodeWithSize(
    _ path: FilePath, size: DecodeSize = .full, limits: DecodeLimits = .standard
  ) throws -> DecodedPicture {
    let (descriptor, fileSize) = try FileBytes.open(path)
    var handedOver = false
    defer { if !handedOver { close(descriptor) } }
    guard fileSize <= maximumFileSize else {
      throw PictureError.unreadable("the file is larger than \(maximumFileSize / 1024 / 1024) MiB")
    }
    // Enough for every signature `format(of:)` knows (positioned: PNG reads from the start).
    let start = try FileBytes.read(descriptor, at: 0, count: 16)
    switch try start.withUnsafeBytes({ try format(of: $0) }) {
    case .png:
      handedOver = true
      return try PNG.decode(descriptor: descriptor, size: size, limits: limits)
    case .jpeg:
      let bytes = try FileBytes.read(descriptor, at: 0, count: fileSize)
      return try bytes.withUnsafeBytes { try JPEG.decode($0, size: size, limits: limits) }
    }
  }

  /// Writes `image` as a baseline (or progressive) JPEG.
  public static func writeJPEG(
    _ image: RGBAImage, to path: FilePath, quality: Int = 90, progressive: Bool = false
  ) throws {
    try FileBytes.write(
      JPEG.encode(image, quality: quality, progressive: progressive), to: path)
  }

  /// `image` encoded as JPEG, for callers that add segments (such as EXIF) themselves.
  public static func encodeJPEG(_ image: RGBAImage, quality: Int = 90, progressive: Bool = false)
    throws -> [UInt8]
  {
    try JPEG.encode(image, quality: quality, progressive: progressive)
  }

  /// Writes `image` as an 8-bit RGBA PNG.
  public static func writePNG(_ image: RGBAImage, to path: FilePath) throws {
    try FileBytes.write(PNG.encode(image), to: path)
  }

  /// Writes raw bytes; fixtures use it for broken and hand-made files.
  public static func writeBytes(_ bytes: [UInt8], to path: FilePath) throws {
    try FileBytes.write(bytes, to: path)
  }
}
