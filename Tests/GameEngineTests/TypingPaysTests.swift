import XCTest

@testable import GameEngine

/// Whether typing pays for a player, from their typed names so far: they stop being asked to
/// type once their typed names are 19 times likelier from a player who types 0.6 of names right
/// than from one who types 0.85 (Wald's sequential test), and type names being learnt once they
/// are 19 times likelier from the one who types 0.85; and, while typing pays, which recognised
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

  /// The other bound of the same test: a player whose typed names are surely a good typist's.
  func testAPlayerTypesWellOnceTheTypedNamesSaySurely() {
    XCTAssertFalse(LearnSteps.typesWell((right: 0, asked: 0)), "no answer yet")
    XCTAssertFalse(LearnSteps.typesWell((right: 8, asked: 8)), "eight right: 16.2 times")
    XCTAssertTrue(LearnSteps.typesWell((right: 9, asked: 9)), "nine right: 22.9 times")
    XCTAssertFalse(LearnSteps.typesWell((right: 14, asked: 16)), "two misses in 16: 18.4 times")
    XCTAssertTrue(LearnSteps.typesWell((right: 15, asked: 17)), "two misses in 17: 26.1 times")
    XCTAssertFalse(LearnSteps.typesWell((right: 730, asked: 1000)), "0.73 of many")
    XCTAssertTrue(LearnSteps.typesWell((right: 750, asked: 1000)), "0.75 of many")
  }

  /// A recognised name is typed until it is typed right, then picked; a good typist's is
  /// typed while it is being learnt too.
  func testARecognisedNameIsTypedUntilTypedRightAndAGoodTypistsWhileItIsLearnt() {
    let member = MemberID("m1")
    // Nine names typed right, each after a right answer about the same person.
    let goodTypist = [
      MemberID("m2"): [
        Taken(time: 0, kind: .answer(right: true, seconds: 1, kind: .name, slip: false, guess: nil))
      ]
        + (1...9).map { index in
          Taken(
            time: Double(index),
            kind: .answer(right: true, seconds: 4, kind: .typing, slip: false, guess: nil))
        }
    ]
    func kind(
      learning: Double?, typed: Bool, lastGrade: Grade = .good, number: Int = 3,
      typesWell: Bool = false
    ) -> QuestionKind {
      let record = MemoryRecord(
        memory: MemoryState(stability: 5, difficulty: 5, learning: learning), lastAnswer: 0,
        lastGrade: lastGrade, typed: typed)
      return LearnSteps.kind(
        of: member, in: Memories([member: record], taken: typesWell ? goodTypist : [:]),
        kinds: nil, number: number)
    }
    XCTAssertEqual(kind(learning: 600, typed: false), .typing, "being learnt, never typed right")
    XCTAssertEqual(kind(learning: nil, typed: false), .typing, "learnt, never typed right")
    XCTAssertEqual(kind(learning: 600, typed: true), .name, "typed right: picked")
    XCTAssertEqual(kind(learning: nil, typed: true, number: 4), .face)
    XCTAssertEqual(kind(learning: nil, typed: false, lastGrade: .again), .name, "missed")
    XCTAssertEqual(
      kind(learning: 600, typed: true, typesWell: true), .typing, "a good typist, being learnt")
    XCTAssertEqual(
      kind(learning: nil, typed: true, typesWell: true), .name, "a good typist, learnt")
    XCTAssertEqual(
      kind(learning: 600, typed: true, lastGrade: .again, typesWell: true), .name, "missed")
  }

  /// A name typed right before is asked typed again only where it teaches more per second
  /// than the pick made for it: where a right pick would likely be a guess (a low recall
  /// among options the player knows), by the player's own times for each kind.
  func testANameTypedRightIsTypedAgainWhereAPickWouldLikelyBeAGuess() throws {
    let members = club(4)
    let pick = answers(about: members[0]).right.question
    let model = MemoryModel.standard
    let time = 800.0
    func memories(
      othersKnown: Bool, typed: Bool = true, lastGrade: Grade = .good,
      typedSeconds: Double? = nil
    ) -> Memories {
      var records = [
        members[0].id: MemoryRecord(
          memory: MemoryState(stability: 5, difficulty: 5, learning: 60), lastAnswer: 0,
          lastGrade: lastGrade, typed: typed)
      ]
      if othersKnown {
        for other in members.dropFirst() {
          records[other.id] = MemoryRecord(
            memory: MemoryState(stability: 5, difficulty: 5), lastAnswer: time, lastGrade: .good)
        }
      }
      // The player's own typed names, each taking `typedSeconds`.
      let taken = typedSeconds.map { seconds in
        [
          members[0].id: (0..<20).map { index in
            Taken(
              time: Double(index),
              kind: .answer(right: true, seconds: seconds, kind: .typing, slip: false, guess: nil))
          }
        ]
      }
      return Memories(records, model: model, taken: taken ?? [:])
    }
    func pays(_ memories: Memories, at time: Double = time) -> Bool {
      LearnSteps.typingPays(instead: pick, in: memories, at: time, reveal: 2)
    }
    let recall = try XCTUnwrap(memories(othersKnown: true).recall(of: members[0].id, at: time))
    XCTAssertEqual(recall, 0.5, accuracy: 0.05)
    XCTAssertTrue(pays(memories(othersKnown: true)), "a right pick: half a guess")
    XCTAssertFalse(pays(memories(othersKnown: false)), "among strangers, likely known")
    XCTAssertFalse(pays(memories(othersKnown: true), at: 10), "recalled at once")
    XCTAssertFalse(
      pays(memories(othersKnown: true, typedSeconds: 12)), "typing takes this player long")
    XCTAssertTrue(pays(memories(othersKnown: true, typedSeconds: 4)))
    XCTAssertFalse(pays(memories(othersKnown: true, typed: false)), "typed by `kind` instead")
    XCTAssertFalse(pays(memories(othersKnown: true, lastGrade: .again)), "missed: picked")
  }
}
