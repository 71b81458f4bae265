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
    XCTAssertFalse(file.problems[0].contains("quotes"), "nothing to say of `= = 3`")
  }

  /// A text written without its quotes is refused with what it lacks, after TOML's words.
  func testATextWithoutItsQuotesIsSaidSo() {
    let file = ConfigFile(
      path: "/x/config.toml", text: "answer-seconds = 8\nkind = names  # mine\n")
    XCTAssertEqual(file.problems.count, 1)
    XCTAssertTrue(file.problems[0].hasPrefix("/x/config.toml:2: not TOML ("), file.problems[0])
    XCTAssertTrue(
      file.problems[0].hasSuffix(
        "; a text is written in quotes: kind = \"names\"); its settings are not used"),
      file.problems[0])
    let capital = ConfigFile(path: "/x/config.toml", text: "send-scores = True\n")
    XCTAssertTrue(
      capital.problems.first?.contains(
        "; true and false are written in small letters: send-scores = true") == true,
      "\(capital.problems)")
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

  /// A setting put back to its default: its line goes, and only it (a table's line of the
  /// same key stays); a setting the file does not hold leaves it as it was.
  func testASettingTakenOutLeavesEverythingElse() throws {
    var file = ConfigFile(path: "/x/config.toml", text: commented)
    try file.remove("roster")
    try file.remove("player")
    XCTAssertEqual(
      file.text,
      """
      # My settings
      answer-seconds = 8

      # a setting of a later version, kept
      future-thing = [1, 2]

      [notes]
      roster = "not this one"

      """)
    XCTAssertNil(file.values["roster"])
    XCTAssertEqual(file.values["answer-seconds"], .integer(8))
    // A file that is not TOML is left for the player to mend.
    var broken = ConfigFile(path: "/x/config.toml", text: "round = \n")
    XCTAssertThrowsError(try broken.remove("round"))
    // A key this cannot find on a line of its own is not said to be taken out.
    for text in ["\"round\" = 0\nanswer-seconds = 8\n", "\u{FEFF}round = 0\n"] {
      var quoted = ConfigFile(path: "/x/config.toml", text: text)
      XCTAssertNotNil(quoted.values["round"], text)
      XCTAssertThrowsError(try quoted.remove("round"), text)
      XCTAssertEqual(quoted.text, text)
    }
  }

  /// A file written on Windows (CRLF): each line is a line (Swift takes "\r\n" for one
  /// character), a setting set or taken out leaves the others, and the file keeps its endings.
  func testAFileWithWindowsLineEndingsIsEditedLineByLine() throws {
    let text = "# settings\r\nround = 0\r\nanswer-seconds = 8 # longer\r\nplayer = \"Ada\"\r\n"
    var file = ConfigFile(path: "/x/config.toml", text: text)
    XCTAssertEqual(file.line(of: "player"), 4)
    try file.set("round", to: .integer(5))
    XCTAssertEqual(
      file.text, "# settings\r\nround = 5\r\nanswer-seconds = 8 # longer\r\nplayer = \"Ada\"\r\n")
    try file.remove("round")
    XCTAssertEqual(file.text, "# settings\r\nanswer-seconds = 8 # longer\r\nplayer = \"Ada\"\r\n")
    try file.set("kind", to: .string("faces"))
    XCTAssertEqual(file.values["answer-seconds"], .integer(8))
    XCTAssertEqual(file.values["player"], .string("Ada"))
    XCTAssertTrue(file.text.hasSuffix("player = \"Ada\"\r\nkind = 'faces'\r\n"), file.text)
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

  /// A settings file that cannot be written says why in the system's few words (a window
  /// shows them), not in Foundation's sentence, which it cut before the reason.
  func testASettingThatCannotBeWrittenSaysWhyInTheSystemsWords() throws {
    let notAFolder = folder + "/file"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "".write(toFile: notAFolder, atomically: true, encoding: .utf8)
    var file = ConfigFile(path: notAFolder + "/config.toml", text: "")
    try file.set("round", to: .integer(10))
    XCTAssertThrowsError(try file.write()) { error in
      XCTAssertEqual(
        "\(error)", "\(notAFolder)/config.toml: cannot be written (File exists)")
    }
  }

  /// A settings file kept elsewhere and linked (a dotfiles setup): a setting is written to the
  /// file the link leads to, the link stays a link, and the file keeps its mode (600 here).
  func testASettingIsWrittenThroughALinkAndTheFileKeepsItsMode() throws {
    let manager = FileManager.default
    let dotfiles = folder + "/dotfiles"
    let config = folder + "/config/meet-the-members"
    try manager.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    try manager.createDirectory(atPath: config, withIntermediateDirectories: true)
    let target = dotfiles + "/meet-the-members.toml"
    try "round = 10\n".write(toFile: target, atomically: true, encoding: .utf8)
    XCTAssertEqual(chmod(target, 0o600), 0)
    let link = config + "/config.toml"
    // A relative link, read from the link's own folder.
    try manager.createSymbolicLink(
      atPath: link, withDestinationPath: "../../dotfiles/meet-the-members.toml")

    var file = try ConfigFile(path: link)
    try file.set("answer-seconds", to: .integer(8))
    try file.write()

    XCTAssertEqual(
      try manager.destinationOfSymbolicLink(atPath: link), "../../dotfiles/meet-the-members.toml",
      "the link is still the link")
    XCTAssertEqual(
      try String(contentsOfFile: target, encoding: .utf8), "round = 10\nanswer-seconds = 8\n")
    XCTAssertEqual(try ConfigFile(path: link).values["answer-seconds"], .integer(8))
    var info = stat()
    XCTAssertEqual(stat(target, &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o600)
    XCTAssertEqual(
      try manager.contentsOfDirectory(atPath: config), ["config.toml"], "no scratch left")
    XCTAssertEqual(
      try manager.contentsOfDirectory(atPath: dotfiles), ["meet-the-members.toml"])

    // A plain file of mode 600 keeps it too.
    let plain = folder + "/plain.toml"
    try "round = 10\n".write(toFile: plain, atomically: true, encoding: .utf8)
    XCTAssertEqual(chmod(plain, 0o600), 0)
    var second = try ConfigFile(path: plain)
    try second.set("round", to: .integer(20))
    try second.write()
    XCTAssertEqual(stat(plain, &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o600)
  }

  /// A file over 1 MiB (a log written there by mistake) is refused in one line, before it is
  /// read: it would hold the launch for seconds.
  func testAFileOverAMebibyteIsRefusedInOneLine() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/config.toml"
    let line = "# " + String(repeating: "x", count: 97) + "\n"
    let text = "round = 10\n" + String(repeating: line, count: (ConfigFile.largest / 100) + 1)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ConfigFile(path: path)) { error in
      XCTAssertEqual(
        "\(error)",
        "\(path): \(text.utf8.count) bytes, more than the 1048576 (1 MiB) a settings file may "
          + "have; its settings are not used")
    }
    // As large as allowed is read.
    try String(text.utf8.prefix(ConfigFile.largest))!.write(
      toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(try ConfigFile(path: path).values["round"], .integer(10))
  }

  /// A link that leads round in a loop is said, not taken for a missing file; one that leads
  /// nowhere is a file not made yet (a setting written makes it where the link leads).
  func testALinkLoopIsSaidAndADanglingLinkIsAFileToMake() throws {
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let loop = folder + "/config.toml"
    try manager.createSymbolicLink(atPath: loop, withDestinationPath: "config.toml")
    XCTAssertThrowsError(try ConfigFile(path: loop)) { error in
      XCTAssertEqual(
        "\(error)",
        "\(loop): cannot be read (a link that leads round in a loop); its settings are not used")
    }
    let dangling = folder + "/other.toml"
    try manager.createSymbolicLink(atPath: dangling, withDestinationPath: "made-later.toml")
    var file = try ConfigFile(path: dangling)
    XCTAssertEqual(file.values, [:])
    try file.set("round", to: .integer(5))
    try file.write()
    XCTAssertEqual(
      try String(contentsOfFile: folder + "/made-later.toml", encoding: .utf8), "round = 5\n")
    XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: dangling), "made-later.toml")
  }
}
