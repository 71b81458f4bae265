import Foundation
import History
import XCTest

/// The limits a shell sets on what it runs (`ulimit`): under a limit the game can play
/// with, it plays and keeps every answer; under one it cannot, it says so in one line
/// before anything starts.
final class ProcessLimitsTests: GameInTmuxTestCase {
  /// Too few files allowed open (`ulimit -n`), and the terminal game says so in one line
  /// (asking tmux about its pane then stopped it with a signal); a soft limit set low alone
  /// is raised, and the game plays.
  func testTooFewOpenFilesIsSaidInOneLineAndALowSoftLimitIsRaised() {
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    tmux.typeLine("clear; (ulimit -n 24; exec '\(binary)' --mode quiz); echo status=$?")
    let refusal = "Error: only 24 files may be open at once: the game needs 64 (ulimit -n 64)"
    tmux.waitForScreen(showing: [refusal, "status=1"])
    tmux.typeLine("clear; (ulimit -S -n 24; exec '\(binary)' --mode quiz); echo status=$?")
    tmux.waitForScreen("the start screen") { $0.contains("[ Start ]") }
    tmux.press("q")
    tmux.waitForScreen(showing: ["status=0"])
  }

  /// Under a limit of its address space (`ulimit -v`) the game plays and keeps its answers:
  /// with an arena of glibc's malloc for each thread (64 MiB of address space each), a
  /// worker's allocation failed at 500 MB and the game crashed or hung. Below what it needs,
  /// it says so in one line, as does every command below what any needs; a soft limit alone
  /// is raised.
  func testTheGamePlaysUnderALimitOfMemoryAndSaysSoBelowWhatItNeeds() throws {
    let data = tmux.path("data")
    // The shell's own limit: every program it runs from here is under it.
    launch(
      ["--seed", "12", "--reveal-seconds", "0.2", "--data-dir", data],
      environment: "ulimit -v 500000;")
    var question = startGame()
    for number in 2...4 {
      tmux.press("\(question.correct + 1)")
      question = waitForQuestion(number)
    }
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
    XCTAssertEqual(try History(folder: data, access: .readOnly).answers().count, 3)
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    tmux.typeLine("clear; (ulimit -v 200000; exec '\(binary)' --mode quiz); echo status=$?")
    tmux.waitForScreen(showing: [
      "Error: only 195 MiB of memory allowed; the game needs 256 (ulimit -v 262144)",
      "status=1",
    ])
    // Any command, below what every one needs (a hang in Dispatch otherwise).
    tmux.typeLine("clear; (ulimit -v 150000; exec '\(binary)' history); echo status=$?")
    tmux.waitForScreen(showing: [
      "Error: only 146 MiB of memory allowed; meet-the-members needs 160 (ulimit -v",
      "status=1",
    ])
    // A soft limit set low alone is raised, and the game plays.
    tmux.typeLine("clear; (ulimit -S -v 200000; exec '\(binary)' --mode quiz); echo status=$?")
    tmux.waitForScreen("the start screen") { $0.contains("[ Start ]") }
    tmux.press("q")
    tmux.waitForScreen(showing: ["status=0"])
  }
}
