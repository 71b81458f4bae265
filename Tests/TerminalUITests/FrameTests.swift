import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// Frames, display widths, and the colours of the cells that carry meaning.
final class FrameTests: XCTestCase {
  func testWideCharactersCountTwoColumnsAndNamesAreCutWithAnEllipsis() {
    XCTAssertEqual(DisplayWidth.of("田中 美咲"), 9)
    XCTAssertEqual(DisplayWidth.of("Zoe\u{308}"), 3)
    XCTAssertEqual(DisplayWidth.truncate("田中 美咲", to: 6), "田中 …")
    XCTAssertEqual(DisplayWidth.truncate("田中美咲", to: 6), "田中…")
    XCTAssertEqual(DisplayWidth.truncate("Kofi Mensah", to: 11), "Kofi Mensah")
    XCTAssertEqual(DisplayWidth.truncate("Kofi Mensah", to: 6), "Kofi …")
    XCTAssertEqual(DisplayWidth.truncate("Kofi Mensah", to: 6, ellipsis: "..."), "Kof...")
    XCTAssertEqual(DisplayWidth.truncate("Kofi", to: 0), "")
    XCTAssertEqual(DisplayWidth.pad("田中", to: 6), "田中  ")
    XCTAssertEqual(DisplayWidth.pad("Kofi Mensah", to: 6), "Kofi Mensah", "never cut")
  }

  func testTextIsClippedAtTheEdgeAndAWideCharacterNeverHalfShows() {
    var frame = Frame(size: CellSize(columns: 5, rows: 1))
    frame.put("ab田中", column: 0, row: 0)
    XCTAssertEqual(frame.text, "ab田…")
    frame = Frame(size: CellSize(columns: 5, rows: 1))
    frame.put("田中美", column: 1, row: 0, ellipsis: "")
    XCTAssertEqual(frame.text, " 田中")
    frame.put("x", column: 2, row: 0)
    XCTAssertEqual(frame.text, "  x中", "covering half of a wide character blanks it")
    frame.put("zz", column: -1, row: 0)
    frame.put("zz", column: 0, row: 3)
    XCTAssertEqual(frame.text, "z x中")
  }

  func testTheLongNameIsCutNeverWrappedIntoThePicture() {
    var model = makeModel(seed: 1)
    model.startQuiz()
    while !model.question.options.contains(where: { $0.name.hasPrefix("Bartholomew") }) {
      model.handle(.key(.character("1")), at: model.game.now + .seconds(1))
      model.handle(.tick, at: model.game.now + .seconds(3))
    }
    let frame = model.frame
    let row = row(of: "Bartholomew", in: frame)!
    XCTAssertGreaterThan(row, Layout.pictureTop + Layout.pictureBox(in: frame.size).rows)
    XCTAssertTrue(frame.text.contains("Bartholomew Maximilian Fitzgeral…  "), frame.text)
  }

  func testTheFlashLightsTheChosenButtonGreenOrRedAndMarksTheCorrectName() {
    for pickRight in [true, false] {
      var model = makeModel()
      model.startQuiz()
      let question = model.question
      let chosen = pickRight ? question.correctIndex : (question.correctIndex + 1) % 4
      model.handle(.key(.character(Character("\(chosen + 1)"))), at: .seconds(1))
      var frame = model.frame
      let mark = pickRight ? "✓" : "✗"
      let button = cell(of: "\(chosen + 1)  \(mark) \(question.options[chosen].name)", in: frame)!
      let lit = frame[button.column, button.row].style
      // Green or red of the fixed palette entries, which read on any background.
      XCTAssertEqual(lit.background, .palette(pickRight ? 28 : 160))
      let correct = cell(
        of: "\(question.correctIndex + 1)  ✓ \(question.correctOption.name)", in: frame)
      XCTAssertNotNil(correct, "the correct name is marked")
      // A quarter of a second later the flash is dark, then lit again.
      model.handle(.tick, at: .seconds(1.25))
      frame = model.frame
      XCTAssertNotEqual(frame[button.column, button.row].style.background, lit.background)
      model.handle(.tick, at: .seconds(1.5))
      XCTAssertEqual(model.frame[button.column, button.row].style, lit)
    }
  }

  func testMonochromeUsesReverseVideoAndMarksNotColour() {
    var model = makeModel(appearance: CellStyle(colors: .monochrome, symbols: .ascii))
    model.startQuiz()
    let question = model.question
    let wrong = (question.correctIndex + 1) % 4
    model.handle(.key(.character(Character("\(wrong + 1)"))), at: .seconds(1))
    let frame = model.frame
    let name = ASCIIText.spelling(question.options[wrong].name)
    let button = cell(of: "\(wrong + 1)  x \(name)", in: frame)!
    let style = frame[button.column, button.row].style
    XCTAssertTrue(style.reverse)
    XCTAssertEqual(style.background, .terminalDefault)
    XCTAssertNotNil(cell(of: "+ \(ASCIIText.spelling(question.correctOption.name))", in: frame))
    for cell in frame.cells where cell.style.background != .palette(17) {
      XCTAssertEqual(cell.style.foreground, .terminalDefault)
      XCTAssertEqual(cell.style.background, .terminalDefault)
    }
  }

  func testTheFocusedButtonIsReversed() {
    let frame = makeModel().frame
    let start = cell(of: "[ Start ]", in: frame)!
    XCTAssertTrue(frame[start.column, start.row].style.reverse)
    let stats = cell(of: "[ Stats ]", in: frame)!
    XCTAssertFalse(frame[stats.column, stats.row].style.reverse)
  }

  func testTheProgressBarShowsItsStepAndHoldsItThroughTheReveal() {
    var model = makeModel()
    model.startQuiz()
    func filled() -> Int {
      let frame = model.frame
      return (0..<frame.size.columns).filter { frame[$0, 0].text == "█" }.count
    }
    XCTAssertEqual(filled(), 0)
    for step in 1...5 {
      model.handle(.tick, at: .seconds(Double(step)))
      XCTAssertEqual(filled(), 78 * step / 5, "step \(step)")
    }
    model.handle(.tick, at: .seconds(6.9))
    XCTAssertEqual(filled(), 78)
    XCTAssertTrue(model.frame.text.contains("⊘ Time's up: this is"), model.frame.text)
    model.handle(.tick, at: .seconds(7))
    XCTAssertEqual(filled(), 0)
  }
}
