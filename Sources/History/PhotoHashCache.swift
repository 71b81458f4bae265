import Digests
import Foundation
import GRDB
import GameEngine
import SystemPackage

/// Each photo's SHA-256, kept with its file's identity so that an unchanged file is not read
/// again.
extension History {
  /// Each photo's SHA-256, and what the history must record of the files.
  struct PhotoHashes {
    var hashes: [PhotoHash]
    /// The photos hashed again, with their file's identity.
    var hashed: [(path: FilePath, identity: FileIdentity, hash: PhotoHash)] = []
    /// The roster's files recorded that are no longer in it.
    var gone: [[UInt8]] = []

    /// Records the hashes read again, and forgets the roster's files that are gone. SQL
    /// rather than a record's Codable encoding: this runs at launch (see `people`).
    func keep(roster: String, in db: Database) throws {
      for file in hashed {
        try db.execute(
          sql:
            "INSERT OR REPLACE INTO photoFile (path, roster, identity, hash) VALUES (?, ?, ?, ?)",
          arguments: [
            file.path.withPlatformString { Data(bytes: $0, count: strlen($0)) }, roster,
            file.identity.data, file.hash.text,
          ])
      }
      for path in gone {
        try db.execute(sql: "DELETE FROM photoFile WHERE path = ?", arguments: [Data(path)])
      }
    }
  }

  /// Each photo's SHA-256, in the order of `paths`: the one recorded when the file's identity
  /// is the same as when it was hashed, else the file is read again (outside any transaction).
  /// The records are read in the order of their paths beside the photos sorted the same way,
  /// so that only the photos' own list is held.
  func photoHashes(_ paths: [FilePath], roster: String, legacy: [String]) throws(Unavailable)
    -> PhotoHashes
  {
    // SQLite orders blobs as memcmp does, as strcmp orders the paths' bytes.
    let order = paths.indices.sorted { paths[$0].bytesPrecede(paths[$1]) }
    let identities = paths.map(FileIdentity.init(of:))
    let (recorded, gone) = try reading { db in
      var recorded = [PhotoHash?](repeating: nil, count: paths.count)
      var gone: [[UInt8]] = []
      var next = 0
      // Each record's path, in one buffer.
      var path: [UInt8] = []
      let rows = try Row.fetchCursor(
        db, sql: "SELECT path, roster, identity, hash FROM photoFile ORDER BY path")
      while let row = try rows.next() {
        path.removeAll(keepingCapacity: true)
        try row.withUnsafeData(atIndex: 0) { path.append(contentsOf: $0 ?? Data()) }
        while next < order.count, paths[order[next]].compareBytes(with: path) < 0 {
          next += 1
        }
        guard next < order.count, paths[order[next]].compareBytes(with: path) == 0 else {
          let owner: String = row[1]
          if owner == roster || legacy.contains(owner) { gone.append(path) }
          continue
        }
        // The same path may be listed twice; each gets the record.
        while next < order.count, paths[order[next]].compareBytes(with: path) == 0 {
          let photo = order[next]
          if let identity = identities[photo],
            try row.withUnsafeData(atIndex: 2, { $0.map(identity.isSame(as:)) ?? false })
          {
            recorded[photo] = try row.withUnsafeData(atIndex: 3) {
              PhotoHash(recorded: $0 ?? Data())
            }
          }
          next += 1
        }
      }
      return (recorded, gone)
    }
    var files = PhotoHashes(hashes: [], gone: gone)
    files.hashes = paths.indices.map { photo in
      if let hash = recorded[photo] { return hash }
      let hash = Self.contentHash(of: paths[photo])
      if let identity = identities[photo] {
        files.hashed.append((paths[photo], identity, hash))
      }
      return hash
    }
    return files
  }

  /// SHA-256 of the file's bytes, read in blocks; that of its path if it cannot be read.
  static func contentHash(of path: FilePath) -> PhotoHash {
    guard let file = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else {
      return PhotoHash(recorded: Data(("path:" + path.string).utf8))
    }
    defer { try? file.close() }
    let hasher = Digest.sha256()
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while let count = try? block.withUnsafeMutableBytes({ try file.read(into: $0) }), count > 0 {
      hasher.update(block[..<count])
    }
    return PhotoHash(hasher.finish())
  }
}

/// A photo's SHA-256, held in place (a roster of thousands holds two a person while it opens)
/// and recorded as 64 hexadecimal digits. A value recorded otherwise (the path of a photo that
/// could not be read, as earlier versions recorded it) is known by its own SHA-256.
struct PhotoHash: Hashable {
  private var words: [4 of UInt64]

  private init(words: [4 of UInt64]) { self.words = words }

  /// A SHA-256 (32 bytes).
  init(_ digest: [UInt8]) {
    precondition(digest.count == 32, "a SHA-256 is 32 bytes")
    var words = [4 of UInt64](repeating: 0)
    digest.withUnsafeBytes { bytes in
      for word in 0..<4 {
        words[word] = bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)
      }
    }
    self.init(words: words)
  }

  /// As the history records it.
  init(recorded text: Data) {
    if text.count == 64, let words = Self.words(hexadecimal: text) {
      self.init(words: words)
    } else {
      self.init(Digest.sha256(of: text))
    }
  }

  private static func words(hexadecimal text: Data) -> [4 of UInt64]? {
    var words = [4 of UInt64](repeating: 0)
    let valid = withUnsafeMutableBytes(of: &words) { digest in
      for (index, character) in text.enumerated() {
        let value: UInt8
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = character - UInt8(ascii: "a") + 10
        default: return false
        }
        digest[index / 2] |= index % 2 == 0 ? value << 4 : value
      }
      return true
    }
    return valid ? words : nil
  }

  /// 64 lowercase hexadecimal digits, as recorded.
  var text: String {
    let digits = Array("0123456789abcdef".utf8)
    return String(unsafeUninitializedCapacity: 64) { text in
      withUnsafeBytes(of: words) { bytes in
        for (index, byte) in bytes.enumerated() {
          text[2 * index] = digits[Int(byte >> 4)]
          text[2 * index + 1] = digits[Int(byte & 0xF)]
        }
      }
      return 64
    }
  }

  static func == (lhs: PhotoHash, rhs: PhotoHash) -> Bool {
    (0..<4).allSatisfy { lhs.words[$0] == rhs.words[$0] }
  }

  func hash(into hasher: inout Hasher) {
    for word in 0..<4 { hasher.combine(words[word]) }
  }
}

extension FilePath {
  /// Whether the path's bytes come before `other`'s, as SQLite orders blobs.
  fileprivate func bytesPrecede(_ other: FilePath) -> Bool {
    withPlatformString { path in other.withPlatformString { strcmp(path, $0) < 0 } }
  }

  /// How the path's bytes order against `bytes`, as SQLite orders blobs (memcmp, then the
  /// shorter first): negative, zero or positive.
  fileprivate func compareBytes(with bytes: [UInt8]) -> Int {
    withPlatformString { path in
      let count = strlen(path)
      let common = Swift.min(count, bytes.count)
      let order = common == 0 ? 0 : bytes.withUnsafeBytes { memcmp(path, $0.baseAddress!, common) }
      return order != 0 ? Int(order) : count - bytes.count
    }
  }
}

/// A file's device, inode, size and modification and change times (ns): what changes when
/// its content may have.
struct FileIdentity {
  private var fields: (Int64, Int64, Int64, Int64, Int64)

  /// Nil when the file cannot be examined.
  init?(of path: FilePath) {
    var status = stat()
    guard path.withPlatformString({ stat($0, &status) }) == 0 else { return nil }
    fields = (
      Int64(bitPattern: UInt64(status.st_dev)), Int64(bitPattern: UInt64(status.st_ino)),
      Int64(status.st_size),
      Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
      Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    )
  }

  /// As recorded: the five numbers in the machine's byte order.
  var data: Data { withUnsafeBytes(of: fields) { Data($0) } }

  func isSame(as recorded: Data) -> Bool {
    withUnsafeBytes(of: fields) { $0.elementsEqual(recorded) }
  }
}

/// A photo's SHA-256 as answers kept outside the history name their person's photo.
extension History {
  /// The SHA-256 of the photo at `path` as the history records it (64 hexadecimal digits),
  /// read from the file.
  public static func photoHash(of path: FilePath) -> String {
    contentHash(of: path).text
  }

  /// The SHA-256 recorded for each person's photo, by the person's id: everyone's, so that
  /// a photo's people can be counted (a club's placeholder is many people's).
  public func photoHashes() throws(Unavailable) -> [Int64: String] {
    try reading { db in
      var hashes: [Int64: String] = [:]
      let rows = try Row.fetchCursor(db, sql: "SELECT id, photoHash FROM person")
      while let row = try rows.next() {
        let id: Int64 = row[0]
        hashes[id] = try row.withUnsafeData(atIndex: 1) { PhotoHash(recorded: $0 ?? Data()).text }
      }
      return hashes
    }
  }
}
