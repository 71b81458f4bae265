import XCTest

@testable import GameEngine

/// A pick's right answer may be a guess, and a guess is likelier right when the player can
/// rule out the other options: `Memories.guessChance` weighs each option by the recall of its
/// person's name, and the memory takes a right pick in by it.
final class GuessChanceTests: XCTestCase {
  private let members = club(4)

  /// Memories in which `known` (of the three options beside the first member) were just met on
  /// a card at `time` (recalled at once), the first member met on a card at 0.
  private func memories(knowing known: Int, at time: Double) -> Memories {
    var memories = Memories()
    memories.introduce(members[0].id, at: 0)
    for member in members.dropFirst().prefix(known) { memories.introduce(member.id, at: time) }
    return memories
  }

  func testAGuessAmongStrangersIsOneInFourAndAmongNamesRecalledASureThing() {
    let others = members.dropFirst().map(\.id)
    XCTAssertEqual(
      memories(knowing: 0, at: 100).guessChance(ruledOutAmong: others, at: 100), 0.25,
      accuracy: 1e-12)
    XCTAssertEqual(
      memories(knowing: 1, at: 100).guessChance(ruledOutAmong: others, at: 100), 1.0 / 3,
      accuracy: 1e-12)
    XCTAssertEqual(
      memories(knowing: 3, at: 100).guessChance(ruledOutAmong: others, at: 100), 1,
      accuracy: 1e-12)
    // One option recalled with chance r, two strangers: r / 3 + (1 - r) / 4.
    let memories = memories(knowing: 1, at: 100)
    let later = 400.0
    let recall = memories.recall(of: members[1].id, at: later) ?? 0
    XCTAssertLessThan(recall, 0.9)
    XCTAssertEqual(
      memories.guessChance(ruledOutAmong: others, at: later), recall / 3 + (1 - recall) / 4,
      accuracy: 1e-12)
  }

  /// The same right pick, at the same recall, counts as a recall among strangers and as a
  /// likely guess among three names the player has just been shown: it grows the memory less,
  /// and a replay of the cards and answers takes it in the same way.
  func testARightPickAmongNamesThePlayerKnowsCountsLessThanAmongStrangers() throws {
    let time = 1_000.0
    let (right, _) = answers(about: members[0])
    var amongStrangers = memories(knowing: 0, at: time)
    var amongKnown = memories(knowing: 3, at: time)
    let recall = try XCTUnwrap(amongKnown.recall(of: members[0].id, at: time))
    XCTAssertEqual(recall, try XCTUnwrap(amongStrangers.recall(of: members[0].id, at: time)))
    XCTAssertLessThan(recall, 0.5)
    XCTAssertGreaterThan(Memories.knew(recallBefore: recall, guess: 0.25), 0.5)
    amongStrangers.remember(right, at: time)
    amongKnown.remember(right, at: time)
    XCTAssertNotEqual(amongStrangers.records[members[0].id]?.lastGrade, .again)
    XCTAssertEqual(amongKnown.records[members[0].id]?.lastGrade, .again, "a likely guess")
    let later = time + 300
    XCTAssertLessThan(
      try XCTUnwrap(amongKnown.recall(of: members[0].id, at: later)),
      try XCTUnwrap(amongStrangers.recall(of: members[0].id, at: later)))
    guard case .answer(_, _, _, _, let guess) = amongKnown.taken[members[0].id]?.last?.kind
    else { return XCTFail("the answer was not taken in") }
    XCTAssertEqual(try XCTUnwrap(guess), 1, accuracy: 1e-9)
    // Replayed with the answers' times as they were counted before it (none).
    XCTAssertEqual(
      Memories.record(
        replaying: try XCTUnwrap(amongKnown.taken[members[0].id]), model: .standard,
        guessTimes: GuessTimes()),
      amongKnown.records[members[0].id])
  }

  /// A name typed cannot be guessed, whoever else the player knows: its chance is the kind's.
  func testANameTypedKeepsNoChanceOfAGuess() {
    var memories = memories(knowing: 3, at: 100)
    memories.remember(typed(answers(about: members[0]).right), at: 100)
    guard case .answer(_, _, .typing, _, let guess) = memories.taken[members[0].id]?.last?.kind
    else { return XCTFail("the answer was not taken in as typed") }
    XCTAssertNil(guess)
    XCTAssertEqual(QuestionKind.typing.guessChance, 0)
  }

  /// The fit scores an answer by the chance it kept: a right pick that a guess would surely
  /// have made is no surprise, whatever the recall.
  func testTheFitScoresAPickByItsChanceOfAGuess() {
    func events(guess: Double?) -> [MemoryFit.Event] {
      [
        .card(person: 1, time: 0),
        .answer(person: 1, time: 3_000, right: true, seconds: 1, guess: guess),
      ]
    }
    let kinds = MemoryFit.logLoss(of: events(guess: nil), model: .standard)
    let sure = MemoryFit.logLoss(of: events(guess: 1), model: .standard)
    XCTAssertEqual(sure.count, 1)
    // Right but for a slip that presses another option: 1 - 0.02 * 3 / 4.
    XCTAssertEqual(sure.loss, -.log(1 - MemoryFit.slip * 0.75), accuracy: 1e-9)
    XCTAssertGreaterThan(kinds.loss, 0.1)
  }

  /// A pick that a guess surely makes can still be missed, by a slip (a press right one time
  /// in four): such a miss is as likely at every speed, so it keeps what the belief learnt
  /// (an impossible answer would have reset it to the prior).
  func testAMissWhereAGuessIsSureIsASlipAndStillCounts() {
    XCTAssertEqual(
      MemoryFit.likelihood(right: false, recall: 0.9, guess: 1),
      MemoryFit.slip * (1 - QuestionKind.name.guessChance), accuracy: 1e-12)
    XCTAssertEqual(
      MemoryFit.likelihood(right: false, recall: 0.9, guess: 0.25),
      1 - (0.98 * 0.9 + 0.98 * 0.1 * 0.25 + 0.02 * 0.25), accuracy: 1e-12)
    let model = MemoryModel.standard
    let card = model.remember(nil, grade: .again, afterDays: nil)
    let belief = SpeedBelief(memory: card).answered(
      right: false, grade: .again, afterDays: 600.0 / 86_400, guess: 0, model: model)
    XCTAssertNotEqual(belief.weights, SpeedBelief.prior)
    let missed = belief.answered(
      right: false, grade: .again, afterDays: 60.0 / 86_400, guess: 1, model: model)
    for (after, before) in zip(missed.weights, belief.weights) {
      XCTAssertEqual(after, before, accuracy: 1e-3)
    }
  }

  /// A chance kept with a name typed is not taken: a name typed cannot be guessed.
  func testAChanceKeptWithANameTypedIsNotTaken() {
    func replay(keeping guess: Double?) -> MemoryRecord? {
      Memories.record(
        replaying: [
          Taken(time: 0, kind: .card),
          Taken(
            time: 900,
            kind: .answer(right: true, seconds: 4, kind: .typing, slip: false, guess: guess)),
        ], model: .standard, guessTimes: GuessTimes())
    }
    XCTAssertEqual(replay(keeping: 0.9), replay(keeping: nil))
    XCTAssertEqual(QuestionKind.typing.guessChance(kept: 0.9), 0)
    XCTAssertEqual(QuestionKind.face.guessChance(kept: nil), 0.25)
    XCTAssertEqual(QuestionKind.name.guessChance(kept: 0.7), 0.7)
  }
}
