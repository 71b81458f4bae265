import GameEngine
import Pictures
import Settings
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The settings window: each setting on a line, changed with Left and Right or typed, kept
/// in the file through an effect, the file's place said.
final class SettingsWindowTests: XCTestCase {
  /// A setting's line as the window writes it: its label padded as the longest, its value.
  private func setting(_ label: String, _ value: String) -> String {
    let width = SettingLine.all.map { DisplayWidth.of($0.label) }.max() ?? 0
    return DisplayWidth.pad(label, to: width) + "  " + value
  }

  private let file = SettingsFile(
    path: "/home/ada/.config/meet-the-members/config.toml",
    values: ["roster": "/home/ada/chess-club", "answer-seconds": "7", "round": "all"])

  func testTheWindowShowsEverySettingAndWhereTheFileIs() throws {
    var model = makeModel(settings: file)
    XCTAssertNotNil(cell(of: "[ Settings ]", in: model.frame), model.frame.text)
    // In the smallest window, Settings has a row of its own under the others.
    let small = makeModel(size: Layout.minimum, settings: file).frame
    assertSnapshot(small, named: "start-settings-minimum")
    let settings = try XCTUnwrap(cell(of: "[ Settings ]", in: small))
    XCTAssertEqual(cell(of: "[ Start ]", in: small)?.row, settings.row - 1)
    model.handle(.key(.character(",")), at: .zero)
    XCTAssertEqual(model.overlay, .settings)
    let frame = model.frame
    assertSnapshot(frame, named: "settings-80x24", withStyles: .colors240)
    for line in [
      setting("Roster", "/home/ada/chess-club"), setting("Your name", "your account's (default)"),
      setting("Seconds to answer", "7"), setting("Questions a round", "all"),
      "Kept in /home/ada/.config/meet-the-members/config.toml",
      "Rules apply at once; the roster, faces and colours at the next launch.",
    ] {
      XCTAssertNotNil(cell(of: line, in: frame), "\(line)\n\(frame.text)")
    }
    assertSnapshot(
      {
        var small = makeModel(size: Layout.minimum, settings: file)
        small.handle(.key(.character(",")), at: .zero)
        return small.frame
      }(), named: "settings-minimum")
    // Without a settings file (no home): no button, and , does nothing.
    var none = makeModel()
    XCTAssertNil(cell(of: "[ Settings ]", in: none.frame))
    none.handle(.key(.character(",")), at: .zero)
    XCTAssertNil(none.overlay)
  }

  /// A setting typed on the command line plays now, whatever the file holds: its line says
  /// so beside the file's value, and says nothing when the two are the same.
  func testASettingTypedOnTheCommandLineIsSaidBesideTheFilesValue() throws {
    var launched = file
    launched.thisLaunch = [
      "answer-seconds": "60", "colors": "16", "round": "all", "reveal-seconds": "5",
    ]
    // Played by the file's settings under the command line's, as a launch plays.
    var model = makeModel(
      rules: Rules(settings: launched.values.merging(launched.thisLaunch) { $1 }),
      settings: launched)
    model.handle(.key(.character(",")), at: .zero)
    let frame = model.frame
    for line in [
      setting("Seconds to answer", "7 · now 60 (--answer-seconds)"),
      // A default with its value where the line has room, else by that word alone.
      setting("Seconds a reveal shows", "2 (default) · now 5 (--reveal-seconds)"),
      setting("Colours", "default · now 16 (--colors)"),
      setting("Questions a round", "all"),
    ] {
      XCTAssertNotNil(cell(of: line, in: frame), "\(line)\n\(frame.text)")
    }
    XCTAssertNil(cell(of: "now all", in: frame), frame.text)
    // The same value however typed says nothing; the arrows are round the file's value, the
    // one Left and Right change.
    launched.thisLaunch = ["answer-seconds": "7.0", "round": "ALL", "colors": "16"]
    var same = makeModel(settings: launched)
    same.handle(.key(.character(",")), at: .zero)
    let colors = try XCTUnwrap(SettingLine.all.firstIndex { $0.key == "colors" })
    for _ in 0..<colors { same.handle(.key(.down), at: .zero) }
    let seen = same.frame
    XCTAssertNil(cell(of: "now 7.0", in: seen), seen.text)
    XCTAssertNil(cell(of: "now ALL", in: seen), seen.text)
    let arrows = unicodeLook.stepper
    XCTAssertNotNil(
      cell(of: "\(arrows.left) default \(arrows.right) · now 16 (--colors)", in: seen), seen.text)
    // A rule typed on the command line keeps playing for this launch when the file's changes;
    // the file's other rules play at once, under the command line's.
    model.handle(.settingSaved(key: "answer-seconds", value: "8", failure: nil), at: .seconds(1))
    XCTAssertNotNil(
      cell(of: "Kept: seconds to answer 8 (from the next launch)", in: model.frame),
      model.frame.text)
    XCTAssertEqual(model.model.session.rules.answerTime, .seconds(60))
    model.handle(.settingSaved(key: "type-seconds", value: "30", failure: nil), at: .seconds(2))
    XCTAssertEqual(model.model.session.rules.typingTime, .seconds(30))
    XCTAssertEqual(model.model.session.rules.answerTime, .seconds(60))
    XCTAssertEqual(model.model.session.rules.roundLength, .everyone)
  }

  /// A rule the file holds that the table refuses (typed in the file by hand) gives way to its
  /// default when the window plays the file's rules, as at the launch (it crashed the game),
  /// and the quiz's kind chosen with `k` is no rule of learn mode.
  func testTheRulesPlayedAtOnceAreTheCheckedOnesAndNotTheQuizsKind() {
    let bad = SettingsFile(path: file.path, values: ["answer-seconds": "0", "round": "0"])
    var model = makeModel(settings: bad)
    model.handle(.key(.character("k")), at: .zero)
    model.handle(.settingSaved(key: "reveal-seconds", value: "3", failure: nil), at: .seconds(1))
    let rules = model.model.session.rules
    XCTAssertEqual(rules.revealTime, .seconds(3))
    XCTAssertEqual(rules.answerTime, .seconds(5), "the default, as at the launch")
    XCTAssertEqual(rules.roundLength, .questions(10))
    XCTAssertNil(rules.questionKinds, "k chose the quiz's kind, not learn mode's")
    XCTAssertNotEqual(model.model.session.quizKinds, .names, "k's choice stays the quiz's")
  }

  /// A roster typed on the command line plays for this launch: the Roster line says so (a
  /// play-test read "the sample club (default)" while its own folder played), a password in
  /// it hidden as in the file's.
  func testARosterTypedOnTheCommandLineIsSaidAsPlayingNow() throws {
    var launched = SettingsFile(path: file.path, values: [:])
    launched.thisLaunch = ["roster": "/home/ada/chess"]
    var model = makeModel(settings: launched)
    model.handle(.key(.character(",")), at: .zero)
    XCTAssertNotNil(
      cell(
        of: setting("Roster", "default · now /home/ada/chess (the command line)"), in: model.frame),
      model.frame.text)
    // A path too long for the line loses its start, not the reason it plays (a play-test saw
    // "(the command line)" cut off).
    launched.thisLaunch = ["roster": "/home/ada/clubs/chess/members-of-the-season/2026/sample-club"]
    model = makeModel(settings: launched)
    model.handle(.key(.character(",")), at: .zero)
    XCTAssertNotNil(
      cell(of: "default · now …", in: model.frame), model.frame.text)
    XCTAssertNotNil(
      cell(of: "sample-club (the command line)", in: model.frame), model.frame.text)
    // The file's roster and the one typed, both long: each loses its start, the one playing
    // keeping its end and the reason.
    launched = SettingsFile(
      path: file.path, values: ["roster": "/home/ada/clubs/members-of-the-season/chess-club"])
    launched.thisLaunch = ["roster": "/home/ada/clubs/members-of-the-season/go-club"]
    model = makeModel(settings: launched)
    model.handle(.key(.character(",")), at: .zero)
    XCTAssertNotNil(cell(of: "chess-club · now …", in: model.frame), model.frame.text)
    XCTAssertNotNil(cell(of: "go-club (the command line)", in: model.frame), model.frame.text)
    launched = SettingsFile(path: file.path, values: [:])
    launched.thisLaunch = ["roster": "https://ann:secret@club.example/roster.json"]
    model = makeModel(settings: launched)
    model.handle(.key(.character(",")), at: .zero)
    XCTAssertFalse(model.frame.text.contains("secret"), model.frame.text)
    XCTAssertTrue(model.frame.text.contains("roster.json (the command line)"), model.frame.text)
  }

  /// The quiz's kind chosen by k on the start screen plays now: the window says so, and by
  /// which key; back at the file's kind it says nothing.
  func testTheQuizsKindChosenOnTheStartScreenIsSaidAsPlayingNow() {
    var model = makeModel(settings: file)
    model.handle(.key(.character("k")), at: .zero)
    model.handle(.key(.character(",")), at: .zero)
    XCTAssertNotNil(
      cell(of: setting("What is asked", "default · now faces (k)"), in: model.frame),
      model.frame.text)
    var chosen = file
    chosen.values["kind"] = "typing"
    model = makeModel(settings: chosen)
    model.handle(.key(.character("k")), at: .zero)
    model.handle(.key(.character("k")), at: .zero)
    model.handle(.key(.character(",")), at: .zero)
    XCTAssertNotNil(cell(of: setting("What is asked", "typing"), in: model.frame))
    XCTAssertNil(cell(of: "now typing", in: model.frame), model.frame.text)
  }

  /// What is wrong with the file is said on the start screen with the file by its name (the
  /// window says where it is), and how many more there are.
  func testTheStartScreenSaysTheFirstProblemOfTheFileByItsName() {
    func startScreen(columns: Int) -> String {
      let warnings = [
        "\(file.path):3: round must be all or a number, not 0; its default is used",
        "\(file.path):4: colour is not a setting",
      ]
      var model = TestModel(
        model: AppModel(
          session: Session(questions: try! QuestionGenerator(members: clubMembers, seed: 3)),
          roster: sampleRoster, appearance: unicodeLook,
          size: CellSize(columns: columns, rows: 30), settings: file,
          settingsWarnings: warnings),
        suppliesPictures: true)
      model.handle(.launched, at: .zero)
      return model.frame.text
    }
    let text = startScreen(columns: 120)
    XCTAssertTrue(
      text.contains("Settings: config.toml:3: round must be all or a number, not 0"), text)
    XCTAssertTrue(text.contains("(1 more)"), text)
    XCTAssertFalse(text.contains("/home/ada/.config"), text)
    // Too long for the window: the problem is cut, the count of the others kept.
    let narrow = startScreen(columns: 60)
    XCTAssertTrue(
      narrow.contains("Settings: config.toml:3: round must be all or a … (1 more)"), narrow)
  }

  func testLeftAndRightStepAValueAndEachChangeIsKept() throws {
    var model = makeModel(settings: file)
    model.handle(.press(.settings), at: .zero)
    for _ in 0..<2 { model.handle(.key(.down), at: .zero) }
    // 7 is between the choices 6 and 8: Right goes to 8, Left from there to 6.
    let effects = model.handleAlone(.key(.right), at: .seconds(1))
    XCTAssertTrue(effects.contains(.saveSetting(key: "answer-seconds", value: "8")), "\(effects)")
    model.handle(.settingSaved(key: "answer-seconds", value: "8", failure: nil), at: .seconds(1))
    XCTAssertNotNil(
      cell(of: setting("Seconds to answer", "◂ 8 ▸"), in: model.frame), model.frame.text)
    // A rule of the game plays at once (a play-test wanted more seconds then, not at the
    // next launch).
    XCTAssertNotNil(cell(of: "Kept: seconds to answer 8", in: model.frame), model.frame.text)
    XCTAssertNil(cell(of: "from the next launch", in: model.frame), model.frame.text)
    XCTAssertEqual(model.model.session.rules.answerTime, .seconds(8))
    model.handle(.key(.left), at: .seconds(2))
    XCTAssertEqual(model.model.settingsFile?.values["answer-seconds"], "6")
    // A change the file refuses is said, and the value stays. The window says where the file
    // is: the reason is said without its path, which would push it out of the window.
    model.handle(
      .settingSaved(
        key: "answer-seconds", value: "5",
        failure: "\(file.path): cannot be written (Permission denied)"),
      at: .seconds(3))
    XCTAssertEqual(model.model.settingsFile?.values["answer-seconds"], "6")
    XCTAssertNotNil(
      cell(of: "Not kept: cannot be written (Permission denied)", in: model.frame),
      model.frame.text)
    // A click on a line chooses it and steps it on.
    let frame = model.frame
    let round = try XCTUnwrap(cell(of: "Questions a round", in: frame))
    XCTAssertEqual(frame.control(atColumn: round.column, row: round.row), .setting(5))
    model.handle(.press(.setting(5)), at: .seconds(4))
    XCTAssertEqual(model.model.settingsFile?.values["round"], "all", "all is the last choice")
    XCTAssertEqual(model.model.settingsWindow.selected, 5)
  }

  /// Backspace puts the chosen setting back to its default: the file's line is taken out
  /// (stepping could only choose another value, and for the quiz's kind none is the
  /// default, which differs between the quiz and learn mode).
  func testBackspacePutsASettingBackToItsDefault() throws {
    var model = makeModel(settings: file)
    model.handle(.press(.settings), at: .zero)
    XCTAssertNotNil(cell(of: "Backspace: the default", in: model.frame), model.frame.text)
    for _ in 0..<2 { model.handle(.key(.down), at: .zero) }
    let effects = model.handleAlone(.key(.backspace), at: .seconds(1))
    XCTAssertTrue(effects.contains(.saveSetting(key: "answer-seconds", value: nil)), "\(effects)")
    model.handle(.settingSaved(key: "answer-seconds", value: nil, failure: nil), at: .seconds(1))
    XCTAssertNil(model.model.settingsFile?.values["answer-seconds"])
    XCTAssertNotNil(
      cell(of: setting("Seconds to answer", "◂ 5 (default) ▸"), in: model.frame),
      model.frame.text)
    XCTAssertNotNil(
      cell(of: "Kept: seconds to answer back to its default", in: model.frame), model.frame.text)
    XCTAssertEqual(model.model.session.rules.answerTime, .seconds(5))
    // At its default already: said, and nothing written.
    let again = model.handleAlone(.key(.backspace), at: .seconds(2))
    XCTAssertFalse(again.contains { if case .saveSetting = $0 { true } else { false } }, "\(again)")
    XCTAssertNotNil(
      cell(of: "Seconds to answer is at its default already", in: model.frame), model.frame.text)
  }

  /// A club's URL with a password shows the password as dots, in its line and in what the
  /// window says of it kept; the file keeps it (the game needs it to fetch the roster).
  func testARostersPasswordIsNotShown() throws {
    let url = "https://ann:s3cret@club.example.org/roster.json"
    var model = makeModel(
      settings: SettingsFile(path: file.path, values: ["roster": url]))
    model.handle(.press(.settings), at: .zero)
    let masked = "https://ann:•••@club.example.org/roster.json"
    XCTAssertNotNil(cell(of: setting("Roster", masked), in: model.frame), model.frame.text)
    model.handle(.settingSaved(key: "roster", value: url, failure: nil), at: .seconds(1))
    XCTAssertNotNil(cell(of: "Kept: roster \(masked)", in: model.frame), model.frame.text)
    XCTAssertFalse(model.frame.text.contains("s3cret"), model.frame.text)
    XCTAssertEqual(model.model.settingsFile?.values["roster"], url)
    // Typed anew: the field starts with the dots, which keep the password unless another is
    // typed in their place.
    model.handle(.key(.enter), at: .seconds(2))
    XCTAssertEqual(model.model.settingsWindow.editing?.text, masked)
    XCTAssertFalse(model.frame.text.contains("s3cret"), model.frame.text)
    XCTAssertFalse(
      model.handleAlone(.key(.enter), at: .seconds(3)).contains {
        if case .saveSetting = $0 { true } else { false }
      }, "nothing changed")
    model.handle(.key(.enter), at: .seconds(4))
    model.handle(.key(.character("x")), at: .seconds(4))
    XCTAssertTrue(
      model.handleAlone(.key(.enter), at: .seconds(5)).contains(
        .saveSetting(key: "roster", value: "https://ann:s3cret@club.example.org/roster.jsonx")))
    XCTAssertEqual(
      SettingKind.place.unmasked("https://bob:•••@club.example.org/", kept: url),
      "https://bob:s3cret@club.example.org/")
    XCTAssertEqual(
      SettingKind.place.unmasked("https://ann:new@club.example.org/", kept: url),
      "https://ann:new@club.example.org/")
    // Only a URL's password: a folder, a URL without one, an @ in its path stay as they are.
    for (value, shown) in [
      ("http://bob:pw@[::1]:8080/r.json?x=a:b@c", "http://bob:•••@[::1]:8080/r.json?x=a:b@c"),
      ("https://:pw@club.example.org/", "https://:•••@club.example.org/"),
      ("https://ann@club.example.org/", "https://ann@club.example.org/"),
      ("https://club.example.org/a:b@c", "https://club.example.org/a:b@c"),
      ("/home/ada/club:2024@home", "/home/ada/club:2024@home"),
    ] {
      XCTAssertEqual(SettingKind.place.shown(value), shown)
      XCTAssertEqual(SettingKind.name.shown(value), value)
    }
  }

  /// In the smallest window, with groups to list, the club offered and the Settings row of
  /// its own, the buttons and the hints still show: the list of groups gives way.
  func testTheSmallestStartScreenKeepsItsButtonsAndHints() throws {
    let crowd = (0..<40).map {
      Member(id: MemberID("c\($0)"), name: "Person \($0)", group: "group \($0 % 8)")
    }
    let frame = makeModel(
      size: Layout.minimum, members: crowd, offersClub: true, settings: file
    ).frame
    XCTAssertNotNil(cell(of: "[ Settings ]", in: frame), frame.text)
    XCTAssertNotNil(cell(of: "[ Start ]", in: frame), frame.text)
    XCTAssertEqual(cell(of: "Enter press", in: frame)?.row, Layout.minimum.rows - 1, frame.text)
  }

  /// A value typed in the file between two choices steps to its neighbours; one beyond the
  /// choices stays where it is.
  func testStepsGoToTheNeighboursAndStopAtTheEnds() throws {
    let seconds = try XCTUnwrap(SettingLine.all.first { $0.key == "answer-seconds" })
    XCTAssertEqual(seconds.stepped(from: "7", by: 1), "8")
    XCTAssertEqual(seconds.stepped(from: "7", by: -1), "6")
    XCTAssertEqual(seconds.stepped(from: "2.5", by: -1), "2.5")
    XCTAssertEqual(seconds.stepped(from: "2.5", by: 1), "3")
    XCTAssertEqual(seconds.stepped(from: "60", by: 1), "60")
    XCTAssertEqual(seconds.stepped(from: "60", by: -1), "30")
    XCTAssertEqual(seconds.stepped(from: nil, by: 1), "6", "from the default, 5")
    XCTAssertEqual(seconds.stepped(from: "30", by: 1), "30")
  }

  func testANameIsTypedAndEscLeavesItAsItWas() throws {
    var model = makeModel(settings: file)
    model.handle(.press(.settings), at: .zero)
    model.handle(.key(.down), at: .zero)
    model.handle(.key(.enter), at: .zero)
    // Letters that are commands elsewhere are letters here.
    for character in "Ada q" { model.handle(.key(.character(character)), at: .zero) }
    model.handle(.key(.backspace), at: .zero)
    XCTAssertFalse(model.hasQuit)
    XCTAssertNotNil(cell(of: setting("Your name", "Ada "), in: model.frame), model.frame.text)
    model.handle(.key(.enter), at: .seconds(1))
    XCTAssertTrue(model.log.contains(.saveSetting(key: "player", value: "Ada")), "\(model.log)")
    XCTAssertEqual(model.model.settingsFile?.values["player"], "Ada")
    model.handle(.settingSaved(key: "player", value: "Ada", failure: nil), at: .seconds(1))
    XCTAssertNotNil(cell(of: "Kept: your name Ada", in: model.frame), model.frame.text)
    model.handle(.key(.enter), at: .seconds(2))
    XCTAssertNil(cell(of: "Kept:", in: model.frame), "typing again, the last change is not said")
    for character in "Bob" { model.handle(.key(.character(character)), at: .seconds(2)) }
    model.handle(.key(.escape), at: .seconds(2))
    XCTAssertEqual(model.overlay, .settings, "Esc leaves the name, not the window")
    XCTAssertEqual(model.model.settingsFile?.values["player"], "Ada")
    model.handle(.key(.escape), at: .seconds(3))
    XCTAssertNil(model.overlay)
  }
}
