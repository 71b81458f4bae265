import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// A name typed on the quiz screen: letters go to the field, its cursor is lit, Enter answers,
/// and the reveal shows what was typed, a slip's letters lit in the right name.
final class TypingScreenTests: XCTestCase {
  private func typingModel(size: CellSize = CellSize(columns: 80, rows: 24)) -> TestModel {
    var model = makeModel(size: size, rules: Rules(questionKinds: .typing))
    model.startQuiz()
    return model
  }

  private func type(_ text: String, into model: inout TestModel, at now: Instant = .seconds(1)) {
    for character in text { model.handle(.key(.character(character)), at: now) }
  }

  func testTheFieldTakesEveryLetterAndShowsItsCursor() throws {
    var model = typingModel()
    // Letters that are commands elsewhere (quit, stats, pause, help) are letters here.
    type("qsp?", into: &model)
    XCTAssertFalse(model.hasQuit)
    XCTAssertNil(model.overlay)
    XCTAssertFalse(model.game.state.phase.isPaused)
    XCTAssertEqual(model.model.typing.text, "qsp?")
    model.handle(.key(.control("u")), at: .seconds(1))
    type("Kofi Mensha", into: &model)
    model.handle(.key(.backspace), at: .seconds(1))
    model.handle(.key(.left), at: .seconds(1))
    XCTAssertEqual(model.model.typing.text, "Kofi Mensh")
    let frame = model.frame
    assertSnapshot(frame, named: "typing-80x24", withStyles: .colors240)
    let field = try XCTUnwrap(cell(of: "Name: Kofi Mensh", in: frame))
    let cursor = frame[field.column + "Name: Kofi Mens".count, field.row]
    XCTAssertEqual(cursor.text, "h")
    XCTAssertTrue(cursor.style.reverse, "the cursor is lit")
    XCTAssertFalse(frame[field.column + "Name: Kofi Men".count, field.row].style.reverse)
    XCTAssertTrue(frame.text.contains("Enter answer · Ctrl-P pause · Ctrl-T stats · Esc menu"))
    XCTAssertTrue(frame.text.contains("Type the name, then Enter"))
    // No name buttons to move to: Tab goes between Pause and Stats.
    XCTAssertEqual(model.model.controls, [.pause, .stats])
  }

  /// A key that picks a name elsewhere, pressed first from habit where the name is typed, is
  /// said rather than typed (play-test: a reflex 3 went into the field, and the question ran
  /// out); a second one is typed, as a name may start with it.
  /// The line says it at once (a frame is asked for: play-test, it came a key late), and
  /// goes once a letter is typed.
  func testANumberPressedFirstIsSaidNotTyped() throws {
    var model = typingModel()
    XCTAssertEqual(model.handle(.key(.character("3")), at: .seconds(1)), [.render])
    XCTAssertEqual(model.model.typing.text, "")
    XCTAssertTrue(
      model.frame.text.contains("Type the name, not a number, then Enter"),
      model.frame.text)
    type("3", into: &model)
    XCTAssertEqual(model.model.typing.text, "3", "a second one is typed")
    XCTAssertTrue(model.frame.text.contains("Type the name, not a number, then Enter"))
    model.handle(.key(.control("u")), at: .seconds(1))
    type("Kofi 3", into: &model)
    XCTAssertEqual(model.model.typing.text, "Kofi 3", "a number after a letter is typed")
    XCTAssertTrue(model.frame.text.contains("Type the name, then Enter"), model.frame.text)
  }

  /// In the smallest window the game plays in, a long name scrolls in the field with its
  /// cursor, and the reveal fits.
  func testTheFieldFitsTheSmallestWindow() throws {
    var model = typingModel(size: Layout.minimum)
    type("Bartholomew Maximilian Fitzgerald-Worthington", into: &model)
    assertSnapshot(model.frame, named: "typing-minimum", withStyles: .colors240)
    XCTAssertTrue(model.frame.text.contains("Name: "), model.frame.text)
    XCTAssertTrue(model.frame.text.contains("Worthington"), "the end typed is in view")
    model.handle(.key(.enter), at: .seconds(2))
    assertSnapshot(model.frame, named: "typing-reveal-minimum")
  }

  /// A slip is right, and the right name is shown with the letter that differs lit; a wrong
  /// name shows what was typed beside the right one.
  func testTheRevealLightsASlipAndShowsAWrongName() throws {
    var model = typingModel()
    let name = model.question.member.name
    XCTAssertEqual(name, "Nguyễn Thị Hoa")
    type("Nguyen Thi Hao", into: &model)
    model.handle(.key(.enter), at: .seconds(2))
    XCTAssertEqual(model.game.results.last?.typed?.match, .slip)
    let frame = model.frame
    assertSnapshot(frame, named: "typing-slip-80x24", withStyles: .colors240)
    XCTAssertTrue(frame.text.contains("Right, nearly: Nguyễn Thị Hoa"), frame.text)
    XCTAssertTrue(frame.text.contains("You typed: Nguyen Thi Hao"), frame.text)
    let shown = try XCTUnwrap(cell(of: "✓ Nguyễn Thị Hoa", in: frame))
    let lit = (0..<"✓ Nguyễn Thị Hoa".count).filter {
      frame[shown.column + $0, shown.row].style == unicodeLook.flash(correct: false)
    }
    // "Hoa" against "Hao": its o and a, at 14 and 15 of "✓ Nguyễn Thị Hoa"; the accents
    // typed without are no slip.
    XCTAssertEqual(lit, [14, 15])

    model.handle(.tick, at: .seconds(4))
    let next = model.question.member.name
    type("Somebody Else", into: &model, at: .seconds(5))
    model.handle(.key(.enter), at: .seconds(5))
    XCTAssertTrue(model.frame.text.contains("Wrong: this is \(next)"), model.frame.text)
    XCTAssertTrue(model.frame.text.contains("You typed: Somebody Else"), model.frame.text)
    XCTAssertNotNil(cell(of: "✓ \(next)", in: model.frame), "the name, under what was typed")

    // Typed as it is spelt: the field and the message say it, and nothing says it a third time.
    model.handle(.tick, at: .seconds(7))
    let third = model.question.member.name
    type(third, into: &model, at: .seconds(8))
    model.handle(.key(.enter), at: .seconds(8))
    let text = model.frame.text
    XCTAssertTrue(text.contains("Right! \(third)"), text)
    XCTAssertTrue(text.contains("You typed: \(third)"), text)
    XCTAssertNil(cell(of: "✓ \(third)", in: model.frame), text)
  }

  /// The start screen says what Start asks; k (or a click on the line) changes it: names,
  /// faces, typing, mixed, in turn.
  func testTheStartScreenChoosesWhatTheQuizAsks() throws {
    var model = makeModel()
    XCTAssertNotNil(row(of: "Start asks: pick each name (k changes)", in: model.frame))
    model.handle(.key(.character("k")), at: .zero)
    XCTAssertNotNil(row(of: "Start asks: pick each face (k changes)", in: model.frame))
    model.handle(.press(.quizKind), at: .zero)
    XCTAssertNotNil(row(of: "Start asks: type each name (k changes)", in: model.frame))
    model.handle(.key(.character("k")), at: .zero)
    XCTAssertNotNil(
      row(of: "Start asks: a name, a face, a name typed, in turn", in: model.frame),
      model.frame.text)
    for _ in 0..<3 { model.handle(.press(.quizKind), at: .zero) }
    model.startQuiz()
    XCTAssertEqual(model.question.kind, .typing)
    XCTAssertTrue(model.frame.text.contains("Name:"), model.frame.text)
  }

  /// A letter typed, an edit and a change of what Start asks are each drawn at once: a frame
  /// is asked for (before, the field waited for the progress bar's next step, up to 3 s).
  func testEachLetterAndEachChangeIsDrawnAtOnce() {
    var start = makeModel()
    XCTAssertTrue(start.handle(.key(.character("k")), at: .zero).contains(.render))
    var model = typingModel()
    XCTAssertTrue(model.handle(.key(.character("A")), at: .seconds(1)).contains(.render))
    XCTAssertTrue(model.handle(.key(.left), at: .seconds(1)).contains(.render))
    XCTAssertTrue(model.handle(.key(.backspace), at: .seconds(1)).contains(.render) == false)
    XCTAssertTrue(model.handle(.key(.right), at: .seconds(1)).contains(.render))
    XCTAssertTrue(model.handle(.key(.backspace), at: .seconds(1)).contains(.render))
  }

  func testSlipMarksFindTheLettersThatDiffer() {
    XCTAssertEqual(SlipMarks.differing(typed: "Katharine", name: "Katherine"), [4])
    XCTAssertEqual(SlipMarks.differing(typed: "Mateus Cotsa", name: "Mateus Costa"), [9, 10])
    XCTAssertEqual(SlipMarks.differing(typed: "Zoe Laurnt", name: "Zoë Laurent"), [8])
    XCTAssertEqual(SlipMarks.differing(typed: "nguyen thi hoa", name: "Nguyễn Thị Hoa"), [])
    // A first or last word typed alone is compared with that word (a slip in a family name
    // typed alone lit the whole name).
    XCTAssertEqual(SlipMarks.differing(typed: "Smiht", name: "Katherine Smith"), [13, 14])
    XCTAssertEqual(SlipMarks.differing(typed: "Adeyem", name: "Olumide Adeyemi"), [14])
    XCTAssertEqual(SlipMarks.differing(typed: "Katharine", name: "Katherine Smith"), [4])
  }

  func testTheFieldEditsAsAShellLineDoes() {
    var field = TextField()
    for character in "Zoë Laurent" { field.insert(character) }
    field.apply(.deleteWord)
    XCTAssertEqual(field.text, "Zoë ")
    field.apply(.deleteWord)
    XCTAssertEqual(field.text, "")
    field = TextField("Anna")
    field.apply(.left)
    field.apply(.left)
    field.insert("x")
    XCTAssertEqual(field.text, "Anxna")
    XCTAssertEqual(field.cursor, 3)
    field.apply(.deleteBackward)
    field.apply(.right)
    field.apply(.right)
    field.apply(.right)
    XCTAssertEqual(field.cursor, 4)
    field.insert("\u{07}")
    XCTAssertEqual(field.text, "Anna", "a control character is not typed")
    field = TextField(String(repeating: "a", count: 200))
    XCTAssertEqual(field.characters.count, TextField.limit)
  }
}
