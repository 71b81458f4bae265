import GameEngine
import XCTest

@testable import TerminalUI

/// What the memory model says of a player, in words: each length in the unit a person
/// would say, and a player who keeps names longer is told so.
final class MemoryInWordsTests: XCTestCase {
  func testALengthIsSaidInTheUnitAPersonWouldUse() {
    let cases: [(Double, String)] = [
      (1, "1 second"), (45, "45 seconds"), (89, "89 seconds"), (149, "2 minutes"),
      (3_600, "60 minutes"), (6_000, "2 hours"), (47_000, "13 hours"), (2 * 86_400, "2 days"),
      (20 * 86_400, "3 weeks"), (150 * 86_400, "5 months"), (900 * 86_400, "2 years"),
    ]
    for (seconds, words) in cases {
      XCTAssertEqual(MemoryInWords.duration(seconds), words, "\(seconds) s")
    }
  }

  func testTheDefaultsInWordsAndALongerMemorySaidLonger() {
    let standard = MemoryModel.standard.lasting
    XCTAssertEqual(
      MemoryInWords.lines(standard),
      [
        "After a right answer you keep a name about 2 minutes;",
        "learnt, about 13 hours; after five reviews, about 5 months.",
      ])
    let longer = PlayerMemory(firstLearning: 600, learningGain: 18, learningDecay: 0.1542).model
      .lasting
    XCTAssertEqual(longer.afterARecall, 10 * standard.afterARecall, accuracy: 1e-6)
    XCTAssertEqual(
      MemoryInWords.lines(longer)[0], "After a right answer you keep a name about 25 minutes;")
  }
}
