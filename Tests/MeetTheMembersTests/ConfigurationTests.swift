import AppCore
import Foundation
import TerminalUI
import XCTest

@testable import Launch
@testable import meet_the_members

/// The settings file through the built binary: its settings are the options' defaults, an
/// option typed wins, a bad value is one line naming the file, the line and the key (and its
/// default plays), and the roster it names plays without an argument.
final class ConfigurationTests: XCTestCase {
  private let folder = NSTemporaryDirectory() + "mtm-settings-\(UUID().uuidString)"

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private var sampleClub: String {
    URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("../../Resources/sample-club").standardized.path
  }

  /// A small club of four in the settings' folder, called "club".
  private func club() throws -> String {
    let club = folder + "/club"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    for name in ["Zoë Laurent", "Diego Ramírez", "Yuki Tanaka", "Mei Lin Chen"] {
      try FileManager.default.copyItem(
        atPath: "\(sampleClub)/\(name).png", toPath: "\(club)/\(name).png")
    }
    return club
  }

  private func events(_ output: String) -> [[String: Any]] {
    output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  private func write(_ text: String, to name: String = "config.toml") throws -> String {
    let path = folder + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testSettingsAreTheDefaultsAndOptionsWin() throws {
    _ = try club()
    let path = try write(
      """
      # Played every day
      roster = "club"          # beside this file
      type-seconds = 8
      round = 2
      kind = "typing"
      colors = "rainbow"
      minutes = 0
      answr-seconds = 4
      graphics = "symbols"
      colour = "256"
      volume = 11
      """)
    let input =
      [#"{"do":"start"}"#, #"{"do":"wait","seconds":7.9}"#, #"{"do":"wait","seconds":0.2}"#]
      .joined(separator: "\n") + "\n"
    let result = try runMeetTheMembers(
      ["--headless", "--seed", "1", "--config", path], input: input)
    XCTAssertEqual(result.status, 0, result.errors)
    let settings =
      "roster, player, answer-seconds, reveal-seconds, type-seconds, round, minutes, kind, "
      + "graphics, colors, send-scores, largest-download"
    let expected: [String] = [
      "Warning: \(path):6: colors must be truecolor, 256, 240, 16, 8 or none, not rainbow; "
        + "its default is used",
      "Warning: \(path):7: minutes must be a whole number from 1 to 240, not 0; its default is "
        + "used",
      "Warning: \(path):8: answr-seconds is not a setting (did you mean answer-seconds?)",
      "Warning: \(path):10: colour is not a setting (did you mean colors?)",
      "Warning: \(path):11: volume is not a setting (the settings: \(settings))",
    ]
    XCTAssertEqual(result.errors.split(separator: "\n").map(String.init), expected)
    let events = events(result.output)
    XCTAssertEqual(events.first?["members"] as? Int, 4, "the settings' roster")
    XCTAssertEqual(
      events.first { $0["event"] as? String == "question" }?["kind"] as? String, "typing")
    // 8 seconds to type: nothing at 7.9 s, a time out at 8.
    let result1 = events.first { $0["event"] as? String == "result" }
    XCTAssertEqual(result1?["outcome"] as? String, "timeout")
    XCTAssertEqual(result1?["t"] as? Double, 8)

    // Typed options win; a roster typed plays in place of the settings'.
    let typed = try runMeetTheMembers(
      [
        "--headless", "--seed", "1", "--config", path, "--answer-seconds", "3", "--kind", "names",
        sampleClub,
      ], input: input)
    let typedEvents = self.events(typed.output)
    XCTAssertEqual(typedEvents.first?["members"] as? Int, 18)
    XCTAssertEqual(
      typedEvents.first { $0["event"] as? String == "question" }?["kind"] as? String, "name")
    XCTAssertEqual(
      typedEvents.first { $0["event"] as? String == "result" }?["t"] as? Double, 3)
  }

  /// `check` takes only the roster from the settings, `preview` only the colours and
  /// graphics of a file named: the game's settings do not make them refuse the command line.
  func testTheRosterCommandsTakeOnlyTheRoster() throws {
    let club = try club()
    let path = try write("roster = \"club\"\nanswer-seconds = 7\ngraphics = \"symbols\"\n")
    let check = try runMeetTheMembers(["--check", "--config", path])
    XCTAssertEqual(check.status, 0, check.errors)
    XCTAssertTrue(check.output.hasPrefix("Roster \(club): 4 members"), check.output)
    let preview = try runMeetTheMembers(
      ["--preview", "\(club)/Yuki Tanaka.png", "--size", "8x4", "--config", path])
    XCTAssertEqual(preview.status, 0, preview.errors)
  }

  /// The standard file is read by the game and the roster commands, not by the headless
  /// game (a seed plays the same game on every machine); a configured roster that cannot be
  /// played is the sample club in a game, and an error for the roster commands, each naming
  /// the file and line.
  func testTheStandardFileAndABadRoster() throws {
    let home = folder + "/xdg"
    try FileManager.default.createDirectory(
      atPath: home + "/meet-the-members", withIntermediateDirectories: true)
    let path = home + "/meet-the-members/config.toml"
    try "roster = \"/nowhere/at/all\"\nkind = \"typing\"\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = home
    let check = try runMeetTheMembers(["--check"], environment: environment)
    XCTAssertEqual(check.status, 1, check.output)
    // Named with the file and line that hold it, as a game's warning names it.
    XCTAssertEqual(
      check.errors, "Error: \(path):1: roster /nowhere/at/all: no such folder\n", check.errors)
    let headless = try runMeetTheMembers(
      ["--headless", "--seed", "3"], environment: environment, input: #"{"do":"start"}"# + "\n")
    XCTAssertEqual(headless.status, 0, headless.errors)
    XCTAssertEqual(headless.errors, "", "the standard file is not read")
    let events = events(headless.output)
    XCTAssertEqual(events.first?["members"] as? Int, 18)
    XCTAssertEqual(
      events.first { $0["event"] as? String == "question" }?["kind"] as? String, "name")
    // Named with --config, the headless game reads it: the sample club plays, said.
    let named = try runMeetTheMembers(
      ["--headless", "--config", path], environment: environment, input: "")
    XCTAssertEqual(named.status, 0, named.errors)
    XCTAssertTrue(
      named.errors.hasPrefix("Warning: \(path):1: roster /nowhere/at/all"), named.errors)
    XCTAssertTrue(named.errors.hasSuffix("; the sample club plays\n"), named.errors)
    XCTAssertEqual(self.events(named.output).first?["members"] as? Int, 18)
  }

  func testAFileThatIsNotTOMLIsSaidAndTheDefaultsPlay() throws {
    let path = try write("round = = 2\n")
    let result = try runMeetTheMembers(["--headless", "--config", path], input: "")
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.errors.hasPrefix("Warning: \(path):1: not TOML ("), result.errors)
    XCTAssertEqual(events(result.output).first?["members"] as? Int, 18)
  }

  /// The settings window offers only settings the file takes (each checked as the command
  /// line checks its option, when it is written).
  func testTheWindowsSettingsAreTheFilesSettings() {
    let keys = Configuration.table.keys
    XCTAssertTrue(Set(settingsWindowKeys).isSubset(of: keys), "\(settingsWindowKeys) \(keys)")
  }

  /// `send-scores` is true, false or score servers' hosts: words that are no host are
  /// refused in one line, and a score server's URL pasted is kept as its host.
  func testSendScoresTakesHostsAndAPastedURLBecomesItsHost() throws {
    let (path, save) = try saver(of: "player = 'Ada'\n")
    XCTAssertEqual(
      save("send-scores", "yes please"),
      "send-scores must be true, false or score servers' host names, not yes please")
    XCTAssertNotNil(save("send-scores", "Chess Club"))
    XCTAssertNil(save("send-scores", "https://scores.example.org/club 127.0.0.1:8765"))
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      "player = 'Ada'\nsend-scores = 'scores.example.org 127.0.0.1:8765'\n")
    XCTAssertNil(save("send-scores", "false"))
    XCTAssertTrue(
      try String(contentsOfFile: path, encoding: .utf8).hasSuffix("send-scores = false\n"))
  }

  /// A roster's URL of a scheme no roster has is taken for a folder, which is not there: said
  /// as typed, with its password as dots.
  func testARosterOfAnotherSchemeIsRefusedWithoutItsPassword() throws {
    let save = try saver(of: "").save
    XCTAssertEqual(
      save("roster", "ftp://ann:s3cret@club.example.org/roster"),
      "roster ftp://ann:•••@club.example.org/roster: no such folder")
  }

  /// A settings file holding `text`, and what keeps a setting in it (the settings window's).
  private func saver(of text: String) throws -> (
    path: String, save: @Sendable (String, String?) -> String?
  ) {
    let path = folder + "/config.toml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, try XCTUnwrap(Configuration.load(option: path).settingSaver))
  }

  func testAConfigFileNamedMustBeThere() throws {
    let result = try runMeetTheMembers(["--headless", "--config", folder + "/missing.toml"])
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(result.errors, "Error: --config \(folder)/missing.toml: no such file\n")
  }

  /// `--config /dev/null` is no settings, as programs take it: the defaults play, and the
  /// settings window keeps nothing (it was refused as "not a regular file").
  func testDevNullIsNoSettings() throws {
    let none = try Configuration.load(option: "/dev/null")
    XCTAssertNil(none.file)
    XCTAssertEqual(none.values, [:])
    XCTAssertEqual(none.warnings, [])
    XCTAssertNil(none.settingSaver)
    let result = try runMeetTheMembers(["check", "--config", "/dev/null"])
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertEqual(result.errors, "")
  }

  /// The standard settings file, 50 MB of it (a log written there by mistake), held the
  /// launch for seconds with a blank screen: it is refused in one line before it is read, and
  /// the game goes on with the defaults. So is one that is a link round in a loop, which was
  /// taken for no file at all.
  func testAHugeSettingsFileAndALinkLoopAreSaidInOneLineAndTheDefaultsPlay() throws {
    let settings = folder + "/xdg/meet-the-members"
    try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
    let path = settings + "/config.toml"
    let line = Data(("# " + String(repeating: "log ", count: 24) + "\n").utf8)
    let handle = try XCTUnwrap(
      FileManager.default.createFile(atPath: path, contents: nil)
        ? FileHandle(forWritingAtPath: path) : nil)
    let block = Data([Data](repeating: line, count: 10_000).joined())
    for _ in 0..<50 { handle.write(block) }
    try handle.close()
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = folder + "/xdg"
    let huge = try runMeetTheMembers(["--list"], environment: environment)
    XCTAssertEqual(huge.status, 0, huge.errors)
    XCTAssertEqual(
      huge.errors,
      "Warning: \(path): \(50 * block.count) bytes, more than the 1048576 (1 MiB) a settings "
        + "file may have; its settings are not used\n")
    XCTAssertTrue(huge.output.hasPrefix("Roster ") && huge.output.contains(": 18 members\n"))

    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "config.toml")
    let loop = try runMeetTheMembers(["--list"], environment: environment)
    XCTAssertEqual(loop.status, 0, loop.errors)
    XCTAssertEqual(
      loop.errors,
      "Warning: \(path): cannot be read (a link that leads round in a loop); its settings are "
        + "not used\n")
  }
}
