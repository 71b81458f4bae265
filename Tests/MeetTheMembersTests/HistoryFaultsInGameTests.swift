import Foundation
import GRDB
import History
import Synchronization
import XCTest

/// An answer revealed is never lost while the game runs: the headless game played while
/// another program holds its history, and while its disk is full (a real tmpfs). Answers the
/// history cannot take wait, in order, are said at once, and are written once it can take
/// them; those still waiting as the game ends are saved to a file the exit names.
final class HistoryFaultsInGameTests: XCTestCase {
  private var folder: String!
  private var mounted: String?

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "mtm-faults-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    if let mounted { _ = umount(mounted) }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The answers the history keeps, as `history --format csv` prints them (header aside).
  private func exported(_ data: String) throws -> [String] {
    let result = try runMeetTheMembers(["history", "--data-dir", data, "--format", "csv"])
    XCTAssertEqual(result.status, 0, result.errors)
    return result.output.split(separator: "\r\n").dropFirst().map(String.init)
  }

  func testAnswersWaitWhileAnotherProgramHoldsTheHistoryAndNoneIsLost() throws {
    let data = folder + "/data"
    let game = try HeadlessGame(["--seed", "3", "--data-dir", data])
    try game.send(#"{"do":"start"}"#)
    try game.answer(count: 2)
    let holder = HistoryHolder(data + "/" + History.fileName)
    try holder.hold()

    let waiting = try game.answer(count: 3).filter { $0["event"] as? String == "history_waiting" }
    XCTAssertEqual(waiting.map { $0["writes"] as? Int }, [1, 2, 3])
    XCTAssertTrue(
      (waiting.last?["reason"] as? String ?? "").contains("locked"), "\(waiting)")

    holder.release()
    let caughtUp = try game.send(#"{"do":"wait","seconds":0}"#)
    XCTAssertEqual(
      caughtUp.first { $0["event"] as? String == "history_waiting" }?["writes"] as? Int, 0,
      "the next command writes them: \(caughtUp)")
    XCTAssertEqual(try exported(data).count, 5, "in order, none lost")

    // Held again as the game ends: what waits is saved to a file the exit names.
    try game.answer(count: 1)
    try holder.hold()
    try game.answer(count: 2)
    let exit = try XCTUnwrap(game.quit().first { $0["event"] as? String == "exit" })
    let line = try XCTUnwrap(exit["history"] as? String, "\(exit)")
    XCTAssertTrue(line.contains("2 answers could not be kept"), line)
    XCTAssertEqual(exit["status"] as? Int, 74, "the history not whole")
    XCTAssertEqual(game.status, 74)
    holder.release()
    let saved = try XCTUnwrap(
      line.range(of: "saved in ").map { String(line[$0.upperBound...].dropLast()) }, line)
    let rows = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\r\n")
    XCTAssertEqual(
      rows.first,
      "name,file,roster,mode,kind,outcome,chosen,seconds,answered_at,roster_identity,photo_sha256")
    XCTAssertEqual(rows.count, 3, "the two answers, in the export's format")
    XCTAssertEqual(try exported(data).count + rows.count - 1, 8, "every answer revealed")
  }

  /// A game killed where nothing runs as it ends (SIGKILL: the system's out-of-memory killer,
  /// `kill -9`) with answers waiting for a held history loses none of them: they wait in a
  /// file beside the history too, written as they change (and removed once the history has
  /// taken them), and the next launch keeps them.
  func testAnswersWaitingWhenTheGameIsKilledAreKeptByTheNextGame() throws {
    let data = folder + "/data"
    // The file, and its lock while the game writes it.
    let saved = {
      try FileManager.default.contentsOfDirectory(atPath: data).filter {
        $0.hasPrefix("unkept-answers-")
      }.sorted()
    }
    let game = try HeadlessGame(["--seed", "3", "--data-dir", data])
    try game.send(#"{"do":"start"}"#)
    try game.answer(count: 2)
    let holder = HistoryHolder(data + "/" + History.fileName)
    try holder.hold()
    try game.answer(count: 1)
    let waiting = try saved()
    XCTAssertEqual(waiting.count, 2, "the answer waiting, in a file, and its lock: \(waiting)")
    XCTAssertEqual(waiting.last, (waiting.first ?? "") + ".lock")
    holder.release()
    try game.send(#"{"do":"wait","seconds":0}"#)
    XCTAssertEqual(try saved(), [], "kept in the history: the file and its lock are gone")
    XCTAssertEqual(try exported(data).count, 3)

    try holder.hold()
    try game.answer(count: 3)
    let (status, _) = try game.end(by: SIGKILL)
    XCTAssertNotEqual(status, 0)
    holder.release()
    XCTAssertEqual(try exported(data).count, 3, "the three answers waited")
    let next = try HeadlessGame(["--seed", "3", "--data-dir", data])
    let notice = try XCTUnwrap(next.events.first?["history"] as? String, "\(next.events)")
    XCTAssertTrue(notice.contains("3 answers saved by an earlier game kept"), notice)
    _ = try next.quit()
    XCTAssertEqual(try exported(data).count, 6, "every answer revealed, each once")
    XCTAssertEqual(try saved(), [])
  }

  /// A history another program held through the launch's wait, let go while the game plays:
  /// the game looks at it again, and keeps the answers that waited, and those after them, in
  /// it; the game ends with 0, every answer in the history.
  func testAHistoryHeldThroughTheLaunchKeepsTheAnswersOnceItIsFree() throws {
    let data = folder + "/data"
    let first = try HeadlessGame(["--seed", "3", "--data-dir", data])
    try first.send(#"{"do":"start"}"#)
    try first.answer(count: 1)
    _ = try first.quit()
    let holder = HistoryHolder(data + "/" + History.fileName)
    try holder.hold()
    // The launch waits a moment (not 30 s), and looks again with every try (not every 5 s).
    let game = try HeadlessGame(
      ["--seed", "3", "--data-dir", data],
      environment: ["MEET_THE_MEMBERS_HISTORY_WAITS": "launch=0.2,late=0"])
    let notice = try XCTUnwrap(game.events.first?["history"] as? String, "\(game.events)")
    XCTAssertTrue(notice.contains("(another program holds it)"), notice)
    try game.send(#"{"do":"start"}"#)
    let waiting = try game.answer(count: 2).filter {
      $0["event"] as? String == "history_waiting"
    }
    XCTAssertEqual(waiting.map { $0["writes"] as? Int }, [1, 2])
    holder.release()
    let caughtUp = try game.send(#"{"do":"wait","seconds":0}"#)
    XCTAssertEqual(
      caughtUp.first { $0["event"] as? String == "history_waiting" }?["writes"] as? Int, 0,
      "the next command keeps them: \(caughtUp)")
    try game.answer(count: 1)
    let exit = try XCTUnwrap(game.quit().first { $0["event"] as? String == "exit" })
    XCTAssertEqual(
      exit["history"] as? String,
      "History: 2 writes waited for \(data)/history.sqlite and are kept.")
    XCTAssertEqual(game.status, 0)
    XCTAssertEqual(try exported(data).count, 4, "every answer, in the history")
  }

  /// A history that cannot be opened (damaged, or where a folder stands) is left as it is,
  /// and the game's answers are not lost with it: saved to a file the exit names, beside it,
  /// or in the temporary folder where nothing can be written beside it.
  func testAnswersOfAGameWhoseHistoryCannotBeOpenedAreSaved() throws {
    let damaged = folder + "/damaged"
    try FileManager.default.createDirectory(atPath: damaged, withIntermediateDirectories: true)
    let garbage = Data(repeating: 0x58, count: 8192)
    try garbage.write(to: URL(fileURLWithPath: damaged + "/" + History.fileName))
    let blocked = folder + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocked))
    for (data, besides) in [(damaged, true), (blocked + "/data", false)] {
      let game = try HeadlessGame(["--seed", "3", "--data-dir", data])
      try game.send(#"{"do":"start"}"#)
      try game.answer(count: 2)
      let exit = try XCTUnwrap(game.quit().first { $0["event"] as? String == "exit" })
      let line = try XCTUnwrap(exit["history"] as? String, "\(exit)")
      XCTAssertTrue(line.contains("2 answers could not be kept"), line)
      XCTAssertEqual(game.status, 74, "the history not whole")
      let said = try XCTUnwrap(
        line.range(of: "saved in ").map { String(line[$0.upperBound...].dropLast()) }, line)
      // One in the temporary folder says where it belongs: only beside the history is it read.
      let saved = try XCTUnwrap(said.components(separatedBy: " (").first)
      defer { try? FileManager.default.removeItem(atPath: saved) }
      XCTAssertEqual(saved.hasPrefix(damaged + "/"), besides, saved)
      XCTAssertEqual(
        said,
        besides
          ? saved + " (the next game that can open the history keeps them: move a damaged one "
            + "aside, and a new one is made)"
          : saved + " (move it into \(data) once that folder can be written: the next "
            + "game then keeps them in the history)")
      let rows = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\r\n")
      XCTAssertEqual(rows.count, 3, "the header and the two answers")
    }
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: damaged + "/" + History.fileName)), garbage,
      "the damaged history left as it was")
  }

  /// Games started together on a new data folder make one history, and none of them finds it
  /// half made (an empty file, which would be said as one): a new history appears whole.
  func testGamesStartedTogetherOnANewFolderFindTheHistoryWhole() throws {
    let sample = packageDirectory.appendingPathComponent("Resources/sample-club").path
    for attempt in 0..<6 {
      let data = folder + "/data\(attempt)"
      let said = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        let words: String
        do {
          let result = try runMeetTheMembers(["headless", "--data-dir", data, sample])
          let first = result.output.split(separator: "\n").first.map(String.init) ?? ""
          let event = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
          words = event?["history"] as? String ?? (result.status == 0 ? "" : result.errors)
        } catch {
          words = "\(error)"
        }
        said.withLock { $0.append(words) }
      }
      XCTAssertEqual(said.withLock { $0 }, ["", "", "", ""], "attempt \(attempt)")
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: data).filter {
          !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }, [History.fileName])
    }
  }

  /// SIGTERM and SIGHUP end a headless game whose answers wait as they end the terminal's:
  /// the answers are saved in a file, said on standard error, and the status is the signal's.
  func testASignalEndsAHeadlessGameWithItsWaitingAnswersSaved() throws {
    for (signal, status) in [(SIGTERM, Int32(143)), (SIGHUP, 129)] {
      let data = folder + "/damaged\(signal)"
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
      try Data("not a history".utf8).write(to: URL(fileURLWithPath: data + "/history.sqlite"))
      let game = try HeadlessGame(["--seed", "3", "--data-dir", data])
      try game.send(#"{"do":"start"}"#)
      try game.answer(count: 2)
      let ended = try game.end(by: signal)
      XCTAssertEqual(ended.status, status, ended.errors)
      XCTAssertTrue(ended.errors.contains("History: 2 answers could not be kept in "), ended.errors)
      let saved = try FileManager.default.contentsOfDirectory(atPath: data).filter {
        $0.hasPrefix("unkept-answers-")
      }
      XCTAssertEqual(saved.count, 1, ended.errors)
    }
  }

  /// A signal that comes as the input ends (a bot's harness killed with its game) ends the
  /// game once: the history is closed once, every answer kept, and the process ends by one
  /// way out, the signal's or the input's. Two ends at once closed the history under the
  /// other's feet (a crash in SQLite).
  func testASignalAsTheInputEndsEndsTheGameOnce() throws {
    for (attempt, (signal, status)) in [(SIGTERM, Int32(143)), (SIGHUP, 129), (SIGINT, 130)]
      .enumerated()
    {
      let data = folder + "/both\(attempt)"
      let game = try HeadlessGame(["--seed", "3", "--data-dir", data])
      try game.send(#"{"do":"start"}"#)
      try game.answer(count: 3)
      let ended = try game.end(by: signal, endingTheInput: true)
      XCTAssertFalse(ended.errors.contains("crashed"), ended.errors)
      XCTAssertTrue([status, 0].contains(ended.status), "\(ended.status): \(ended.errors)")
      XCTAssertEqual(
        try History(folder: data, access: .readOnly).answers().count, 3, ended.errors)
    }
  }

  /// A name card the history could not keep is said as the game ends, but tells nothing the
  /// player answered: the game ends with 0.
  func testANameCardNotKeptIsSaidAndTheStatusStaysZero() throws {
    let blocked = folder + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocked))
    let game = try HeadlessGame(["--seed", "3", "--mode", "learn", "--data-dir", blocked + "/d"])
    let card = try game.send(#"{"do":"start"}"#)
    XCTAssertTrue(card.contains { $0["event"] as? String == "intro" }, "\(card)")
    let exit = try XCTUnwrap(game.quit().first { $0["event"] as? String == "exit" })
    let line = try XCTUnwrap(exit["history"] as? String, "\(exit)")
    XCTAssertTrue(line.hasPrefix("History: 1 name card could not be kept in "), line)
    XCTAssertEqual(exit["status"] as? Int, 0)
    XCTAssertEqual(game.status, 0)
  }

  /// A game that has its history open is writing its log, not leaving it damaged: another
  /// launch on the same history meanwhile takes nothing of it for lost, even a frame half
  /// written.
  func testALogAnotherGameIsWritingIsNotTakenForDamaged() throws {
    let data = folder + "/data"
    let game = try HeadlessGame(["--seed", "3", "--data-dir", data])
    try game.send(#"{"do":"start"}"#)
    try game.answer(count: 5)
    let log = try XCTUnwrap(FileHandle(forWritingAtPath: data + "/" + History.fileName + "-wal"))
    try log.seekToEnd()
    try log.write(contentsOf: Data(repeating: 7, count: 100))
    try log.close()
    let history = try History(folder: data)
    XCTAssertNil(history.notice)
    XCTAssertEqual(try history.answers().count, 5)
    XCTAssertFalse(
      try FileManager.default.contentsOfDirectory(atPath: data).contains { $0.contains("unread") })
    _ = try game.quit()
  }

  func testAnswersWaitWhileTheDiskIsFullAndAreWrittenOnceItFrees() throws {
    try XCTSkipIf(geteuid() != 0, "mounting a tmpfs needs root")
    let disk = folder + "/disk"
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    guard mount("tmpfs", disk, "tmpfs", 0, "size=2m") == 0 else {
      throw XCTSkip("cannot mount a tmpfs here (\(String(cString: strerror(errno))))")
    }
    mounted = disk
    let data = disk + "/data"
    let game = try HeadlessGame(["--seed", "3", "--round", "1000", "--data-dir", data])
    try game.send(#"{"do":"start"}"#)
    try game.answer(count: 2)
    // The disk filled to its last byte.
    let filler = disk + "/filler"
    let handle = try XCTUnwrap(
      FileHandle(forWritingAtPath: filler)
        ?? {
          _ = FileManager.default.createFile(atPath: filler, contents: nil)
          return FileHandle(forWritingAtPath: filler)
        }())
    let block = Data(repeating: 0, count: 4096)
    while (try? handle.write(contentsOf: block)) != nil {}
    try handle.close()

    let events = try game.answer(count: 30)
    let waiting = events.filter { $0["event"] as? String == "history_waiting" }
    XCTAssertGreaterThan(waiting.count, 0, "the history could not take them")
    XCTAssertTrue(
      (waiting.last?["reason"] as? String ?? "").contains("full"), "\(waiting.last ?? [:])")

    try FileManager.default.removeItem(atPath: filler)
    let caughtUp = try game.answer(count: 3)
    XCTAssertEqual(
      caughtUp.last { $0["event"] as? String == "history_waiting" }?["writes"] as? Int, 0,
      "\(caughtUp.filter { $0["event"] as? String == "history_waiting" })")
    let exit = try XCTUnwrap(game.quit().first { $0["event"] as? String == "exit" })
    XCTAssertTrue(exit["history"] as? String ?? "" != "", "\(exit)")
    XCTAssertEqual(game.status, 0, "every answer kept in the end")
    XCTAssertEqual(try exported(data).count, 35, "every answer revealed, in the history")
  }
}
