import SystemPackage

/// A member's photo: where to open it, and its name inside the roster folder as the roster's
/// warnings print it.
public struct PhotoFile: Sendable {
  public var path: FilePath
  public var file: String

  public init(path: FilePath, file: String) {
    self.path = path
    self.file = file
  }
}
