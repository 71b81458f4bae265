import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// The photo readers under fuzzing (`make fuzz`): what each target does with one input. Every
/// input must end in a value or a `PictureError`; anything else (a trap, a crash, a memory
/// error under AddressSanitizer) is a finding. The regression tests replay the inputs kept in
/// `Tests/PicturesTests/Data/fuzz` through the same function.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// The orientation tag in a JPEG's EXIF block.
  case exif
  /// A photo's format and size from its first bytes, as the folder scan reads them.
  case header
  /// A JPEG decoded whole and shrunk for a small box.
  case jpeg
  /// A PNG decoded from a file descriptor, whole and shrunk for a small box.
  case png

  /// Decodes are bounded lower than the game's limits so that each input takes milliseconds:
  /// the fuzzer's inputs are a few kilobytes that may claim any size.
  static let limits = DecodeLimits(
    maximumSide: 4_096, maximumPixels: 4_000_000, maximumFullDecodePixels: 4_000_000)
  /// Small enough that most photos are decoded scaled and shrunk.
  static let box = DecodeSize.atLeast(PixelSize(width: 48, height: 48))

  /// What the readers made of `bytes`, in words: a regression test compares it.
  @discardableResult
  public func run(_ bytes: UnsafeRawBufferPointer) -> String {
    switch self {
    case .exif:
      return "orientation \(EXIF.orientation(ofJPEG: bytes))"
    case .header:
      return describe {
        let header = try PictureFile.header(
          size: bytes.count,
          read: { offset, count in
            Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)])
          })
        return "\(header.format) \(header.width)x\(header.height)"
      }
    case .jpeg:
      return [DecodeSize.full, Self.box].map { size in
        describe(picture: { try JPEG.decode(bytes, size: size, limits: Self.limits) })
      }.joined(separator: "; ")
    case .png:
      return [DecodeSize.full, Self.box].map { size in
        describe(picture: {
          try PNG.decode(descriptor: try Self.memoryFile(bytes), size: size, limits: Self.limits)
        })
      }.joined(separator: "; ")
    }
  }

  private func describe(picture body: () throws -> DecodedPicture) -> String {
    describe {
      let picture = try body()
      return "\(picture.image.width)x\(picture.image.height) of "
        + "\(picture.original.width)x\(picture.original.height)"
    }
  }

  private func describe(_ body: () throws -> String) -> String {
    do {
      return try body()
    } catch {
      return "\(error)"
    }
  }

  /// A descriptor reading `bytes` from the start, as a photo file's would: the PNG decoder
  /// reads through the C library's streams, as it does in the game. One unlinked temporary
  /// file holds each input in turn; the decoder closes its duplicate.
  private static func memoryFile(_ bytes: UnsafeRawBufferPointer) throws -> Int32 {
    guard let file = inputFile else { throw PictureError.unreadable("no temporary file") }
    guard ftruncate(file, 0) == 0, pwrite(file, bytes.baseAddress, bytes.count, 0) == bytes.count,
      lseek(file, 0, SEEK_SET) == 0
    else { throw PictureError.unreadable("writing the input failed") }
    let descriptor = dup(file)
    guard descriptor >= 0 else { throw PictureError.unreadable("dup failed") }
    return descriptor
  }

  private static let inputFile: Int32? = {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(directory)/fuzz-input-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
  }()
}
