import Foundation
import GRDB
import GRDBSQLite
import GameEngine
import SystemPackage
import SystemWords

/// Every answer the player gave, kept in an SQLite file (GRDB, WAL) so that learning lasts
/// across games: `history.sqlite` in the data folder.
///
/// A roster is known by a stable identity (`RosterKey`): its folder's real path, or its
/// server's manifest URL, and shown by a name (the folder's, or the club's). A person is known
/// by their photo's content (SHA-256) and name, then by the photo's content alone, then by
/// their name in the same roster: their history survives running from another folder, moving
/// the roster folder and renaming a photo file, and a new photo of someone keeps theirs. A
/// roster whose folder moved is taken over by its new place (see `claim`).
///
/// Its concerns are in files of their own: the migrations (HistoryMigrations), the records
/// (HistoryRecords), matching people (HistoryPeople), what a roster recorded under another
/// name (RosterClaims), the photos' hashes (PhotoHashCache), answers (HistoryAnswers) and
/// reports (HistoryReports).
///
/// Writes happen in one transaction each, committed and synced before `record` returns: a game
/// killed at any moment, or a power cut, keeps every answer recorded before. Two games on the same history wait for each
/// other (a busy timeout) instead of failing.
public final class History: Sendable {
  /// The file's name in the data folder.
  public static let fileName = "history.sqlite"
  /// `PRAGMA application_id`: "MTM1". A database without it is someone else's.
  static let applicationID: Int32 = 0x4D54_4D31

  public let path: String
  let pool: any DatabaseWriter
  /// What opening the history found and mended, in one line naming the file (an empty file
  /// started anew, a log that could not be read kept aside); nil when nothing.
  public let notice: String?
  /// How long a write waits for another program that holds the history.
  public let waiting: Waiting

  /// Why the history cannot be kept, in one line that names the file.
  public struct Unavailable: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    /// Why, without the file's name: for a line that names it already.
    public let reason: String
    /// Whether another program held the history: it may let it go.
    public let isBusy: Bool

    public init(description: String) {
      self.description = description
      reason = description
      isBusy = false
    }

    /// What `error` says of the file at `path`, and `after` it ("; it is kept as it is").
    init(path: String, error: any Error, after: String = "") {
      reason = History.reason(error)
      description = "\(path): \(reason)\(after)"
      let code = (error as? DatabaseError)?.resultCode.primaryResultCode
      isBusy = code == .SQLITE_BUSY || code == .SQLITE_LOCKED
    }
  }

  /// Whether the history is opened to keep answers, or only to read them (`history`, which
  /// neither changes the file nor waits for a program writing to it).
  public enum Access: Sendable {
    case readWrite, readOnly
  }

  /// Opens (or creates) the history in `folder`, creating the folder if needed. Never
  /// touches a file it did not make: the file is looked at read-only first, and a damaged or
  /// foreign database, or one from a newer version of the game, is left as it is and
  /// reported. A log of writes that SQLite will not read (a game killed as it wrote) is kept
  /// aside, and said, before SQLite discards it.
  /// Read-only, a history that is not there is an error, and nothing is made or changed (one
  /// from an older version is read from a copy in memory brought up to date).
  public init(
    folder: String, access: Access = .readWrite, waiting: Waiting = Waiting()
  ) throws(Unavailable) {
    path = (folder as NSString).appendingPathComponent(Self.fileName)
    self.waiting = waiting
    let opening = try Self.prepare(folder: folder, path: path, access: access)
    notice = opening.notice
    var configuration = Configuration()
    configuration.busyMode = .callback(waiting.callback)
    configuration.label = "history"
    configuration.readonly = access == .readOnly
    configuration.prepareDatabase { db in
      guard !db.configuration.readonly else { return }
      // 256 KiB of pages a connection rather than 2 MiB: the game reads its tables once, in
      // order, at launch, and the system's page cache holds the file anyway.
      try db.execute(sql: "PRAGMA cache_size = -256")
    }
    let shown = path
    let kept = opening.existed ? "; it is kept as it is" : ""
    do {
      if access == .readOnly {
        let file = try DatabaseQueue(path: path, configuration: configuration)
        // A history the game has not opened since an older version is read from a copy in
        // memory brought up to date (every query names what the latest version keeps); the
        // file stays as it is.
        guard try file.read({ db in try !Self.migrator.hasCompletedMigrations(db) }) else {
          pool = file
          return
        }
        let copy = try DatabaseQueue()
        try file.backup(to: copy)
        try Self.migrator.migrate(copy)
        pool = copy
        return
      }
      pool = try DatabasePool(path: path, configuration: configuration)
    } catch {
      throw Unavailable(path: shown, error: error, after: kept)
    }
    do {
      // Marked as ours before anything else is written: the migrator makes its own table
      // before the first migration's transaction, and a game killed in between must still
      // find a file it made.
      // Each commit synced before the next question (GRDB's pool sets NORMAL, which syncs
      // only at a checkpoint, after `prepareDatabase`): a power cut loses no answer
      // revealed. It costs 0.2 ms a write here (p50 0.15 to 0.34 ms, `fixture-maker
      // bench-history`), on the history's own queue.
      try pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA synchronous = FULL")
      }
      try pool.write { db in
        if try Int32.fetchOne(db, sql: "PRAGMA application_id") != Self.applicationID {
          try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
        }
      }
      try Self.migrator.migrate(pool)
      // A game of an older version, still running as this one migrated the file, may have
      // written a server's password since: read first, so that a history with none is not
      // written to (another program may hold it).
      let passwords = try pool.read(Self.passwordsKept)
      if !passwords.rosters.isEmpty || !passwords.scores.isEmpty {
        try pool.write(Self.forgetPasswords)
      }
    } catch {
      throw Unavailable(path: shown, error: error, after: kept)
    }
  }

  /// Why something of the history failed, in a few words: SQLite's message, a value of the
  /// wrong kind, or the system's own words for a file that could not be read or written ("No
  /// space left on device"), not Foundation's whole error.
  public static func reason(_ error: any Error) -> String {
    if let error = error as? DatabaseError {
      return error.message ?? "\(error.resultCode)"
    }
    if let error = error as? RowDecodingError {
      let column = "\(error)".firstMatch(of: /column: "([^"]*)"/).map { " in column \($0.1)" }
      return "damaged: a value of the wrong kind\(column ?? "")"
    }
    return SystemWords.of(error)
  }

  /// Closes the history as the game ends: the write-ahead log's pages are moved into the
  /// file and the file synced (a checkpoint), so that every answer is in the file itself
  /// before the process exits, then the connections are closed. Another program reading it
  /// at that moment leaves the log as it is, for the next opening to read: nothing is lost.
  public func close() {
    _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    try? pool.close()
  }

  /// `PRAGMA integrity_check`: "ok", or what SQLite found wrong.
  public func integrityCheck() throws(Unavailable) -> String {
    return try reading { db in
      try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
    }
  }

  /// Reads in one transaction; any failure is `Unavailable`, naming the file.
  func reading<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(Unavailable)
    -> T
  {
    do { return try pool.read(body) } catch {
      throw Unavailable(path: path, error: error)
    }
  }

  /// Writes in one transaction, committed before it returns; any failure is `Unavailable`.
  /// A file deleted or moved since it was opened takes no write: SQLite would go on writing
  /// to a file no game finds again (in WAL mode it does not refuse), so the write fails as
  /// when the disk is full, and what it held waits to be saved where the player can see it.
  func writing<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(Unavailable)
    -> T
  {
    do {
      return try pool.write { db in
        try Self.refuseIfMoved(db)
        return try body(db)
      }
    } catch {
      throw Unavailable(path: path, error: error)
    }
  }

  /// Throws where the file `db` writes to is no longer at its path (deleted, or moved with
  /// its folder): SQLite's own look (`SQLITE_FCNTL_HAS_MOVED`: the path's file is not the
  /// open one). A history in memory never moves.
  private static func refuseIfMoved(_ db: Database) throws {
    var moved: Int32 = 0
    let asked = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
    guard asked == SQLITE_OK, moved != 0 else { return }
    throw DatabaseError(
      resultCode: .SQLITE_READONLY_DBMOVED,
      message: "the history file was deleted or moved while the game ran")
  }
}
