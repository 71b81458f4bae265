import XCTest

@testable import GameEngine

/// Whether typing pays for a player, from their typed names so far: they stop being asked to
/// type once their typed names are 19 times likelier from a player who types 0.6 of names right
/// than from one who types 0.85 (Wald's sequential test); and, while it pays, which recognised
/// names learn mode asks typed.
final class TypingPaysTests: XCTestCase {
  func testTypingPaysUntilTheTypedNamesSaySurelyOtherwise() {
    XCTAssertTrue(LearnSteps.typingPays((right: 0, asked: 0)), "no answer yet")
    XCTAssertTrue(LearnSteps.typingPays((right: 0, asked: 2)), "two misses: 7.1 times likelier")
    XCTAssertTrue(LearnSteps.typingPays((right: 0, asked: 3)), "three misses: 18.96 times")
    XCTAssertFalse(LearnSteps.typingPays((right: 0, asked: 4)), "four misses: 51 times")
    XCTAssertTrue(LearnSteps.typingPays((right: 2, asked: 5)), "a bad start: 9.5 times")
    XCTAssertFalse(LearnSteps.typingPays((right: 2, asked: 6)), "two right of six: 25 times")
    XCTAssertTrue(LearnSteps.typingPays((right: 3, asked: 6)), "half of six: 6.7 times")
    XCTAssertFalse(LearnSteps.typingPays((right: 5, asked: 10)), "half of ten: 24 times")
    XCTAssertTrue(LearnSteps.typingPays((right: 9, asked: 10)))
    XCTAssertTrue(LearnSteps.typingPays((right: 740, asked: 1000)), "0.74 of many")
    XCTAssertFalse(LearnSteps.typingPays((right: 730, asked: 1000)), "0.73 of many")
    XCTAssertFalse(LearnSteps.typingPays((right: 600, asked: 1000)))
  }

  /// How likely a player is to be switched to picks within 200 typed names, each typed right
  /// with the same chance: computed exactly, over every sequence of answers. One who types
  /// well (0.85 or 0.9) is seldom switched; one who types three in five is, surely.
  func testAGoodTypistIsSeldomSwitchedAndAPoorOneSurely() {
    func switched(typingRight chance: Double) -> Double {
      // The chance of each count of right answers among those not switched yet.
      var notSwitched = [1.0]
      var total = 0.0
      for asked in 1...200 {
        var next = [Double](repeating: 0, count: asked + 1)
        for (right, probability) in notSwitched.enumerated() where probability > 0 {
          for (count, chance) in [(right + 1, chance), (right, 1 - chance)] {
            if LearnSteps.typingPays((right: count, asked: asked)) {
              next[count] += probability * chance
            } else {
              total += probability * chance
            }
          }
        }
        notSwitched = next
      }
      return total
    }
    XCTAssertLessThan(switched(typingRight: 0.9), 0.01)
    XCTAssertLessThan(switched(typingRight: 0.85), 0.05)
    XCTAssertGreaterThan(switched(typingRight: 0.6), 0.999)
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

  /// A recognised name is typed while it is being learnt, or until it is typed right; a name
  /// learnt and typed right is picked again (the name or the face, in turn), until a miss.
  func testALearntNameTypedRightIsPickedAgain() {
    let member = MemberID("m1")
    func kind(learning: Double?, typed: Bool, lastGrade: Grade = .good, number: Int = 3)
      -> QuestionKind
    {
      let record = MemoryRecord(
        memory: MemoryState(stability: 5, difficulty: 5, learning: learning), lastAnswer: 0,
        lastGrade: lastGrade, typed: typed)
      return LearnSteps.kind(
        of: member, in: Memories([member: record]), kinds: nil, number: number)
    }
    XCTAssertEqual(kind(learning: 600, typed: false), .typing, "being learnt")
    XCTAssertEqual(kind(learning: 600, typed: true), .typing, "being learnt, typed before")
    XCTAssertEqual(kind(learning: nil, typed: false), .typing, "learnt, never typed right")
    XCTAssertEqual(kind(learning: nil, typed: true), .name, "learnt and typed right")
    XCTAssertEqual(kind(learning: nil, typed: true, number: 4), .face)
    XCTAssertEqual(kind(learning: nil, typed: false, lastGrade: .again), .name, "missed")
  }
}
