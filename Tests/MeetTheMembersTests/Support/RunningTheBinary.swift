import Foundation
import XCTest

/// How a run of the binary ended: its status and what it wrote.
struct RunResult {
  let status: Int32
  let output: String
  let errors: String
}

/// The directory the package's products are built into, where the test bundle sits too.
var productsDirectory: URL {
  let bundle = Bundle(for: TestDataFolders.self).bundleURL
  return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
}

/// The package's own folder, with the Makefile and Resources (this file is in
/// `Tests/MeetTheMembersTests/Support/`).
var packageDirectory: URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

/// Where the games the running test starts keep their history (XDG_DATA_HOME for the binary,
/// the tmux server and its shell) and look for their settings (XDG_CONFIG_HOME, empty unless
/// the test writes one): a folder of the test's own, made when it first asks and removed when
/// it ends, so that no test sees another's answers or settings, and never the player's. Its
/// `tmp` is the temporary folder (TMPDIR) of the test and its games: answers a game saves
/// there are said by every launch of their roster, which another test's would be.
var testDataHome: String { TestDataFolders.shared.current() }

/// Each test's data folder (see `testDataHome`).
final class TestDataFolders: NSObject, XCTestObservation, @unchecked Sendable {
  static let shared: TestDataFolders = {
    let folders = TestDataFolders()
    XCTestObservationCenter.shared.addTestObserver(folders)
    return folders
  }()

  private let lock = NSLock()
  private var folder: String?
  private var made = 0
  /// The temporary folder as the tests found it, where each test's folder is made.
  private let base = NSTemporaryDirectory()
  private let givenTMPDIR = ProcessInfo.processInfo.environment["TMPDIR"]

  /// The running test's folder, made (and set in this process's environment) if it has none.
  func current() -> String {
    lock.withLock {
      if let folder { return folder }
      made += 1
      let path = base + "mtm-data-\(getpid())-\(made)"
      try? FileManager.default.createDirectory(
        atPath: path + "/tmp", withIntermediateDirectories: true)
      setenv("XDG_DATA_HOME", path, 1)
      setenv("XDG_CONFIG_HOME", path + "/config", 1)
      setenv("TMPDIR", path + "/tmp", 1)
      folder = path
      return path
    }
  }

  /// Each test starts with a folder of its own in the environment, so that a game it starts
  /// by any means keeps its history there.
  func testCaseWillStart(_ testCase: XCTestCase) {
    _ = current()
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    lock.withLock {
      if let givenTMPDIR { setenv("TMPDIR", givenTMPDIR, 1) } else { unsetenv("TMPDIR") }
      if let folder { try? FileManager.default.removeItem(atPath: folder) }
      folder = nil
    }
  }
}

/// Runs the built `meet-the-members` (or `executable`) with `arguments` and no terminal;
/// `input`, if any, is its standard input (a few kilobytes at most: it is written whole first).
///
/// A run that has not ended after `deadline` is killed and fails the test: a hang must fail,
/// not block the suite.
func runMeetTheMembers(
  _ arguments: [String], environment: [String: String]? = nil, executable: String? = nil,
  currentDirectory: String? = nil, input: String? = nil, deadline: Duration = .seconds(120),
  file: StaticString = #filePath, line: UInt = #line
) throws -> RunResult {
  let process = Process()
  process.executableURL = URL(
    fileURLWithPath: executable ?? productsDirectory.appendingPathComponent("meet-the-members").path
  )
  process.arguments = arguments
  if var environment {
    environment["XDG_DATA_HOME"] = environment["XDG_DATA_HOME"] ?? testDataHome
    environment["XDG_CONFIG_HOME"] = environment["XDG_CONFIG_HOME"] ?? testDataHome + "/config"
    process.environment = environment
  } else {
    _ = testDataHome
  }
  if let currentDirectory {
    process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
  }
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  let inputPipe = Pipe()
  process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
  try process.run()
  let watchdog = DispatchWorkItem { [process] in
    guard process.isRunning else { return }
    XCTFail("\(arguments) still running after \(deadline): killed", file: file, line: line)
    kill(process.processIdentifier, SIGKILL)
  }
  DispatchQueue.global().asyncAfter(
    deadline: .now() + .milliseconds(Int(deadline.components.seconds * 1000)), execute: watchdog)
  defer { watchdog.cancel() }
  if let input {
    inputPipe.fileHandleForWriting.write(Data(input.utf8))
    try inputPipe.fileHandleForWriting.close()
  }
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return RunResult(
    status: process.terminationStatus,
    output: String(decoding: outputData, as: UTF8.self),
    errors: String(decoding: errorData, as: UTF8.self))
}
