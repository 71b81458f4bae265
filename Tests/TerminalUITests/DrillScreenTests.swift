import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The confusions drill on screen: the start screen's line that starts it, and its card of
/// two faces side by side.
final class DrillScreenTests: XCTestCase {
  func testTheStartScreenOffersTheDrillOfThePairsConfusedTwice() throws {
    var model = makeDrillModel()
    let line = "Often confused: 2 pairs to tell apart (c drills)"
    let frame = model.frame
    assertSnapshot(frame, named: "start-drill-80x24")
    let position = try XCTUnwrap(cell(of: line, in: frame), frame.text)
    XCTAssertEqual(frame.control(atColumn: position.column + 3, row: position.row), .drill)
    assertSnapshot(makeDrillModel(size: Layout.minimum).frame, named: "start-drill-minimum")
    // Without pairs, no line, and c starts nothing: the start screen says why (a play-test's c
    // did nothing), until the next press.
    var plain = makeModel()
    XCTAssertFalse(plain.frame.text.contains("Often confused"))
    plain.handle(.key(.character("c")), at: .zero)
    XCTAssertEqual(plain.place, .start)
    let why = "Nothing to drill yet: c drills two people you have mixed up twice"
    XCTAssertTrue(plain.frame.text.contains(why), plain.frame.text)
    assertSnapshot(plain.frame, named: "start-drill-nobody-80x24")
    plain.handle(.key(.character("k")), at: .seconds(1))
    XCTAssertFalse(plain.frame.text.contains("Nothing to drill"), plain.frame.text)
    model.handle(.press(.drill), at: .zero)
    XCTAssertEqual(model.game.state.game?.mode, .drill)
  }

  func testTheCardShowsBothFacesWithTheirNamesThenTheyAreAsked() throws {
    var model = makeDrillModel()
    model.handle(.key(.character("c")), at: .zero)
    let card = try XCTUnwrap(model.game.state.phase.introduction)
    let partner = try XCTUnwrap(card.partner)
    XCTAssertEqual([card.member.name, partner.name], ["Kofi Mensah", "Mateus Costa"])
    XCTAssertNotNil(card.shownAt, "both faces came: the card's time runs")
    let box = Layout.pairBox(in: model.size)
    XCTAssertEqual(
      Set(model.log.onScreenRequests.filter { $0.box == box }.map(\.member)),
      [card.member.id, partner.id])
    let frame = model.frame
    assertSnapshot(frame, named: "pair-card-80x24", withStyles: .colors240)
    for text in ["Two alike", "Kofi Mensah", "Mateus Costa", "Often taken for each other"] {
      XCTAssertTrue(frame.text.contains(text), "\(text):\n\(frame.text)")
    }
    model.handle(.key(.enter), at: .seconds(1))
    let question = model.question
    XCTAssertEqual(question.member.id, card.member.id)
    XCTAssertTrue(question.options.contains { $0.member == partner.id })
  }
}
