import Digests
import Foundation
import SystemWords
import ZIPFoundation

/// Writes a roster folder as a club's server serves it (what `RosterManifest` reads): a zip of
/// its photos and `members.csv` under one folder named after the club, and `roster.json`, the
/// manifest that announces it with its version, size, SHA-256 and MD5. Any static web server
/// can then serve the output folder.
public enum RosterPublisher {
  /// What was written.
  public struct Published: Hashable, Sendable {
    public let version: Int
    /// The zip's file name in the output folder, and its size and digest.
    public let zip: String
    public let size: Int
    public let sha256: String
    /// The manifest's path.
    public let manifest: String
    /// Where players' scores go, if anywhere: the one asked for, else the previous manifest's.
    public let scoresURL: String?
  }

  /// Why nothing was published, in one line naming the file.
  public struct PublishError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
  }

  /// The manifest's file name in the output folder.
  public static let manifestName = "roster.json"

  /// Publishes `files` (paths inside `folder`) as the roster called `name` into the folder
  /// `out` (made if missing): the version one more than the manifest already there (1 for
  /// none). The zip is written before the manifest, each to a temporary file renamed into
  /// place, so that a server never announces a zip that is not all there. `baseURL`, when
  /// given, is where the zip will be served from (else beside the manifest); `scoresURL`, where
  /// players' scores go.
  public static func publish(
    folder: String, files: [String], name: String, to out: String, baseURL: String? = nil,
    scoresURL: String? = nil
  ) throws -> Published {
    let manager = FileManager.default
    do {
      try manager.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw PublishError("\(out): cannot be made: \(SystemWords.of(error))")
    }
    let manifestPath = (out as NSString).appendingPathComponent(manifestName)
    let version = try previousVersion(at: manifestPath) + 1
    // A club that collects scores keeps collecting them when `--scores-url` is not given again.
    let scoresURL =
      scoresURL
      ?? FileManager.default.contents(atPath: manifestPath).flatMap(RosterManifest.scoresURL(in:))
    let zipName = "\(slug(name))-\(version).zip"

    let archive: Archive
    do {
      archive = try Archive(accessMode: .create)
      for file in files.sorted() {
        let url = URL(fileURLWithPath: (folder as NSString).appendingPathComponent(file))
        let data = try Data(contentsOf: url)
        // Photos barely shrink: they are stored; the list of members is deflated.
        let method: CompressionMethod = file.hasSuffix(".csv") ? .deflate : .none
        try archive.addEntry(
          with: "\(name)/\(file)", type: .file, uncompressedSize: Int64(data.count),
          compressionMethod: method
        ) { (position: Int64, size: Int) in
          data.subdata(in: Int(position)..<Int(position) + size)
        }
      }
    } catch {
      throw PublishError("\(folder): cannot be zipped: \(error)")
    }
    let zip = archive.data ?? Data()
    let sha256 = hexadecimal(Digest.sha256(of: zip))
    let manifest = try RosterManifest.json(
      version: version, name: name,
      downloadName: baseURL.map { $0.hasSuffix("/") ? $0 + zipName : $0 + "/" + zipName }
        ?? zipName,
      size: zip.count, sha256: sha256, md5: (try? Digest.hash(.md5, of: zip)).map(hexadecimal),
      scoresURL: scoresURL)
    try write(zip, to: (out as NSString).appendingPathComponent(zipName))
    try write(manifest + Data("\n".utf8), to: manifestPath)
    return Published(
      version: version, zip: zipName, size: zip.count, sha256: sha256, manifest: manifestPath,
      scoresURL: scoresURL)
  }

  /// The version of the manifest at `path` (0 when there is none), a string or a number as
  /// `RosterManifest` reads it, which must be a whole number for the next to follow it.
  static func previousVersion(at path: String) throws -> Int {
    guard let data = FileManager.default.contents(atPath: path) else { return 0 }
    let text: String?
    do {
      text = try RosterManifest.version(in: data)
    } catch .notAnObject {
      throw PublishError("\(path): not a manifest (not a JSON object); move it away to start again")
    } catch {
      throw PublishError("\(path): \(error), so the next cannot follow it")
    }
    guard let text, let version = Int(text), version >= 0 else {
      throw PublishError(
        "\(path): its version \(text ?? "(none)") is not a whole "
          + "number, so the next cannot follow it")
    }
    return version
  }

  /// A file name from a club's name: lower case letters and digits, a dash for anything else.
  static func slug(_ name: String) -> String {
    let words = name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return words.isEmpty ? "roster" : words.joined(separator: "-")
  }

  private static func write(_ data: Data, to path: String) throws {
    let temporary = path + ".partial"
    do {
      try data.write(to: URL(fileURLWithPath: temporary))
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw PublishError("\(path): cannot be written: \(SystemWords.of(error))")
    }
    // rename(2) puts the whole file in place at once, over any before it.
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw PublishError("\(path): cannot be written: \(reason)")
    }
  }
}
