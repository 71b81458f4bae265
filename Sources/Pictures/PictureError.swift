/// Why a photo cannot be used. The description is one line, for a warning after the file name.
public enum PictureError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read (with the system's reason).
  case unreadable(String)
  case empty
  /// Neither JPEG nor PNG by its content.
  case notAnImage
  /// An image format the game does not read (HEIC, GIF, WebP, ...), by name.
  case unsupportedFormat(String)
  /// Dimensions beyond what a photo can sensibly have, or a decompression bomb.
  case tooLarge(width: Int, height: Int, limit: String)
  /// The header could be read but the image data is broken (truncated, corrupt).
  case damaged(String)

  public var description: String {
    switch self {
    case .unreadable(let reason): "cannot be read: \(reason)"
    case .empty: "the file is empty"
    case .notAnImage: "not a JPEG or PNG image"
    case .unsupportedFormat(let format): "\(format) images are not supported (use JPEG or PNG)"
    case .tooLarge(let width, let height, let limit):
      "\(width)x\(height) pixels is beyond the limit of \(limit)"
    case .damaged(let reason): "damaged image data: \(reason)"
    }
  }
}
