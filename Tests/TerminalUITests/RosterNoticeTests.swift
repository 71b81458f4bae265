import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// A roster from a server whose cached version plays: the start screen says so.
final class RosterNoticeTests: XCTestCase {
  func testTheStartScreenSaysWhenTheCachedVersionPlays() {
    let roster = RosterSummary(
      members: clubMembers.count, folder: "Example Club, version 21", warnings: [],
      notice: "Cached version 21: cannot reach the server (connection refused)")
    for (name, size) in [("80x24", CellSize(columns: 80, rows: 24)), ("minimum", Layout.minimum)] {
      var model = makeModel(size: size, roster: roster)
      model.handle(.tick, at: .zero)
      assertSnapshot(model.frame, named: "start-cached-\(name)")
    }
  }

  /// Files skipped and warnings about files that play are counted apart (play-test: a name
  /// shared was counted as a file skipped), the window is titled by what it lists, and a photo
  /// that fails in the game joins the files skipped.
  func testFilesSkippedAndWarningsAreCountedApart() {
    let cases: [(RosterSummary, String, String)] = [
      (sampleRoster, "2 files skipped (w lists them)", "Files skipped"),
      (
        RosterSummary(
          members: 5, folder: "/club", warnings: ["Bo.jpg: 2 members are called Bo"], skipped: 0),
        "1 warning (w lists them)", "Warnings"
      ),
      (
        RosterSummary(
          members: 5, folder: "/club", warnings: ["a.txt: not an image", "IMG_1.jpg: camera"],
          skipped: 1),
        "1 file skipped, 1 warning (w lists them)", "Files skipped and warnings"
      ),
    ]
    for (roster, line, title) in cases {
      var model = makeModel(roster: roster)
      model.handle(.tick, at: .zero)
      XCTAssertTrue(model.frame.text.contains(line), model.frame.text)
      model.handle(.key(.character("w")), at: .zero)
      XCTAssertTrue(model.frame.text.contains(title), model.frame.text)
    }
    var roster = cases[2].0
    roster.skip("late.jpg: damaged")
    roster.skip("late.jpg: damaged")
    XCTAssertEqual(
      roster.warnings, ["a.txt: not an image", "late.jpg: damaged", "IMG_1.jpg: camera"])
    XCTAssertEqual(roster.said, "2 files skipped, 1 warning")
  }

  /// A history notice too long for one line is said in two, whole where they hold it (its
  /// files by their names), so that what becomes of the answers is not cut off.
  /// A warning too long for the window is said whole on the lines it takes, its next lines
  /// indented (a play-test saw what to do about a camera's file name cut at 80 columns); more
  /// lines than the window holds scroll, the title saying which (a play-test could not reach
  /// the last warnings).
  func testALongWarningIsSaidWholeAndTheWarningsScroll() {
    let camera =
      "IMG_2041.png: named as a camera names its photos, so it plays as Img 2041: name the "
      + "member in the file's name or in members.csv"
    let roster = RosterSummary(
      members: 5, folder: "/club", warnings: [camera] + (1...20).map { "n\($0).txt: not an image" },
      skipped: 20)
    var model = makeModel(roster: roster)
    model.handle(.key(.character("w")), at: .zero)
    var text = model.frame.text
    XCTAssertTrue(
      text.contains(
        "│ IMG_2041.png: named as a camera names its photos, so it plays as Img 2041: │"),
      text)
    XCTAssertTrue(text.contains("│   name the member in the file's name or in members.csv"), text)
    // 24 rows hold 17 lines: the warning's two and fifteen more, of 22.
    XCTAssertTrue(text.contains("Files skipped and warnings 1–17 of 22"), text)
    XCTAssertTrue(text.contains("n15.txt: not an image"), text)
    XCTAssertFalse(text.contains("n16.txt"), text)
    model.handle(.key(.end), at: .seconds(1))
    text = model.frame.text
    XCTAssertTrue(text.contains("Files skipped and warnings 6–22 of 22"), text)
    XCTAssertTrue(text.contains("n20.txt: not an image"), text)
    model.handle(.key(.up), at: .seconds(2))
    XCTAssertTrue(model.frame.text.contains("5–21 of 22"), model.frame.text)
  }

  func testAHistoryNoticeTooLongForALineIsSaidInTwo() {
    let notice =
      "History not kept: /home/ada/.local/share/meet-the-members/history.sqlite: the history "
      + "is busy (another program holds it); answers wait until it is free"
    for (name, size) in [("80x24", CellSize(columns: 80, rows: 24)), ("minimum", Layout.minimum)] {
      var model = startScreen(
        size: size, history: HistorySetup(memories: Memories(), wallClock: nil, notice: notice))
      model.handle(.tick, at: .zero)
      assertSnapshot(model.frame, named: "start-history-notice-\(name)")
    }
    // A window too short for two lines with everything else on it: one line, cut, and the
    // keys' line still on the screen.
    var short = startScreen(
      size: Layout.minimum,
      history: HistorySetup(
        memories: Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0),
        notice: notice),
      roster: RosterSummary(
        members: clubMembers.count, folder: "Example Club, version 21", warnings: ["x"],
        notice: "Cached version 21: cannot reach the server"),
      clubRoster: "/home/ada/club", settingsWarnings: ["config.toml:3: colours: no such setting"])
    short.handle(.tick, at: .zero)
    assertSnapshot(short.frame, named: "start-history-notice-short")
    XCTAssertEqual(
      DisplayWidth.wrapping("one two three four", in: 9, lines: 2), ["one two", "three fo…"])
    // A word wider than a line is broken where the line ends; wide characters take two.
    XCTAssertEqual(DisplayWidth.wrapping("unbreakable", in: 5, lines: 2), ["unbre", "akab…"])
    XCTAssertEqual(DisplayWidth.wrapping("名前を覚える", in: 5, lines: 2), ["名前", "を覚…"])
    XCTAssertEqual(DisplayWidth.wrapping("", in: 5, lines: 2), [""])
    XCTAssertEqual(DisplayWidth.wrapping("one", in: 5, lines: 0), [])
    XCTAssertEqual(DisplayWidth.wrapping("one two", in: 0, lines: 2), ["", ""])
  }

  /// The game's start screen with a history of its own (`makeModel` has none).
  private func startScreen(
    size: CellSize, history: HistorySetup, roster: RosterSummary = sampleRoster,
    clubRoster: String? = nil, settingsWarnings: [String] = []
  ) -> TestModel {
    TestModel(
      model: AppModel(
        session: Session(questions: try! QuestionGenerator(members: clubMembers, seed: 3)),
        roster: roster, appearance: unicodeLook, size: size, history: history,
        clubRoster: clubRoster, settingsWarnings: settingsWarnings),
      suppliesPictures: true)
  }
}
