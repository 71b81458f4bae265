import Digests
import Foundation
import ZIPFoundation

/// What a club's server publishes, made for tests: zips of photos (well formed or hostile)
/// and the manifest that announces one.
public enum RosterPublishing {
  /// An entry of a zip.
  public enum Entry: Sendable {
    case file(String, Data)
    case folder(String)
    /// A symbolic link at the path, pointing at the target.
    case link(String, target: String)
  }

  /// A zip of the entries, deflated (photos barely shrink; a bomb does).
  public static func zip(_ entries: [Entry]) throws -> Data {
    let archive = try Archive(accessMode: .create)
    for entry in entries {
      switch entry {
      case .file(let path, let data):
        try archive.addEntry(
          with: path, type: .file, uncompressedSize: Int64(data.count),
          compressionMethod: .deflate
        ) { (position: Int64, size: Int) in
          data.subdata(in: Int(position)..<Int(position) + size)
        }
      case .folder(let path):
        try archive.addEntry(with: path, type: .directory, uncompressedSize: Int64(0)) {
          (_: Int64, _: Int) in Data()
        }
      case .link(let path, let target):
        let bytes = Data(target.utf8)
        try archive.addEntry(with: path, type: .symlink, uncompressedSize: Int64(bytes.count)) {
          (position: Int64, size: Int) in bytes.subdata(in: Int(position)..<Int(position) + size)
        }
      }
    }
    return archive.data ?? Data()
  }

  /// The zip with every entry declaring `size` bytes once extracted, whatever it holds: the
  /// header fields a bomb lies in (local headers at offset 22, the central directory's at 24).
  public static func declaring(_ size: UInt32, in zip: Data) -> Data {
    var bytes = [UInt8](zip)
    let fields: [([UInt8], Int)] = [
      ([0x50, 0x4B, 0x03, 0x04], 22), ([0x50, 0x4B, 0x01, 0x02], 24),
    ]
    for index in bytes.indices.dropLast(28) {
      for (signature, offset) in fields where Array(bytes[index..<index + 4]) == signature {
        for byte in 0..<4 {
          bytes[index + offset + byte] = UInt8(truncatingIfNeeded: size >> (8 * byte))
        }
      }
    }
    return Data(bytes)
  }

  /// The manifest for `zip` served as `name`, with its size and SHA-256 (or MD5) as strings,
  /// and any other keys and values given.
  public static func manifest(
    version: String, zip: Data, name: String = "club.zip", club: String? = "Example Club",
    md5: Bool = false, changing: [String: Any] = [:]
  ) -> Data {
    var fields: [String: Any] = [
      "version": version, "download-name": name, "download-size": "\(zip.count)",
    ]
    if md5 {
      // Asked for: a system that cannot compute MD5 says so here rather than serving an
      // empty checksum that a test would read as a bad one.
      do {
        fields["download-md5"] = hexadecimal(try Digest.hash(.md5, of: zip))
      } catch {
        preconditionFailure("a manifest with download-md5: \(error)")
      }
    } else {
      fields["download-sha256"] = hexadecimal(Digest.sha256(of: zip))
    }
    if let club { fields["name"] = club }
    for (key, value) in changing { fields[key] = value is NSNull ? nil : value }
    return (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
  }

  /// Every file under `folder` (by its path inside it) with its contents, but the cache's
  /// locks: what "the cache is left as it was" compares.
  public static func contents(of folder: String) -> [String: Data] {
    let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    var contents: [String: Data] = [:]
    for path in files where !path.hasSuffix("/.lock") {
      contents[path] = FileManager.default.contents(atPath: "\(folder)/\(path)")
    }
    return contents
  }
}
