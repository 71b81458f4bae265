import Foundation
import GRDB
import Synchronization

/// What the history does before SQLite opens it for writing: the file looked at, and read
/// only, until it is known to be ours and sound; and how long it waits for another program.
extension History {
  /// How long a write (or, at launch, the opening) waits for another program that holds the
  /// history, and what is said once it has waited a moment. Its limit can change while the
  /// history is open: a launch waits longer than an answer, which waits in the game's own
  /// queue of writes instead (see `HistoryRecorder` in AppCore).
  public final class Waiting: Sendable {
    private let state:
      Mutex<(limit: Double, said: (@Sendable (String) -> Void)?, inAll: Bool, steps: Int)>
    /// How often SQLite's busy handler looks again, in seconds.
    static let step = 0.02

    /// Waits up to `limit` seconds for each statement; `said` is told, once a wait has lasted
    /// half a second, what the history waits for.
    public init(limit: Double = 10, said: (@Sendable (String) -> Void)? = nil) {
      state = Mutex((limit, said, false, 0))
    }

    /// Waits up to `limit` seconds for all the statements together: a moment as the game
    /// ends, however many statements opening the history takes.
    public init(inAll limit: Double) {
      state = Mutex((limit, nil, true, 0))
    }

    /// The longest a write waits, in seconds; set, for each statement from then on (a wait
    /// in all is for opening the history only).
    public var limit: Double {
      get { state.withLock { $0.limit } }
      set { state.withLock { ($0.limit, $0.inAll, $0.steps) = (newValue, false, 0) } }
    }

    /// Stops saying what the history waits for.
    public func quiet() {
      state.withLock { $0.said = nil }
    }

    /// SQLite's busy handler: sleeps a step and tries again while the wait is within the limit
    /// (counted in steps, not read from a clock).
    var callback: Database.BusyCallback {
      { [self] tries in
        let (limit, said, steps) = state.withLock { state in
          // Each step is counted, not read from a clock; in all, the steps of every wait.
          let steps = state.inAll ? state.steps : Int(tries)
          if state.inAll, Double(steps) * Self.step < state.limit { state.steps += 1 }
          return (state.limit, state.said, steps)
        }
        guard Double(steps) * Self.step < limit else { return false }
        if tries == Int(0.5 / Self.step), let said {
          said("another program is using it; waiting up to \(Int(limit.rounded())) s")
        }
        usleep(useconds_t(Self.step * 1_000_000))
        return true
      }
    }
  }

  /// What opening found.
  struct Opening {
    /// Whether the file was there before.
    var existed: Bool
    var notice: String?
  }

  /// Looks at the history before SQLite opens it to write: the folder made (read-write), a
  /// new history made whole (`create`), an empty file said, a log SQLite will not read kept aside and said, and the file read
  /// only to check that it is ours, sound, and not from a newer version.
  static func prepare(folder: String, path: String, access: Access) throws(Unavailable)
    -> Opening
  {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
      throw Unavailable(description: "\(folder): not a folder (the history is kept in one)")
    }
    if access == .readWrite {
      // A file on the way (`--data-dir notes.txt/history`) is said as one, not as
      // Foundation's error for it.
      var above = (folder as NSString).deletingLastPathComponent
      while !above.isEmpty, above != "/", !FileManager.default.fileExists(atPath: above) {
        above = (above as NSString).deletingLastPathComponent
      }
      if FileManager.default.fileExists(atPath: above, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        throw Unavailable(description: "\(above): not a folder (the history is kept in one)")
      }
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw Unavailable(description: "\(folder): cannot create the folder (\(reason(error)))")
      }
    }
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      if access == .readOnly {
        throw Unavailable(description: "\(path): no history yet (play a game first)")
      }
      // Another game's, made at the same moment, is looked at as any history found.
      if try create(path) { return Opening(existed: false) }
    }
    if isFolder.boolValue {
      throw Unavailable(description: "\(path): a folder, not a history; it is kept as it is")
    }
    // A device, a FIFO or a socket (a link to /dev/null, say) is no history: SQLite would
    // take one that reads empty for a history emptied, and write a journal beside it; and
    // SQLite's files beside it (its log, the log's index, a journal) opened as a FIFO would
    // wait for a writer for ever.
    for file in [path] + ["-wal", "-shm", "-journal"].map({ path + $0 }) {
      var status = stat()
      if stat(file, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
        throw Unavailable(
          description: file == path
            ? "\(path): not a regular file, not a history; it is kept as it is"
            : "\(file): not a regular file beside the history; it is kept as it is")
      }
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?
      .intValue
    if size == 0 {
      if access == .readOnly { throw Unavailable(description: "\(path): empty (0 bytes)") }
      return Opening(
        existed: true,
        notice: "\(path) was empty (0 bytes), with no answer in it: a new history is kept there")
    }
    var notice: String?
    // Read-only, nothing is discarded: the log is left to the next game to keep aside.
    if access == .readWrite, let log = WriteAheadLog.damaged(besides: path) {
      let writes = "\(log.unreadable) write\(log.unreadable == 1 ? "" : "s")"
      let copy: String
      do {
        copy = try log.keepCopy(at: Date().timeIntervalSince1970)
      } catch {
        throw Unavailable(
          description:
            "\(log.path): this log cannot be read whole, and no copy of it can be kept "
            + "(\(reason(error))); it is kept as it is")
      }
      let unread = "\(writes) of the last game (answers, name cards) could not be read"
      let what =
        switch (log.cutShort, log.unreadable > 0) {
        case (false, _): unread
        case (true, false): "the last game's log was cut short (what came after the cut is gone)"
        case (true, true): "the last game's log was cut short, and \(unread)"
        }
      notice = "\(path): \(what); its log is kept as \(copy)"
    }
    try inspect(path)
    return Opening(existed: true, notice: notice)
  }

  /// Makes a new history at `path` whole before it is there: made under a name of its own
  /// beside it (marked as ours, every migration done), then linked into place, so that
  /// another game starting at the same moment never finds it half made (an empty file, which
  /// would be said as one). Returns false when another game's was linked first: that one is
  /// kept, and this one removed. Where the file system makes no links (FAT), SQLite makes the
  /// file in place, as it opens it (true).
  private static func create(_ path: String) throws(Unavailable) -> Bool {
    removeDrafts(of: path)
    let draft = "\(path).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer {
      for suffix in ["", "-journal", "-wal", "-shm"] { unlink(draft + suffix) }
    }
    do {
      let queue = try DatabaseQueue(path: draft)
      try queue.write { db in try db.execute(sql: "PRAGMA application_id = \(applicationID)") }
      try migrator.migrate(queue)
      try queue.close()
    } catch {
      throw Unavailable(description: "\(path): cannot be made (\(reason(error)))")
    }
    guard link(draft, path) == 0 else { return errno != EEXIST }
    // The folder's new name synced too: a power cut keeps the history made.
    let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY)
    if folder >= 0 {
      fsync(folder)
      Glibc.close(folder)
    }
    return true
  }

  /// Removes the drafts of a history that games killed as they made it left beside it (the
  /// process named in a draft's name is gone).
  private static func removeDrafts(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let prefix = (path as NSString).lastPathComponent + ".new-"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where name.hasPrefix(prefix) {
      guard
        let process = name.dropFirst(prefix.count).split(separator: "-").first
          .flatMap({ pid_t($0) }), kill(process, 0) != 0, errno == ESRCH
      else { continue }
      unlink((folder as NSString).appendingPathComponent(name))
    }
  }

  /// What `PRAGMA quick_check` found, in one line: how many problems, and the first (its rows
  /// may hold several lines each, under a heading of the schema's name; it stops at 100).
  static func damage(found rows: [String]) -> String {
    let problems = rows.flatMap { $0.split(whereSeparator: \.isNewline) }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("*** in database") }
    guard let first = problems.first else { return "damaged" }
    let shown = first.count > 100 ? first.prefix(99) + "…" : first
    return switch problems.count {
    case 1: "damaged (SQLite's check: \(shown))"
    case let count:
      "damaged (SQLite's check finds \(count)\(count >= 100 ? " or more" : "") problems; the first: \(shown))"
    }
  }

  /// Reads the file without writing to it: it must be ours (or one whose making was cut
  /// short), sound (`PRAGMA quick_check`), and not from a newer version.
  private static func inspect(_ path: String) throws(Unavailable) {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(10)
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.read { db in
        try checkOwnership(db)
        let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
        if check != ["ok"] { throw Unavailable(description: damage(found: check)) }
        if try migrator.hasBeenSuperseded(db) {
          throw Unavailable(description: "made by a newer version of meet-the-members")
        }
      }
      try queue.close()
    } catch let error as Unavailable {
      throw Unavailable(description: "\(path): \(error.description); it is kept as it is")
    } catch {
      throw Unavailable(description: "\(path): \(reason(error)); it is kept as it is")
    }
  }
}
