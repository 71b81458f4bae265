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
      // 256 KiB of pages a connection rather than 2 MiB: the game reads its tables once, in
      // order, at launch, and the system's page cache holds the file anyway.
      try db.execute(sql: "PRAGMA cache_size = -256")
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
    public let name: String
    /// The photo's path, to hash it.
    public let path: FilePath
    /// The photo's path inside the roster folder.
    public let file: String

    public init(name: String, path: FilePath, file: String) {
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
  /// written only when their photo, roster, name or file changed. Returns each photo's person,
  /// in the order of `photos`.
  public func people(_ photos: [Photo], roster: String) throws(Unavailable) -> [Person] {
    let files = try photoHashes(photos.map(\.path), roster: roster)
    let hashes = files.hashes
    return try writing { db in
      try files.keep(roster: roster, in: db)
      var candidates = Candidates(
        capacity: try Int.fetchOne(db, sql: "SELECT count(*) FROM person") ?? 0)
      // Newest first, so that each key's list, built by putting each in front, is oldest first.
      let rows = try Row.fetchCursor(db, sql: "SELECT * FROM person ORDER BY id DESC")
      while let row = try rows.next() { candidates.add(try Recorded(row)) }
      var found: [Person] = []
      found.reserveCapacity(photos.count)
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
              arguments: [hash.text, roster, photo.name, photo.file, row.person.id])
          }
          found.append(row.person)
        } else {
          try db.execute(
            sql: "INSERT INTO person (photoHash, roster, name, file) VALUES (?, ?, ?, ?)",
            arguments: [hash.text, roster, photo.name, photo.file])
          found.append(Person(id: db.lastInsertedRowID))
        }
      }
      return found
    }
  }

  /// A person as recorded, with what a photo is matched on.
  private struct Recorded {
    var person: Person
    var photoHash: PhotoHash
    var roster: String
    var name: String
    var file: String

    init(_ row: Row) throws {
      person = History.person(row)
      photoHash = try row.withUnsafeData(named: "photoHash") { PhotoHash(recorded: $0 ?? Data()) }
      roster = row["roster"]
      name = row["name"]
      file = row["file"]
    }
  }

  /// The people recorded, by each key a photo is matched on, oldest first; each is taken once.
  /// Each kind of key keeps a list per key as links between the people's indexes (no array per
  /// key): a few bytes a person, so that a roster of thousands opens in little memory.
  private struct Candidates {
    enum Key {
      case photoAndName(PhotoHash, String)
      case photo(PhotoHash)
      case rosterAndName(String, String)

      var kind: Int {
        switch self {
        case .photoAndName: 0
        case .photo: 1
        case .rosterAndName: 2
        }
      }

      /// The key's hash: lists are found by it, and each person on them is checked against
      /// the key itself.
      var hash: Int {
        var hasher = Hasher()
        switch self {
        case .photoAndName(let photo, let name): hasher.combine(photo); hasher.combine(name)
        case .photo(let photo): hasher.combine(photo)
        case .rosterAndName(let roster, let name): hasher.combine(roster); hasher.combine(name)
        }
        return hasher.finalize()
      }

      func matches(_ person: Recorded) -> Bool {
        switch self {
        case .photoAndName(let photo, let name): person.photoHash == photo && person.name == name
        case .photo(let photo): person.photoHash == photo
        case .rosterAndName(let roster, let name): person.roster == roster && person.name == name
        }
      }

      static func all(of person: Recorded) -> [Key] {
        [
          .photoAndName(person.photoHash, person.name), .photo(person.photoHash),
          .rosterAndName(person.roster, person.name),
        ]
      }
    }

    private var recorded: [Recorded] = []
    private var taken: [Bool] = []
    /// For each kind of key: the first person of each key's list, by the key's hash, and each
    /// person's next on the list of their key of that kind (-1 at the end).
    private var first: [[Int: Int32]] = [[:], [:], [:]]
    private var following: [[Int32]] = [[], [], []]

    /// Room for `capacity` people, made at once rather than by doubling.
    init(capacity: Int) {
      recorded.reserveCapacity(capacity)
      taken.reserveCapacity(capacity)
      for kind in 0..<3 {
        first[kind].reserveCapacity(capacity)
        following[kind].reserveCapacity(capacity)
      }
    }

    /// Adds a person recorded before everyone added so far.
    mutating func add(_ person: Recorded) {
      let index = Int32(recorded.count)
      recorded.append(person)
      taken.append(false)
      for key in Key.all(of: person) {
        following[key.kind].append(first[key.kind][key.hash] ?? -1)
        first[key.kind][key.hash] = index
      }
    }

    /// The oldest person under `key` not taken yet, now taken.
    mutating func take(_ key: Key) -> Recorded? {
      let hash = key.hash
      var index = first[key.kind][hash] ?? -1
      // Those taken at the front are dropped for good, so each list is walked once in all.
      while index >= 0, taken[Int(index)] {
        index = following[key.kind][Int(index)]
        first[key.kind][hash] = index
      }
      // Beyond it, people whose key only shares the hash are stepped over.
      while index >= 0, taken[Int(index)] || !key.matches(recorded[Int(index)]) {
        index = following[key.kind][Int(index)]
      }
      guard index >= 0 else { return nil }
      taken[Int(index)] = true
      return recorded[Int(index)]
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

  /// Each photo's SHA-256, and what the history must record of the files.
  private struct PhotoHashes {
    var hashes: [PhotoHash]
    /// The photos hashed again, with their file's identity.
    var hashed: [(path: FilePath, identity: FileIdentity, hash: PhotoHash)] = []
    /// The roster's files recorded that are no longer in it.
    var gone: [[UInt8]] = []

    /// Records the hashes read again, and forgets the roster's files that are gone.
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
  private func photoHashes(_ paths: [FilePath], roster: String) throws(Unavailable)
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
          if row[1] == roster { gone.append(path) }
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
    var hasher = SHA256()
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while let count = try? block.withUnsafeMutableBytes({ try file.read(into: $0) }), count > 0 {
      hasher.update(data: block[..<count])
    }
    return PhotoHash(hasher.finalize())
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
  /// answers' outcomes and times, with the tallies of `members` (by their person's id).
  public func totals(roster: String, members: [Int64: MemberID] = [:]) throws(Unavailable)
    -> Totals
  {
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

/// A photo's SHA-256, held in place (a roster of thousands holds two a person while it opens)
/// and recorded as 64 hexadecimal digits. A value recorded otherwise (the path of a photo that
/// could not be read, as earlier versions recorded it) is known by its own SHA-256.
struct PhotoHash: Hashable {
  private var words: [4 of UInt64]

  private init(words: [4 of UInt64]) { self.words = words }

  init(_ digest: SHA256.Digest) {
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
      self.init(SHA256.hash(data: text))
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
