import Foundation
import History
import Pictures
import SystemPackage
import XCTest

/// The real game in a real terminal (tmux): keys in with send-keys, the screen out with
/// capture-pane, the right answers from the game's own --trace.
/// The game ending in a real terminal, every way it can: q, Ctrl-C, a signal, a crash, the
/// terminal going away. The terminal is restored each time.
final class GameEndsInTmuxTests: GameInTmuxTestCase {
  /// The terminal closing under a running game ends it: nothing is left running or stopped.
  func testWhenTheTerminalGoesAwayTheGameEnds() throws {
    launch(["--seed", "10"])
    startGame()
    let pid = try XCTUnwrap(trace.all("start").first?["pid"] as? Int)
    tmux.stop()
    var alive = true
    for _ in 0..<500 where alive {
      var status = ""
      if let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) {
        status = String(text.split(separator: ")").last?.split(separator: " ").first ?? "")
      }
      alive = !status.isEmpty && status != "Z"
      if alive { usleep(20_000) }
    }
    if alive { kill(pid_t(pid), SIGKILL) }
    XCTAssertFalse(alive, "the game is still there after its terminal closed")
  }

  /// Launches a game, answers its first question right and presses `key` at the second:
  /// how it ended.
  private func answerOneAndPress(
    _ key: String, seed: Int, arguments: [String], errors: String? = nil
  ) -> (status: String, restored: Bool) {
    launch(["--seed", "\(seed)", "--reveal-seconds", "0.2"] + arguments, errors: errors)
    let question = startGame()
    tmux.press("\(question.correct + 1)")
    waitForQuestion(2)
    tmux.press(key)
    return waitForExit()
  }

  func testQuitRestoresTheTerminalAndPrintsASummary() throws {
    let exit = answerOneAndPress("q", seed: 12, arguments: ["--data-dir", tmux.path("data")])
    XCTAssertEqual(exit.status, "0")
    XCTAssertTrue(exit.restored, "stty -g differs after the game")
    let screen = tmux.waitForScreen(showing: ["1 question played, 1 right, longest streak 1."])
    XCTAssertFalse(screen.contains("[ Start ]"), "the main screen is back:\n\(screen)")
    // The history closed as the game ended: the answer is in the file itself, its log
    // emptied into it, not left in the log alone.
    let file = tmux.path("data") + "/" + History.fileName
    let size = (try? FileManager.default.attributesOfItem(atPath: file + "-wal")[.size] as? Int)
    XCTAssertEqual(size ?? 0, 0, "the log's bytes left after the game")
    XCTAssertEqual(try History(folder: tmux.path("data"), access: .readOnly).answers().count, 1)
  }

  func testSIGTERMRestoresTheTerminal() throws {
    launch(["--seed", "13"])
    startGame()
    let pid = try XCTUnwrap(trace.all("start").first?["pid"] as? Int)
    kill(pid_t(pid), SIGTERM)
    let exit = waitForExit()
    XCTAssertEqual(exit.status, "143")
    XCTAssertTrue(exit.restored, "stty -g differs after the game")
  }

  /// Ctrl-\ (SIGQUIT from the terminal) ends the game as SIGTERM does: the terminal
  /// restored, no backtrace over the screen.
  func testCtrlBackslashEndsTheGameAndRestoresTheTerminal() throws {
    let exit = answerOneAndPress("C-\\", seed: 14, arguments: [], errors: "stderr.txt")
    XCTAssertEqual(exit.status, "\(128 + SIGQUIT)")
    XCTAssertTrue(exit.restored, "stty -g differs after the game")
    XCTAssertEqual(
      tmux.tmux("display", "-p", "-t", "game", "#{alternate_on} #{keypad_flag}").output, "0 0\n")
    let errors = try String(contentsOfFile: tmux.path("stderr.txt"), encoding: .utf8)
    XCTAssertFalse(errors.contains("crashed"), errors)
    XCTAssertEqual(trace.all("signal").last?["signal"] as? String, "SIGQUIT")
  }

  /// A crash signal: the handler puts the terminal back before the process dies of it.
  func testACrashStillRestoresTheTerminal() throws {
    // As a player runs it: the Swift runtime's backtracer is not asked for, so the game ends
    // with the signal at once instead of asking on the terminal whether to debug.
    for (number, signal) in [(18, SIGSEGV), (19, SIGABRT)] {
      for file in ["trace.jsonl", "status.txt", "after.txt", "stderr.txt"] {
        try? FileManager.default.removeItem(atPath: tmux.path(file))
      }
      tmux.typeLine("clear")
      launch(["--seed", "\(number)"], errors: "stderr.txt")
      startGame()
      XCTAssertEqual(tmux.tmux("display", "-p", "-t", "game", "#{keypad_flag}").output, "1\n")
      let pid = try XCTUnwrap(trace.all("start").first?["pid"] as? Int)
      kill(pid_t(pid), signal)
      tmux.waitForScreen("the shell's prompt") {
        $0.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }?.hasPrefix("$ ") == true
      }
      tmux.typeLine("echo $? > status.txt; stty -g > after.txt")
      tmux.waitForFile("after.txt")
      let status = tmux.waitForFile("status.txt").trimmingCharacters(in: .whitespacesAndNewlines)
      XCTAssertEqual(status, "\(128 + signal)", "signal \(signal)")
      let before = try String(contentsOfFile: tmux.path("before.txt"), encoding: .utf8)
      XCTAssertEqual(try String(contentsOfFile: tmux.path("after.txt"), encoding: .utf8), before)
      XCTAssertFalse(tmux.screen().contains("[ Pause ]"), "the main screen is back")
      let flags = tmux.tmux(
        "display", "-p", "-t", "game", "#{alternate_on} #{keypad_flag} #{cursor_flag}")
      XCTAssertEqual(flags.output, "0 0 1\n", "alternate screen, keypad, cursor")
      let errors = try String(contentsOfFile: tmux.path("stderr.txt"), encoding: .utf8)
      XCTAssertTrue(errors.contains("meet-the-members: ended by signal \(signal)"), errors)
    }
  }

  /// A roster from a server is fetched with Ctrl-C able to stop the download; the game after
  /// it still quits on Ctrl-C and ends on SIGTERM, restoring the terminal.
  func testCtrlCAndSIGTERMEndAGameOfARosterFromAServer() throws {
    let club = try ClubServer()
    club.publish("1", try ClubServer.zip(photos: 6))
    for (key, status) in [("C-c", "130"), ("", "143")] {
      for file in ["trace.jsonl", "status.txt", "after.txt"] {
        try? FileManager.default.removeItem(atPath: tmux.path(file))
      }
      tmux.typeLine("clear")
      launch([club.url], environment: "XDG_CACHE_HOME='\(club.cache)'")
      if key.isEmpty {
        let pid = try XCTUnwrap(trace.all("start").first?["pid"] as? Int, "the trace's pid")
        kill(pid_t(pid), SIGTERM)
      } else {
        tmux.press(key)
      }
      let exit = waitForExit()
      XCTAssertEqual(exit.status, status, key.isEmpty ? "SIGTERM" : key)
      XCTAssertTrue(exit.restored)
    }
  }

  func testCtrlCQuits() {
    launch(["--seed", "14"])
    tmux.press("C-c")
    let exit = waitForExit()
    XCTAssertEqual(exit.status, "130")
    XCTAssertTrue(exit.restored)
  }
}
