import XCTest

@testable import GameEngine

/// What the time of a right answer says of a guess (`GuessTimes`).
final class GuessTimesTests: XCTestCase {
  /// A player whose guesses (their wrong answers) are nearly all slow, and whose right answers
  /// nearly all quick.
  let slowGuesser = GuessTimes(right: 40, slowRight: 2, wrong: 20, slowWrong: 19)

  func testTimeSaysNothingBeforeAnyAnswerNorForAPlayerWhoGuessesAsQuicklyAsTheyRecall() {
    for times in [GuessTimes(), GuessTimes(right: 30, slowRight: 9, wrong: 14, slowWrong: 4)] {
      for seconds in [1.0, 4.0] {
        let evidence = times.evidence(seconds: seconds)
        XCTAssertEqual(evidence.knew, evidence.guessed, accuracy: 1e-9, "\(times) \(seconds) s")
      }
    }
    XCTAssertEqual(
      Memories.knew(recallBefore: 0.6, options: 4, time: GuessTimes().evidence(seconds: 4)),
      Memories.knew(recallBefore: 0.6, options: 4), accuracy: 1e-9)
  }

  func testASlowRightAnswerIsLikelierAGuessAndAQuickOneLikelierKnown() {
    let plain = Memories.knew(recallBefore: 0.6, options: 4)
    let slow = Memories.knew(recallBefore: 0.6, options: 4, time: slowGuesser.evidence(seconds: 4))
    let quick = Memories.knew(
      recallBefore: 0.6, options: 4, time: slowGuesser.evidence(seconds: 1.5))
    // Laplace's shares: slow when known 3/42, when guessed 20/22.
    let (known, guessed) = (0.6 * 3 / 42, 0.4 / 4 * 20 / 22)
    XCTAssertEqual(slow, known / (known + guessed), accuracy: 1e-9)
    XCTAssertLessThan(slow, 0.5, "a slow right answer from this player is more likely a guess")
    XCTAssertGreaterThan(quick, plain)
    XCTAssertGreaterThan(plain, slow)
    // A name typed cannot be guessed, however long it took.
    let (right, _) = answers(about: club(4)[0])
    XCTAssertEqual(slowGuesser.evidence(of: typed(slowly(right))), .none)
  }

  /// Answered right after a slow search, a name comes back sooner than answered right at once,
  /// and its speed is believed faster: the same answer and recall, only its time differs.
  func testASlowRightAnswerIsAskedAgainSoonerThanAQuickOne() throws {
    let member = club(4)[0]
    let model = MemoryModel.standard
    let card = model.remember(nil, grade: .again, afterDays: nil)
    let record = MemoryRecord(
      memory: card, lastAnswer: 0, lastGrade: .again, belief: SpeedBelief(memory: card))
    let before = Memories([member.id: record], model: model, guessTimes: slowGuesser)
    let time = 300.0
    let recall = try XCTUnwrap(before.recall(of: member.id, at: time))
    XCTAssertEqual(recall, 0.6, accuracy: 0.15)
    let (right, _) = answers(about: member)
    func after(_ result: QuestionResult, _ memories: Memories = before) -> Memories {
      var memories = memories
      memories.remember(result, at: time)
      return memories
    }
    let (quick, slow) = (after(right), after(slowly(right)))
    let untimed = after(slowly(right), Memories([member.id: record], model: model))
    func later(_ memories: Memories) -> Double {
      memories.recall(of: member.id, at: time + 600) ?? 0
    }
    XCTAssertLessThan(later(slow), later(quick))
    XCTAssertLessThan(later(slow), later(untimed), "time said nothing without the tally")
    let speed = { (memories: Memories) in
      let belief = try XCTUnwrap(memories.records[member.id]?.belief)
      return zip(belief.weights, SpeedBelief.speeds).reduce(0) { $0 + $1.0 * .log($1.1) }
    }
    XCTAssertGreaterThan(try speed(slow), try speed(quick), "believed forgotten faster")
    XCTAssertEqual(slow.records[member.id]?.lastGrade, .again, "counted a guess")
    XCTAssertNotEqual(quick.records[member.id]?.lastGrade, .again)
  }

  func testEachAnswerChosenIsCountedAfterItIsTakenIn() throws {
    let members = club(4)
    var memories = Memories()
    let (right, wrong) = answers(about: members[0])
    let timedOut = QuestionResult(
      question: right.question, outcome: .timedOut, answerTime: .seconds(5))
    for result in [right, slowly(right), slowly(wrong), wrong, slowly(wrong), timedOut] {
      memories.remember(result, at: 100)
    }
    memories.remember(typed(slowly(right)), at: 110)
    XCTAssertEqual(
      memories.guessTimes, GuessTimes(right: 2, slowRight: 1, wrong: 3, slowWrong: 2),
      "timeouts and names typed are not counted")
    // Carried when the model changes (a fit).
    var session = Session(
      questions: try QuestionGenerator(members: members, seed: 1), memories: memories)
    session.adopt(MemoryModel(firstLearning: 30))
    XCTAssertEqual(session.memories.guessTimes, memories.guessTimes)
  }

  private func slowly(_ result: QuestionResult) -> QuestionResult {
    QuestionResult(
      question: result.question, outcome: result.outcome, answerTime: .seconds(4),
      typed: result.typed)
  }
}
