import Foundation
import GameEngine
import History
import XCTest

/// A game killed with SIGKILL at any moment loses no answer it revealed, and leaves a history
/// that SQLite finds intact. The moments are the game's own (its output read as it comes),
/// drawn by a seeded generator, never a time a machine's speed would move: while it opens or
/// creates the history (before its first event), as it has opened it, and after a number of
/// answers revealed.
final class CrashSafetyTests: XCTestCase {
  /// How many games are killed.
  static let kills = 40
  /// Every this many kills the history starts again from nothing, so that some kills land
  /// while the file is being created.
  static let killsPerHistory = 8

  /// When a game is killed: before its first event (a few microseconds after it starts, while
  /// it opens or creates the history), at its first event, or once it has revealed answers.
  enum Moment {
    case starting(microseconds: Int)
    case opened
    case answered(Int)
  }

  func testAGameKilledAtRandomMomentsKeepsEveryRevealedAnswer() throws {
    var random = SeededGenerator(seed: 35)
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
      let moment: Moment =
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .starting(microseconds: Int.random(in: 0..<20_000, using: &random))
        case 1: .opened
        default: .answered(Int.random(in: 1...40, using: &random))
        }
      let output = try runKilled(
        arguments: [
          "--headless", "--seed", "\(kill)", "--reveal-seconds", "0", "--round", "10000",
          "--data-dir", data,
        ], input: input, at: moment)
      let revealed = output.split(separator: "\n").count { $0.contains(#""event":"result""#) }
      if revealed > 0 { killedWhileAnswering += 1 }
      guard FileManager.default.fileExists(atPath: data + "/" + History.fileName) else {
        XCTAssertEqual(revealed, 0, "kill \(kill) at \(moment): answers but no history")
        continue
      }
      let history = try History(folder: data)
      XCTAssertEqual(try history.integrityCheck(), "ok", "kill \(kill) at \(moment)")
      let answers = try history.answers().count
      // Each answer is committed before its result is written: at most one more is kept.
      XCTAssertGreaterThanOrEqual(
        answers - recorded, revealed, "kill \(kill) at \(moment) lost answers")
      XCTAssertLessThanOrEqual(answers - recorded, revealed + 1, "kill \(kill)")
      recorded = answers
    }
    // Half the kills are drawn after answers: the count follows from the seed alone.
    XCTAssertGreaterThan(killedWhileAnswering, Self.kills / 4)
  }

  /// Starts the binary with `input` waiting on its standard input and kills it (SIGKILL) at
  /// `moment`, read from its own output; returns what it wrote to standard output before.
  private func runKilled(arguments: [String], input: String, at moment: Moment) throws -> String {
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
    var read = Data()
    func lines() -> Int { read.count { $0 == UInt8(ascii: "\n") } }
    func results() -> Int {
      String(decoding: read, as: UTF8.self).split(separator: "\n").count {
        $0.contains(#""event":"result""#)
      }
    }
    switch moment {
    case .starting(let microseconds):
      usleep(useconds_t(microseconds))
    case .opened:
      while lines() == 0, readMore(output, into: &read) {}
    case .answered(let count):
      while results() < count, readMore(output, into: &read) {}
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    read += output.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: read, as: UTF8.self)
  }

  /// Reads what the game has written; false once it has ended.
  private func readMore(_ pipe: Pipe, into data: inout Data) -> Bool {
    let more = pipe.fileHandleForReading.availableData
    data += more
    return !more.isEmpty
  }
}
