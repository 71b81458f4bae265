import Foundation
import XCTest

/// The built game played headless in conversation, as a bot plays it: each command is written
/// once the game is ready, and its events are read back up to the next `ready` (or `exit`),
/// so that a test answers the question it sees in one launch. The game keeps its history in
/// the running test's data folder unless the arguments say otherwise.
final class HeadlessGame {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var unread = Data()
  private let watchdog: DispatchWorkItem
  /// Every event so far, in order.
  private(set) var events: [[String: Any]] = []

  /// Starts `meet-the-members headless` with `arguments` (and `environment` over the tests')
  /// and reads up to its first `ready`. A game still running after `deadline` is killed,
  /// which fails the test.
  init(
    _ arguments: [String] = ["--seed", "3"], environment: [String: String] = [:],
    deadline: Duration = .seconds(120), file: StaticString = #filePath, line: UInt = #line
  ) throws {
    _ = testDataHome
    process.executableURL = productsDirectory.appendingPathComponent("meet-the-members")
    process.arguments = ["headless"] + arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = input
    process.standardOutput = output
    _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
    process.standardError = FileHandle(forWritingAtPath: errorsPath)
    try process.run()
    watchdog = DispatchWorkItem { [process] in
      guard process.isRunning else { return }
      XCTFail("\(arguments) still running after \(deadline): killed", file: file, line: line)
      kill(process.processIdentifier, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + .seconds(Int(deadline.components.seconds)), execute: watchdog)
    _ = try readUntilReady("the launch")
  }

  deinit {
    watchdog.cancel()
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(atPath: errorsPath)
  }

  /// Where the game's standard error goes, for the message when it ends too soon.
  private let errorsPath =
    NSTemporaryDirectory() + "mtm-headless-errors-\(getpid())-\(UUID().uuidString.prefix(8))"

  /// The game ended before the `ready` or `exit` of a command: what it wrote.
  struct Ended: Error, CustomStringConvertible {
    let description: String
  }

  /// Writes one command; returns the events it caused, up to the next `ready` or `exit`.
  @discardableResult
  func send(_ command: String) throws -> [[String: Any]] {
    // Writing to a game that has ended would end this process with SIGPIPE.
    guard process.isRunning else { throw ended(before: command) }
    input.fileHandleForWriting.write(Data((command + "\n").utf8))
    return try readUntilReady(command)
  }

  /// The events named `name` among `events` (all of them when nil).
  func events(_ name: String, in events: [[String: Any]]? = nil) -> [[String: Any]] {
    (events ?? self.events).filter { $0["event"] as? String == name }
  }

  /// The last question's correct option, as the `answer` command counts them (1 to 4).
  func correctOption() throws -> Int {
    try XCTUnwrap(events("question").last?["correct"] as? Int) + 1
  }

  /// Answers `count` questions in turn, each with the first option after a second, its
  /// reveal waited out; their events.
  @discardableResult
  func answer(count: Int) throws -> [[String: Any]] {
    var all: [[String: Any]] = []
    for _ in 0..<count {
      all += try send(#"{"do":"wait","seconds":1}"#)
      all += try send(#"{"do":"answer","option":1}"#)
      all += try send(#"{"do":"wait","seconds":2}"#)
    }
    return all
  }

  /// Quits; the events up to `exit`, once the game has ended.
  func quit() throws -> [[String: Any]] {
    let events = try send(#"{"do":"quit"}"#)
    process.waitUntilExit()
    watchdog.cancel()
    return events
  }

  /// Sends `signal` to the game (and ends its input at the same moment, when
  /// `endingTheInput`, as a bot's harness killed with its game does); its exit status and what
  /// it wrote on standard error, once it has ended.
  func end(by signal: Int32, endingTheInput: Bool = false) throws -> (
    status: Int32, errors: String
  ) {
    kill(process.processIdentifier, signal)
    if endingTheInput { try input.fileHandleForWriting.close() }
    while try readLine() != nil {}
    process.waitUntilExit()
    watchdog.cancel()
    return (
      process.terminationStatus, (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
    )
  }

  /// The exit status of a game that has quit.
  var status: Int32 { process.terminationStatus }

  /// Ends the input, which quits the game; returns its exit status.
  func finish() throws -> Int32 {
    try input.fileHandleForWriting.close()
    while try readLine() != nil {}
    process.waitUntilExit()
    watchdog.cancel()
    return process.terminationStatus
  }

  /// The events `command` caused, up to the next `ready` or `exit`; throws when the game's
  /// output ends first.
  private func readUntilReady(_ command: String) throws -> [[String: Any]] {
    var read: [[String: Any]] = []
    while let line = try readLine() {
      let event =
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        ?? ["unparsed": line]
      read.append(event)
      events.append(event)
      if event["event"] as? String == "ready" || event["event"] as? String == "exit" {
        return read
      }
    }
    throw ended(before: command)
  }

  private func ended(before command: String) -> Ended {
    let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
    return Ended(
      description:
        "the game ended before the answer to \(command) (its events: \(events.suffix(5)); "
        + "its errors: \(errors.suffix(600)))")
  }

  /// The next line the game wrote; nil once it closed its output.
  private func readLine() throws -> String? {
    while true {
      if let end = unread.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: unread[unread.startIndex..<end], as: UTF8.self)
        unread.removeSubrange(unread.startIndex...end)
        return line
      }
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty {
        guard !unread.isEmpty else { return nil }
        defer { unread.removeAll() }
        return String(decoding: unread, as: UTF8.self)
      }
      unread.append(chunk)
    }
  }
}
