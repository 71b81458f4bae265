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
  /// it (mode 600, by mkstemp(3)), then renamed into place, so that a reader never finds it
  /// half written and nobody else can read it. The new file is removed if anything fails.
  static func write(_ text: String, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(
      ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(name).XXXXXX")
        .utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Self.error(errno) }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try file.write(contentsOf: Data(text.utf8))
      try file.close()
      guard rename(temporary, path) == 0 else { throw Self.error(errno) }
    } catch {
      try? file.close()
      unlink(temporary)
      throw error
    }
  }

  private static func error(_ number: Int32) -> POSIXError {
    POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO)
  }
}
