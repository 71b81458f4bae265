import XCTest

@testable import GameEngine

/// Each person's belief over how fast the player forgets their name: a few speeds, each with
/// its memory, weighed by the answers. Time is injected (Unix seconds).
final class SpeedBeliefTests: XCTestCase {
  private let member = club(4)[0]

  /// A card at 0, then `answers` (right or not) `gap` seconds apart.
  private func memories(_ answers: [Bool], gap: Double = 300) -> Memories {
    var memories = Memories()
    memories.introduce(member.id, at: 0)
    let (right, wrong) = GameEngineTests.answers(about: member)
    for (index, isRight) in answers.enumerated() {
      memories.remember(isRight ? right : wrong, at: gap * Double(index + 1))
    }
    return memories
  }

  private func weights(_ memories: Memories) -> [Double] {
    memories.records[member.id]?.belief?.weights ?? []
  }

  /// The mean of the speeds' logarithms, by weight: below 0 slower than the model's speed.
  private func meanSpeed(_ memories: Memories) -> Double {
    zip(weights(memories), SpeedBelief.speeds).reduce(0) { $0 + $1.0 * Double.log($1.1) }
  }

  func testBeforeAnyAnswerTheBeliefIsThePriorAndRecallTheMeanOfTheSpeeds() throws {
    let met = memories([])
    let record = try XCTUnwrap(met.records[member.id])
    let belief = try XCTUnwrap(record.belief)
    XCTAssertEqual(belief.weights, SpeedBelief.prior)
    XCTAssertEqual(belief.weights.reduce(0, +), 1, accuracy: 1e-12)
    XCTAssertEqual(belief.typicalMemory, record.memory, "FSRS keeps the model's own speed")
    // At 0.9 for the model's speed, recall is lower: a faster speed loses more than a slower
    // one gains near the top of the curve.
    let model = met.model
    let at = model.interval(of: record.memory) * 86_400
    XCTAssertEqual(model.recall(of: record.memory, afterDays: at / 86_400), 0.9, accuracy: 1e-9)
    XCTAssertLessThan(try XCTUnwrap(met.recall(of: member.id, at: at)), 0.899)
  }

  func testAMissBelievesTheNameFasterForgottenAndRightAnswersSlower() {
    XCTAssertGreaterThan(meanSpeed(memories([false])), 0.05, "a miss: faster")
    let three = meanSpeed(memories([true, true, true], gap: 900))
    XCTAssertLessThan(three, -0.02, "kept: slower")
    // More of the same moves it further.
    XCTAssertLessThan(meanSpeed(memories(Array(repeating: true, count: 8), gap: 900)), three)
  }

  /// The belief, not only each miss's reset of the learning, brings a name missed again and
  /// again back sooner: with the same answers and the weights held at the prior, it would
  /// come back later.
  func testANameMissedComesBackSoonerThanItsMemoryAloneSays() throws {
    let missed = memories([true, false, false, true, false, true])
    let record = try XCTUnwrap(missed.records[member.id])
    var prior = try XCTUnwrap(record.belief)
    prior.weights = SpeedBelief.prior
    let later = record.lastAnswer + 600
    let days = (later - record.lastAnswer) / 86_400
    XCTAssertLessThan(
      try XCTUnwrap(missed.ownRecall(of: member.id, at: later)),
      prior.recall(afterDays: days, model: missed.model) - 0.001)
  }

  /// Over days too, a faster speed remembers less, and a miss after the name was learnt moves
  /// the belief to the faster speeds.
  func testOverDaysAFasterSpeedRemembersLessAndAMissMovesTheBeliefFaster() throws {
    let days = 86_400.0
    let learnt = memories([true, true, true, true, true, true], gap: 0.7 * days)
    let record = try XCTUnwrap(learnt.records[member.id])
    let belief = try XCTUnwrap(record.belief)
    for elapsed in [0.5, 2, 10] {
      let recalls = SpeedBelief.speeds.indices.map { index in
        learnt.model.recall(
          of: belief.memories[index], afterDays: elapsed * SpeedBelief.speeds[index])
      }
      XCTAssertEqual(recalls, recalls.sorted(by: >), "after \(elapsed) days: \(recalls)")
    }
    let before = meanSpeed(learnt)
    let missedLater = memories([true, true, true, true, true, true, false], gap: 0.7 * days)
    XCTAssertGreaterThan(meanSpeed(missedLater), before + 0.02)
  }

  /// An answer no speed expects (a miss right after a run of recalls) is taken for a possible
  /// slip: no speed is ruled out.
  func testNoAnswerRulesASpeedOut() {
    let weights = weights(memories(Array(repeating: true, count: 6) + [false], gap: 60))
    XCTAssertEqual(weights.reduce(0, +), 1, accuracy: 1e-9)
    XCTAssertTrue(weights.allSatisfy { $0 > 1e-6 }, "\(weights)")
  }

  /// A record kept before beliefs were (none) is the model's speed alone until its next
  /// card or answer, which starts a belief from its memory.
  func testARecordWithoutABeliefGetsOneAtItsNextAnswer() throws {
    let memory = MemoryModel.standard.remember(nil, grade: .again, afterDays: nil)
    var memories = Memories([
      member.id: MemoryRecord(memory: memory, lastAnswer: 0, lastGrade: .again)
    ])
    XCTAssertEqual(
      memories.recall(of: member.id, at: 30),
      MemoryModel.standard.recall(of: memory, afterDays: 30 / 86_400))
    memories.remember(GameEngineTests.answers(about: member).right, at: 300)
    XCTAssertNotNil(memories.records[member.id]?.belief)
  }
}
