import Foundation
import GRDB
import GameEngine
import URLText

/// How the history knows a roster: by an identity that stays while the club does, and by a
/// name a person reads.
public struct RosterKey: Hashable, Sendable {
  /// "folder:" and the folder's real path, or "url:" and its server's manifest URL.
  public let identity: String
  /// The folder's name, or the club's.
  public let name: String
  /// What versions before this one recorded it under (they knew a roster by its folder's
  /// base name): the folder's name as given (`.` for the current folder) and its real name,
  /// or the club's name. Answers kept under one of these go to this roster, person by person,
  /// when it finds their people (see `claim`).
  public let legacyNames: [String]

  /// A roster folder, known by its real path (links and `..` resolved): the same folder
  /// given as `.` or by its full path is one roster; two folders of the same name are two.
  public static func folder(_ path: String) -> RosterKey {
    let given = (path as NSString).standardizingPath
    let real = realPath(path) ?? absolute(given)
    let name = (real as NSString).lastPathComponent
    let asGiven = (path as NSString).lastPathComponent
    return RosterKey(
      identity: folderPrefix + real, name: name,
      legacyNames: asGiven == name ? [name] : [asGiven, name])
  }

  /// A club's roster from its server, known by its manifest's URL and named as the club. A
  /// password in the URL (`https://user:password@host/…`, which the requests still send) is
  /// not part of it: the history keeps no password, and a club whose password changes is
  /// still the same club.
  public static func server(url: String, club: String) -> RosterKey {
    RosterKey(
      identity: serverPrefix + URLText.withoutPassword(url), name: club, legacyNames: [club])
  }

  /// The server's URL of a club's roster (without a password), nil for a folder's.
  public var serverURL: String? {
    identity.hasPrefix(Self.serverPrefix)
      ? String(identity.dropFirst(Self.serverPrefix.count)) : nil
  }

  /// `identity` as this version records it: a server's URL without a password (see `server`),
  /// any other as it is. The history before v9, and files of saved answers written before,
  /// may hold an identity with one.
  public static func current(_ identity: String) -> String {
    guard identity.hasPrefix(serverPrefix) else { return identity }
    return serverPrefix + URLText.withoutPassword(String(identity.dropFirst(serverPrefix.count)))
  }

  public init(identity: String, name: String, legacyNames: [String]) {
    self.identity = identity
    self.name = name
    self.legacyNames = legacyNames
  }

  static let folderPrefix = "folder:"
  static let serverPrefix = "url:"

  /// The name to show for a roster recorded as `recorded`: an identity's folder name or URL
  /// when its name is not known, or a name older versions recorded, as it is.
  static func shownName(_ recorded: String) -> String {
    if recorded.hasPrefix(folderPrefix) { return (recorded as NSString).lastPathComponent }
    if recorded.hasPrefix(serverPrefix) {
      return URLText.withoutPassword(String(recorded.dropFirst(serverPrefix.count)))
    }
    return recorded
  }

  /// The folder of a folder roster's identity; nil for a server's.
  static func folderPath(ofIdentity identity: String) -> String? {
    identity.hasPrefix(folderPrefix) ? String(identity.dropFirst(folderPrefix.count)) : nil
  }

  /// Whether `identity` is a folder roster whose folder is no longer there (moved, renamed or
  /// removed): not one that cannot be looked at now (a folder that cannot be searched), which
  /// may come back.
  public static func isGoneFolder(_ identity: String) -> Bool {
    guard let path = folderPath(ofIdentity: identity) else { return false }
    var status = stat()
    return stat(path, &status) != 0 && errno == ENOENT
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
    var chosenPerson: Int64?
    var seconds: Double
    var answeredAt: Double
    /// nil for a name picked among four.
    var kind: String?
    /// A name typed right with a spelling slip (`TypedMatch.slip`); nil in a history not yet
    /// made to keep it (read as none: `meet-the-members history` opens an older file as it
    /// is).
    var slip: Bool?
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
    var learning: Double?
    var typed: Bool
    /// The person's `SpeedBelief` (see `bytes(of:)`); nil for none.
    var belief: Data?
  }

  /// A belief as kept in a row of `person`: for each speed its weight, then for each its
  /// memory's stability, difficulty and learning (NaN for none), as little-endian doubles.
  static func bytes(of belief: SpeedBelief?) -> Data? {
    guard let belief else { return nil }
    let numbers =
      belief.weights
      + belief.memories.flatMap { [$0.stability, $0.difficulty, $0.learning ?? .nan] }
    var data = Data(capacity: numbers.count * 8)
    for number in numbers {
      withUnsafeBytes(of: number.bitPattern.littleEndian) { data.append(contentsOf: $0) }
    }
    return data
  }

  /// The belief kept in a row of `person` (any value: only a blob of the right length is
  /// one), its weights as written (made to sum to one if they do not); nil when there is
  /// none, or it cannot be read: weights that sum to nothing, a
  /// memory out of the model's bounds. The person's memory is then FSRS's columns where a row
  /// from before beliefs keeps them, else none: the game's launch replays the person's cards
  /// and answers, and the next answer keeps a new belief.
  static func belief(_ value: DatabaseValue) -> SpeedBelief? {
    let speeds = SpeedBelief.speeds.count
    guard case .blob(let data) = value.storage, data.count == speeds * 4 * 8 else { return nil }
    let numbers = (0..<speeds * 4).map { index in
      Double(
        bitPattern: UInt64(
          littleEndian: data.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
          }))
    }
    let stored = Array(numbers[..<speeds])
    guard let normalised = SpeedBelief.normalised(stored, floor: 0) else { return nil }
    // Weights the game wrote sum to one but for rounding: kept to the bit, so that a belief
    // read back predicts just what it did before it was kept. Others are made to sum to one.
    let weights = abs(stored.reduce(0, +) - 1) < 1e-9 ? stored : normalised
    var memories: [MemoryState] = []
    for speed in 0..<speeds {
      let at = speeds + 3 * speed
      let (stability, difficulty, learning) = (numbers[at], numbers[at + 1], numbers[at + 2])
      guard stability.isFinite, stability >= MemoryModel.minimumStability,
        MemoryModel.difficultyRange.contains(difficulty),
        learning.isNaN || (learning.isFinite && learning > 0)
      else { return nil }
      memories.append(
        MemoryState(
          stability: stability, difficulty: difficulty, learning: learning.isNaN ? nil : learning))
    }
    return SpeedBelief(weights: weights, memories: memories)
  }

  /// The memory kept in a row of `person`: its belief's at the model's speed, else FSRS's
  /// columns (a row kept before beliefs were); nil for someone never asked, or whose belief
  /// cannot be read (the launch then replays their cards and answers).
  static func memory(
    stability: Double?, difficulty: Double?, learning: Double?, belief: SpeedBelief?
  ) -> MemoryState? {
    if let belief { return belief.typicalMemory }
    guard let stability, let difficulty else { return nil }
    return MemoryState(stability: stability, difficulty: difficulty, learning: learning)
  }

  /// A row of `person`, for queries over the table.
  struct PersonRecord: TableRecord {
    static let databaseTableName = "person"
  }

  /// A row of `photoFile` (a photo's hash and its file's identity), for queries over the
  /// table; written with SQL at launch (see `PhotoHashes.keep`).
  struct PhotoFileRecord: TableRecord {
    static let databaseTableName = "photoFile"
  }
}
