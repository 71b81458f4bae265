import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Files of a player's answers written outside the history: readable by the player alone,
/// since the temporary folder is everyone's.
enum PrivateFile {
  /// The temporary folder: `TMPDIR`, or `/tmp` where it is not set or set empty (Foundation
  /// takes an empty `TMPDIR` for the root folder).
  static var temporaryFolder: String {
    let given = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
    return given.isEmpty ? "/tmp" : NSTemporaryDirectory()
  }

  /// Replaces the file at `path` with `text`, whole or not at all: written to a new file beside
  /// it (mode 600, by mkstemp(3)) and synced to the disk, then renamed into place, so that a
  /// reader never finds it half written, a power cut never leaves it empty, and nobody else can
  /// read it. The new file is removed if anything fails.
  static func write(_ text: String, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(
      ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(name).XXXXXX")
        .utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Self.error(errno) }
    // Not inherited by a program the game starts.
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    // Closed here once, whatever happens: on Linux a descriptor whose close(2) failed is
    // closed all the same, and closing its number again could close another thread's file.
    var stillOpen = true
    do {
      let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
      try file.write(contentsOf: Data(text.utf8))
      try file.synchronize()
      stillOpen = false
      guard close(descriptor) == 0 else { throw Self.error(errno) }
      guard rename(temporary, path) == 0 else { throw Self.error(errno) }
    } catch {
      if stillOpen { close(descriptor) }
      unlink(temporary)
      throw error
    }
  }

  private static func error(_ number: Int32) -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
  }
}
