import Digests
import Foundation
import Synchronization
import SystemPackage
import SystemWords

#if canImport(Glibc)
  import Glibc
#endif

/// Where rosters from servers are kept: a folder for each roster URL under
/// `$XDG_CACHE_HOME/meet-the-members/rosters` (default `~/.cache/meet-the-members/rosters`).
///
/// A roster's folder holds `roster.json`, which names the version in use and the folder it was
/// extracted to. A new version is downloaded and extracted beside it under a name that starts
/// with a dot, and `roster.json` is replaced (a rename) only once it is whole: until then, and
/// after any failure or Ctrl-C, the previous version is the one in use.
public struct RosterCache: Sendable {
  public let folder: FilePath

  public init(folder: FilePath) { self.folder = folder }

  /// `$XDG_CACHE_HOME/meet-the-members/rosters`, else `$HOME/.cache/...`; nil with neither.
  public static func standard(environment: [String: String]) -> RosterCache? {
    let base: FilePath
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      base = FilePath(cache)
    } else if let home = environment["HOME"], !home.isEmpty {
      base = FilePath(home).appending(".cache")
    } else {
      return nil
    }
    return RosterCache(folder: base.appending("meet-the-members").appending("rosters"))
  }

  /// The folder kept for the roster at `url`: its host, for people who look, and a digest of
  /// the whole URL but a password (`WebAddress.shown`), so that two rosters never share one
  /// and no password can be guessed from it. A folder an earlier version named by the digest
  /// of the URL with its password is renamed to it.
  func slot(for url: URL) -> CacheSlot {
    let slot = folder(named: WebAddress.shown(url), host: url.host)
    let older = folder(named: url.absoluteString, host: url.host)
    if older != slot, FileManager.default.fileExists(atPath: older.string) {
      CacheSlot(folder: older).hand(to: slot)
    }
    return CacheSlot(folder: slot)
  }

  /// The folder named by `host` and the digest of `address`.
  func folder(named address: String, host: String?) -> FilePath {
    let hex = hexadecimal(Digest.sha256(of: Data(address.utf8)).prefix(8))
    let host = (host ?? "roster").filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    return folder.appending("\(host.isEmpty ? "roster" : host)-\(hex)")
  }
}

/// What `roster.json` records of the version in use.
struct CachedVersion: Codable, Hashable, Sendable {
  /// The manifest's URL, without a password it carries (`WebAddress.shown`).
  var url: String
  var version: String
  var name: String?
  /// The manifest's `scores-url` when it was last read, if it gave one.
  var scores: String?
  /// "sha256:…" or "md5:…", as the manifest gave it.
  var checksum: String
  var size: Int64
  /// The folder inside the slot that the zip was extracted to.
  var extracted: String
  /// The roster folder inside it: the zip's only top folder, or "" for the folder itself.
  var root: String
  /// What was extracted, to tell that it is still all there.
  var files: Int
  var bytes: Int64

  static func checksum(_ checksum: Checksum) -> String {
    "\(checksum.kind == .sha256 ? "sha256" : "md5"):\(checksum.hex)"
  }

  func isVersion(of manifest: RosterManifest) -> Bool {
    version == manifest.version && size == manifest.size
      && checksum == Self.checksum(manifest.checksum)
  }
}

/// One roster's folder in the cache.
struct CacheSlot: Sendable {
  let folder: FilePath

  var record: FilePath { folder.appending("roster.json") }

  func rosterFolder(of version: CachedVersion) -> FilePath {
    let extracted = folder.appending(version.extracted)
    return version.root.isEmpty ? extracted : extracted.appending(version.root)
  }

  /// The version in use, or nil when there is none or its record cannot be read.
  func current() -> CachedVersion? {
    guard let data = FileManager.default.contents(atPath: record.string) else { return nil }
    return try? JSONDecoder().decode(CachedVersion.self, from: data)
  }

  /// Whether the version's files are all there, each as large as when it was extracted.
  func isIntact(_ version: CachedVersion) -> Bool {
    guard let found = FileTree.count(folder.appending(version.extracted)) else { return false }
    return found.files == version.files && found.bytes == version.bytes
  }

  /// What is wrong with a version not intact, in words ("the cached copy has 17 of its 18
  /// files"); nil when it is intact or its folder is gone.
  func damage(of version: CachedVersion) -> String? {
    guard let found = FileTree.count(folder.appending(version.extracted)), found.files > 0
    else { return nil }
    if found.files < version.files {
      return "the cached copy has \(found.files) of its \(version.files) files"
    }
    return found.files == version.files && found.bytes == version.bytes
      ? nil : "files of the cached copy changed"
  }

  /// Creates the folder (and the cache above it) when missing.
  func create() throws(CacheError) {
    do {
      try FileManager.default.createDirectory(
        atPath: folder.string, withIntermediateDirectories: true)
    } catch {
      throw CacheError(folder, SystemWords.of(error))
    }
  }

  /// Holds the slot for this process until the descriptor is closed: a second game started on
  /// the same roster waits here (`waiting` is called first) rather than extract beside the
  /// first. The wait looks at the lock ten times a second, so that cancelling it (Ctrl-C)
  /// ends it at once with a `CancellationError`; a blocking flock(2) would hold on.
  func lock(waiting: () -> Void) async throws -> FileDescriptor {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(
        folder.appending(".lock"), .readWrite, options: [.create, .closeOnExec],
        permissions: [.ownerReadWrite])
    } catch {
      throw CacheError(folder, "\(error)")
    }
    var told = false
    while flock(descriptor.rawValue, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        let reason = String(cString: strerror(errno))
        try? descriptor.close()
        throw CacheError(folder, reason)
      }
      if !told {
        waiting()
        told = true
      }
      do {
        try await Task.sleep(for: .milliseconds(100))
      } catch {
        try? descriptor.close()
        throw error
      }
    }
    return descriptor
  }

  /// Hands the slot (a folder an earlier version named by the URL with its password) to
  /// `destination`, the same roster's: renamed to it when it has none, else removed, its
  /// record and the password in it with it. Not while a game fetches into it (its lock) or
  /// plays from it (its version in use, held): that game's paths stay as they were, and a
  /// later launch hands it over.
  func hand(to destination: FilePath) {
    var held: [Int32] = []
    defer { held.forEach { close($0) } }
    let inUse = current().map { folder.appending($0.extracted) }
    for path in [folder.appending(".lock"), inUse].compactMap({ $0 }) {
      let descriptor = open(path.string, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      held.append(descriptor)
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
    }
    // Another game may make the new one first: then this one goes.
    if rename(folder.string, destination.string) != 0 { remove(folder) }
  }

  /// A new name for a download or an extraction in progress, starting with a dot so that a
  /// later run knows it for a leftover.
  func scratch(_ kind: String) -> FilePath {
    folder.appending(".\(kind)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
  }

  /// Makes `extracted` (a scratch folder) the version in use: moved to its own name, recorded,
  /// and the previous version removed. Returns the version as recorded.
  func install(_ extracted: FilePath, as version: CachedVersion) throws(CacheError)
    -> CachedVersion
  {
    let previous = current()
    var version = version
    // The name is new even when the version is not: the one in use stays whole until the
    // record names another.
    version.extracted = "v-\(UInt64.random(in: 0...UInt64.max))"
    let destination = folder.appending(version.extracted)
    guard rename(extracted.string, destination.string) == 0 else {
      throw CacheError(destination, String(cString: strerror(errno)))
    }
    do {
      try self.record(version)
    } catch {
      remove(destination)
      throw error
    }
    if let previous, previous.extracted != version.extracted {
      removeUnlessPlayed(folder.appending(previous.extracted))
    }
    return version
  }

  /// Writes `version` as the one in use: to a scratch file renamed over the record.
  func record(_ version: CachedVersion) throws(CacheError) {
    let scratchRecord = scratch("record")
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(version).write(to: URL(fileURLWithPath: scratchRecord.string))
    } catch {
      _ = unlink(scratchRecord.string)
      throw CacheError(record, SystemWords.of(error))
    }
    guard rename(scratchRecord.string, record.string) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = unlink(scratchRecord.string)
      throw CacheError(record, reason)
    }
  }

  /// Removes what earlier runs left behind: scratch files and folders (their names start with
  /// a dot), and versions other than `inUse` (the one the record names) unless `versions` is
  /// false (a record that cannot be read says nothing of which is in use). Only with the lock
  /// held.
  func removeLeftovers(keeping inUse: CachedVersion?, versions: Bool = true) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.string)
    else { return }
    for name in names where name != ".lock" && name != "roster.json" && name != inUse?.extracted {
      if versions || name.hasPrefix(".") { removeUnlessPlayed(folder.appending(name)) }
    }
  }

  func remove(_ path: FilePath) {
    try? FileManager.default.removeItem(atPath: path.string)
  }

  /// Removes a file, or a folder no game plays (`PlayedVersions`): a version a running game
  /// plays stays until a run after that game removes it.
  func removeUnlessPlayed(_ path: FilePath) {
    let descriptor = open(path.string, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return remove(path) }
    defer { close(descriptor) }
    // Held by a game (EWOULDBLOCK): left. Any other failure (an NFS folder takes no exclusive
    // lock) is no game's hold: removed as before.
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK else { return }
    remove(path)
  }
}

/// The versions from the cache that this process plays: each one's folder held open with a
/// shared lock (flock) until the process ends, however it ends (the system lets go of it), so
/// that another game installing a newer version leaves the photos of this one in place.
enum PlayedVersions {
  private static let held = Mutex<[FilePath: Int32]>([:])

  /// Holds `folder` (a version's) for the rest of the process; nothing when it cannot.
  static func hold(_ folder: FilePath) {
    held.withLock { held in
      guard held[folder] == nil else { return }
      let descriptor = open(folder.string, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { return }
      guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else {
        close(descriptor)
        return
      }
      held[folder] = descriptor
    }
  }
}

/// The cache cannot be written: the path and the system's reason.
public struct CacheError: Error, CustomStringConvertible {
  public let description: String

  init(_ path: FilePath, _ reason: String) {
    description = "\(path): \(reason)"
  }
}

/// Counts the regular files under a folder and their bytes, without following links.
enum FileTree {
  static func count(_ folder: FilePath) -> (files: Int, bytes: Int64)? {
    var total = (files: 0, bytes: Int64(0))
    let found = folder.withPlatformString { path in
      add(openat(AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), to: &total)
    }
    return found ? total : nil
  }

  /// Adds the folder open at `descriptor` (closed here) and the folders inside it; false
  /// when one cannot be read.
  private static func add(_ descriptor: Int32, to total: inout (files: Int, bytes: Int64)) -> Bool {
    guard descriptor >= 0, let folder = fdopendir(descriptor) else {
      if descriptor >= 0 { close(descriptor) }
      return false
    }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let readable = withUnsafeBytes(of: entry.pointee.d_name) { name -> Bool in
        let name = name.baseAddress!.assumingMemoryBound(to: CChar.self)
        if strcmp(name, ".") == 0 || strcmp(name, "..") == 0 { return true }
        var info = stat()
        guard fstatat(dirfd(folder), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
          total.files += 1
          total.bytes += Int64(info.st_size)
        case S_IFDIR:
          let inner = openat(dirfd(folder), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          return add(inner, to: &total)
        default: break
        }
        return true
      }
      guard readable else { return false }
    }
    return true
  }
}
