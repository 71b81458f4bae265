import Crypto
import Foundation
import GRDB
import GameEngine
import SystemPackage

/// Every answer the player gave, kept in an SQLite file (GRDB, WAL) so that learning lasts
/// across games: `history.sqlite` in the data folder.
///
/// A person is known by their photo's content (SHA-256) and name, then by the photo's content
/// alone, then by their name in a roster folder of the same name: their history survives running from another folder, moving the
/// roster folder and renaming a photo file, and a new photo of someone keeps theirs.
///
/// Writes happen in one transaction each, committed before `record` returns: a game killed at
/// any moment keeps every answer recorded before. Two games on the same history wait for each
/// other (a busy timeout) instead of failing.
public final class History: Sendable {
  /// The file's name in the data folder.
  public static let fileName = "history.sqlite"
  /// `PRAGMA application_id`: "MTM1". A database without it is someone else's.
  static let applicationID: Int32 = 0x4D54_4D31

  public let path: String
  private let pool: DatabasePool

  /// Why the history cannot be kept, in one line that names the file.
  public struct Unavailable: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// Opens (or creates) the history in `folder`, creating the folder if needed. Never
  /// touches a file it did not make: a damaged or foreign database, or one from a newer
  /// version of the game, is left as it is and reported.
  public init(folder: String) throws(Unavailable) {
    path = (folder as NSString).appendingPathComponent(Self.fileName)
    let shown = path
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw Unavailable(description: "\(folder): cannot create the folder (\(Self.reason(error)))")
    }
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.label = "history"
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = NORMAL")
    }
    let existed = FileManager.default.fileExists(atPath: path)
    do {
      pool = try DatabasePool(path: path, configuration: configuration)
    } catch {
      let kept = existed ? "; it is kept as it is" : ""
      throw Unavailable(description: "\(shown): \(Self.reason(error))\(kept)")
    }
    do {
      let migrator = Self.migrator
      try pool.read { db in
        try Self.checkOwnership(db)
        if try migrator.hasBeenSuperseded(db) {
          throw Unavailable(description: "made by a newer version of meet-the-members")
        }
      }
      // Marked as ours before anything else is written: the migrator makes its own table
      // before the first migration's transaction, and a game killed in between must still
      // find a file it made.
      try pool.write { db in
        if try Int32.fetchOne(db, sql: "PRAGMA application_id") != Self.applicationID {
          try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
        }
      }
      try migrator.migrate(pool)
    } catch let error as Unavailable {
      throw Unavailable(description: "\(shown): \(error.description); it is kept as it is")
    } catch {
      throw Unavailable(description: "\(shown): \(Self.reason(error)); it is kept as it is")
    }
  }

  /// A database that holds tables but not our application id is not ours to change. (The
  /// migrator's own table alone is a history whose making was cut short.)
  private static func checkOwnership(_ db: Database) throws {
    let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    let tables =
      try Int.fetchOne(
        db,
        sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name != 'grdb_migrations'"
      ) ?? 0
    if id == applicationID { return }
    if id != 0 || tables > 0 {
      throw Unavailable(description: "not a meet-the-members history")
    }
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(sql: "PRAGMA application_id = \(applicationID)")
      try db.create(table: "person") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("photoHash", .text).notNull().indexed()
        t.column("roster", .text).notNull()
        t.column("name", .text).notNull()
        t.column("file", .text).notNull()
        // The memory of this person's name (FSRS-6), after the last answer.
        t.column("stability", .double)
        t.column("difficulty", .double)
        t.column("lastAnswer", .double)
        t.column("lastGrade", .integer)
      }
      try db.create(index: "person_on_roster_name", on: "person", columns: ["roster", "name"])
      try db.create(table: "answer") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("person", .integer).notNull().indexed()
          .references("person", onDelete: .cascade)
        t.column("roster", .text).notNull()
        t.column("mode", .text).notNull()
        t.column("outcome", .text).notNull()
        t.column("chosen", .text)
        t.column("seconds", .double).notNull()
        t.column("answeredAt", .double).notNull()
      }
    }
    // What each photo file's SHA-256 was, and the file's identity then (device, inode, size,
    // modification and change times in nanoseconds): a file whose identity has not changed is
    // not read again, so that a roster of thousands opens at once.
    migrator.registerMigration("v2") { db in
      try db.create(table: "photoFile") { t in
        t.primaryKey("path", .blob)
        t.column("roster", .text).notNull().indexed()
        t.column("identity", .blob).notNull()
        t.column("hash", .text).notNull()
      }
    }
    return migrator
  }

  static func reason(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      return error.message ?? "\(error.resultCode)"
    }
    if let error = error as? CocoaError, let underlying = error.underlying {
      return underlying.localizedDescription
    }
    return (error as NSError).localizedDescription
  }

  /// `PRAGMA integrity_check`: "ok", or what SQLite found wrong.
  public func integrityCheck() throws(Unavailable) -> String {
    return try reading { db in
      try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
    }
  }

  /// Reads in one transaction; any failure is `Unavailable`, naming the file.
  private func reading<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(Unavailable)
    -> T
  {
    do { return try pool.read(body) } catch {
      throw Unavailable(description: "\(path): \(Self.reason(error))")
    }
  }

  /// Writes in one transaction, committed before it returns; any failure is `Unavailable`.
  private func writing<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(Unavailable)
    -> T
  {
    do { return try pool.write(body) } catch {
      throw Unavailable(description: "\(path): \(Self.reason(error))")
    }
  }

  // MARK: - People

  /// A member of the roster as the history identifies them.
  public struct Photo: Sendable {
    public let member: MemberID
    public let name: String
    /// The photo's path, to hash it.
    public let path: FilePath
    /// The photo's path inside the roster folder.
    public let file: String

    public init(member: MemberID, name: String, path: FilePath, file: String) {
      self.member = member
      self.name = name
      self.path = path
      self.file = file
    }
  }

  /// What the history knows of a person.
  public struct Person: Hashable, Sendable {
    public let id: Int64
    /// Their memory after the last answer, when that was (Unix time) and how it counted
    /// (FSRS's grade, 1 to 4); nil if never asked.
    public var memory: MemoryState?
    public var lastAnswer: Double?
    public var lastGrade: Int?
  }

  /// Finds (or adds) the person of each photo, in roster folder `roster` (its name). The
  /// people recorded are read once and matched in memory, so that a roster of thousands (or
  /// thousands who share a placeholder photo) opens in time linear in its size; a person is
  /// written only when their photo, roster, name or file changed.
  public func people(_ photos: [Photo], roster: String) throws(Unavailable) -> [MemberID: Person] {
    let files = try photoHashes(photos.map(\.path), roster: roster)
    let hashes = files.map(\.hash)
    return try writing { db in
      try Self.keep(files, roster: roster, in: db)
      var candidates = Candidates()
      let rows = try Row.fetchCursor(db, sql: "SELECT * FROM person ORDER BY id")
      while let row = try rows.next() { candidates.add(Recorded(row)) }
      var found: [MemberID: Person] = [:]
      for (photo, hash) in zip(photos, hashes) {
        // The same photo and name first, so that people who share a photo (a club's
        // placeholder) each keep their own history.
        let row =
          candidates.take(.photoAndName(hash, photo.name)) ?? candidates.take(.photo(hash))
          ?? candidates.take(.rosterAndName(roster, photo.name))
        if let row {
          let unchanged =
            row.photoHash == hash && row.roster == roster && row.name == photo.name
            && row.file == photo.file
          if !unchanged {
            try db.execute(
              sql: "UPDATE person SET photoHash = ?, roster = ?, name = ?, file = ? WHERE id = ?",
              arguments: [hash, roster, photo.name, photo.file, row.person.id])
          }
          found[photo.member] = row.person
        } else {
          try db.execute(
            sql: "INSERT INTO person (photoHash, roster, name, file) VALUES (?, ?, ?, ?)",
            arguments: [hash, roster, photo.name, photo.file])
          found[photo.member] = Person(id: db.lastInsertedRowID)
        }
      }
      return found
    }
  }

  /// A person as recorded, with what a photo is matched on.
  private struct Recorded {
    var person: Person
    var photoHash: String
    var roster: String
    var name: String
    var file: String

    init(_ row: Row) {
      person = History.person(row)
      photoHash = row["photoHash"]
      roster = row["roster"]
      name = row["name"]
      file = row["file"]
    }
  }

  /// The people recorded, by each key a photo is matched on, oldest first; each is taken once.
  private struct Candidates {
    enum Key: Hashable {
      case photoAndName(String, String)
      case photo(String)
      case rosterAndName(String, String)
    }

    private var recorded: [Recorded] = []
    /// Indexes into `recorded`, by key.
    private var byKey: [Key: [Int]] = [:]
    /// Where each key's list may still hold someone not taken: taking only ever grows.
    private var next: [Key: Int] = [:]
    private var taken = Set<Int>()

    mutating func add(_ person: Recorded) {
      let index = recorded.count
      recorded.append(person)
      for key in [
        Key.photoAndName(person.photoHash, person.name), .photo(person.photoHash),
        .rosterAndName(person.roster, person.name),
      ] {
        byKey[key, default: []].append(index)
      }
    }

    /// The oldest person under `key` not taken yet, now taken.
    mutating func take(_ key: Key) -> Recorded? {
      guard let list = byKey[key] else { return nil }
      var position = next[key, default: 0]
      while position < list.count, taken.contains(list[position]) { position += 1 }
      guard position < list.count else {
        next[key] = position
        return nil
      }
      taken.insert(list[position])
      next[key] = position + 1
      return recorded[list[position]]
    }
  }

  private static func person(_ row: Row) -> Person {
    var memory: MemoryState?
    if let stability: Double = row["stability"], let difficulty: Double = row["difficulty"] {
      memory = MemoryState(stability: stability, difficulty: difficulty)
    }
    return Person(
      id: row["id"], memory: memory, lastAnswer: row["lastAnswer"], lastGrade: row["lastGrade"])
  }

  /// A photo file as last hashed: its path (the file system's bytes), its identity then, and
  /// whether the record needs writing.
  private struct PhotoFile: Sendable {
    var path: Data
    var identity: Data?
    var hash: String
    var changed: Bool
  }

  /// Each photo's SHA-256: recorded when the file's identity is the same as when it was
  /// hashed, else read again.
  private func photoHashes(_ paths: [FilePath], roster: String) throws(Unavailable)
    -> [PhotoFile]
  {
    let recorded = try reading { db in
      var recorded: [Data: (identity: Data, hash: String)] = [:]
      let rows = try Row.fetchCursor(db, sql: "SELECT path, identity, hash FROM photoFile")
      while let row = try rows.next() { recorded[row["path"]] = (row["identity"], row["hash"]) }
      return recorded
    }
    return paths.map { path in
      let bytes = path.withPlatformString { Data(bytes: $0, count: strlen($0)) }
      let identity = Self.identity(of: path)
      if let identity, let known = recorded[bytes], known.identity == identity {
        return PhotoFile(path: bytes, identity: identity, hash: known.hash, changed: false)
      }
      return PhotoFile(
        path: bytes, identity: identity, hash: Self.contentHash(of: path), changed: true)
    }
  }

  /// Records the hashes read again, and forgets the roster's files that are gone.
  private static func keep(_ files: [PhotoFile], roster: String, in db: Database) throws {
    for file in files where file.changed {
      guard let identity = file.identity else { continue }
      try db.execute(
        sql: "INSERT OR REPLACE INTO photoFile (path, roster, identity, hash) VALUES (?, ?, ?, ?)",
        arguments: [file.path, roster, identity, file.hash])
    }
    let present = Set(files.map(\.path))
    let gone = try Data.fetchAll(
      db, sql: "SELECT path FROM photoFile WHERE roster = ?", arguments: [roster]
    )
    .filter { !present.contains($0) }
    for path in gone {
      try db.execute(sql: "DELETE FROM photoFile WHERE path = ?", arguments: [path])
    }
  }

  /// Device, inode, size and modification and change times (ns): what changes when the
  /// file's content may have; nil when the file cannot be examined.
  static func identity(of path: FilePath) -> Data? {
    var status = stat()
    guard path.withPlatformString({ stat($0, &status) }) == 0 else { return nil }
    let fields: [Int64] = [
      Int64(bitPattern: UInt64(status.st_dev)), Int64(bitPattern: UInt64(status.st_ino)),
      Int64(status.st_size),
      Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
      Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec),
    ]
    return fields.withUnsafeBytes { Data($0) }
  }

  /// SHA-256 of the file's bytes, read in blocks; the path itself if it cannot be read.
  static func contentHash(of path: FilePath) -> String {
    guard let file = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else {
      return "path:" + path.string
    }
    defer { try? file.close() }
    var hasher = SHA256()
    var block = [UInt8](repeating: 0, count: 1 << 20)
    while let count = try? block.withUnsafeMutableBytes({ try file.read(into: $0) }), count > 0 {
      hasher.update(data: block[..<count])
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }

  // MARK: - Answers

  /// One answer, as revealed.
  public struct Answer: Hashable, Sendable {
    public let person: Int64
    public let roster: String
    public let mode: String
    /// "correct", "wrong" or "timeout".
    public let outcome: String
    /// The name chosen; nil for a time out.
    public let chosen: String?
    /// The time the face was on screen before the answer (pauses excluded).
    public let seconds: Double
    /// Unix time.
    public let answeredAt: Double

    public init(
      person: Int64, roster: String, mode: String, outcome: String, chosen: String?,
      seconds: Double, answeredAt: Double
    ) {
      self.person = person
      self.roster = roster
      self.mode = mode
      self.outcome = outcome
      self.chosen = chosen
      self.seconds = seconds
      self.answeredAt = answeredAt
    }
  }

  /// Records an answer and the person's memory after it (and the answer's grade, 1 to 4),
  /// committed before it returns.
  public func record(_ answer: Answer, memory: MemoryState, grade: Int) throws(Unavailable) {
    try writing { db in
      try db.execute(
        sql: """
          INSERT INTO answer (person, roster, mode, outcome, chosen, seconds, answeredAt)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          answer.person, answer.roster, answer.mode, answer.outcome, answer.chosen,
          answer.seconds, answer.answeredAt,
        ])
      try Self.updateMemory(
        db, person: answer.person, memory: memory, grade: grade, at: answer.answeredAt)
    }
  }

  /// Records a person's memory without an answer (a name card seen at `time`, Unix seconds),
  /// committed before it returns.
  public func remember(person: Int64, memory: MemoryState, grade: Int, at time: Double)
    throws(Unavailable)
  {
    try writing { db in
      try Self.updateMemory(db, person: person, memory: memory, grade: grade, at: time)
    }
  }

  private static func updateMemory(
    _ db: Database, person: Int64, memory: MemoryState, grade: Int, at time: Double
  ) throws {
    try db.execute(
      sql: """
        UPDATE person SET stability = ?, difficulty = ?, lastAnswer = ?, lastGrade = ?
        WHERE id = ?
        """,
      arguments: [memory.stability, memory.difficulty, time, grade, person])
  }

  /// Everything recorded for the roster folder `roster` (its name), in one pass over its
  /// answers' outcomes and times, with the tallies of the members of `people`.
  public func totals(roster: String, people: [MemberID: Person] = [:]) throws(Unavailable)
    -> Totals
  {
    let members = Dictionary(people.map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    return try reading { db in
      var totals = Totals()
      var streak = 0
      let rows = try Row.fetchCursor(
        db, sql: "SELECT outcome, seconds, person FROM answer WHERE roster = ? ORDER BY id",
        arguments: [roster])
      while let row = try rows.next() {
        let outcome: String = row[0]
        let seconds: Double = row[1]
        let time = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        totals.questions += 1
        totals.timeAnswering += time
        if outcome == "correct" { totals.correct += 1 }
        streak = outcome == "correct" ? streak + 1 : 0
        totals.bestStreak = max(totals.bestStreak, streak)
        let answered = outcome == "timeout" ? nil : time
        totals.times.add(answered, right: outcome == "correct")
        if let member = members[row[2]] {
          totals.members[member, default: Tally()].add(answered, right: outcome == "correct")
        }
      }
      return totals
    }
  }

  /// How many people and answers the roster folder `roster` (its name) has recorded.
  public func recorded(roster: String) throws(Unavailable) -> (people: Int, answers: Int) {
    return try reading { db in
      (
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM person WHERE roster = ? AND lastAnswer IS NOT NULL",
          arguments: [roster]) ?? 0,
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM answer WHERE roster = ?", arguments: [roster]) ?? 0
      )
    }
  }

  /// Forgets everything recorded for the roster folder `roster` (its name): its answers, and
  /// its people's memories, in one transaction.
  public func forget(roster: String) throws(Unavailable) {
    try writing { db in
      try db.execute(sql: "DELETE FROM answer WHERE roster = ?", arguments: [roster])
      try db.execute(
        sql: """
          UPDATE person SET stability = NULL, difficulty = NULL, lastAnswer = NULL,
            lastGrade = NULL
          WHERE roster = ?
          """, arguments: [roster])
    }
  }

  /// An answer as exported, with its person.
  public struct ExportedAnswer: Hashable, Sendable {
    /// The person's name and photo file, as last seen.
    public let name: String
    public let file: String
    public let answer: Answer
  }

  /// Every answer recorded for the roster folder `roster` (its name; nil: every roster),
  /// oldest first.
  public func exportedAnswers(roster: String?) throws(Unavailable) -> [ExportedAnswer] {
    return try reading { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT answer.*, person.name AS personName, person.file AS personFile
          FROM answer JOIN person ON person.id = answer.person
          WHERE ?1 IS NULL OR answer.roster = ?1 ORDER BY answer.id
          """, arguments: [roster]
      ).map { row in
        ExportedAnswer(name: row["personName"], file: row["personFile"], answer: Self.answer(row))
      }
    }
  }

  /// What the history knows of one person, for the summary.
  public struct PersonSummary: Hashable, Sendable {
    public let name: String
    public let file: String
    public let roster: String
    public let answers: Int
    public let correct: Int
    /// Their average answer time (time outs left out); nil before any answer.
    public let averageSeconds: Double?
    public let memory: MemoryState?
    /// Unix time of the last card or answer.
    public let lastSeen: Double?
    public let lastGrade: Int?
  }

  /// One summary per person of the roster folder `roster` (nil: every roster), by name.
  public func summaries(roster: String?) throws(Unavailable) -> [PersonSummary] {
    return try reading { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT person.name, person.file, person.roster, count(answer.id),
            count(CASE WHEN outcome = 'correct' THEN 1 END),
            avg(CASE WHEN outcome != 'timeout' THEN seconds END),
            stability, difficulty, lastAnswer, lastGrade
          FROM person LEFT JOIN answer ON answer.person = person.id
          WHERE ?1 IS NULL OR person.roster = ?1
          GROUP BY person.id ORDER BY person.roster, person.name
          """, arguments: [roster]
      ).map { row in
        var memory: MemoryState?
        if let stability: Double = row[6], let difficulty: Double = row[7] {
          memory = MemoryState(stability: stability, difficulty: difficulty)
        }
        return PersonSummary(
          name: row[0], file: row[1], roster: row[2], answers: row[3], correct: row[4],
          averageSeconds: row[5], memory: memory, lastSeen: row[8], lastGrade: row[9])
      }
    }
  }

  /// Every answer recorded, oldest first (for export and tests).
  public func answers() throws(Unavailable) -> [Answer] {
    return try reading { db in
      try Row.fetchAll(
        db,
        sql: "SELECT * FROM answer ORDER BY id"
      ).map(Self.answer)
    }
  }

  private static func answer(_ row: Row) -> Answer {
    Answer(
      person: row["person"], roster: row["roster"], mode: row["mode"], outcome: row["outcome"],
      chosen: row["chosen"], seconds: row["seconds"], answeredAt: row["answeredAt"])
  }
}
