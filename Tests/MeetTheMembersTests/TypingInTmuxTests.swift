import Foundation
import XCTest

/// Names typed in a real terminal (tmux): letters as UTF-8, Backspace and Ctrl-U, Enter; and
/// learn mode going from a name card to picking the name to typing it.
final class TypingInTmuxTests: GameInTmuxTestCase {
  /// A club of four whose names have accents and an apostrophe.
  private func accentedClub() throws -> String {
    let club = tmux.path("club")
    let sample = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("../../Resources/sample-club").standardized.path
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    for name in [
      "Zoë Laurent.png", "Siobhán O'Connor.png", "Nguyễn Thị Hoa.png", "Diego Ramírez.png",
    ] {
      try FileManager.default.copyItem(atPath: "\(sample)/\(name)", toPath: "\(club)/\(name)")
    }
    return club
  }

  /// The member asked by the last question in the trace.
  private var asked: String { trace.all("question").last?["member"] as? String ?? "?" }

  private var outcomes: [String] {
    trace.all("phase").compactMap { $0["outcome"] as? String }
  }

  func testANameTypedWithAccentsAndBackspaceIsRight() throws {
    let club = try accentedClub()
    launch([
      "--seed", "4", "--kind", "typing", "--reveal-seconds", "0.5", "--data-dir",
      tmux.path("data"), club,
    ])
    var question = startGame()
    // Typed as UTF-8, accents and all, with a slip taken back by Backspace.
    let name = asked
    tmux.sendLiteral(name + "x")
    tmux.waitForScreen(showing: ["Name: \(name)x"])
    tmux.press("BSpace")
    tmux.waitForScreen(showing: ["Name: \(name) "])
    tmux.press("Enter")
    tmux.waitForScreen(showing: ["Right! \(name)", "You typed: \(name)"])
    XCTAssertEqual(outcomes, ["correct"])

    // Ctrl-U clears what was typed; the name without its accents is right too.
    question = waitForQuestion(question.number + 1)
    let next = asked
    tmux.sendLiteral("nobody")
    tmux.press("C-u")
    tmux.waitForScreen(showing: ["Name:  "])
    let plain = next.folding(options: .diacriticInsensitive, locale: nil).lowercased()
    tmux.sendLiteral(plain)
    tmux.press("Enter")
    tmux.waitForScreen(showing: ["Right! \(next)", "You typed: \(plain)"])
    XCTAssertEqual(outcomes, ["correct", "correct"])
    tmux.press("Escape")
    tmux.waitForScreen(showing: ["[ Start ]"])
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
  }

  /// Learn mode: each person is met on a name card, then asked to pick their name (or their
  /// face), then, once recognised, to type it.
  func testLearnModeGoesCardThenNamesThenTypingForOnePerson() throws {
    let club = try accentedClub()
    // A history of its own: the same photos played elsewhere are the same people.
    launch([
      "--seed", "9", "--mode", "learn", "--reveal-seconds", "0.2", "--data-dir",
      tmux.path("data"), club,
    ])
    tmux.waitForScreen(showing: ["[ Learn ]"])
    tmux.press("Enter")
    var typed: String?
    for _ in 0..<30 where typed == nil {
      tmux.waitForFile("trace.jsonl") { text in
        let trace = TraceFile(text)
        let phase = trace.all("phase").last?["phase"] as? String
        return phase == "introducing" || phase == "answering"
      }
      if trace.all("phase").last?["phase"] as? String == "introducing" {
        let name = trace.all("introduction").last?["member"] as? String ?? "?"
        tmux.waitForScreen(showing: ["This is \(name)"])
        let cards = trace.all("introduction").count
        tmux.press("Enter")
        tmux.waitForFile("trace.jsonl") { text in
          TraceFile(text).all("phase").last?["phase"] as? String != "introducing"
            || TraceFile(text).all("introduction").count > cards
        }
        continue
      }
      let question = waitForQuestion(trace.lastQuestion!.number)
      if trace.all("question").last?["kind"] as? String == "typing" {
        typed = asked
        tmux.sendLiteral(asked)
        tmux.press("Enter")
        tmux.waitForScreen(showing: ["Right! \(asked)"])
      } else {
        tmux.press("\(question.correct + 1)")
      }
      tmux.waitForFile("trace.jsonl") { text in
        TraceFile(text).all("phase").compactMap { $0["outcome"] as? String }.count
          > self.outcomes.count - 1
      }
      tmux.waitForFile("trace.jsonl") { text in
        TraceFile(text).all("phase").last?["phase"] as? String != "revealing"
      }
    }
    // The person typed was met on a card, then picked among four (a name or a face), then
    // typed.
    let person = try XCTUnwrap(typed)
    let steps = trace.events.compactMap { event -> String? in
      guard event["member"] as? String == person else { return nil }
      switch event["event"] as? String {
      case "introduction": return "card"
      case "question": return event["kind"] as? String == "typing" ? "typing" : "pick"
      default: return nil
      }
    }
    let seen = trace.events.map { "\($0["event"] ?? "") \($0["member"] ?? "")" }
    XCTAssertEqual(Array(steps.prefix(3)), ["card", "pick", "typing"], "\(person): \(seen)")
    tmux.press("Escape")
    tmux.waitForScreen(showing: ["1 of 4 known"])
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
  }
}
