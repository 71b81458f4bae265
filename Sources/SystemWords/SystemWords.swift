import Foundation

/// Why a file operation failed, in the system's words ("Read-only file system", "No space left
/// on device"), for the one-line messages the game says. Foundation wraps them in a sentence of
/// its own ("The operation could not be completed. You don't have permission."), which a
/// window cuts before the reason, and on Linux it keeps the system's error under
/// `NSUnderlyingErrorKey` as a `POSIXError`, which is no `NSError` there.
public enum SystemWords {
  /// The system's words for `error`, else Foundation's.
  public static func of(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return words(posix.code.rawValue) }
    let error = error as NSError
    let underlying = error.userInfo[NSUnderlyingErrorKey]
    if let posix = underlying as? POSIXError { return words(posix.code.rawValue) }
    let posix = [error, underlying as? NSError].compactMap { $0 }
      .first { $0.domain == NSPOSIXErrorDomain }
    if let posix { return words(Int32(posix.code)) }
    return (underlying as? NSError)?.localizedDescription ?? error.localizedDescription
  }

  private static func words(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
