import Foundation
import XCTest

/// The real game in a real terminal (tmux): keys in with send-keys, the screen out with
/// capture-pane, the right answers from the game's own --trace. The helpers of the tests
/// that play it; it has no tests of its own (a subclass would run them again).
class GameInTmuxTestCase: XCTestCase {
  var tmux: Tmux!

  override func setUpWithError() throws {
    tmux = try Tmux()
  }

  override func tearDown() {
    tmux?.stop()
  }

  /// Starts the game from the shell, which records the terminal's modes first.
  /// Runs the game in the shell; `errors` names a file for its standard error.
  /// Without `--mode` the game offers Start first (`--mode quiz`): on a history where most
  /// people are new it would offer Learn, and what that is depends on the tests run before.
  func launch(_ arguments: [String] = [], environment: String = "", errors: String? = nil) {
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    let mode =
      arguments.contains { $0 == "--mode" || $0.hasPrefix("--mode=") } ? [] : ["--mode", "quiz"]
    let quoted = ([binary, "--trace", "trace.jsonl"] + mode + arguments).map { "'\($0)'" }
    let redirect = errors.map { " 2>\($0)" } ?? ""
    tmux.typeLine(
      "stty -g > before.txt; \(environment) \(quoted.joined(separator: " "))\(redirect)")
    tmux.waitForScreen("the start screen") { $0.contains("[ Start ]") }
  }

  var trace: TraceFile {
    TraceFile((try? String(contentsOfFile: tmux.path("trace.jsonl"), encoding: .utf8)) ?? "")
  }

  /// Presses Start and waits for the question and its picture.
  @discardableResult
  func startGame() -> (number: Int, options: [String], correct: Int, due: Int) {
    tmux.press("Enter")
    return waitForQuestion(1)
  }

  /// Waits for question `number` (or a later one) to be on screen with its face, its answer
  /// time running (keys before that are not answers), and returns it.
  @discardableResult
  func waitForQuestion(_ number: Int) -> (number: Int, options: [String], correct: Int, due: Int) {
    tmux.waitForFile("trace.jsonl") { text in
      let trace = TraceFile(text)
      guard let last = trace.lastQuestion, last.number >= number else { return false }
      return trace.answeringDue(of: last.number) != nil
    }
    // The newest question in the trace, once the screen shows it (when its photo fails it
    // gives way, while this waits, to another under the same number).
    var question = trace.lastQuestion!
    tmux.waitForScreen("question \(number) or later") { screen in
      let trace = self.trace
      question = trace.lastQuestion!
      // A name to type shows its field, faces to pick their question, a name to pick its
      // options.
      let shows =
        switch trace.all("question").last?["kind"] as? String {
        case "typing": "Name: "
        case "face": "Which face is theirs?"
        default: question.options[3]
        }
      return screen.contains("Question \(question.number)") && screen.contains(shows)
    }
    return question
  }

  /// Waits for the game to have ended and the shell to show its prompt.
  func waitForTheShell() {
    tmux.waitForFile("trace.jsonl") { TraceFile($0).all("exit").count == 1 }
    tmux.waitForScreen("the shell's prompt") {
      $0.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }?.hasPrefix("$ ") == true
    }
  }

  /// Waits for the game to end, then has the shell record its exit status and the
  /// terminal's modes.
  func waitForExit() -> (status: String, restored: Bool) {
    waitForTheShell()
    tmux.typeLine("echo $? > status.txt; stty -g > after.txt")
    let after = tmux.waitForFile("after.txt")
    let status = tmux.waitForFile("status.txt").trimmingCharacters(in: .whitespacesAndNewlines)
    let before = (try? String(contentsOfFile: tmux.path("before.txt"), encoding: .utf8)) ?? "?"
    return (status, before == after)
  }
}
