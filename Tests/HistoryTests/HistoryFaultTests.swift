import Foundation
import GRDB
import GameEngine
import SystemPackage
import XCTest

@testable import History

/// Histories as faults leave them, on real SQLite files: a log a killed game left damaged, an
/// empty file, another program's database, a damaged file, a file another program holds.
/// What is not ours, or not sound, is never written to; what cannot be read is said.
final class HistoryFaultTests: RosterFolderTestCase {
  private var data: String { folder + "/data" }
  private var file: String { data + "/" + History.fileName }

  /// A history with `answers` answers about Ada, each its own transaction, all in the log
  /// (everything before them copied into the database): as a game killed after them leaves
  /// it, copied into `copy` with its log (and with `index`, its wal-index, the `-shm` file)
  /// while the game still had it open.
  private func killedGame(answers: Int, into copy: String, index: Bool = false) throws {
    let history = try History(folder: data)
    let ada = try XCTUnwrap(
      history.people(try photos(["Ada"], in: "club"), roster: key("club")).first)
    try checkpoint(file)
    for index in 0..<answers {
      try history.record(
        History.Answer(
          person: ada.id, roster: key("club").identity, mode: "learn", outcome: .correct,
          chosen: "Ada", seconds: 1, answeredAt: Double(1000 + index)),
        memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    }
    try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    for suffix in ["", "-wal"] + (index ? ["-shm"] : []) {
      try FileManager.default.copyItem(
        atPath: file + suffix, toPath: copy + "/" + History.fileName + suffix)
    }
  }

  private func answers(in folder: String) throws -> Int {
    try History(folder: folder, access: .readOnly).answers().count
  }

  /// The log's frames: 32 bytes of header, then each frame 24 bytes and a page.
  private func frameSize(_ log: Data) -> Int {
    Int(log[8]) << 24 | Int(log[9]) << 16 | Int(log[10]) << 8 | Int(log[11]) + 24
  }

  /// Each way a killed game's log is damaged: SQLite reads none of the log, or the part before
  /// the damage; the game says how many writes it could not read, and keeps the log as it was.
  /// So it does with the log's index beside it (which says which write was kept last).
  func testADamagedLogIsSaidWithWhatCannotBeReadAndKeptAside() throws {
    for index in [false, true] { try damagedLogs(withIndex: index) }
  }

  private func damagedLogs(withIndex index: Bool) throws {
    var cases: [(String, (inout Data) -> Void)] = [
      ("header checksum", { $0[24] ^= 0xFF }),
      ("salt", { $0[16] ^= 0x01 }),
      ("first frame", { log in log[32 + 24 + 100] ^= 0xFF }),
      ("a middle frame's checksum", { log in log[32 + 4 * self.frameSize(log) + 16] ^= 0xFF }),
      // Frames of this run after it: it is no older run's.
      ("a middle frame's salts", { log in log[32 + 4 * self.frameSize(log) + 8] ^= 0x55 }),
      // Its commit unreadable too: garbage is no commit.
      (
        "a middle frame's header",
        { log in
          let start = 32 + 5 * self.frameSize(log) - 40
          log.replaceSubrange(start..<start + 64, with: Data(repeating: 0xAA, count: 64))
        }
      ),
      ("cut short", { log in log = log.prefix(32 + 5 * self.frameSize(log) + 200) }),
    ]
    // Nothing of this run after it: its checksum, which does not cover its salts, still
    // chains on from the frames before it.
    cases.append(
      ("the last frame's salts", { log in log[log.count - self.frameSize(log) + 12] ^= 0x55 }))
    if index {
      // Nothing of this run after it, its checksum gone too, but the index names it.
      cases.append(
        (
          "the last frame's header",
          { log in
            let start = log.count - self.frameSize(log)
            log.replaceSubrange(start..<start + 24, with: Data(repeating: 0xAA, count: 24))
          }
        ))
    }
    for (number, (damage, change)) in cases.enumerated() {
      let copy = folder + "/killed-\(number)-\(index)"
      try killedGame(answers: 10, into: copy, index: index)
      try? FileManager.default.removeItem(atPath: data)
      let log = copy + "/" + History.fileName + "-wal"
      var bytes = try Data(contentsOf: URL(fileURLWithPath: log))
      change(&bytes)
      try bytes.write(to: URL(fileURLWithPath: log))

      let history = try History(folder: copy)
      let readable = try history.answers().count
      XCTAssertLessThan(readable, 10, damage)
      let notice = try XCTUnwrap(history.notice, damage)
      if damage == "cut short" {
        // What came after the cut cannot be counted: it is gone.
        XCTAssertTrue(notice.contains("log was cut short"), notice)
      } else {
        XCTAssertTrue(
          notice.contains(
            "\(10 - readable) write\(10 - readable == 1 ? "" : "s") of the last game"),
          "\(damage): \(notice)")
      }
      let kept = try FileManager.default.contentsOfDirectory(atPath: copy).filter {
        $0.hasPrefix(History.fileName + "-wal.unread-")
      }
      XCTAssertEqual(kept.count, 1, damage)
      // Named for its time as the saved answers' files are (UTC, dashes for colons).
      XCTAssertNotNil(
        kept[0].wholeMatch(of: /history\.sqlite-wal\.unread-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ/),
        kept[0])
      XCTAssertEqual(
        try Data(contentsOf: URL(fileURLWithPath: copy + "/" + kept[0])), bytes,
        "\(damage): the log is kept as it was")
      XCTAssertTrue(notice.contains(kept[0]), notice)
    }
  }

  /// A log that ends in a write that never finished, after its last commit (the disk filled
  /// as the write went in, and the write waited, to be saved elsewhere), is not damaged:
  /// every write kept is read, nothing is said and no copy is kept. Its wal-index says
  /// which frame committed last; without it (a reboot removes it) the cut is said, as
  /// nothing then tells it from a log cut short after the fact.
  func testALogEndingInAnUnfinishedWriteAfterItsLastCommitIsNotDamaged() throws {
    for index in [true, false] {
      let copy = folder + "/unfinished-\(index)"
      try killedGame(answers: 10, into: copy, index: index)
      try? FileManager.default.removeItem(atPath: data)
      let log = copy + "/" + History.fileName + "-wal"
      var bytes = try Data(contentsOf: URL(fileURLWithPath: log))
      // Two whole frames of a write that never committed, and part of a third.
      let frame = frameSize(bytes)
      var unfinished = Data(bytes[32..<32 + 2 * frame + 300])
      for offset in stride(from: 4, to: 2 * frame, by: frame) {
        unfinished.replaceSubrange(offset..<offset + 4, with: [0, 0, 0, 0])
      }
      bytes.append(unfinished)
      try bytes.write(to: URL(fileURLWithPath: log))

      let history = try History(folder: copy)
      XCTAssertEqual(try history.answers().count, 10, "every write kept")
      let kept = try FileManager.default.contentsOfDirectory(atPath: copy).filter {
        $0.hasPrefix(History.fileName + "-wal.unread-")
      }
      if index {
        XCTAssertNil(history.notice)
        XCTAssertEqual(kept, [])
      } else {
        XCTAssertTrue(history.notice?.contains("log was cut short") == true, "\(history.notice)")
      }
    }
  }

  /// Each write is synced to the disk as it commits (not only at a checkpoint), so that a
  /// power cut loses no answer recorded.
  func testEachWriteIsSyncedAsItCommits() throws {
    let history = try History(folder: data)
    XCTAssertEqual(
      try history.pool.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 2, "FULL")
  }

  /// A log the game left whole is read, and nothing is said.
  func testASoundLogIsReadAndNothingIsSaid() throws {
    let copy = folder + "/killed"
    try killedGame(answers: 10, into: copy)
    let history = try History(folder: copy)
    XCTAssertNil(history.notice)
    XCTAssertEqual(try history.answers().count, 10)
  }

  /// An empty file is a history of nothing: said, and a new history is kept there.
  func testAnEmptyFileIsSaidAndANewHistoryKeptThere() throws {
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data()))
    let history = try History(folder: data)
    XCTAssertEqual(
      history.notice,
      "\(file) was empty (0 bytes), with no answer in it: a new history is kept there")
    XCTAssertEqual(
      try history.people(try photos(["Ada"], in: "club"), roster: key("club")).count, 1)
    XCTAssertThrowsError(try History(folder: folder + "/none", access: .readOnly))
  }

  /// A game killed as it made a new history left its draft beside it: the next game that
  /// makes one removes it, and leaves a draft whose game still runs.
  func testTheDraftOfAGameKilledAsItMadeTheHistoryIsRemoved() throws {
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    // No process has this number (beyond any pid_max); this test's own process runs.
    let gone = file + ".new-2147483000-7"
    let running = file + ".new-\(getpid())-8"
    for draft in [gone, running] {
      XCTAssertTrue(FileManager.default.createFile(atPath: draft, contents: Data()))
    }
    _ = try History(folder: data)
    XCTAssertFalse(FileManager.default.fileExists(atPath: gone))
    XCTAssertTrue(FileManager.default.fileExists(atPath: running))
  }

  /// Another program's database is looked at read-only: not a byte of it changes (no WAL, no
  /// application id, no page).
  func testAnotherProgramsDatabaseIsNotWrittenTo() throws {
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    try DatabaseQueue(path: file).write { db in
      try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    XCTAssertThrowsError(try History(folder: data)) { error in
      XCTAssertEqual(
        "\(error)", "\(file): not a meet-the-members history; it is kept as it is")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: data), [History.fileName])
  }

  /// A history SQLite finds damaged is reported and not written to.
  func testADamagedHistoryIsNotWrittenTo() throws {
    let history = try History(folder: data)
    let ada = try XCTUnwrap(
      history.people(try photos(["Ada"], in: "club"), roster: key("club")).first)
    for index in 0..<400 {
      try history.record(
        History.Answer(
          person: ada.id, roster: key("club").identity, mode: "quiz", outcome: .wrong,
          chosen: String(repeating: "Bo", count: 20), seconds: 1, answeredAt: Double(index)),
        memory: MemoryState(stability: 1, difficulty: 5), grade: 1)
    }
    try checkpoint(file)
    // A page of the answers' table, in the middle of the file, overwritten.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    let page = 4096
    let middle = (bytes.count / page / 2) * page
    for offset in middle..<middle + 64 { bytes[offset] = 0x5A }
    try bytes.write(to: URL(fileURLWithPath: file))
    try? FileManager.default.removeItem(atPath: file + "-wal")
    try? FileManager.default.removeItem(atPath: file + "-shm")

    XCTAssertThrowsError(try History(folder: data)) { error in
      XCTAssertTrue("\(error)".hasSuffix("; it is kept as it is"), "\(error)")
      XCTAssertTrue(
        "\(error)".contains("damaged") || "\(error)".contains("malformed"), "\(error)")
      XCTAssertFalse("\(error)".contains { $0.isNewline }, "one line: \(error)")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), bytes)
  }

  /// What SQLite's check finds is said in one line: how many problems, and the first, not
  /// its report of pages and cells, line after line.
  func testWhatTheCheckFindsIsSaidInOneLine() {
    let page = "On tree page 10 cell 3: Rowid 2325142953800701848 out of order"
    XCTAssertEqual(
      History.damage(found: [
        "*** in database main ***\n\(page)\nOn tree page 10 cell 3: invalid page number -18",
        "Page 11: never used",
      ]),
      "damaged (SQLite's check finds 3 problems; the first: \(page))")
    XCTAssertEqual(
      History.damage(found: ["row 4 missing from index person_photo"]),
      "damaged (SQLite's check: row 4 missing from index person_photo)")
    XCTAssertEqual(
      History.damage(found: Array(repeating: String(repeating: "x", count: 300), count: 100)),
      "damaged (SQLite's check finds 100 or more problems; the first: "
        + String(repeating: "x", count: 99) + "…)")
  }

  /// Histories damaged in forty places drawn by a seeded generator (16 bytes overwritten
  /// anywhere past SQLite's own header): each is either opened (a damage SQLite's check does
  /// not see, such as a value of the wrong kind, is said when it is read) or said to be
  /// damaged, "kept as it is", and left byte for byte.
  func testAHistoryDamagedAnywhereIsReadOrLeftByteForByte() throws {
    let history = try History(folder: data)
    let ada = try XCTUnwrap(
      history.people(try photos(["Ada"], in: "club"), roster: key("club")).first)
    for index in 0..<200 {
      try history.record(
        History.Answer(
          person: ada.id, roster: key("club").identity, mode: "quiz", outcome: .wrong,
          chosen: "Bo \(index)", seconds: 1, answeredAt: Double(index)),
        memory: MemoryState(stability: 1, difficulty: 5), grade: 1)
    }
    try checkpoint(file)
    let sound = try Data(contentsOf: URL(fileURLWithPath: file))
    var random = SeededGenerator(seed: 58)
    var refused = 0
    for damage in 0..<40 {
      let copy = folder + "/damaged-\(damage)"
      try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
      var bytes = sound
      let offset = Int.random(in: 100..<(bytes.count - 16), using: &random)
      for byte in offset..<offset + 16 { bytes[byte] = UInt8.random(in: 0...255, using: &random) }
      let path = copy + "/" + History.fileName
      try bytes.write(to: URL(fileURLWithPath: path))
      do {
        _ = try History(folder: copy)
      } catch {
        refused += 1
        XCTAssertTrue("\(error)".hasSuffix("it is kept as it is"), "\(error)")
        XCTAssertFalse("\(error)".contains { $0.isNewline }, "one line: \(error)")
        XCTAssertEqual(
          try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "damage at \(offset): \(error)")
      }
    }
    XCTAssertGreaterThan(refused, 0, "some damage is found")
  }

  /// Read-only, the history is read while another program writes to it, and its file is not
  /// changed.
  func testReadOnlyReadsThroughAnotherProgramsWriting() throws {
    let history = try History(folder: data)
    let ada = try XCTUnwrap(
      history.people(try photos(["Ada"], in: "club"), roster: key("club")).first)
    try history.record(
      History.Answer(
        person: ada.id, roster: key("club").identity, mode: "quiz", outcome: .correct,
        chosen: "Ada", seconds: 1, answeredAt: 1),
      memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    let holder = try DatabaseQueue(path: file)
    try holder.inTransaction(.exclusive) { _ in
      let reader = try History(folder: data, access: .readOnly, waiting: History.Waiting(limit: 0))
      XCTAssertEqual(try reader.answers().count, 1)
      return .commit
    }
  }

  /// A data folder that is a file is said to be one, read-only and read-write.
  func testADataFolderThatIsAFileIsSaid() throws {
    XCTAssertTrue(
      FileManager.default.createFile(atPath: folder + "/data", contents: Data("x".utf8)))
    for access in [History.Access.readOnly, .readWrite] {
      XCTAssertThrowsError(try History(folder: data, access: access)) { error in
        XCTAssertEqual("\(error)", "\(data): not a folder (the history is kept in one)")
      }
    }
  }

  /// A history that is a device, a FIFO or a link to one (/dev/null reads empty, as an
  /// emptied history does) is said to be no history, and nothing is written beside it.
  func testAHistoryThatIsNoRegularFileIsSaidAndLeftAlone() throws {
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/null")
    let fifo = folder + "/fifo-data"
    try FileManager.default.createDirectory(atPath: fifo, withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(fifo + "/" + History.fileName, 0o600), 0)
    for (place, path) in [(data, file), (fifo, fifo + "/" + History.fileName)] {
      for access in [History.Access.readOnly, .readWrite] {
        XCTAssertThrowsError(try History(folder: place, access: access)) { error in
          XCTAssertEqual(
            "\(error)", "\(path): not a regular file, not a history; it is kept as it is")
        }
      }
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: place), [History.fileName])
    }
    // Nor a FIFO beside a history (SQLite's open of its index would wait for a writer).
    try FileManager.default.removeItem(atPath: file)
    _ = try History(folder: data)
    XCTAssertEqual(mkfifo(file + "-shm", 0o600), 0)
    for access in [History.Access.readOnly, .readWrite] {
      XCTAssertThrowsError(try History(folder: data, access: access)) { error in
        XCTAssertEqual(
          "\(error)", "\(file)-shm: not a regular file beside the history; it is kept as it is")
      }
    }
  }

  /// A file that cannot be written is said in the system's words ("File exists"), which
  /// Foundation keeps as a POSIXError under its own sentence.
  func testAFileThatCannotBeWrittenIsSaidInTheSystemsWords() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/file", contents: Data()))
    XCTAssertThrowsError(
      try FileManager.default.createDirectory(
        atPath: folder + "/file", withIntermediateDirectories: true)
    ) { error in
      XCTAssertEqual(History.reason(error), "File exists")
    }
  }

  /// Writes the database's write-ahead log into its file, and empties the log.
  private func checkpoint(_ file: String) throws {
    _ = try DatabaseQueue(path: file).writeWithoutTransaction { try $0.checkpoint(.truncate) }
  }

  /// A wait in all (the late history's last try, as the game ends) counts the steps of every
  /// statement together, where a wait for each statement starts again at each: opening a
  /// history takes several statements, and the game's end waits a moment, not a moment each.
  func testAWaitInAllEndsOnceTheStepsOfEveryStatementReachItsLimit() {
    // 0.09 s: five steps of 0.02 s (the last from 0.08 s), and no sixth.
    let inAll = History.Waiting(inAll: 0.09).callback
    XCTAssertEqual((0..<3).map { inAll($0) }, [true, true, true])
    XCTAssertEqual((0..<3).map { inAll($0) }, [true, true, false])
    // Once opened, the writes' limit is for each statement again, the budget spent or not.
    let opened = History.Waiting(inAll: 0.09)
    XCTAssertEqual((0..<6).map { opened.callback($0) }.filter { $0 }.count, 5)
    opened.limit = 0.09
    XCTAssertEqual((0..<6).map { opened.callback($0) }.filter { $0 }.count, 5)
    let each = History.Waiting(limit: 0.09).callback
    XCTAssertEqual((0..<6).map { each($0) }, [true, true, true, true, true, false])
    XCTAssertEqual((0..<6).map { each($0) }, [true, true, true, true, true, false])
  }
}
