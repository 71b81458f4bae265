import Foundation
import Settings
import XCTest

/// The settings file: read with its lines known, written back a setting at a time with
/// everything else as it was, and atomically.
final class ConfigFileTests: XCTestCase {
  private let folder = NSTemporaryDirectory() + "mtm-config-\(UUID().uuidString)"

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private let commented = """
    # My settings
    roster = "/home/ada/club"   # the chess club
    answer-seconds = 8

    # a setting of a later version, kept
    future-thing = [1, 2]

    [notes]
    roster = "not this one"

    """

  func testValuesAndTheirLines() throws {
    let file = ConfigFile(path: "/x/config.toml", text: commented)
    XCTAssertEqual(file.values["roster"], .string("/home/ada/club"))
    XCTAssertEqual(file.values["answer-seconds"], .integer(8))
    XCTAssertEqual(file.values["answer-seconds"]?.text, "8")
    XCTAssertEqual(file.place(of: "answer-seconds"), "/x/config.toml:3")
    XCTAssertEqual(file.place(of: "roster"), "/x/config.toml:2", "the top level's, not the table's")
    XCTAssertEqual(
      file.problems, ["/x/config.toml:6: future-thing is not a string, a number or true or false"])
  }

  func testAFileThatIsNotTOMLIsReportedWithItsLine() {
    let file = ConfigFile(path: "/x/config.toml", text: "answer-seconds = 8\nround = = 3\n")
    XCTAssertEqual(file.values, [:])
    XCTAssertEqual(file.problems.count, 1)
    XCTAssertTrue(file.problems[0].hasPrefix("/x/config.toml:2: not TOML ("), file.problems[0])
    XCTAssertTrue(file.problems[0].hasSuffix("; its settings are not used"))
    var broken = file
    XCTAssertThrowsError(try broken.set("round", to: .integer(3)), "a broken file is not edited")
  }

  func testASettingIsWrittenOnItsOwnLineAndEverythingElseStays() throws {
    var file = ConfigFile(path: "/x/config.toml", text: commented)
    try file.set("roster", to: .string("https://club.example.org/roster.json"))
    try file.set("answer-seconds", to: .float(6.5))
    try file.set("player", to: .string("Ada \"the\" Lovelace"))
    XCTAssertEqual(
      file.text,
      """
      # My settings
      roster = 'https://club.example.org/roster.json'   # the chess club
      answer-seconds = 6.5

      # a setting of a later version, kept
      future-thing = [1, 2]
      player = 'Ada "the" Lovelace'

      [notes]
      roster = "not this one"

      """)
    XCTAssertEqual(file.values["player"], .string("Ada \"the\" Lovelace"))
  }

  /// A setting of a type none has, or a multi-line array, does not stop a setting being
  /// written, nor its line being found.
  func testAnArrayIsNoTableAndNoBrokenFile() throws {
    var file = ConfigFile(
      path: "/x/config.toml", text: "future-thing = [\n  [1, 2],\n]\nround = 5\n")
    XCTAssertEqual(file.place(of: "round"), "/x/config.toml:4")
    try file.set("roster", to: .string("/home/ada/club"))
    XCTAssertEqual(file.values["roster"], .string("/home/ada/club"))
    XCTAssertTrue(file.text.hasSuffix("round = 5\nroster = '/home/ada/club'\n"), file.text)
  }

  func testANewFileIsMadeInItsFolderAtomically() throws {
    let path = folder + "/meet-the-members/config.toml"
    var file = try ConfigFile(path: path)
    XCTAssertEqual(file.text, "")
    XCTAssertThrowsError(try ConfigFile(path: path, mustExist: true)) { error in
      XCTAssertEqual("\(error)", "\(path): no such file")
    }
    try file.set("roster", to: .string("/home/ada/club"))
    try file.write()
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8), "roster = '/home/ada/club'\n")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/meet-the-members")
    XCTAssertEqual(names, ["config.toml"], "no temporary file left")
    XCTAssertEqual(try ConfigFile(path: path).values["roster"], .string("/home/ada/club"))
  }

  func testTheStandardPathFollowsXDG() {
    XCTAssertEqual(
      ConfigFile.standardPath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]),
      "/c/meet-the-members/config.toml")
    XCTAssertEqual(
      ConfigFile.standardPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]),
      "/h/.config/meet-the-members/config.toml")
    XCTAssertNil(ConfigFile.standardPath(environment: [:]))
  }
}
