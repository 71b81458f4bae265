import Foundation
import History
import XCTest

/// A game killed with SIGKILL at any moment loses no answer it revealed, and leaves a history
/// that SQLite finds intact.
final class CrashSafetyTests: XCTestCase {
  /// How many games are killed.
  static let kills = 200
  /// Every this many kills the history starts again from nothing, so that some kills land
  /// while the file is being created.
  static let killsPerHistory = 20

  func testAGameKilledAtRandomMomentsKeepsEveryRevealedAnswer() throws {
    var random = SystemRandomNumberGenerator()
    let root = NSTemporaryDirectory() + "mtm-kill-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    // A game that answers as fast as it can: no reveal, a round that does not end.
    let input =
      ([#"{"do":"start"}"#] + Array(repeating: #"{"do":"answer","option":1}"#, count: 2000))
      .map { $0 + "\n" }.joined()
    var recorded = 0
    var killedWhileAnswering = 0
    for kill in 0..<Self.kills {
      let data = "\(root)/\(kill / Self.killsPerHistory)"
      if kill % Self.killsPerHistory == 0 { recorded = 0 }
      // The game starts in 50 to 80 ms (debug build, with the HTTP client linked in) and then
      // answers one question a millisecond: kills land while it opens or creates the history
      // and while it answers.
      let delay = Int.random(in: 0..<150, using: &random)
      let run = try runKilled(
        arguments: [
          "--headless", "--seed", "\(kill)", "--reveal-seconds", "0", "--round", "10000",
          "--data-dir", data,
        ], input: input, afterMilliseconds: delay)
      let revealed = run.output.split(separator: "\n").count {
        $0.contains(#""event":"result""#)
      }
      if revealed > 0 { killedWhileAnswering += 1 }
      guard FileManager.default.fileExists(atPath: data + "/" + History.fileName) else {
        XCTAssertEqual(revealed, 0, "kill \(kill) after \(delay) ms: answers but no history")
        continue
      }
      let history = try History(folder: data)
      XCTAssertEqual(try history.integrityCheck(), "ok", "kill \(kill) after \(delay) ms")
      let answers = try history.answers().count
      // Each answer is committed before its result is written: at most one more is kept.
      XCTAssertGreaterThanOrEqual(
        answers - recorded, revealed, "kill \(kill) after \(delay) ms lost answers")
      XCTAssertLessThanOrEqual(answers - recorded, revealed + 1, "kill \(kill)")
      recorded = answers
    }
    // The kills must land in the middle of games, not only before or after them.
    XCTAssertGreaterThan(killedWhileAnswering, Self.kills / 4)
  }

  /// Starts the binary with `input` waiting on its standard input and kills it (SIGKILL)
  /// after the delay; returns what it wrote to standard output before.
  private func runKilled(arguments: [String], input: String, afterMilliseconds delay: Int) throws
    -> (output: String, killed: Bool)
  {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("meet-the-members")
    process.arguments = arguments
    _ = testDataHome
    let output = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = inputPipe
    // The whole script (54 KB) fits in the pipe's 64 KB buffer: it is written before the game
    // reads it.
    let writing = inputPipe.fileHandleForWriting
    try process.run()
    writing.write(Data(input.utf8))
    try writing.close()
    let outputData = LockedData()
    let reader = Thread {
      outputData.set(output.fileHandleForReading.readDataToEndOfFile())
    }
    reader.start()
    usleep(useconds_t(delay * 1000))
    let killed = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return (String(decoding: outputData.wait(), as: UTF8.self), killed)
  }
}

/// Data handed from the reading thread once it has read to the end.
private final class LockedData: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  func set(_ data: Data) {
    self.data = data
    done.signal()
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
