import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// "Make this your club": the start screen's offer, for a roster from the command line, to
/// make it what the game plays without one.
final class ClubOfferTests: XCTestCase {
  func testTheOfferIsOneKeyAndSaysHowItWent() throws {
    var model = makeModel(offersClub: true)
    let offer = "Make this your club (y): it plays when no roster is named"
    XCTAssertNotNil(cell(of: offer, in: model.frame), model.frame.text)
    assertSnapshot(model.frame, named: "start-club-80x24")
    assertSnapshot(
      makeModel(size: Layout.minimum, offersClub: true).frame, named: "start-club-minimum")
    let effects = model.handleAlone(.key(.character("y")), at: .seconds(1))
    XCTAssertTrue(effects.contains(.saveSetting(key: "roster", value: offeredClub)), "\(effects)")
    model.handle(.settingSaved(key: "roster", value: offeredClub, failure: nil), at: .seconds(1))
    XCTAssertNotNil(cell(of: "Your club now: it plays when no roster is named", in: model.frame))
    XCTAssertFalse(
      model.handleAlone(.key(.character("y")), at: .seconds(2)).contains(
        .saveSetting(key: "roster", value: offeredClub)),
      "made once")
    // The roster setting taken out again (Backspace in the settings window), or set to
    // another: this roster is offered again.
    model.handle(.settingSaved(key: "roster", value: nil, failure: nil), at: .seconds(3))
    XCTAssertNotNil(cell(of: offer, in: model.frame), model.frame.text)
    model.handle(.settingSaved(key: "roster", value: offeredClub, failure: nil), at: .seconds(4))
    model.handle(.settingSaved(key: "roster", value: "/elsewhere", failure: nil), at: .seconds(5))
    XCTAssertNotNil(cell(of: offer, in: model.frame), model.frame.text)

    var failing = makeModel(offersClub: true)
    failing.handle(
      .settingSaved(
        key: "roster", value: offeredClub, failure: "/x/config.toml: cannot be written (no space)"),
      at: .zero)
    XCTAssertTrue(
      failing.frame.text.contains("Not kept: /x/config.toml: cannot be written (no space) (y)"),
      failing.frame.text)
    XCTAssertTrue(
      failing.handleAlone(.key(.character("y")), at: .seconds(1)).contains(
        .saveSetting(key: "roster", value: offeredClub)))

    // Not offered: no line, and y does nothing.
    var plain = makeModel()
    XCTAssertFalse(plain.frame.text.contains("Make this your club"))
    XCTAssertFalse(
      plain.handleAlone(.key(.character("y")), at: .seconds(1)).contains(
        .saveSetting(key: "roster", value: offeredClub)))
  }
}
