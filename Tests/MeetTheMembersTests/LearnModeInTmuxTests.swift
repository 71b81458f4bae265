import Foundation
import Pictures
import SystemPackage
import XCTest

/// The real game in a real terminal (tmux): keys in with send-keys, the screen out with
/// capture-pane, the right answers from the game's own --trace.
/// Learn mode in a real terminal: name cards, then questions, and what the history keeps.
final class LearnModeInTmuxTests: GameInTmuxTestCase {
  /// Waits until `count` name cards have their face on screen and the last one's name shows.
  func waitForNameCard(_ count: Int) {
    tmux.waitForFile("trace.jsonl") { text in
      TraceFile(text).all("phase").count { $0["phase"] as? String == "introducing" } >= count
    }
    let name = trace.all("introduction").last?["member"] as? String ?? "?"
    tmux.waitForScreen(showing: ["This is \(name)", "Someone new"])
  }

  func testLearnModeShowsNameCardsThenAsksAndTheKnownCountOutlivesTheGameUntilForgotten() {
    let data = tmux.path("data")
    launch(["--seed", "12", "--reveal-seconds", "0.2", "--mode", "learn", "--data-dir", data])
    tmux.waitForScreen(showing: ["0 of 18 known · 18 new", "[ Learn ]"])
    tmux.press("Enter")  // --mode learn: Learn has the focus
    // A name just met lasts minutes, so nobody is due: three name cards, then the first of
    // them is asked, and then a card and a question in turn, each new person asked soon.
    for card in 1...3 {
      waitForNameCard(card)
      tmux.press("Enter")
    }
    for number in 1...3 {
      if number > 1 {
        waitForNameCard(number + 2)
        tmux.press("Enter")
      }
      let question = waitForQuestion(number)
      tmux.press("\(question.correct + 1)")
    }
    waitForNameCard(6)
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
    launch(["--seed", "12", "--data-dir", data])
    // Six met; three answered, picked among four, not typed: recognised (for a minute or
    // so), not yet known.
    tmux.waitForScreen(showing: ["0 of 18 known", "· 12 new", "[ Learn ]"])
    XCTAssertTrue(tmux.screen().contains("recognised"), tmux.screen())
    // The people window lists them; "Forget my progress", pressed twice, starts again.
    tmux.press("m")
    tmux.waitForScreen(showing: ["People · by name", "learning", "[ Forget my progress ]"])
    tmux.press("NPage")
    tmux.waitForScreen(showing: ["5–18 of 18"])
    tmux.press("Left")
    tmux.press("Enter")
    tmux.waitForScreen(showing: ["[ Press again to forget ]"])
    tmux.press("Enter")
    tmux.press("Escape")
    tmux.waitForScreen(showing: ["0 of 18 known · 18 new"])
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
    launch(["--seed", "12", "--data-dir", data])
    tmux.waitForScreen(showing: ["0 of 18 known · 18 new"])
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
  }
}
