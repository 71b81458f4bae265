import XCTest

@testable import GameEngine

/// What the time of a right answer says of a guess (`GuessTimes`).
final class GuessTimesTests: XCTestCase {
  /// A player whose guesses (their wrong answers) are mostly slow and whose right answers
  /// mostly quick: in the spans up to 1.5 s, to 2.5 s, to 3.5 s and longer.
  let slowGuesser = GuessTimes(right: [30, 8, 2, 0], wrong: [0, 1, 9, 10])

  func testTimeSaysNothingBeforeAnyAnswerNorForAPlayerWhoGuessesAsQuicklyAsTheyRecall() {
    // The same shares once each span has two answers more: 12, 8, 4 and 4 in 28.
    let same = GuessTimes(right: [10, 6, 2, 2], wrong: [22, 14, 6, 6])
    for times in [GuessTimes(), same] {
      for seconds in [1.0, 2.0, 3.0, 4.0] {
        let evidence = times.evidence(seconds: seconds)
        XCTAssertEqual(evidence.knew, evidence.guessed, accuracy: 1e-9, "\(times) \(seconds) s")
      }
    }
    XCTAssertEqual(
      Memories.knew(recallBefore: 0.6, options: 4, time: GuessTimes().evidence(seconds: 4)),
      Memories.knew(recallBefore: 0.6, options: 4), accuracy: 1e-9)
  }

  func testTheSpansOfTime() {
    XCTAssertEqual(
      [0, 1.5, 1.6, 2.5, 3.5, 3.6, 9].map(GuessTimes.span(of:)), [0, 0, 1, 1, 2, 3, 3])
  }

  func testASlowRightAnswerIsLikelierAGuessAndAQuickOneLikelierKnown() {
    let plain = Memories.knew(recallBefore: 0.6, options: 4)
    let slow = Memories.knew(recallBefore: 0.6, options: 4, time: slowGuesser.evidence(seconds: 4))
    let quick = Memories.knew(
      recallBefore: 0.6, options: 4, time: slowGuesser.evidence(seconds: 1.2))
    // The span over 3.5 s, two answers more in each: when known 2 in 48, when guessed 12 in
    // 28, 10.3 times likelier; the most time says is ten times.
    XCTAssertEqual(slowGuesser.evidence(seconds: 4), GuessTimes.Evidence(knew: 1, guessed: 10))
    XCTAssertEqual(slow, 0.6 / (0.6 + 0.4 / 4 * 10), accuracy: 1e-9)
    // Up to 1.5 s: when known 32 in 48, when guessed 2 in 28.
    XCTAssertEqual(
      slowGuesser.evidence(seconds: 1.2).guessed, (2.0 / 28) / (32.0 / 48), accuracy: 1e-9)
    XCTAssertLessThan(slow, 0.5, "a slow right answer from this player is more likely a guess")
    XCTAssertGreaterThan(quick, plain)
    XCTAssertGreaterThan(plain, slow)
    // A name typed cannot be guessed, however long it took.
    let (right, _) = answers(about: club(4)[0])
    XCTAssertEqual(slowGuesser.evidence(of: typed(slowly(right))), .none)
  }

  /// A few answers say little: ten quick right answers and two slow wrong ones make a slow
  /// right answer at recall 0.6 an effortful recall still, not a guess.
  func testAFewAnswersSayLittle() {
    let few = GuessTimes(right: [10], wrong: [0, 0, 0, 2])
    let evidence = few.evidence(seconds: 4)
    XCTAssertEqual(evidence.guessed / evidence.knew, (4.0 / 10) / (2.0 / 18), accuracy: 1e-9)
    XCTAssertGreaterThan(Memories.knew(recallBefore: 0.6, options: 4, time: evidence), 0.5)
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
    XCTAssertLessThan(later(slow), later(untimed), "time said nothing without the counts")
    let speed = { (memories: Memories) in
      let belief = try XCTUnwrap(memories.records[member.id]?.belief)
      return zip(belief.weights, SpeedBelief.speeds).reduce(0) { $0 + $1.0 * .log($1.1) }
    }
    XCTAssertGreaterThan(try speed(slow), try speed(quick), "believed forgotten faster")
    XCTAssertEqual(slow.records[member.id]?.lastGrade, .again, "counted a guess")
    XCTAssertNotEqual(quick.records[member.id]?.lastGrade, .again)
  }

  /// The fit replays each answer as the game took it in, time included: a slow right answer
  /// that was a guess, followed by a miss, is less of a surprise.
  func testTheFitTakesInTimeAsTheGameDoes() {
    let events: [MemoryFit.Event] = [
      MemoryFit.Event(person: 1, time: 0, kind: .card),
      .answer(person: 1, time: 300, right: true, seconds: 4),
      .answer(person: 1, time: 1_200, right: false, seconds: 3),
    ]
    let untimed = MemoryFit.logLoss(of: events, model: .standard)
    let timed = MemoryFit.logLoss(of: events, model: .standard, guessTimes: slowGuesser)
    XCTAssertEqual(timed.count, 2)
    XCTAssertLessThan(timed.loss, untimed.loss)
  }

  func testEachAnswerChosenIsCounted() throws {
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
      memories.guessTimes, GuessTimes(right: [1, 0, 0, 1], wrong: [1, 0, 0, 2]),
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
