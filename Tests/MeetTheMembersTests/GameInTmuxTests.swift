import Foundation
import Pictures
import SystemPackage
import XCTest

/// The real game in a real terminal (tmux): keys in with send-keys, the screen out with
/// capture-pane, the right answers from the game's own --trace.
final class GameInTmuxTests: GameInTmuxTestCase {
  // MARK: - Tests

  func testTheStartScreenShowsTheRosterAndButtons() {
    launch()
    tmux.waitForScreen(showing: [
      "Meet the Members", "18 members from", "No files skipped", "[ Start ]", "[ Stats ]",
      "[ Quit ]",
    ])
  }

  func testStartLeadsToAQuestionWithFourDifferentNamesAndAPicture() {
    launch(["--seed", "4"])
    let question = startGame()
    XCTAssertEqual(Set(question.options).count, 4)
    tmux.waitForScreen(
      showing: question.options.enumerated().map { index, name in "\(index + 1)  \(name)" })
    tmux.waitForFile("trace.jsonl") { $0.contains("\"event\":\"picture\"") }
    let picture = tmux.waitForScreen("the picture") {
      $0.contains("▀") || $0.contains("▄") || $0.contains("▂")
    }
    XCTAssertTrue(trace.all("picture").first?["ok"] as? Bool == true, picture)
  }

  /// Waits for the line of the button labelled `label` to be lit with `background` (an SGR
  /// code such as "48;5;28m") or, with `lit` false, not; returns the screen.
  @discardableResult
  func waitForButton(
    _ label: String, background: String, lit: Bool, line: UInt = #line
  ) -> String {
    tmux.waitForScreen("\(label) \(lit ? "lit" : "dark")", colors: true, line: line) { screen in
      guard let button = screen.split(separator: "\n").first(where: { $0.contains(label) })
      else { return false }
      return button.contains(background) == lit
    }
  }

  func testARightAnswerScoresAndFlashesGreenAndAWrongOneDoesNot() {
    launch(["--seed", "5", "--reveal-seconds", "1.5"])
    let first = startGame()
    tmux.press("\(first.correct + 1)")
    waitForButton("✓ \(first.options[first.correct])", background: "48;5;28m", lit: true)
    tmux.waitForScreen(showing: ["Score 1", "Right!"])
    waitForButton("✓ \(first.options[first.correct])", background: "48;5;28m", lit: false)
    waitForButton("✓ \(first.options[first.correct])", background: "48;5;28m", lit: true)

    let second = waitForQuestion(2)
    let wrong = (second.correct + 1) % 4
    tmux.press("\(wrong + 1)")
    waitForButton("✗ \(second.options[wrong])", background: "48;5;160m", lit: true)
    tmux.waitForScreen(showing: [
      "Wrong: this is", "Score 1 ", "Streak 0", "✓ \(second.options[second.correct])",
    ])
    waitForButton("✗ \(second.options[wrong])", background: "48;5;160m", lit: false)
  }

  func testNoAnswerTimesOutAndCountsAsWrong() {
    launch(["--seed", "6", "--answer-seconds", "1", "--reveal-seconds", "30"])
    let question = startGame()
    tmux.waitForScreen(showing: [
      "Time's up: this is \(question.options[question.correct])", "Score 0",
    ])
    tmux.press("s")
    tmux.waitForScreen(showing: ["Statistics", "(timed out)", "This session: 1 question,"])
    XCTAssertEqual(trace.all("phase").compactMap { $0["outcome"] as? String }, ["timeout"])
  }

  /// The real 5 s and 2 s: the bar never runs ahead of the clock and shows every step in turn;
  /// by the game's own clock, each step is drawn during its own second.
  func testTheProgressBarIsAtStepNAfterNSeconds() {
    launch(["--seed", "7"])
    let posed = startGame()
    // The answer time runs from the frame with the face, after the question was posed.
    tmux.waitForFile("trace.jsonl") { TraceFile($0).answeringDue(of: 1) != nil }
    let start = trace.answeringDue(of: 1)!
    XCTAssertGreaterThanOrEqual(start, posed.due)
    let faceFrame = trace.all("frame").last { ($0["t"] as? Int ?? 0) <= start }
    XCTAssertNotNil(faceFrame, "no answering phase starts before its picture's frame")
    var seen: [Int] = []
    while monotonicMicroseconds() - start < 5_800_000 {
      let screen = tmux.screen()
      let elapsed = monotonicMicroseconds() - start
      if screen.contains("Question 1"), let bar = screen.split(separator: "\n").first {
        let step = Int((Double(bar.filter { $0 == "█" }.count) / 78 * 5).rounded())
        XCTAssertLessThanOrEqual(step, elapsed / 1_000_000, "step \(step) at \(elapsed) µs")
        if seen.last != step { seen.append(step) }
      }
      usleep(40_000)
    }
    XCTAssertEqual(seen, Array(0...5))
    let frames = trace.all("frame").filter { ($0["t"] as? Int ?? 0) >= start }
    for step in 1...5 {
      let drawn = frames.first { $0["step"] as? Int == step }?["t"] as? Int ?? 0
      let late = drawn - start - step * 1_000_000
      XCTAssertTrue((0..<1_000_000).contains(late), "step \(step) drawn \(late) µs after its time")
    }
    let next = waitForQuestion(2)
    let end = trace.all("phase").first { $0["phase"] as? String == "revealing" }?["due"] as? Int
    XCTAssertEqual(end.map { $0 - start }, 5_000_000, "the time out is due 5 s after the face")
    XCTAssertEqual(end.map { next.due - $0 }, 2_000_000, "the next question 2 s later")
  }

  func testPauseFreezesTheCountdownAndResumeGoesOnWithTheScoreAtZero() {
    launch(["--seed", "8", "--answer-seconds", "2", "--reveal-seconds", "0.5"])
    let first = startGame()
    tmux.press("\(first.correct + 1)")
    tmux.waitForScreen("score 1") { $0.contains("Score 1") }
    waitForQuestion(2)
    tmux.press("p")
    let paused = tmux.waitForScreen(showing: ["[ Resume ]", "Paused"])
    let bar = paused.split(separator: "\n").first!
    usleep(2_500_000)
    let later = tmux.screen()
    XCTAssertEqual(later.split(separator: "\n").first!, bar, "the bar did not move")
    XCTAssertTrue(later.contains("Question 2"), later)
    XCTAssertTrue(later.contains("Score 1"), later)
    tmux.press("p")
    tmux.waitForScreen(showing: ["[ Pause ]", "Score 0"])
    tmux.waitForScreen("the countdown going on") {
      $0.contains("Time's up") || $0.contains("Question 3")
    }
  }

  func testStatsShowTheLongestStreakAndTheLastThree() {
    launch(["--seed", "9", "--reveal-seconds", "0.2"])
    var question = startGame()
    var names: [String] = []
    for (number, right) in [(1, true), (2, true), (3, false), (4, true)] {
      if number > 1 { question = waitForQuestion(number) }
      let choice = right ? question.correct : (question.correct + 1) % 4
      names.append(question.options[question.correct])
      tmux.press("\(choice + 1)")
      tmux.waitForFile("trace.jsonl") {
        TraceFile($0).all("phase").filter { $0["phase"] as? String == "revealing" }.count == number
      }
    }
    tmux.press("s")
    let stats = tmux.waitForScreen(showing: [
      "Statistics", "longest streak 2", "Last 3 results:", "✓ \(names[3])",
      "✗ \(names[2]) (you chose", "✓ \(names[1])",
    ])
    XCTAssertFalse(stats.contains("✓ \(names[0])\n"), "only the last three")
  }

  func testResizingMidQuestionRedrawsAndATooSmallWindowSaysSo() {
    launch(["--seed", "10"])
    startGame()
    tmux.resize(columns: 120, rows: 40)
    tmux.waitForScreen("the wider screen") {
      $0.split(separator: "\n", omittingEmptySubsequences: false).count >= 40
        && $0.contains("[ Stats ]") && $0.contains("Question 1")
        && $0.split(separator: "\n").contains { $0.count > 100 }
    }
    tmux.waitForFile("trace.jsonl") { $0.contains("\"columns\":120") }
    tmux.resize(columns: 30, rows: 10)
    tmux.waitForScreen(showing: ["30x10 now", "40x16 needed", "The game is paused"])
    tmux.resize(columns: 80, rows: 24)
    tmux.waitForScreen("the game again, paused") { $0.contains("[ Resume ]") }
  }

  /// Brings the suspended game back with `fg`, checks it is paused, quits and checks the
  /// terminal is as it was.
  func bringBackPausedAndQuit(line: UInt = #line) {
    tmux.typeLine("fg")
    tmux.waitForScreen(showing: ["[ Resume ]", "Question 1", "Paused"], line: line)
    tmux.press("q")
    let exit = waitForExit()
    XCTAssertEqual(exit.status, "0", line: line)
    XCTAssertTrue(exit.restored, "stty -g differs after the game", line: line)
  }

  func testCtrlZSuspendsAndFgBringsTheGameBackPaused() {
    launch(["--seed", "11"])
    startGame()
    tmux.press("C-z")
    tmux.waitForScreen("the shell") { $0.contains("Stopped") }
    bringBackPausedAndQuit()
  }

  /// After Ctrl-Z and `bg` the shell owns the terminal: the game, running in the background,
  /// draws nothing until `fg`.
  func testInTheBackgroundTheGameLeavesTheTerminalToTheShell() {
    launch(["--seed", "11"])
    startGame()
    tmux.press("C-z")
    tmux.waitForScreen("the shell") { $0.contains("Stopped") }
    tmux.typeLine("bg")
    let continued = { (trace: TraceFile) in
      trace.events.firstIndex {
        $0["event"] as? String == "signal" && $0["signal"] as? String == "SIGCONT"
      }
    }
    tmux.waitForFile("trace.jsonl") { continued(TraceFile($0)) != nil }
    tmux.typeLine("echo still-the-shell")
    let screen = tmux.waitForScreen("the shell's own output") {
      $0.contains("\nstill-the-shell")
    }
    XCTAssertFalse(screen.contains("Question 1"), screen)
    let trace = self.trace
    let afterBg = trace.events[(continued(trace) ?? 0)...]
    XCTAssertFalse(afterBg.contains { $0["event"] as? String == "frame" }, "drew in the background")
    bringBackPausedAndQuit()
  }

  func testARoundEndsWithTheFinishedSceneAndEnterPlaysTheNext() {
    launch(["--seed", "12", "--reveal-seconds", "0.2", "--round", "2"])
    let first = startGame()
    tmux.press("\(first.correct + 1)")
    let second = waitForQuestion(2)
    tmux.press("\(second.correct + 1)")
    tmux.waitForScreen(showing: ["Round 1 finished", "2 of 2 · Perfect!", "Nobody missed."])
    tmux.press("Enter")
    waitForQuestion(3)
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
  }

  func testAMouseClickPressesAButton() {
    launch(["--seed", "15"])
    let screen = tmux.screen()
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let row = lines.firstIndex { $0.contains("[ Start ]") }!
    let column = lines[row].distance(
      from: lines[row].startIndex, to: lines[row].range(of: "[ Start ]")!.lowerBound)
    // An X10 mouse report of a left button press at 1-based column and row.
    let x10 =
      "\u{1B}[M" + String(UnicodeScalar(UInt8(32)))
      + String(UnicodeScalar(UInt8(33 + column + 2))) + String(UnicodeScalar(UInt8(33 + row)))
    tmux.sendLiteral(x10)
    waitForQuestion(1)
  }

  func testColoursFollowTheTerminal() {
    let cases = [
      ("COLORTERM=truecolor", "truecolor", "38;2;"), ("", "240", "38;5;"),
      ("NO_COLOR=1", "none", nil),
    ]
    for (environment, colors, sequence) in cases {
      try? FileManager.default.removeItem(atPath: tmux.path("trace.jsonl"))
      launch(["--seed", "17"], environment: environment)
      startGame()
      XCTAssertEqual(trace.all("start").first?["colors"] as? String, colors, environment)
      tmux.waitForFile("trace.jsonl") { $0.contains("\"event\":\"picture\"") }
      let screen = tmux.waitForScreen("the picture in \(colors) colours", colors: true) {
        screen in
        ["▀", "▄", "▂", "▌"].contains { screen.contains($0) }
          && sequence.map { screen.contains($0) } ?? true
      }
      if colors == "truecolor" {
        // The grey of the hints as RGB, not palette entry 8 sent as RGB 0,0,8 (nearly black).
        let hint = screen.split(separator: "\n").first { $0.contains("? help") } ?? ""
        XCTAssertTrue(hint.contains("38;2;128;128;128"), "the hint's grey: \(hint)")
      }
      if sequence == nil {
        XCTAssertFalse(screen.contains("38;"), "\(environment): colours in\n\(screen)")
        XCTAssertFalse(screen.contains("48;"), "\(environment): colours in\n\(screen)")
      }
      tmux.press("q")
      waitForTheShell()
    }
  }

  /// A photo whose header is fine but whose data is cut short passes the roster's check and
  /// fails only when the game decodes it: its member leaves the game.
  func testAPhotoThatFailsMidGameTakesItsMemberOut() throws {
    let club = tmux.path("club")
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    let sample = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("../../Resources/sample-club").standardized.path
    for name in ["kofi_mensah.png", "Costa, Mateus.png", "Zoë Laurent.png", "Yuki Tanaka.png"] {
      try FileManager.default.copyItem(atPath: "\(sample)/\(name)", toPath: "\(club)/\(name)")
    }
    var image = RGBAImage(width: 600, height: 600, filledWith: (90, 120, 200, 255))
    for y in 0..<600 {
      for x in 0..<600 where (x / 7 + y / 5) % 3 == 0 { image[x, y] = (250, 20, 20, 255) }
    }
    let jpeg = try PictureFile.encodeJPEG(image)
    try PictureFile.writeBytes(
      Array(jpeg.prefix(jpeg.count / 3)), to: FilePath("\(club)/Ann Broken.jpg"))

    launch(["--seed", "19", "--reveal-seconds", "0.1", club])
    tmux.waitForScreen(showing: ["5 members from"])
    var question = startGame()
    var number = 1
    while !trace.all("picture").contains(where: { $0["ok"] as? Bool == false }) && number < 8 {
      tmux.press("\(question.correct + 1)")
      question = waitForQuestion(question.number + 1)
      number += 1
    }
    let failure = try XCTUnwrap(trace.all("picture").first { $0["ok"] as? Bool == false })
    XCTAssertEqual(failure["member"] as? String, "Ann Broken.jpg")
    let after = trace.all("question").count
    for _ in 0..<6 {
      tmux.press("\(trace.lastQuestion!.correct + 1)")
      number = trace.lastQuestion!.number + 1
      waitForQuestion(number)
    }
    let later = trace.all("question").dropFirst(after)
    XCTAssertFalse(later.contains { $0["member"] as? String == "Ann Broken" })
    let numbers = trace.all("question").compactMap { $0["number"] as? Int }
    XCTAssertEqual(Set(numbers), Set(1...numbers.max()!), "no number skipped")
    tmux.press("Escape")
    tmux.waitForScreen(showing: ["[ Start ]", "4 members from", "1 file skipped"])
  }

  func testDownChoosesAGroupOnTheStartScreenAndStartPlaysIt() throws {
    let club = tmux.path("club")
    let sample = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("../../Resources/sample-club").standardized.path
    let recruits = [
      "Aiyana Redcloud.png", "Amara Okafor.png", "Anna Kowalska.png", "Costa, Mateus.png",
    ]
    let others = ["kofi_mensah.png", "Zoë Laurent.png", "Yuki Tanaka.png", "Diego Ramírez.png"]
    for (folder, names) in [("\(club)/recruits", recruits), (club, others)] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for name in names {
        try FileManager.default.copyItem(atPath: "\(sample)/\(name)", toPath: "\(folder)/\(name)")
      }
    }
    launch(["--seed", "21", "--reveal-seconds", "0.1", club])
    tmux.waitForScreen(showing: ["▸ Everyone  8", "recruits  4", "↑↓ group"])
    tmux.press("Down")
    tmux.waitForScreen(showing: ["▸ recruits  4"])
    var question = startGame()
    let names: Set = ["Aiyana Redcloud", "Amara Okafor", "Anna Kowalska", "Mateus Costa"]
    for _ in 0..<5 {
      XCTAssertEqual(Set(question.options), names, "a group of four: its own names")
      tmux.press("\(question.correct + 1)")
      question = waitForQuestion(question.number + 1)
    }
    let asked = Set(trace.all("question").compactMap { $0["member"] as? String })
    XCTAssertTrue(asked.isSubset(of: names), "\(asked)")
  }

  func testLosingFocusPausesTheGame() {
    launch(["--seed", "16"])
    startGame()
    tmux.sendLiteral("\u{1B}[O")  // what a terminal with focus reports sends
    tmux.waitForScreen(showing: ["[ Resume ]", "Paused"])
  }

  func testANonUTF8LocaleGetsASCIIOnly() {
    launch(["--seed", "20", "--reveal-seconds", "5"], environment: "LC_ALL=C LANG=C")
    let question = startGame()
    XCTAssertEqual(trace.all("start").first?["symbols"] as? String, "ascii")
    tmux.press("\(question.correct + 1)")
    let screen = tmux.waitForScreen(showing: ["+ Right! "])
    // Symbols, picture and names alike: names are spelt in Latin letters.
    XCTAssertTrue(screen.allSatisfy(\.isASCII), screen)
    let name = question.options[question.correct]
    XCTAssertTrue(screen.contains("+ Right! \(name.allSatisfy(\.isASCII) ? name : "")"), screen)
  }

  func testWithoutAUsableTerminalTheGameSaysSoInOneLine() {
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    let cases = [
      ("TERM=dumb", "Error: TERM is dumb: this terminal cannot place the cursor"),
      ("TERM=no-such-terminal", "Error: TERM=no-such-terminal: no terminfo entry for this"),
      ("env -u TERM", "Error: TERM is not set: cannot tell what the terminal can do"),
    ]
    for (number, (environment, message)) in cases.enumerated() {
      tmux.typeLine("clear; \(environment) '\(binary)'; echo status-\(number)=$?")
      tmux.waitForScreen(showing: [message, "status-\(number)=1"])
    }
  }
}
