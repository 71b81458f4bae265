import GameEngine
import XCTest

@testable import AppCore
@testable import TerminalUI

/// What the memory model says of a player, in words: each length in the unit a person
/// would say, and a player who keeps names longer is told so.
final class MemoryInWordsTests: XCTestCase {
  func testALengthIsSaidInTheUnitAPersonWouldUse() {
    let cases: [(Double, String)] = [
      (1, "1 second"), (45, "45 seconds"), (89, "89 seconds"), (149, "2 minutes"),
      (3_569, "59 minutes"), (3_600, "1 hour"), (6_000, "2 hours"), (47_000, "13 hours"),
      (2 * 86_400, "2 days"),
      (20 * 86_400, "3 weeks"), (150 * 86_400, "5 months"), (900 * 86_400, "2 years"),
    ]
    for (seconds, words) in cases {
      XCTAssertEqual(MemoryInWords.duration(seconds), words, "\(seconds) s")
    }
  }

  func testTheDefaultsInWordsAndALongerMemorySaidLonger() {
    let standard = MemoryModel.standard.lasting
    XCTAssertEqual(
      MemoryInWords.lines(standard, fitted: false),
      [
        "A typical player recalls a name 9 times in 10 for about:",
        "  2 minutes after a right answer,",
        "  2 hours after five in a sitting,",
        "  5 weeks after five more on later days.",
      ])
    let longer = PlayerMemory(firstLearning: 600, learningGain: 18, learningDecay: 0.1542).model
      .lasting
    XCTAssertEqual(longer.afterARecall, 10 * standard.afterARecall, accuracy: 1e-6)
    XCTAssertEqual(
      MemoryInWords.lines(longer, fitted: true)[0...1],
      ["You recall a name 9 times in 10 for about:", "  25 minutes after a right answer,"])
  }

  /// A memory that lasts longer at the start, or grows more with each recall, is never said
  /// to last less at any of the three points, over the whole range a fit may find.
  func testEachLineGrowsWithTheMemory() {
    let (low, high) = (MemoryFit.lowerBounds, MemoryFit.upperBounds)
    func lengths(_ memory: PlayerMemory) -> [Double] {
      let lasting = memory.model.lasting
      return [lasting.afterARecall, lasting.afterASitting, lasting.afterLaterDays]
    }
    func assertGrowing(_ memories: [PlayerMemory]) {
      for (before, after) in zip(memories, memories.dropFirst()) {
        for (shorter, longer) in zip(lengths(before), lengths(after)) {
          XCTAssertGreaterThanOrEqual(longer, shorter * (1 - 1e-9), "\(before) then \(after)")
        }
      }
    }
    let firsts = [low.firstLearning, 30, 60, 300, 1_800, high.firstLearning]
    let gains = [low.learningGain, 4, 18, 60, high.learningGain]
    for decay in [low.learningDecay, 0.5, high.learningDecay] {
      for gain in gains {
        assertGrowing(
          firsts.map { PlayerMemory(firstLearning: $0, learningGain: gain, learningDecay: decay) })
      }
      for first in firsts {
        assertGrowing(
          gains.map { PlayerMemory(firstLearning: first, learningGain: $0, learningDecay: decay) })
      }
    }
  }
}
