import Foundation
import SystemPackage
import SystemWords
import ZIPFoundation

#if canImport(Glibc)
  import Glibc
#endif

/// Extracts a downloaded roster zip into a new folder, refusing the whole zip when an entry
/// would land outside it (`../`, an absolute path), is a link, or when it would swell past
/// the limits. Entries macOS adds (`__MACOSX/`) are left out.
enum ZipExtraction {
  /// What was extracted: the roster folder inside (the zip's only top folder, or "") and
  /// the files and bytes written.
  struct Result {
    var root: String
    var files: Int
    var bytes: Int64
  }

  static func extract(
    _ zip: FilePath, size: Int64, into folder: FilePath, limits: DownloadLimits
  ) throws(ExtractionError) -> Result {
    let archive: Archive
    do {
      archive = try Archive(url: URL(fileURLWithPath: zip.string), accessMode: .read)
    } catch Archive.ArchiveError.missingEndOfCentralDirectoryRecord {
      throw ExtractionError("it is not a zip file (no zip directory at its end)")
    } catch Archive.ArchiveError.unreadableArchive {
      throw ExtractionError("it is not a zip file (it cannot be read)")
    } catch {
      throw ExtractionError("it is not a zip file (\(error))")
    }
    var entries: [(entry: Entry, path: [String])] = []
    var declared: Int64 = 0
    for entry in archive {
      let components = try safeComponents(entry)
      if components.first == "__MACOSX" { continue }
      if entry.type == .symlink {
        throw ExtractionError("it holds a link, \(quoted(entry.path)), where photos belong")
      }
      entries.append((entry, components))
      guard entries.count <= limits.files else {
        throw ExtractionError("it holds more than \(limits.files) files")
      }
      declared += Int64(clamping: entry.uncompressedSize)
    }
    let allowed = min(limits.bytes, limits.expansion * max(size, 1) + (1 << 20))
    guard declared <= allowed else {
      throw ExtractionError(
        "it would extract to \(declared) bytes from \(size): more than the \(allowed) "
          + "allowed (a decompression bomb)")
    }
    guard mkdir(folder.string, 0o755) == 0 else {
      throw ExtractionError("\(folder): \(String(cString: strerror(errno)))")
    }
    var written: Int64 = 0
    var files = 0
    for (entry, components) in entries where !components.isEmpty {
      let path = components.reduce(folder) { $0.appending($1) }
      if entry.type == .directory {
        try makeFolders(path)
        continue
      }
      try makeFolders(path.removingLastComponent())
      files += 1
      let output: FileDescriptor
      do {
        output = try FileDescriptor.open(
          path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
          permissions: [.ownerReadWrite, .groupRead, .otherRead])
      } catch {
        throw ExtractionError("\(quoted(entry.path)) cannot be written (\(error))")
      }
      defer { try? output.close() }
      var entryBytes: Int64 = 0
      do {
        _ = try archive.extract(entry) { data in
          entryBytes += Int64(data.count)
          written += Int64(data.count)
          // The sizes a zip declares can lie: what comes out is counted as it comes.
          guard entryBytes <= Int64(clamping: entry.uncompressedSize), written <= allowed else {
            throw ExtractionError(
              "\(quoted(entry.path)) swells past the size the zip declares (a decompression "
                + "bomb)")
          }
          try output.writeAll(data)
        }
      } catch let error as ExtractionError {
        throw error
      } catch {
        throw ExtractionError("\(quoted(entry.path)) cannot be extracted (\(error))")
      }
    }
    let root = onlyTopFolder(entries.map { ($0.path, $0.entry.type == .directory) })
    return Result(root: root, files: files, bytes: written)
  }

  /// The entry's path as folder names, refused when it would leave the folder: absolute,
  /// with `..`, or empty. Backslashes count as separators, as old Windows zips use them.
  private static func safeComponents(_ entry: Entry) throws(ExtractionError) -> [String] {
    let path = entry.path
    let components = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map(String.init)
      .filter { $0 != "." }
    if path.hasPrefix("/") || path.hasPrefix("\\") || path.contains("\0")
      || components.contains("..") || (path.count >= 2 && path.dropFirst().first == ":")
    {
      throw ExtractionError("it holds \(quoted(path)), whose path leads outside its folder")
    }
    return components
  }

  /// The zip's only top folder when every file is inside it ("Example Club/…"), else "".
  private static func onlyTopFolder(_ entries: [(path: [String], isFolder: Bool)]) -> String {
    let tops = Set(entries.compactMap(\.path.first))
    guard tops.count == 1, let top = tops.first,
      entries.allSatisfy({ $0.path.count > 1 || $0.isFolder })
    else { return "" }
    return top
  }

  private static func makeFolders(_ path: FilePath) throws(ExtractionError) {
    do {
      try FileManager.default.createDirectory(
        atPath: path.string, withIntermediateDirectories: true)
    } catch {
      throw ExtractionError(
        "\(path) cannot be created (\(SystemWords.of(error)))")
    }
  }
}

/// Why a zip is refused, as the end of a sentence that starts with its URL.
struct ExtractionError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}
