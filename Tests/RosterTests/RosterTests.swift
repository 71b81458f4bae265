import Foundation
import GameEngine
import Pictures
import SystemPackage
import XCTest

@testable import Roster

final class RosterTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "mtm-roster-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func photo(_ name: String, png: Bool = false, side: Int = 32) throws {
    let path = "\(folder!)/\(name)"
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    var image = RGBAImage(width: side, height: side, filledWith: (200, 120, 90, 255))
    for y in 0..<side {
      for x in 0..<side {
        image[x, y] = (UInt8(x % 256), UInt8(y % 256), UInt8((x * y) % 256), 255)
      }
    }
    if png {
      try PictureFile.writePNG(image, to: FilePath(path))
    } else {
      try PictureFile.writeJPEG(image, to: FilePath(path))
    }
  }

  private func file(_ name: String, _ text: String) throws {
    try text.write(toFile: "\(folder!)/\(name)", atomically: true, encoding: .utf8)
  }

  private func names(_ roster: Roster) -> [String] { roster.members.map(\.name) }

  func testNamesComeFromFileNamesAsAPersonWouldReadThem() throws {
    let cases: [(file: String, name: String)] = [
      ("Jane Doe.jpg", "Jane Doe"),
      ("john_smith.png", "John Smith"),
      ("Roe, Jane.jpg", "Jane Roe"),
      ("King, Martin Luther, Jr.JPG", "King, Martin Luther, Jr"),
      ("Martin Luther King, Jr..jpeg", "Martin Luther King, Jr."),
      ("MARY-JANE WATSON.Jpeg", "Mary-Jane Watson"),
      ("o'brien_sean.PNG", "O'Brien Sean"),
      ("Ronald McDonald.jpg", "Ronald McDonald"),
      ("van der Berg.jpg", "van der Berg"),
      ("  Ana   Lima .jpg", "Ana Lima"),
      ("李小龙.jpg", "李小龙"),
      ("Nguyễn Văn An.png", "Nguyễn Văn An"),
      ("mary-anne-lee.jpeg", "Mary Anne Lee"),
      ("mary.roe.png", "Mary Roe"),
      ("kate_o'brien-smith.jpg", "Kate O'Brien Smith"),
      ("Kate O'Brien-Smith.jpg", "Kate O'Brien-Smith"),
      ("J. R. Hartley.jpg", "J. R. Hartley"),
      ("Jean-Luc_Picard.jpg", "Jean Luc Picard"),
    ]
    for testCase in cases {
      try photo(testCase.file)
    }
    let roster = try Roster.load(folder)
    for testCase in cases {
      let member = roster.entries.first { $0.file == testCase.file }?.member
      XCTAssertEqual(member?.name, testCase.name, testCase.file)
    }
  }

  /// Names as old Windows zips leave them: Windows-1252 bytes, not UTF-8.
  func testFileNamesThatAreNotUTF8AreReadAsWindows1252AndStillOpen() throws {
    func path(_ bytes: [UInt8]) -> FilePath {
      FilePath(folder).appending(
        FilePath.Component(platformString: bytes.map { CChar(bitPattern: $0) } + [0])!)
    }
    let image = RGBAImage(width: 16, height: 16, filledWith: (90, 120, 200, 255))
    try PictureFile.writeJPEG(image, to: path(Array("Zo".utf8) + [0xEB] + Array(" Brand.jpg".utf8)))
    try PictureFile.writeJPEG(
      image, to: path(Array("Ren".utf8) + [0xE9, 0x80] + Array(".jpg".utf8)))
    let team = path([0xC9] + Array("quipe".utf8))
    XCTAssertEqual(team.withPlatformString { mkdir($0, 0o755) }, 0)
    try PictureFile.writeJPEG(image, to: team.appending("Bo Chan.jpg"))
    try photo("Ann Lee.jpg")
    try photo("Zo\u{EB} Brand.jpg")  // the same name in UTF-8

    var roster = try Roster.load(folder)
    roster.verifyEveryPhoto()  // every photo opens by the file system's own bytes
    XCTAssertEqual(names(roster), ["Ann Lee", "Ren\u{E9}\u{20AC}", "Zo\u{EB} Brand", "Bo Chan"])
    XCTAssertEqual(roster.members.map(\.group), [nil, nil, nil, "\u{C9}quipe"])
    XCTAssertEqual(
      roster.warnings.map(\.description),
      ["Zo\u{EB} Brand.jpg: another file has this name in a different encoding; skipped"])
  }

  func testComposedAndDecomposedNamesComeOutTheSame() throws {
    try photo("Zoe\u{308} Smith.jpg")
    try photo("Jose\u{301}.png", png: true)
    try photo("Anna.jpg")
    try photo("Bo.jpg")
    let roster = try Roster.load(folder)
    let composed = roster.members.map { Array($0.name.unicodeScalars) }
    XCTAssertTrue(composed.contains(Array("Zo\u{EB} Smith".unicodeScalars)))
    XCTAssertTrue(composed.contains(Array("Jos\u{E9}".unicodeScalars)))
  }

  func testSubfoldersAreGroupsAndClutterIsSkippedSilently() throws {
    try photo("Ann Lee.jpg")
    try photo("recruits/Bo Chan.png", png: true)
    try photo("recruits/2024/Cy Diaz.jpg")
    try photo(".hidden.jpg")
    try photo("._Ann Lee.jpg")
    try file(".DS_Store", "x")
    try file("Thumbs.db", "x")
    try file("README.txt", "These are our members")
    try file("notes.md", "x")
    let roster = try Roster.load(folder)
    // In order of file path.
    XCTAssertEqual(names(roster), ["Ann Lee", "Cy Diaz", "Bo Chan"])
    XCTAssertEqual(roster.members.map(\.group), [nil, "recruits/2024", "recruits"])
    XCTAssertEqual(roster.warnings, [])
  }

  func testUnusablePhotosAreSkippedWithOneLineThatNamesThem() throws {
    try photo("Good One.jpg", side: 256)
    try file("Empty.png", "")
    try file("Fake.jpg", "I am not a picture")
    try file("Ghost.heic", "....ftypheic")
    var truncated = try Data(contentsOf: URL(fileURLWithPath: "\(folder!)/Good One.jpg"))
    truncated = truncated.prefix(truncated.count / 2)
    try truncated.write(to: URL(fileURLWithPath: "\(folder!)/Cut Short.jpg"))

    var roster = try Roster.load(folder)
    XCTAssertEqual(
      roster.warnings.map(\.description).sorted(),
      [
        "Empty.png: the file is empty",
        "Fake.jpg: not a JPEG or PNG image",
        "Ghost.heic: HEIC images are not supported (use JPEG or PNG)",
      ])
    XCTAssertEqual(names(roster), ["Cut Short", "Good One"], "the header alone is sound")

    roster.verifyEveryPhoto()
    XCTAssertEqual(names(roster), ["Good One"], "the full decode takes it out of play")
    XCTAssertTrue(
      roster.warnings.contains { $0.file == "Cut Short.jpg" && $0.message.contains("damaged") },
      "\(roster.warnings)")
  }

  func testPeopleWithTheSameNameAreToldApartByGroupOrNumber() throws {
    try photo("Alex Kim.jpg")
    try photo("team b/alex_kim.png", png: true)
    try photo("Bo.jpg")
    try photo("board/Cy Diaz.jpg")
    try photo("recruits/cy diaz.jpg")
    try photo("Di (2).jpg")
    try photo("di.jpg")
    try photo("recruits/Di.jpg")
    let roster = try Roster.load(folder)
    XCTAssertEqual(
      names(roster),
      [
        "Alex Kim (1)", "Bo", "Di (2)", "Cy Diaz (board)", "Di (1)", "Di (3)",
        "Cy Diaz (recruits)", "Alex Kim (2)",
      ])
    XCTAssertEqual(
      roster.warnings.map(\.description),
      [
        "Alex Kim.jpg: 2 members are called Alex Kim (also team b/alex_kim.png); "
          + "shown as Alex Kim (1), Alex Kim (2)",
        "board/Cy Diaz.jpg: 2 members are called Cy Diaz (also recruits/cy diaz.jpg); "
          + "shown as Cy Diaz (board), Cy Diaz (recruits)",
        "di.jpg: 2 members are called Di (also recruits/Di.jpg); shown as Di (1), Di (3)",
      ])
    XCTAssertEqual(roster.warnings.map(\.skipsFile), [false, false, false], "they all play")
    // Typed, the name is theirs without its label.
    XCTAssertEqual(
      roster.members.map(\.spelling.description),
      [
        "alex kim", "bo", "di 2", "cy diaz", "di", "di", "cy diaz", "alex kim",
      ])
    XCTAssertNoThrow(try QuestionGenerator(members: roster.members, seed: 1))
  }

  /// A phone's or a camera's own name for a photo plays as it is, and is said (play-test:
  /// "Img 0042" played without a word); named in members.csv, it is a name like any other.
  func testACamerasFileNameIsSaid() throws {
    for file in [
      "IMG_0042.jpg", "dsc01234.JPG", "PXL_20240101_123456789.jpg", "IMG_0042 (1).jpg",
      "20240101_123456.jpg", "IMG-20240101-WA0001.jpg", "IMG_E0042.JPG", "P1010001.JPG",
      "SAM_1234.JPG", "DSCN0001.JPG", "DSCF1234.jpg",
    ] {
      XCTAssertTrue(DisplayName.isCameraFileName(file), file)
    }
    for file in [
      "Imogen Diaz.jpg", "img.jpg", "Dsc Lee.jpg", "Pat 2.jpg", "P 12.jpg", "P 123.jpg",
      "Sam 2019.jpg", "Sam_2019 Lee.jpg", "Image 2024.jpg", "Wp 100.png", "Image Lee.jpg",
    ] {
      XCTAssertFalse(DisplayName.isCameraFileName(file), file)
    }
    try photo("img_0042.png", png: true)
    try photo("IMG_0043.jpg")
    try photo("Ann.jpg")
    try file("members.csv", "file,name\nIMG_0043.jpg,Grace Hopper\n")
    let roster = try Roster.load(folder)
    XCTAssertEqual(names(roster), ["Ann", "Grace Hopper", "Img 0042"])
    XCTAssertEqual(
      roster.warnings.map(\.description),
      [
        "img_0042.png: named as a camera names its photos, so it plays as Img 0042: name the "
          + "member in the file's name or in members.csv"
      ])
    XCTAssertEqual(roster.warnings.map(\.skipsFile), [false])
  }

  func testTheManifestGivesExactNamesAndGroups() throws {
    try photo("IMG_0001.jpg")
    try photo("IMG_0002.jpg")
    try photo("sub/IMG_0003.JPG")
    try photo("Dana Fox.jpg")
    // A spreadsheet export: byte order mark, semicolons, quotes, a name with a comma.
    try file(
      "members.csv",
      "\u{FEFF}Name;File;Group\n\"Ng, Tom\";IMG_0001.jpg;staff\n"
        + "Ève Martin;img_0002.JPG;\nLee Park;sub/IMG_0003.JPG;\nNobody;missing.jpg;\n")
    let roster = try Roster.load(folder)
    XCTAssertEqual(names(roster), ["Dana Fox", "Ng, Tom", "Ève Martin", "Lee Park"])
    XCTAssertEqual(roster.members.map(\.group), [nil, "staff", nil, "sub"])
    XCTAssertEqual(
      roster.warnings.map(\.description),
      ["members.csv: line 5: no usable photo called missing.jpg"])
  }

  /// A spreadsheet's "Unicode text": UTF-16 (either byte order) after its byte-order mark,
  /// tabs between the columns.
  func testAManifestInUTF16IsRead() throws {
    try photo("IMG_0001.jpg")
    for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
      let text = "\u{FEFF}File\tName\r\nIMG_0001.jpg\tZoë Ng\r\n"
      try XCTUnwrap(text.data(using: encoding)).write(
        to: URL(fileURLWithPath: folder + "/members.csv"))
      let roster = try Roster.load(folder)
      XCTAssertEqual(names(roster), ["Zoë Ng"], "\(encoding)")
      XCTAssertEqual(roster.warnings.map(\.description), [])
    }
  }

  func testAManifestWithoutTheNeededColumnsIsIgnoredWithAWarning() throws {
    try photo("Ann.jpg")
    try file("members.csv", "photo,person\nAnn.jpg,Someone Else\n")
    let roster = try Roster.load(folder)
    XCTAssertEqual(names(roster), ["Ann"])
    XCTAssertEqual(
      roster.warnings.map(\.description),
      ["members.csv: needs a header row with the columns file and name; it was ignored"])
  }

  func testControlCharactersNeverReachTheTerminal() throws {
    try photo("Evil\u{1B}[31m Name\u{07}.png", png: true)
    try file("Bad\u{1B}]0;title\u{07}.jpg", "not a photo")
    try photo("Plain.jpg")
    try file("members.csv", "file,name\nPlain.jpg,\"Pl\u{1B}[2Jain\u{202E}Text\"\n")
    let roster = try Roster.load(folder)
    XCTAssertEqual(names(roster).sorted(), ["Evil[31m Name", "Pl[2JainText"])
    for member in roster.members {
      XCTAssertFalse(member.name.unicodeScalars.contains { $0.value < 0x20 }, member.name)
    }
    XCTAssertEqual(
      roster.warnings.map(\.description), ["Bad\\u{1B}]0;title\\u{7}.jpg: not a JPEG or PNG image"])
  }

  func testLinksAreFollowedWhereTheyResolveAndLoopsAreNot() throws {
    try photo("Ann.jpg")
    try photo("elsewhere/Bo.jpg")
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: "\(folder!)/Link to Bo.jpg", withDestinationPath: "\(folder!)/elsewhere/Bo.jpg")
    try manager.createSymbolicLink(
      atPath: "\(folder!)/Gone.jpg", withDestinationPath: "\(folder!)/nowhere.jpg")
    try manager.createSymbolicLink(
      atPath: "\(folder!)/elsewhere/loop", withDestinationPath: folder!)
    let roster = try Roster.load(folder)
    XCTAssertEqual(names(roster), ["Ann", "Link to Bo", "Bo"])
    XCTAssertEqual(
      roster.warnings.map(\.description), ["Gone.jpg: the link does not lead to a file"])
  }

  /// The walk stops after so many files and folders, and says the rest is left out.
  func testTheWalkStopsAtItsLimitAndSaysSo() throws {
    for index in 0..<6 { try file("note \(index).txt", "") }
    let (found, warnings) = try FolderWalk.walk(folder, limit: 4)
    XCTAssertEqual(found.count, 4)
    XCTAssertEqual(
      warnings.map(\.description),
      [".: the walk stopped after 4 files and folders; the rest of the folder is left out"])
    XCTAssertEqual(try FolderWalk.walk(folder, limit: 6).warnings, [])
    XCTAssertEqual(FolderWalk.standardLimit, 100_000)
  }

  func testAMissingFolderOrAFileIsAClearError() throws {
    XCTAssertThrowsError(try Roster.load("\(folder!)/nope")) { error in
      XCTAssertEqual("\(error)", "\(folder!)/nope: no such folder")
    }
    // A link to itself, and a link to nothing, are said as they are.
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/loop", withDestinationPath: "loop")
    XCTAssertThrowsError(try Roster.load("\(folder!)/loop")) { error in
      XCTAssertEqual(
        "\(error)", "\(folder!)/loop: the folder cannot be read: too many levels of symbolic links")
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/gone", withDestinationPath: "photos")
    XCTAssertThrowsError(try Roster.load("\(folder!)/gone")) { error in
      XCTAssertEqual(
        "\(error)",
        "\(folder!)/gone: the folder cannot be read: it is a link to photos, which is not there")
    }
    try file("x.txt", "")
    XCTAssertThrowsError(try Roster.load("\(folder!)/x.txt")) { error in
      XCTAssertTrue(
        "\(error)".hasSuffix("x.txt: not a folder (give the folder that holds the photos)"))
    }
  }

  func testAnUnreadableFolderIsAnErrorAndAnUnreadableSubfolderAWarning() throws {
    for name in ["Ann.jpg", "Bo.jpg", "locked/Cy.jpg", "listed/Di.jpg"] { try photo(name) }
    chmod("\(folder!)/locked", 0)
    chmod("\(folder!)/listed", 0o444)  // listed, but nothing in it can be opened
    defer {
      chmod("\(folder!)/locked", 0o755)
      chmod("\(folder!)/listed", 0o755)
    }
    if access("\(folder!)/locked", R_OK) == 0 {
      throw XCTSkip(
        "this process reads every folder whatever its permissions (root); RosterCommandTests "
          + "checks this through the binary, run without root's capabilities")
    }
    let roster = try Roster.load(folder)
    XCTAssertEqual(names(roster), ["Ann", "Bo"])
    XCTAssertEqual(
      roster.warnings.map(\.description).sorted(),
      [
        "listed: the folder cannot be read: permission denied; its photos are left out",
        "locked: the folder cannot be read: permission denied; its photos are left out",
      ])

    chmod(folder, 0)
    defer { chmod(folder, 0o755) }
    XCTAssertThrowsError(try Roster.load(folder)) { error in
      XCTAssertEqual("\(error)", "\(folder!): the folder cannot be read: permission denied")
    }
  }

  func testTheSampleClubIsAPlayableRoster() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Resources/sample-club").path
    var roster = try Roster.load(sample)
    roster.verifyEveryPhoto()
    XCTAssertGreaterThanOrEqual(roster.entries.count, 16)
    XCTAssertEqual(roster.warnings, [])
    XCTAssertTrue(names(roster).contains("Kofi Mensah"), "from kofi_mensah.png")
    XCTAssertTrue(names(roster).contains("Mateus Costa"), "from Costa, Mateus.png")
    XCTAssertEqual(Set(roster.members.map(\.nameKey)).count, roster.entries.count)
  }
}
