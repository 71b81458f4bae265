import Foundation
import Pictures
import SystemPackage
import XCTest

/// `--check` and `--preview` on real folders, through the built binary.
final class RosterCommandTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "mtm-cli-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func photo(_ name: String, orientation: Orientation = .up) throws {
    var image = RGBAImage(width: 64, height: 32, filledWith: (240, 240, 240, 255))
    for y in 0..<16 { for x in 0..<16 { image[x, y] = (255, 0, 0, 255) } }
    let jpeg = PictureFile.addingEXIF(
      to: try PictureFile.encodeJPEG(image), orientation: orientation)
    try PictureFile.writeBytes(jpeg, to: FilePath("\(folder!)/\(name)"))
  }

  func testCheckListsTheSampleClub() throws {
    let result = try runMeetTheMembers(["--check"])
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertTrue(result.output.hasPrefix("Roster "), result.output)
    XCTAssertTrue(result.output.contains(": 18 members\n"), result.output)
    XCTAssertTrue(result.output.contains("Kofi Mensah       kofi_mensah.png"), result.output)
    XCTAssertFalse(result.output.contains("warning"), result.output)
  }

  /// The members as a person reads a roster: by name, accents and case folded, whatever the
  /// files are called.
  func testCheckAndListSortMembersByName() throws {
    for name in ["Zola, Émile.jpg", "zoë brand.jpg", "Bo Chan.jpg", "anna berg.jpg", "Ann Lee.jpg"]
    {
      try photo(name)
    }
    for option in ["--check", "--list"] {
      let result = try runMeetTheMembers([option, folder])
      XCTAssertEqual(result.status, 0, result.errors)
      // The members' lines, indented under the roster's.
      let names = result.output.split(separator: "\n").filter { $0.hasPrefix("  ") }.map {
        String($0.dropFirst(2).prefix(10)).trimmingCharacters(in: .whitespaces)
      }
      XCTAssertEqual(names, ["Ann Lee", "Anna Berg", "Bo Chan", "Émile Zola", "Zoë Brand"], option)
    }
  }

  /// Names are padded by the columns they take, so the files line up after wide characters.
  func testCheckLinesUpTheFilesAfterWideNames() throws {
    for name in ["山田 太郎.jpg", "Ann Lee.jpg", "Bo.jpg", "Cy.jpg"] { try photo(name) }
    let result = try runMeetTheMembers(["--check", folder])
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertTrue(result.output.contains("\n  山田 太郎  山田 太郎.jpg\n"), result.output)
    XCTAssertTrue(result.output.contains("\n  Ann Lee    Ann Lee.jpg\n"), result.output)
  }

  func testCheckReportsBrokenSidewaysAndOddlyNamedPhotos() throws {
    try photo("Ann Lee.jpg")
    try photo("bo_chan.jpg", orientation: .right)
    try photo("Chan, Cy.jpg", orientation: .left)
    try photo("Evil\u{1B}[2J.jpg")
    let good = try Data(contentsOf: URL(fileURLWithPath: "\(folder!)/Ann Lee.jpg"))
    try good.prefix(good.count - 40).write(to: URL(fileURLWithPath: "\(folder!)/Dee Broken.jpg"))
    try Data("text".utf8).write(to: URL(fileURLWithPath: "\(folder!)/Nope\u{1B}]0;x\u{07}.png"))

    let result = try runMeetTheMembers(["--check", folder])
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertTrue(result.output.contains(": 4 members\n"), result.output)
    for name in ["Ann Lee", "Bo Chan", "Cy Chan", "Evil[2J"] {
      XCTAssertTrue(result.output.contains("  \(name)"), "\(name) in\n\(result.output)")
    }
    XCTAssertTrue(result.output.contains("2 warnings:\n"), result.output)
    XCTAssertTrue(result.output.contains("Dee Broken.jpg: damaged image data"), result.output)
    XCTAssertTrue(
      result.output.contains("Nope\\u{1B}]0;x\\u{7}.png: not a JPEG or PNG image"), result.output)
    XCTAssertFalse(result.output.utf8.contains(0x1B), "no escape byte reaches the terminal")
    XCTAssertFalse(result.errors.utf8.contains(0x1B))
  }

  /// A link to `/` in a roster folder took the walk over the whole file system, /proc and
  /// all, for minutes: links to folders outside the roster folder are left out, each said.
  func testALinkToTheRootIsLeftOutAndSaid() throws {
    for name in ["Ann Lee.jpg", "Bo Chan.jpg", "Cy Dee.jpg", "Di Ek.jpg"] { try photo(name) }
    try FileManager.default.createDirectory(
      atPath: "\(folder!)/.archive", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: "\(folder!)/juniors", withIntermediateDirectories: true)
    try photo(".archive/Eve Fox.jpg")
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: "\(folder!)/everything", withDestinationPath: "/")
    let home = NSTemporaryDirectory()
    try manager.createSymbolicLink(atPath: "\(folder!)/juniors/home", withDestinationPath: home)
    // A link to a folder inside the roster folder (a hidden one here) is followed.
    try manager.createSymbolicLink(atPath: "\(folder!)/recent", withDestinationPath: ".archive")
    let result = try runMeetTheMembers(["--list", folder], deadline: .seconds(60))
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertTrue(result.output.contains(": 5 members\n"), result.output)
    XCTAssertTrue(result.output.contains("  Eve Fox "), result.output)
    XCTAssertTrue(
      result.output.contains(
        "everything: a link to a folder outside the roster folder (/); left out"),
      result.output)
    let temporary = URL(fileURLWithPath: home).resolvingSymlinksInPath().path
    XCTAssertTrue(
      result.output.contains(
        "juniors/home: a link to a folder outside the roster folder (\(temporary)); left out"),
      result.output)
  }

  func testCheckOnARosterTooSmallToPlayExitsNonZero() throws {
    try photo("Ann.jpg")
    try photo("Bo.jpg")
    let result = try runMeetTheMembers(["--check", folder])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.output.contains("Cannot play: found 2 members; the game needs at least 4"),
      result.output)
  }

  /// One member is said as one: "1 member", not "1 members".
  func testCheckCountsOneMemberInTheSingular() throws {
    try photo("Ann.jpg")
    let result = try runMeetTheMembers(["check", folder])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.output.hasPrefix("Roster \(folder!): 1 member\n"), result.output)
    XCTAssertTrue(
      result.output.contains("Cannot play: found 1 member; the game needs at least 4"),
      result.output)
  }

  func testAMissingFolderIsAOneLineErrorNamingIt() throws {
    let result = try runMeetTheMembers(["\(folder!)/missing"])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(
      result.errors.hasPrefix("Error: \(folder!)/missing: no such folder\n"), result.errors)
  }

  func testAnEmptyFolderIsAOneLineErrorAndNothingStarts() throws {
    let result = try runMeetTheMembers([folder])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.errors, "Error: \(folder!): found 0 members; the game needs at least 4\n")
  }

  func testWithoutATerminalTheGameSaysSoBeforeTouchingAnything() throws {
    for name in ["Ann.jpg", "Bo.jpg", "Cy.jpg", "Di.jpg"] { try photo(name) }
    // A trace asked for is not opened (which empties it) before there is a terminal.
    let trace = folder + "/../trace-kept.jsonl"
    try Data("an earlier game's trace\n".utf8).write(to: URL(fileURLWithPath: trace))
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let result = try runMeetTheMembers([folder, "--trace", trace])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.errors,
      "Error: standard input and output must be a terminal to play (try meet-the-members check)\n")
    XCTAssertEqual(result.output, "")
    XCTAssertEqual(try String(contentsOfFile: trace, encoding: .utf8), "an earlier game's trace\n")
  }

  func testPreviewPrintsThePhotoAsANSIRows() throws {
    try photo("Ann Lee.jpg", orientation: .right)
    let result = try runMeetTheMembers([
      "--preview", "\(folder!)/Ann Lee.jpg", "--size", "30x15", "--colors", "truecolor",
    ])
    XCTAssertEqual(result.status, 0, result.errors)
    let rows = result.output.split(separator: "\n")
    // Upright the photo is 32x64 (portrait): in a 30x15 box with cells twice as tall, 8x15.
    XCTAssertEqual(rows.count, 15)
    XCTAssertTrue(result.output.contains("\u{1B}[38;2;") || result.output.contains("\u{1B}[48;2;"))
  }

  /// `--graphics` draws the photo's pixels; without a terminal to ask, cells of 10x20 pixels
  /// are assumed, and auto means symbols.
  func testPreviewDrawsThePixelsInTheGraphicsModeAskedFor() throws {
    try photo("Ann Lee.jpg", orientation: .right)
    let path = "\(folder!)/Ann Lee.jpg"
    func preview(_ extra: [String]) throws -> String {
      let result = try runMeetTheMembers(["--preview", path, "--size", "30x15"] + extra)
      XCTAssertEqual(result.status, 0, result.errors)
      return result.output
    }
    // Upright 32x64: 15 rows of 20 pixels are 300 high, so 150 wide, 15 columns of 10.
    let kitty = try preview(["--graphics", "kitty"])
    XCTAssertTrue(
      kitty.hasPrefix("\u{1B}_Ga=T,f=32,s=150,v=300,c=15,r=15"), kitty.prefix(60).debugDescription)
    XCTAssertTrue(try preview(["--graphics", "sixel"]).hasPrefix("\u{1B}P"))
    XCTAssertTrue(try preview(["--graphics", "iterm2"]).hasPrefix("\u{1B}]1337;File=inline=1"))
    let symbols = try preview(["--graphics", "symbols"])
    XCTAssertEqual(symbols.split(separator: "\n").count, 15)
    XCTAssertEqual(try preview(["--graphics", "auto"]), symbols)
    XCTAssertEqual(try preview([]), symbols)
  }

  func testPreviewOfABrokenFileIsAOneLineError() throws {
    try Data("nope".utf8).write(to: URL(fileURLWithPath: "\(folder!)/x.jpg"))
    let result = try runMeetTheMembers(["--preview", "\(folder!)/x.jpg"])
    XCTAssertNotEqual(result.status, 0)
    XCTAssertEqual(
      result.errors.split(separator: "\n").first, "Error: \(folder!)/x.jpg: not a JPEG or PNG image"
    )
  }

  /// A FIFO would make a reader wait for a writer forever: refused at once, with its kind.
  func testAFIFOIsRefusedAtOnce() throws {
    let fifo = "\(folder!)/Eve.jpg"
    XCTAssertEqual(mkfifo(fifo, 0o644), 0)
    let preview = try runMeetTheMembers(["--preview", fifo], deadline: .seconds(20))
    XCTAssertEqual(preview.status, 1)
    XCTAssertEqual(
      preview.errors, "Error: \(fifo): cannot be read: not a regular file (a FIFO)\n")

    for name in ["Ann.jpg", "Bo.jpg", "Cy.jpg", "Di.jpg"] { try photo(name) }
    let checked = try runMeetTheMembers(["--check", folder], deadline: .seconds(20))
    XCTAssertEqual(checked.status, 0, checked.errors)
    XCTAssertTrue(checked.output.contains(": 4 members\n"), checked.output)
    XCTAssertTrue(checked.output.contains("Eve.jpg: not a regular file, skipped"), checked.output)
  }

  func testBadColourModesAreRefused() throws {
    let result = try runMeetTheMembers(["--preview", "x.jpg", "--colors", "rainbow"])
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(
      result.errors, "Error: --colors must be truecolor, 256, 240, 16, 8 or none, not rainbow\n")
  }

  func testAnUnreadableFolderIsAOneLineErrorNamingIt() throws {
    for name in ["Ann.jpg", "Bo.jpg", "Cy.jpg", "Di.jpg"] { try photo(name) }
    try lockOut(folder)
    defer { chmod(folder, 0o755) }
    for arguments in [[folder!], ["--check", folder!]] {
      let result = try runWithoutPrivileges(arguments)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertEqual(
        result.errors, "Error: \(folder!): the folder cannot be read: permission denied\n",
        "\(arguments)")
      XCTAssertEqual(result.output, "", "\(arguments)")
    }
  }

  func testAnUnreadableSubfolderIsAWarningAndTheRestPlays() throws {
    try FileManager.default.createDirectory(
      atPath: "\(folder!)/locked", withIntermediateDirectories: true)
    for name in ["Ann.jpg", "Bo.jpg", "Cy.jpg", "Di.jpg", "locked/Ed.jpg"] { try photo(name) }
    try lockOut("\(folder!)/locked")
    defer { chmod("\(folder!)/locked", 0o755) }
    let warning = "locked: the folder cannot be read: permission denied; its photos are left out"

    let checked = try runWithoutPrivileges(["--check", folder])
    XCTAssertEqual(checked.status, 0, checked.errors)
    XCTAssertTrue(checked.output.contains(": 4 members\n"), checked.output)
    XCTAssertTrue(checked.output.hasSuffix("1 warning:\n  \(warning)\n"), checked.output)

    // Too few left to play: the error says what was left out.
    try FileManager.default.removeItem(atPath: "\(folder!)/Di.jpg")
    let played = try runWithoutPrivileges([folder])
    XCTAssertEqual(played.status, 1)
    XCTAssertEqual(
      played.errors,
      "Error: \(folder!): found 3 members; the game needs at least 4 (\(warning))\n")
  }

  /// Takes every permission on `path` away, and checks that the game, run as
  /// `runWithoutPrivileges` runs it, can no longer read it.
  private func lockOut(_ path: String) throws {
    XCTAssertEqual(chmod(path, 0), 0)
    let probe = try runWithoutPrivileges([path], program: "/bin/ls")
    if probe.status == 0 {
      chmod(path, 0o755)
      throw XCTSkip("cannot run anything that permissions stop here: \(probe.errors)")
    }
  }

  /// Runs the game so that file permissions apply to it. Root reads everything whatever the
  /// permissions, by its capabilities CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH: as root, the
  /// game runs without them (setpriv, from util-linux), still as root, so it can reach the
  /// build folder whoever owns that.
  private func runWithoutPrivileges(_ arguments: [String], program: String? = nil) throws
    -> RunResult
  {
    let program = program ?? productsDirectory.appendingPathComponent("meet-the-members").path
    guard geteuid() == 0 else { return try runMeetTheMembers(arguments, executable: program) }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv) else {
      throw XCTSkip("running as root, and without setpriv to drop the capability to read anything")
    }
    return try runMeetTheMembers(
      ["--bounding-set", "-dac_override,-dac_read_search", program] + arguments,
      executable: setpriv)
  }
}
