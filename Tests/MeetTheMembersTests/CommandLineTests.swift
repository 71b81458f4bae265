import Foundation
import XCTest

/// The built executable's command line, run as a user would run it.
final class CommandLineTests: XCTestCase {
  func testHelpListsTheOptions() throws {
    let result = try runMeetTheMembers(["--help"])
    XCTAssertEqual(result.status, 0)
    for option in [
      "--seed", "--answer-seconds", "--reveal-seconds", "--check", "--preview", "--size",
      "--colors", "--trace", "--version", "--help", "roster-folder",
    ] {
      XCTAssertTrue(result.output.contains(option), "\(option) missing from:\n\(result.output)")
    }
  }

  func testVersionPrintsTheVersion() throws {
    let result = try runMeetTheMembers(["--version"])
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.output, "0.3.0\n")
  }

  func testBadTimingsAreOneLineErrorsThatNameTheValue() throws {
    let cases: [(arguments: [String], message: String)] = [
      (["--answer-seconds", "0"], "--answer-seconds must be between 0.1 and 600, not 0.0"),
      (["--answer-seconds", "nan"], "--answer-seconds must be between 0.1 and 600, not nan"),
      (["--reveal-seconds=-1"], "--reveal-seconds must be between 0 and 600, not -1.0"),
      (["--seed=-3"], "The value '-3' is invalid for '--seed <seed>'"),
      (["--seed", "seven"], "The value 'seven' is invalid for '--seed <seed>'"),
    ]
    for testCase in cases {
      let result = try runMeetTheMembers(testCase.arguments)
      XCTAssertNotEqual(result.status, 0, "\(testCase.arguments)")
      XCTAssertTrue(
        result.errors.contains(testCase.message), "\(testCase.arguments): \(result.errors)")
    }
  }
}

struct RunResult {
  let status: Int32
  let output: String
  let errors: String
}

/// The directory the package's products are built into, where the test bundle sits too.
var productsDirectory: URL {
  let bundle = Bundle(for: CommandLineTests.self).bundleURL
  return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
}

/// Runs the built `meet-the-members` with `arguments` and no terminal.
func runMeetTheMembers(_ arguments: [String], environment: [String: String]? = nil) throws
  -> RunResult
{
  let process = Process()
  process.executableURL = productsDirectory.appendingPathComponent("meet-the-members")
  process.arguments = arguments
  if let environment { process.environment = environment }
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return RunResult(
    status: process.terminationStatus,
    output: String(decoding: outputData, as: UTF8.self),
    errors: String(decoding: errorData, as: UTF8.self))
}
