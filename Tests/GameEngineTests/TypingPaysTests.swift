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

  /// Only a name typed after a right answer about that person counts: a quiz's typed question
  /// about someone never met, or one just after their card or a miss, says nothing of how
  /// well the player types a name they recognise.
  func testOnlyNamesTypedAfterARightAnswerAboutThePersonCount() {
    let member = club(4)[0]
    let right = answers(about: member).right
    let typedWrong = QuestionResult(
      question: right.question.asked(as: .typing), outcome: .wrong(chosen: nil),
      answerTime: .seconds(4))
    var memories = Memories()
    memories.remember(typedWrong, at: 10)
    memories.introduce(member.id, at: 20)
    memories.remember(typedWrong, at: 30)
    XCTAssertEqual(memories.typedAnswers.asked, 0, "never met, then just after the card")
    memories.remember(right, at: 40)
    memories.remember(typedWrong, at: 50)
    memories.remember(typed(right), at: 60)
    XCTAssertEqual(memories.typedAnswers.right, 0, "typed right, but after a miss")
    XCTAssertEqual(memories.typedAnswers.asked, 1)
    memories.remember(typed(right), at: 70)
    XCTAssertEqual(memories.typedAnswers.right, 1)
    XCTAssertEqual(memories.typedAnswers.asked, 2)
  }
}
