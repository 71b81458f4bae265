import Foundation
import SystemPackage

/// A file found in a roster folder.
struct FoundFile {
  /// Path inside the roster folder, with "/" between folders, as a person reads it (see
  /// `FolderWalk.readableName`).
  let relativePath: String
  /// The path to open: the file system's own bytes, which need not be UTF-8.
  let absolutePath: FilePath
  /// The subfolder the file is in, nil at the top.
  let group: String?
  var fileName: String { String(relativePath.split(separator: "/").last ?? "") }
}

/// Walks a roster folder with the C library: `d_type` saves a `stat` per file, which matters
/// for folders of thousands of photos. Symbolic links are followed only where they resolve,
/// and each folder is entered once, so a link loop is not followed round. A link to a folder
/// outside the roster folder (to `/`, to the home folder) is not followed: it would take the
/// walk over the whole file system. The walk stops after `limit` files and folders.
struct FolderWalk {
  /// The files and folders a walk looks at, at most: 100,000, as many as a roster's zip may
  /// hold (a club of thousands of photos takes a fraction).
  static let standardLimit = 100_000
  private struct Identity: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  private var visited: Set<Identity> = []
  /// The roster folder with its links followed: where links may lead.
  private let inside: String
  /// Files and folders still to look at before the walk stops.
  private var left: Int
  private(set) var files: [FoundFile] = []
  private var relativePaths: Set<String> = []
  private(set) var warnings: [RosterWarning] = []

  /// The files under `root`. A subfolder that cannot be listed is a warning and the rest is
  /// walked; `root` itself that cannot be listed is an error, since nothing could be found.
  static func walk(_ root: String, limit: Int = standardLimit) throws(RosterError) -> (
    files: [FoundFile], warnings: [RosterWarning]
  ) {
    let path = FilePath(root)
    guard canList(path) else { throw .unreadable(root, systemErrorText(errno)) }
    var walk = FolderWalk(inside: realPath(path) ?? root, left: limit)
    if let identity = identity(of: path) { walk.visited.insert(identity) }
    walk.visit(folder: path, relative: nil)
    if walk.left < 0 {
      walk.warnings.append(
        RosterWarning(
          file: ".",
          message:
            "the walk stopped after \(limit) files and folders; the rest of the folder is left out"
        ))
    }
    return (walk.files, walk.warnings)
  }

  private init(inside: String, left: Int) {
    self.inside = inside
    self.left = left
  }

  /// The path with every link followed; nil when it leads nowhere.
  private static func realPath(_ path: FilePath) -> String? {
    guard let resolved = path.withPlatformString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return String(decoding: FilePath(platformString: resolved))
  }

  /// Whether a folder reached through a link is the roster folder or inside it.
  private func isInside(_ path: FilePath) -> Bool {
    guard let real = Self.realPath(path) else { return false }
    return real == inside || real.hasPrefix(inside.hasSuffix("/") ? inside : inside + "/")
  }

  /// A file name as a person reads it: UTF-8 when it is, else Windows-1252 (what old Windows
  /// zips and FAT drives leave behind), and Latin-1 for the bytes Windows-1252 leaves undefined.
  static func readableName(_ bytes: [UInt8]) -> String {
    if let name = String(validating: bytes, as: UTF8.self) { return name }
    let data = Data(bytes)
    return String(data: data, encoding: .windowsCP1252)
      ?? String(data: data, encoding: .isoLatin1) ?? String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the folder at `path` can be listed and its files opened (errno says why not). A
  /// folder needs both read permission (to list it) and search permission (to open what is in
  /// it): without search permission every photo in it would fail one by one.
  private static func canList(_ path: FilePath) -> Bool {
    path.withPlatformString { access($0, R_OK | X_OK) } == 0
  }

  private static func identity(of path: FilePath) -> Identity? {
    var status = stat()
    guard path.withPlatformString({ stat($0, &status) }) == 0 else { return nil }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  private mutating func visit(folder: FilePath, relative: String?) {
    guard Self.canList(folder), let directory = folder.withPlatformString({ opendir($0) }) else {
      warnings.append(
        RosterWarning(
          file: relative ?? ".",
          message: "the folder cannot be read: \(systemErrorText(errno)); its photos are left out")
      )
      return
    }
    defer { closedir(directory) }
    while left >= 0, let entry = readdir(directory) {
      // d_name is NUL-terminated: its bytes are both the name to read and the one to open.
      let (nameBytes, component) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        (
          Array(raw.prefix { $0 != 0 }),
          FilePath.Component(platformString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        )
      }
      let type = entry.pointee.d_type
      let name = Self.readableName(nameBytes)
      // Clutter includes "." and "..", which are no components to append.
      guard !Clutter.isClutter(name), let component else { continue }
      left -= 1
      guard left >= 0 else { return }
      let path = folder.appending(component)
      let relativePath = join(relative, name)

      var isFolder = Int32(type) == DT_DIR
      var isFile = Int32(type) == DT_REG
      var isLink = Int32(type) == DT_LNK
      if isLink || Int32(type) == DT_UNKNOWN {
        var status = stat()
        guard path.withPlatformString({ stat($0, &status) }) == 0 else {
          if PhotoKind(fileName: name) != .other {
            warnings.append(
              RosterWarning(file: relativePath, message: "the link does not lead to a file"))
          }
          continue
        }
        isFolder = (status.st_mode & S_IFMT) == S_IFDIR
        isFile = (status.st_mode & S_IFMT) == S_IFREG
        if !isLink {
          var own = stat()
          isLink =
            path.withPlatformString({ lstat($0, &own) }) == 0 && (own.st_mode & S_IFMT) == S_IFLNK
        }
      }
      if isFolder, isLink, !isInside(path) {
        let target = Self.realPath(path).map(TerminalText.escapingControls) ?? "?"
        warnings.append(
          RosterWarning(
            file: relativePath,
            message: "a link to a folder outside the roster folder (\(target)); left out"))
        continue
      }
      if isFolder {
        guard let identity = Self.identity(of: path), visited.insert(identity).inserted else {
          continue  // seen already: a link loop or a second link to the same folder
        }
        visit(folder: path, relative: relativePath)
      } else if isFile {
        // "Zoë.jpg" in UTF-8 and in Windows-1252 read the same: the second is a duplicate.
        guard relativePaths.insert(relativePath).inserted else {
          warnings.append(
            RosterWarning(
              file: relativePath,
              message: "another file has this name in a different encoding; skipped"))
          continue
        }
        files.append(FoundFile(relativePath: relativePath, absolutePath: path, group: relative))
      } else if PhotoKind(fileName: name) != .other {
        // A FIFO or a device named like a photo: reading it could wait forever.
        warnings.append(RosterWarning(file: relativePath, message: "not a regular file, skipped"))
      }
    }
  }

  private func join(_ folder: String?, _ name: String) -> String {
    folder.map { "\($0)/\(name)" } ?? name
  }
}

/// The C library's text for `code` as it reads inside a sentence: "permission denied".
func systemErrorText(_ code: Int32) -> String {
  let text = String(cString: strerror(code))
  return text.prefix(1).lowercased() + text.dropFirst()
}

/// Files that are never members and never worth a warning.
enum Clutter {
  private static let names: Set<String> = ["thumbs.db", "desktop.ini", "ehthumbs.db"]

  /// Hidden files (".DS_Store", macOS "._" copies and any other dot file) and the thumbnail
  /// caches Windows leaves behind.
  static func isClutter(_ name: String) -> Bool {
    name.hasPrefix(".") || names.contains(name.lowercased())
  }
}

/// What a file is by its name.
enum PhotoKind: Equatable {
  case photo
  /// An image format the game does not read, by name.
  case unsupported(String)
  case other

  private static let photos: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png"]
  private static let unsupported: [String: String] = [
    "heic": "HEIC", "heif": "HEIF", "gif": "GIF", "webp": "WebP", "bmp": "BMP", "tif": "TIFF",
    "tiff": "TIFF", "avif": "AVIF", "jxl": "JPEG XL", "svg": "SVG",
  ]

  init(fileName: String) {
    guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
      self = .other
      return
    }
    let suffix = fileName[fileName.index(after: dot)...].lowercased()
    if Self.photos.contains(suffix) {
      self = .photo
    } else if let format = Self.unsupported[suffix] {
      self = .unsupported(format)
    } else {
      self = .other
    }
  }
}
