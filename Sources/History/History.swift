import Crypto
import Foundation
import GRDB
import GameEngine
import SystemPackage

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
/// Writes happen in one transaction each, committed before `record` returns: a game killed at
/// any moment keeps every answer recorded before. Two games on the same history wait for each
/// other (a busy timeout) instead of failing.
public final class History: Sendable {
  /// The file's name in the data folder.
  public static let fileName = "history.sqlite"
  /// `PRAGMA application_id`: "MTM1". A database without it is someone else's.
  static let applicationID: Int32 = 0x4D54_4D31

  public let path: String
  let pool: DatabasePool

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
  func reading<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(Unavailable)
    -> T
  {
    do { return try pool.read(body) } catch {
      throw Unavailable(description: "\(path): \(Self.reason(error))")
    }
  }

  /// Writes in one transaction, committed before it returns; any failure is `Unavailable`.
  func writing<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(Unavailable)
    -> T
  {
    do { return try pool.write(body) } catch {
      throw Unavailable(description: "\(path): \(Self.reason(error))")
    }
  }
}
