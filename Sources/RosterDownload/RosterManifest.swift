import Digests
import Foundation

/// What a club's server says of its roster: the small JSON file a roster URL names.
///
///     { "version": "22", "download-name": "club.22.zip", "download-size": "12306144",
///       "download-sha256": "…", "name": "Example Club",
///       "scores-url": "https://club.example/scores" }
///
/// Values may be strings or numbers, keys not listed here are ignored, and `download-md5`
/// stands in for `download-sha256` where a server gives only that. `name` and `scores-url`
/// may be left out.
public struct RosterManifest: Hashable, Sendable {
  /// The roster's version, as the server names it: compared, never parsed.
  public var version: String
  /// The zip, `download-name` read relative to the manifest's URL.
  public var download: URL
  /// The zip's size in bytes.
  public var size: Int64
  public var checksum: Checksum
  /// The club's name, when the server gives one.
  public var name: String?
  /// Where the club collects its players' scores (`scores-url`, read relative to the
  /// manifest's URL), when it does: a player who said yes sends each round's there.
  public var scores: URL?
  /// What is wrong with a `scores-url` that cannot be used (the roster plays all the same,
  /// and no score is sent).
  public var scoresProblem: String?

  /// The largest manifest read: it is a few lines of JSON.
  public static let largestManifest = 1 << 20

  /// Reads the manifest served at `url`; the error says in one line what is wrong with it.
  public static func parse(_ data: Data, from url: URL) throws(ManifestError) -> RosterManifest {
    let fields = try decode(Fields.self, from: data)
    guard let version = fields.version?.text.trimmed, !version.isEmpty else {
      throw ManifestError(fields.version == nil ? "it has no version" : "its version is empty")
    }
    guard let name = fields.downloadName?.text else {
      throw ManifestError("it has no download-name")
    }
    let download = try webURL(name, from: url, key: "download-name")
    guard let sizeText = fields.downloadSize?.text else {
      throw ManifestError("it has no download-size")
    }
    guard let size = Int64(sizeText.trimmed), size >= 0 else {
      throw ManifestError("its download-size \(quoted(sizeText)) is not a number of bytes")
    }
    // A `scores-url` that cannot be used is a problem of its own: the roster plays.
    var scores: (url: URL?, problem: String?) = (nil, nil)
    if let field = fields.scoresURL {
      do throws(ManifestError) {
        // Sent with no name or password, it keeps none (a relative one would take the
        // manifest's: the history and the cache keep it).
        let found = try webURL(field.text, from: url, key: "scores-url")
        scores.url = URL(string: WebAddress.shown(found)) ?? found
      } catch {
        scores.problem = "\(error); no score is sent"
      }
    }
    return RosterManifest(
      version: version, download: download, size: size,
      checksum: try checksum(sha256: fields.sha256?.text, md5: fields.md5?.text),
      name: fields.name.map(\.text.trimmed).flatMap { $0.isEmpty ? nil : $0 },
      scores: scores.url, scoresProblem: scores.problem)
  }

  /// `text` read relative to the manifest's URL, which must make an http or https URL.
  private static func webURL(_ text: String, from url: URL, key: String) throws(ManifestError)
    -> URL
  {
    guard !text.trimmed.isEmpty else { throw ManifestError("its \(key) is empty") }
    guard let found = URL(string: text.trimmed, relativeTo: url)?.absoluteURL,
      let scheme = found.scheme?.lowercased(), scheme == "http" || scheme == "https",
      found.host != nil
    else { throw ManifestError("its \(key) \(quoted(text)) is not an http or https URL") }
    if let problem = WebAddress.problem(with: found) {
      throw ManifestError("its \(key) \(quoted(text)) cannot be used: \(problem)")
    }
    return found
  }

  /// `download-sha256`, else `download-md5`: hexadecimal digits of the right count.
  private static func checksum(sha256: String?, md5: String?) throws(ManifestError) -> Checksum {
    let (key, text, kind): (String, String, Checksum.Kind)
    if let sha256 {
      (key, text, kind) = ("download-sha256", sha256, .sha256)
    } else if let md5 {
      (key, text, kind) = ("download-md5", md5, .md5)
    } else {
      throw ManifestError("it has no download-sha256 (nor download-md5)")
    }
    let hex = text.trimmed.lowercased()
    guard hex.count == 2 * kind.length, hex.allSatisfy(\.isHexDigit) else {
      throw ManifestError(
        "its \(key) \(quoted(text)) is not \(2 * kind.length) hexadecimal digits")
    }
    return Checksum(kind: kind, hex: hex)
  }

  /// The version of the manifest `data` as it is written, a string or a number as `parse`
  /// takes it (nil when it has none); nothing else of the manifest is read.
  static func version(in data: Data) throws(ManifestError) -> String? {
    try decode(VersionField.self, from: data).version?.text
  }

  /// The manifest that announces version `version` of the roster called `name`: its zip
  /// `downloadName`, of `size` bytes with these digests, and where scores go, if anywhere.
  /// Every value is a string, the keys are those `parse` reads, sorted.
  static func json(
    version: Int, name: String, downloadName: String, size: Int, sha256: String, md5: String?,
    scoresURL: String? = nil
  ) throws -> Data {
    let fields = Fields(
      version: Scalar("\(version)"), downloadName: Scalar(downloadName),
      downloadSize: Scalar("\(size)"), sha256: Scalar(sha256), md5: md5.map(Scalar.init),
      name: Scalar(name), scoresURL: scoresURL.map(Scalar.init))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(fields)
  }

  /// `data` decoded as `type`; the error says in one line what is wrong with it.
  private static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data
  ) throws(ManifestError) -> Value {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let DecodingError.typeMismatch(_, context) {
      throw ManifestError(Self.mismatch(context))
    } catch let DecodingError.valueNotFound(_, context) {
      throw ManifestError(Self.mismatch(context))
    } catch {
      throw .notAnObject
    }
  }

  private static func mismatch(_ context: DecodingError.Context) -> String {
    guard let key = context.codingPath.first?.stringValue else {
      return ManifestError.notAnObject.description
    }
    return "its \(key) is neither a string nor a number"
  }

  /// The keys read and written; a value read may be a string or a number.
  private struct Fields: Codable {
    var version: Scalar?
    var downloadName: Scalar?
    var downloadSize: Scalar?
    var sha256: Scalar?
    var md5: Scalar?
    var name: Scalar?
    var scoresURL: Scalar?

    enum CodingKeys: String, CodingKey {
      case version
      case downloadName = "download-name"
      case downloadSize = "download-size"
      case sha256 = "download-sha256"
      case md5 = "download-md5"
      case name
      case scoresURL = "scores-url"
    }
  }

  /// The `scores-url` of the manifest `data` as it is written, if it has one.
  static func scoresURL(in data: Data) -> String? {
    struct ScoresField: Decodable {
      var scoresURL: String?
      enum CodingKeys: String, CodingKey { case scoresURL = "scores-url" }
    }
    return (try? JSONDecoder().decode(ScoresField.self, from: data))?.scoresURL
  }

  /// The version alone.
  private struct VersionField: Decodable {
    var version: Scalar?

    init(from decoder: any Decoder) throws {
      version = try decoder.container(keyedBy: Fields.CodingKeys.self)
        .decodeIfPresent(Scalar.self, forKey: .version)
    }
  }

  /// A JSON string or number, as text: 22 and "22" are the same version. Written as a string.
  private struct Scalar: Codable {
    var text: String

    init(_ text: String) { self.text = text }

    init(from decoder: any Decoder) throws {
      let value = try decoder.singleValueContainer()
      if let text = try? value.decode(String.self) {
        self.text = text
      } else if let integer = try? value.decode(Int64.self) {
        text = String(integer)
      } else {
        text = String(try value.decode(Double.self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var value = encoder.singleValueContainer()
      try value.encode(text)
    }
  }
}

/// The digest the zip must have.
public struct Checksum: Hashable, Sendable, CustomStringConvertible {
  /// SHA-256 or MD5.
  public typealias Kind = Digest.Algorithm

  public var kind: Kind
  /// Lowercase hexadecimal digits.
  public var hex: String

  public init(kind: Kind, hex: String) {
    self.kind = kind
    self.hex = hex
  }

  public var description: String { "\(kind.rawValue) \(hex)" }
}

/// What is wrong with a manifest, as the end of a sentence that starts with its URL.
public struct ManifestError: Error, Hashable, CustomStringConvertible {
  public let description: String

  init(_ description: String) { self.description = description }

  static let notAnObject = ManifestError("it is not a JSON object")
}

/// A value from the server, quoted and cut short (the command line escapes what it prints).
func quoted(_ text: String) -> String {
  "\"\(text.count > 80 ? String(text.prefix(77)) + "..." : text)\""
}

extension String {
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
