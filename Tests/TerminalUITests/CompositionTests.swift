import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// How the screens are composed: one column at any size, windows that hide what is behind
/// them, a paused answer that stays revealed, a help that lists every key.
final class CompositionTests: XCTestCase {
  func testAtLargeSizesTheQuizIsOneCentredColumn() {
    let size = CellSize(columns: 200, rows: 60)
    var model = makeModel(size: size)
    model.startQuiz()
    let frame = model.frame
    let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Everything but the picture lies within 100 centred columns, 50 to 149.
    let column = 50..<150
    for (row, line) in lines.enumerated() where !line.allSatisfy({ $0 == " " }) {
      let first = line.firstIndex { $0 != " " }!
      let start = line.distance(from: line.startIndex, to: first)
      XCTAssertTrue(column.contains(start), "row \(row) starts at \(start): \(line)")
      XCTAssertLessThanOrEqual(
        DisplayWidth.of(line), column.upperBound, "row \(row) ends past the column: \(line)")
    }
    let score = cell(of: "Score 0", in: frame)!
    let stats = cell(of: "[ Stats ]", in: frame)!
    let bar = (0..<size.columns).filter { frame[$0, 0].text != " " }
    XCTAssertEqual(score.column, bar.first, "the score lines up with the progress bar")
    XCTAssertEqual(stats.column + "[ Stats ]".count - 1, bar.last, "and so does Stats")
    XCTAssertEqual(bar.first! - 0, size.columns - 1 - bar.last!, "centred")
  }

  func testAWindowHidesTheRowsBehindItFromEdgeToEdge() {
    var model = makeModel()
    model.startQuiz()
    model.handle(.key(.character("p")), at: .seconds(1))
    model.handle(.key(.character("?")), at: .seconds(1))
    let lines = model.frame.text.split(separator: "\n", omittingEmptySubsequences: false)
    let top = lines.firstIndex { $0.contains("┌") }!
    let bottom = lines.firstIndex { $0.contains("└") }!
    for line in lines[top...bottom] {
      XCTAssertEqual(
        line.first { $0 != " " }, line.contains("┌") ? "┌" : line.contains("└") ? "└" : "│",
        "\(line)")
      XCTAssertTrue(["┐", "┘", "│"].contains(line.last!), "nothing right of the window: \(line)")
    }
    XCTAssertFalse(model.frame.text.contains("Paused."), "the message behind is hidden whole")
  }

  func testAPausedRevealStillShowsTheAnswer() {
    var model = makeModel()
    model.startQuiz()
    let question = model.question
    let wrong = (question.correctIndex + 1) % 4
    model.handle(.key(.character(Character("\(wrong + 1)"))), at: .seconds(1))
    let revealed = model.frame.text
    model.handle(.key(.character("p")), at: .seconds(1.5))
    XCTAssertTrue(model.game.state.phase.isPaused)
    let frame = model.frame
    XCTAssertTrue(frame.text.contains("Wrong: this is \(question.correctOption.name)"), frame.text)
    XCTAssertNotNil(cell(of: "✓ \(question.correctOption.name)", in: frame), frame.text)
    XCTAssertNotNil(cell(of: "✗ \(question.options[wrong].name)", in: frame), frame.text)
    XCTAssertTrue(frame.text.contains("Paused. Press p or Enter to resume"), frame.text)
    XCTAssertFalse(revealed.contains("Paused"))
  }

  func testAGamePausedForNoAnswersSaysWhy() {
    var model = makeModel()
    model.startQuiz()
    for _ in 1...3 {
      guard case .answering(let answering) = model.game.state.phase else { break }
      model.handle(.tick, at: answering.startedAt + .seconds(5))
      if model.game.state.phase.isPaused { break }
      model.handle(.tick, at: answering.startedAt + .seconds(7))
    }
    let text = model.frame.text
    XCTAssertTrue(
      text.contains("No answer to 3 questions: paused. Press p or Enter to resume"), text)
    XCTAssertTrue(text.contains("Time's up: this is \(model.question.correctOption.name)"), text)
  }

  /// Every key is in the help; in a window too short for them all, the list scrolls (the
  /// title says which lines are in view) down to the notes.
  func testTheHelpListsEveryKeyAndTheMouse() {
    var model = makeModel()
    model.handle(.key(.character("?")), at: .zero)
    let top = model.frame.text
    XCTAssertTrue(top.contains(" Keys 1–17 of 33 "), top)
    model.handle(.key(.pageDown), at: .zero)
    let bottom = model.frame.text
    XCTAssertTrue(bottom.contains(" Keys 17–33 of 33 "), bottom)
    XCTAssertTrue(bottom.contains("Faces: symbols in 240 colours (--graphics chooses)."), bottom)
    model.handle(.key(.home), at: .zero)
    XCTAssertEqual(model.frame.text, top)
    let text = top + bottom
    // A long list of keys has a line of its own, its words under it in their column.
    XCTAssertTrue(text.contains("│ Tab Shift-Tab ←→↑↓ "), text)
    XCTAssertTrue(text.contains("│ \(String(repeating: " ", count: 15))move between buttons"), text)
    for key in [
      "1 2 3 4", "Tab", "Enter Space", "Mouse", "p ", "s ", "w ", "? ", "Esc", "q Ctrl-C", "Ctrl-Z",
    ] {
      XCTAssertTrue(text.contains("│ \(key)"), "\(key) is missing:\n\(text)")
    }
  }
}
