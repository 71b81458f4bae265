import Foundation
import GRDB
import History
import XCTest

/// A history that another process holds: answers wait for the database on a queue of their
/// own, and keys and frames never wait for them.
final class BusyHistoryTests: GameInTmuxTestCase {
  /// Another process holds an exclusive transaction on the history for 5 s while the player
  /// answers two questions and pauses: each key's frame is drawn while the lock is still
  /// held, and both answers are on disk once it is let go.
  func testAHistoryHeldByAnotherProcessDelaysNoKeyAndLosesNoAnswer() throws {
    let data = tmux.path("data")
    launch(["--seed", "12", "--reveal-seconds", "0.2", "--data-dir", data])
    let database = try DatabaseQueue(path: "\(data)/\(History.fileName)")
    let answers = { try database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM answer") } }
    XCTAssertEqual(try answers(), 0)

    let question = startGame()
    let locked = DispatchSemaphore(value: 0)
    let released = LockedValue(0)
    let holder = Thread {
      try! database.inTransaction(.exclusive) { _ in
        locked.signal()
        usleep(5_000_000)
        return .commit
      }
      released.value = monotonicMicroseconds()
    }
    holder.start()
    locked.wait()
    tmux.press("\(question.correct + 1)")
    let second = waitForQuestion(2)
    tmux.press("\(second.correct + 1)")
    tmux.waitForFile("trace.jsonl") { text in
      TraceFile(text).all("phase").contains { $0["phase"] as? String == "revealing" }
        && TraceFile(text).all("question").count == 3
    }
    tmux.press("p")  // no more answers (time outs) while the lock is held
    tmux.waitForFile("trace.jsonl") { text in
      TraceFile(text).all("phase").contains { $0["phase"] as? String == "paused" }
    }
    let keysDone = monotonicMicroseconds()
    while released.value == 0 { usleep(50_000) }
    XCTAssertLessThan(keysDone, released.value, "both answers were played while it was held")

    // Each key's frame came at once, not after the lock.
    let events = trace.events
    let keys = events.indices.filter {
      events[$0]["event"] as? String == "key"
        && ["1", "2", "3", "4", "p"].contains(events[$0]["key"] as? String)
    }
    XCTAssertEqual(keys.count, 3, "two answers and a pause")
    var latencies: [Int] = []
    for index in keys {
      let pressed = events[index]["t"] as! Int
      let frame = events[index...].first { $0["event"] as? String == "frame" }
      let drawn = try XCTUnwrap(frame?["t"] as? Int, "a frame after the key")
      XCTAssertLessThan(drawn, released.value, "the key's frame waited for the history")
      latencies.append(drawn - pressed)
    }
    print("key to frame while the history was held: \(latencies.map { "\($0) µs" })")

    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
    XCTAssertEqual(try answers(), 2, "both answers kept once the lock was let go")
  }
}

extension BusyHistoryTests {
  /// Another process holds the history from the first answer to the end: the quiz screen says
  /// at once that answers wait and why; the game ends without waiting for it, and its last
  /// line names the file the answers are saved in, in the export's format. Held only a
  /// while, the waiting answers are written once it is let go, and the line goes.
  func testAnswersThatWaitAreSaidAndSavedWhenTheHistoryStaysHeld() throws {
    let data = tmux.path("data")
    launch(["--seed", "12", "--reveal-seconds", "0.2", "--data-dir", data])
    let database = HistoryHolder("\(data)/\(History.fileName)")
    try database.hold()

    answerTwoQuestionsThatWait(for: "database is locked")
    database.release()
    tmux.waitForScreen("the waiting line gone") { !$0.contains("waiting") }

    let third = waitForQuestion(3)
    try database.hold()
    tmux.press("\(third.correct + 1)")
    tmux.waitForScreen(showing: ["1 answer waiting"])
    tmux.press("q")
    let status = waitForExit().status
    XCTAssertEqual(status, "74", "the history not whole")
    let screen = tmux.waitForScreen(
      showing: [
        "History: trying once more to keep the writes that wait...",
        "History: 1 answer could not be kept in",
      ])
    database.release()
    let saved = try FileManager.default.contentsOfDirectory(atPath: data).filter {
      $0.hasPrefix("unkept-answers-")
    }
    XCTAssertEqual(saved.count, 1, screen)
    let rows = try String(contentsOfFile: "\(data)/\(saved[0])", encoding: .utf8)
      .split(separator: "\r\n")
    XCTAssertEqual(rows.count, 2, "the header and the answer")
    let kept = try DatabaseQueue(path: "\(data)/\(History.fileName)").read {
      try Int.fetchOne($0, sql: "SELECT count(*) FROM answer")
    }
    XCTAssertEqual(kept, 2, "the two that waited while it was held a while")
  }
}

/// The disk fills during a game in a real terminal (a tmpfs of 2 MiB as its data folder): the
/// quiz screen says at once that answers wait and why, they are written once space is freed,
/// and the last line says they waited and are kept.
final class FullDiskInTmuxTests: GameInTmuxTestCase {
  private var mounted: String?

  override func tearDown() {
    if let mounted { _ = umount(mounted) }
    super.tearDown()
  }

  func testAnswersWaitWhileTheDiskIsFullAndAreKeptOnceItFrees() throws {
    try XCTSkipIf(geteuid() != 0, "mounting a tmpfs needs root")
    let disk = tmux.path("disk")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    guard mount("tmpfs", disk, "tmpfs", 0, "size=2m") == 0 else {
      throw XCTSkip("cannot mount a tmpfs here (\(String(cString: strerror(errno))))")
    }
    mounted = disk
    launch(["--seed", "12", "--reveal-seconds", "0.2", "--data-dir", disk + "/data"])
    let filler = open(disk + "/filler", O_WRONLY | O_CREAT, 0o644)
    let block = [UInt8](repeating: 0, count: 4096)
    while write(filler, block, block.count) > 0 {}
    close(filler)

    answerTwoQuestionsThatWait(for: "database or disk is full")
    XCTAssertEqual(unlink(disk + "/filler"), 0)
    tmux.waitForScreen("the waiting line gone") { !$0.contains("waiting") }
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
    tmux.waitForScreen(showing: ["History: 2 writes waited for", "and are kept."])
    let kept = try DatabaseQueue(path: disk + "/data/" + History.fileName).read {
      try Int.fetchOne($0, sql: "SELECT count(*) FROM answer")
    }
    XCTAssertEqual(kept, 2)
  }
}

extension GameInTmuxTestCase {
  /// Starts the game and answers its first two questions right, the quiz screen saying at once
  /// of each that it waits for the history, and why.
  func answerTwoQuestionsThatWait(for reason: String) {
    let first = startGame()
    tmux.press("\(first.correct + 1)")
    tmux.waitForScreen(showing: ["1 answer waiting to be kept: \(reason)"])
    let second = waitForQuestion(2)
    tmux.press("\(second.correct + 1)")
    tmux.waitForScreen(showing: ["2 answers waiting"])
  }
}

/// A value shared between threads.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
