import XCTest

@testable import GameEngine

/// Whether typing pays for a player, from their typed names so far: they stop being asked to
/// type once the game is 95% sure they type a name right less than three times in four.
final class TypingPaysTests: XCTestCase {
  func testTypingPaysUntilTheTypedNamesSaySurelyOtherwise() {
    XCTAssertTrue(LearnSteps.typingPays((right: 0, asked: 0)), "no answer yet")
    XCTAssertTrue(LearnSteps.typingPays((right: 0, asked: 1)), "one miss: 0.94 sure")
    XCTAssertFalse(LearnSteps.typingPays((right: 0, asked: 2)), "two misses: 0.98 sure")
    XCTAssertTrue(LearnSteps.typingPays((right: 3, asked: 6)), "half right of six: 0.93")
    XCTAssertFalse(LearnSteps.typingPays((right: 6, asked: 12)), "half right of twelve: 0.98")
    XCTAssertTrue(LearnSteps.typingPays((right: 9, asked: 10)))
    XCTAssertTrue(LearnSteps.typingPays((right: 740, asked: 1000)), "0.74 of many: not sure")
    XCTAssertFalse(LearnSteps.typingPays((right: 700, asked: 1000)), "0.70 of many: sure")
    XCTAssertFalse(LearnSteps.typingPays((right: 600, asked: 1000)))
  }
}
