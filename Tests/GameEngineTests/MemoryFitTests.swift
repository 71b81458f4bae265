import Dispatch
import XCTest

@testable import GameEngine

/// The fit of a player's memory: answers drawn from a known model give its numbers back, a
/// short history stays near the defaults, and the fitted model predicts better.
final class MemoryFitTests: XCTestCase {
  /// A player whose names last twice as long after a card, who gains less from each recall
  /// and whose recall fades faster while learning than the defaults say.
  let truth = PlayerMemory(firstLearning: 150, learningGain: 8, learningDecay: 0.8)

  func testAnswersDrawnFromAKnownModelGiveItsNumbersBackWithinTenPercent() throws {
    // Five thousand people: with fewer, the decay (the number the answers say least of)
    // strays past ten percent by chance alone.
    let answers = Self.answers(of: truth, people: 5_000, seed: 1)
    XCTAssertLessThanOrEqual(answers.count, MemoryFit.mostEvents, "all of them fitted")
    let result = try XCTUnwrap(MemoryFit.fit(answers))
    XCTAssertEqual(
      result.memory.firstLearning, truth.firstLearning, accuracy: 0.1 * truth.firstLearning)
    XCTAssertEqual(
      result.memory.learningGain, truth.learningGain, accuracy: 0.1 * truth.learningGain)
    XCTAssertEqual(
      result.memory.learningDecay, truth.learningDecay, accuracy: 0.1 * truth.learningDecay)
    XCTAssertLessThan(result.lossAfter, result.lossBefore)
    XCTAssertEqual(
      MemoryFit.logLoss(of: answers, model: result.memory.model).loss, result.lossAfter,
      accuracy: 1e-12)
    XCTAssertEqual(result.answers, answers.count - 5_000, "every answer after a card is scored")
  }

  /// A long history is fitted on the people met most recently, each from their first card
  /// or answer, as far as `MemoryFit.mostEvents` go: never more, the last person kept cut
  /// short, the newest always.
  func testALongHistoryIsFittedOnThePeopleMetMostRecently() throws {
    func events(_ person: Int64, _ times: [Double]) -> [MemoryFit.Event] {
      [.card(person: person, time: times[0])]
        + times.dropFirst().map { .answer(person: person, time: $0, right: true, seconds: 1) }
    }
    let old = events(1, [0, 10, 5_000])
    let newest = events(2, [100, 200, 9_000])
    let recent = events(3, [50, 7_000])
    let all = old + newest + recent
    XCTAssertEqual(MemoryFit.newestMet(all, most: all.count), all)
    XCTAssertEqual(Set(MemoryFit.newestMet(all, most: 5)), Set(newest + recent))
    XCTAssertEqual(Set(MemoryFit.newestMet(all, most: 4)), Set(newest + [recent[0]]), "cut")
    XCTAssertEqual(MemoryFit.newestMet(all, most: 1), [newest[0]], "the newest, from the first")
    // The fit scores what it keeps, and only that: a thousand cards and answers of the people
    // met last, out of a history four times as long.
    let many = Self.answers(of: truth, people: 400, seed: 8)
    let kept = MemoryFit.newestMet(many, most: 1_000)
    XCTAssertEqual(kept.count, 1_000)
    XCTAssertLessThan(kept.count * 3, many.count)
    let fit = try XCTUnwrap(MemoryFit.fit(many, most: 1_000))
    XCTAssertEqual(fit.answers, kept.count { $0.kind != .card })
    XCTAssertEqual(fit, try XCTUnwrap(MemoryFit.fit(kept)))
  }

  /// Before cards were recorded (and in a quiz), a person's first answer starts their replay
  /// and is not scored: the numbers still come back.
  func testAHistoryWithoutCardsStartsEachPersonAtTheirFirstAnswer() throws {
    let answers = Self.answers(of: truth, people: 1_000, seed: 4, cards: false)
    let result = try XCTUnwrap(MemoryFit.fit(answers))
    XCTAssertEqual(result.answers, answers.count - 1_000)
    XCTAssertEqual(
      result.memory.firstLearning, truth.firstLearning, accuracy: 0.1 * truth.firstLearning)
  }

  /// A mis-tap just after a recall costs the fit a few units of log likelihood, not twenty:
  /// a few of them do not drag the numbers away.
  func testASlipJustAfterARecallCostsLittle() {
    let answers: [MemoryFit.Event] = [
      .card(person: 1, time: 0),
      .answer(person: 1, time: 1, right: false, seconds: 1),
    ]
    let loss = MemoryFit.logLoss(of: answers, model: .standard)
    XCTAssertEqual(loss.count, 1)
    XCTAssertLessThan(loss.loss, 5)
    XCTAssertGreaterThan(loss.loss, 3, "a miss a second after a card is still unlikely")
  }

  /// The people are replayed apart from each other, in shares run at once: the loss is the
  /// same to the last bit however many shares, and no share cuts a person's events.
  func testTheLossIsTheSameWhateverTheShares() {
    let answers = Self.answers(of: truth, people: 300, seed: 5)
    let model = PlayerMemory.standard.model
    let whole = MemoryFit.Replay(answers, shareCount: 1)
    XCTAssertEqual(whole.shares, [0..<answers.count])
    for count in [2, 7, 16, 1_000] {
      let replay = MemoryFit.Replay(
        answers, shareCount: count,
        run: { count, work in DispatchQueue.concurrentPerform(iterations: count, execute: work) })
      XCTAssertEqual(replay.loss(model), whole.loss(model), "\(count) shares")
      XCTAssertEqual(replay.shares.first?.lowerBound, 0)
      XCTAssertEqual(replay.shares.last?.upperBound, answers.count)
      for (share, next) in zip(replay.shares, replay.shares.dropFirst()) {
        XCTAssertEqual(share.upperBound, next.lowerBound)
        XCTAssertNil(replay.days[next.lowerBound], "a share starts with a person's first event")
      }
      let most = min(count, 300)
      XCTAssertTrue((most / 2...most).contains(replay.shares.count), "\(count) shares")
    }
  }

  /// Two people answered 6 to 14 times each: fewer than `MemoryFit.minimumAnswers`; five are
  /// enough.
  func testTooFewAnswersKeepTheDefaults() {
    let answers = Self.answers(of: truth, people: 2, seed: 2)
    XCTAssertLessThan(answers.count { $0.kind != .card }, MemoryFit.minimumAnswers)
    XCTAssertNil(MemoryFit.fit(answers))
    let enough = Self.answers(of: truth, people: 5, seed: 2)
    XCTAssertGreaterThanOrEqual(enough.count { $0.kind != .card }, MemoryFit.minimumAnswers)
    XCTAssertNotNil(MemoryFit.fit(enough))
  }

  /// The prior holds a fit of a few tens of answers nearer the defaults than one of a few
  /// hundred, which is nearer them than the truth: each number moves as far as its evidence.
  func testTheFewerTheAnswersTheNearerTheDefaults() throws {
    let standard = PlayerMemory.standard
    func distance(_ memory: PlayerMemory) -> Double {
      [
        (memory.firstLearning, standard.firstLearning),
        (memory.learningGain, standard.learningGain),
        (memory.learningDecay, standard.learningDecay),
      ].map { abs(log($0 / $1)) }.reduce(0, +)
    }
    let tens = try XCTUnwrap(MemoryFit.fit(Self.answers(of: truth, people: 5, seed: 4)))
    let hundreds = try XCTUnwrap(MemoryFit.fit(Self.answers(of: truth, people: 40, seed: 4)))
    XCTAssertLessThan(tens.answers, 100)
    XCTAssertLessThan(distance(tens.memory), distance(hundreds.memory))
    XCTAssertLessThan(distance(hundreds.memory), distance(truth))
  }

  /// A few hundred answers move the numbers toward the truth, but not all the way: the prior
  /// holds them nearer the defaults than a large history would.
  func testAShortHistoryMovesTheNumbersOnlyPartOfTheWay() throws {
    let few = try XCTUnwrap(MemoryFit.fit(Self.answers(of: truth, people: 30, seed: 3)))
    XCTAssertGreaterThanOrEqual(few.answers, MemoryFit.minimumAnswers)
    let standard = PlayerMemory.standard
    XCTAssertGreaterThan(few.memory.firstLearning, standard.firstLearning)
    XCTAssertLessThan(few.memory.learningGain, standard.learningGain)
    for value in [few.memory.firstLearning, few.memory.learningGain, few.memory.learningDecay] {
      XCTAssertTrue(value.isFinite)
    }
    XCTAssertGreaterThanOrEqual(few.memory.learningDecay, MemoryFit.lowerBounds.learningDecay)
    XCTAssertLessThanOrEqual(few.memory.learningDecay, MemoryFit.upperBounds.learningDecay)
  }

  /// Cards and answers drawn from `memory`'s model: each person met on a name card (when
  /// `cards`) half a minute to five minutes before their first answer, then answered about
  /// ten times, at gaps from seconds to weeks; right with the chance the model gives (a guess
  /// among four otherwise, and after a slip), taken in as the game takes them in. Without cards,
  /// the first answer starts the memory.
  static func answers(of memory: PlayerMemory, people: Int, seed: UInt64, cards: Bool = true)
    -> [MemoryFit.Event]
  {
    let model = memory.model
    var random = SeededGenerator(seed: seed)
    var answers: [MemoryFit.Event] = []
    for person in 0..<people {
      var time = Double.random(in: 0..<86_400, using: &random)
      var state: MemoryState?
      var last = time
      if cards {
        answers.append(.card(person: Int64(person), time: time))
        state = model.remember(nil, grade: .again, afterDays: nil)
        time += Double.random(in: 30...300, using: &random)
      }
      for _ in 0..<Int.random(in: 6...14, using: &random) {
        var right = Double.random(in: 0..<1, using: &random) < 0.25
        var seconds = Double.random(in: 2.5...5, using: &random)
        let days = (time - last) / 86_400
        if let before = state {
          // A slip (the fit's `slip`) leaves the outcome to a guess whatever the recall.
          let slipped = Double.random(in: 0..<1, using: &random) < MemoryFit.slip
          let recall = slipped ? 0 : model.recall(of: before, afterDays: days)
          if Double.random(in: 0..<1, using: &random) < recall {
            (right, seconds) = (true, Double.random(in: 1...2.5, using: &random))
          }
          state = model.answered(
            before, right: right, grade: seconds <= 2.5 ? .good : .hard, afterDays: days,
            options: 4)
        } else {
          state = model.remember(nil, grade: .again, afterDays: nil)
        }
        answers.append(
          .answer(person: Int64(person), time: time, right: right, seconds: seconds))
        last = time
        time += Double.exp(
          Double.random(in: Double.log(5)...Double.log(30 * 86_400), using: &random))
      }
    }
    return answers
  }
}
