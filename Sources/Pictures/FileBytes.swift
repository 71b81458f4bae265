import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Reading files with the C library: no Foundation on the preview's path keeps it small.
enum FileBytes {
  /// Up to `limit` bytes from the start of the file at `path` (all of it when nil), and the
  /// file's whole size.
  static func read(_ path: FilePath, upTo limit: Int? = nil) throws -> (
    bytes: [UInt8], fileSize: Int
  ) {
    let (descriptor, fileSize) = try open(path)
    defer { close(descriptor) }
    return (try read(descriptor, at: 0, count: min(fileSize, limit ?? fileSize)), fileSize)
  }

  /// Opens a regular file for reading: its descriptor, for the caller to close, and its size.
  /// A FIFO, device, socket or folder is refused at once.
  static func open(_ path: FilePath) throws -> (descriptor: Int32, size: Int) {
    // Without O_NONBLOCK, opening a FIFO waits for a writer, forever; a regular file reads the
    // same either way.
    let descriptor = path.withPlatformString { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    guard descriptor >= 0 else { throw PictureError.unreadable(systemError()) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let error = systemError()
      close(descriptor)
      throw PictureError.unreadable(error)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw PictureError.unreadable("not a regular file (\(kind(of: status.st_mode)))")
    }
    return (descriptor, Int(status.st_size))
  }

  /// Up to `count` bytes at `offset` of the descriptor (fewer at the end of the file), with
  /// positioned reads: the descriptor's own position does not move.
  static func read(_ descriptor: Int32, at offset: Int, count wanted: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: wanted)
    var filled = 0
    while filled < wanted {
      let count = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress! + filled, wanted - filled, off_t(offset + filled))
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw PictureError.unreadable(systemError()) }
      if count == 0 { break }
      filled += count
    }
    bytes.removeLast(wanted - filled)
    return bytes
  }

  /// Reads a file's bytes at offsets through a window read at once, so that walking a JPEG's
  /// segments costs a read per window rather than per segment: a phone photo's header takes
  /// two, one at the start and one past its EXIF block.
  struct Window {
    let descriptor: Int32
    var size = 512
    private var start = 0
    private var bytes: [UInt8] = []

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    mutating func read(at offset: Int, count: Int) throws -> [UInt8] {
      if offset < start || offset + count > start + bytes.count {
        start = offset
        bytes = try FileBytes.read(descriptor, at: offset, count: max(size, count))
      }
      let from = offset - start
      return Array(bytes[from..<min(from + count, bytes.count)])
    }
  }

  /// Writes `bytes` to a new file at `path`, replacing any file there.
  static func write(_ bytes: [UInt8], to path: FilePath) throws {
    let descriptor = path.withPlatformString {
      Glibc.open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw PictureError.unreadable(systemError()) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw PictureError.unreadable(systemError()) }
      written += count
    }
  }

  /// What a file that is not a regular file is, for the message that refuses it.
  private static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a folder"
    default: "not a plain file"
    }
  }

  static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
