import Foundation
import XCTest

/// The settings in a real terminal: "Make this your club" makes a roster played from the
/// command line, with one key, what the game plays without one; the settings window changes
/// a setting; the settings file keeps its comments.
final class SettingsInTmuxTests: GameInTmuxTestCase {
  func testOneKeyMakesTheRosterTheClubThatPlaysWithoutAnArgument() throws {
    let club = tmux.path("club")
    let sample = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("../../Resources/sample-club").standardized.path
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    for name in ["Zoë Laurent", "Diego Ramírez", "Yuki Tanaka", "Mei Lin Chen"] {
      try FileManager.default.copyItem(
        atPath: "\(sample)/\(name).png", toPath: "\(club)/\(name).png")
    }
    let settings = tmux.path("settings.toml")
    try "# Ada's settings\nanswer-seconds = 6   # a little longer\n".write(
      toFile: settings, atomically: true, encoding: .utf8)
    let data = tmux.path("data")
    launch(["--config", settings, "--data-dir", data, club])
    tmux.waitForScreen(showing: ["4 members from", "Make this your club (y)"])
    // The settings window says the roster typed plays now, beside the file's default.
    tmux.press(",")
    tmux.waitForScreen(showing: ["Roster", "default · now ", "(the command line)"])
    tmux.press("Escape")
    tmux.waitForScreen(showing: ["Make this your club (y)"])
    tmux.press("y")
    tmux.waitForScreen(showing: ["Your club now: it plays when no roster is named"])
    XCTAssertEqual(
      try String(contentsOfFile: settings, encoding: .utf8),
      "# Ada's settings\nanswer-seconds = 6   # a little longer\nroster = '\(club)'\n")
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")

    // Without a roster, or with the club's own folder: the club plays, not offered again.
    for arguments in [[], [club + "/"]] {
      launch(["--config", settings, "--data-dir", data] + arguments)
      tmux.waitForScreen(showing: ["4 members from"])
      XCTAssertFalse(tmux.screen().contains("Make this your club"), "\(arguments)")
      tmux.press("q")
      XCTAssertEqual(waitForExit().status, "0")
    }
  }

  func testTheSettingsWindowChangesASettingInTheFile() throws {
    let settings = tmux.path("settings.toml")
    try "# Ada's settings\nanswer-seconds = 6   # a little longer\nround = 0\n".write(
      toFile: settings, atomically: true, encoding: .utf8)
    // A setting typed on the command line plays now: its line says so beside the file's.
    launch(["--config", settings, "--data-dir", tmux.path("data"), "--answer-seconds", "60"])
    // A bad value is said on the start screen too, where the game's screen would hide the
    // line on standard error.
    tmux.waitForScreen(showing: ["[ Settings ]", "Settings: "])
    XCTAssertTrue(tmux.screen().contains("settings.toml:3: round must be"), tmux.screen())
    tmux.press(",")
    tmux.waitForScreen(showing: [
      "Seconds to answer       6 · now 60 (--answer-seconds)", "Kept in \(settings)",
    ])
    tmux.press("Down")
    tmux.press("Down")
    tmux.press("Right")
    tmux.waitForScreen(showing: [
      "Kept: seconds to answer 8 (from the next launch)",
      "Seconds to answer       ◂ 8 ▸ · now 60 (--answer-seconds)",
    ])
    XCTAssertEqual(
      try String(contentsOfFile: settings, encoding: .utf8),
      "# Ada's settings\nanswer-seconds = 8   # a little longer\nround = 0\n")
    // Backspace: back to the default, the line taken out.
    tmux.press("Down")
    tmux.press("Down")
    tmux.press("Down")
    tmux.press("BSpace")
    tmux.waitForScreen(showing: ["Kept: questions a round back to its default"])
    XCTAssertFalse(tmux.screen().contains("(from the next"), tmux.screen())
    XCTAssertEqual(
      try String(contentsOfFile: settings, encoding: .utf8),
      "# Ada's settings\nanswer-seconds = 8   # a little longer\n")
    for _ in 0..<3 { tmux.press("Up") }
    // The name typed: letters that are commands elsewhere go to it.
    tmux.press("Up")
    tmux.press("Enter")
    tmux.sendLiteral("Ada q")
    tmux.press("Enter")
    tmux.waitForScreen(showing: ["Kept: your name Ada q"])
    XCTAssertTrue(
      try String(contentsOfFile: settings, encoding: .utf8).contains("player = 'Ada q'\n"))
    // A roster folder that is not there is refused, in the window.
    tmux.press("Up")
    tmux.press("Enter")
    tmux.sendLiteral("/no/such/club")
    tmux.press("Enter")
    tmux.waitForScreen(showing: ["Not kept: roster /no/such/club: no such folder"])
    XCTAssertFalse(try String(contentsOfFile: settings, encoding: .utf8).contains("roster"))
    tmux.press("Escape")
    tmux.waitForScreen(showing: ["[ Start ]"])
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
  }
}
