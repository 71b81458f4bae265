import Foundation
import GRDB

/// How the history knows a roster: by an identity that stays while the club does, and by a
/// name a person reads.
public struct RosterKey: Hashable, Sendable {
  /// "folder:" and the folder's real path, or "url:" and its server's manifest URL.
  public let identity: String
  /// The folder's name, or the club's.
  public let name: String
  /// What versions before this one recorded it under: the folder's name as given (`.` for
  /// the current folder), or the club's name.
  public let legacyName: String

  /// A roster folder, known by its real path (links and `..` resolved): the same folder
  /// given as `.` or by its full path is one roster; two folders of the same name are two.
  public static func folder(_ path: String) -> RosterKey {
    let given = (path as NSString).standardizingPath
    let real = realPath(path) ?? absolute(given)
    return RosterKey(
      identity: "folder:" + real, name: (real as NSString).lastPathComponent,
      legacyName: (path as NSString).lastPathComponent)
  }

  /// A club's roster from its server, known by its manifest's URL and named as the club.
  public static func server(url: String, club: String) -> RosterKey {
    RosterKey(identity: "url:" + url, name: club, legacyName: club)
  }

  /// A roster recorded under `identity`, named as its identity says.
  init(identity: String) {
    self.init(
      identity: identity, name: (identity as NSString).lastPathComponent, legacyName: identity)
  }

  public init(identity: String, name: String, legacyName: String) {
    self.identity = identity
    self.name = name
    self.legacyName = legacyName
  }

  /// A folder roster whose folder is gone (moved or renamed): people of it found in another
  /// folder take their answers along.
  var isGoneFolder: Bool {
    guard identity.hasPrefix("folder:") else { return false }
    return !FileManager.default.fileExists(atPath: String(identity.dropFirst("folder:".count)))
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/")
      ? path
      : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
  }
}

extension History {
  /// How a question ended, as recorded.
  public enum Outcome: String, Codable, Hashable, Sendable, DatabaseValueConvertible {
    case correct
    case wrong
    case timeout
  }

  /// A row of `answer`.
  struct AnswerRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "answer"
    var id: Int64?
    var person: Int64
    /// The roster's identity.
    var roster: String
    var mode: String
    var outcome: Outcome
    var chosen: String?
    var seconds: Double
    var answeredAt: Double
  }

  /// A row of `roster`: an identity and the name it is shown by.
  struct RosterRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "roster"
    var identity: String
    var name: String
  }

  /// A person's memory as `person` keeps it.
  struct MemoryColumns: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "person"
    var id: Int64
    var stability: Double?
    var difficulty: Double?
    var lastAnswer: Double?
    var lastGrade: Int?
  }

  /// A row of `person`, for queries over the table.
  struct PersonRecord: TableRecord {
    static let databaseTableName = "person"
  }
}
