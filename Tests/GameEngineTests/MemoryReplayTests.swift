import GameEngine
import XCTest

/// A memory fitted anew takes every card and answer in again: what recall says of each person
/// is what the model now in use makes of their answers, not what an older model made of them.
final class MemoryReplayTests: XCTestCase {
  private let (ada, bo) = (club(4)[0], club(4)[1])

  /// Ada's card and answers, and Bo's card, over two days (names typed, whose time says
  /// nothing of a guess, so that the counts of answer times play no part).
  private func play(_ memories: inout Memories) {
    let (right, wrong) = answers(about: ada)
    memories.introduce(ada.id, at: 0)
    memories.introduce(bo.id, at: 10)
    memories.remember(typed(right), at: 30)
    memories.remember(typed(wrong), at: 400)
    memories.remember(typed(right), at: 90_000)
  }

  func testAMemoryFittedAnewTakesEveryCardAndAnswerInAgain() {
    let fitted = PlayerMemory(firstLearning: 200, learningGain: 9, learningDecay: 0.25).model
    var played = Memories()
    play(&played)
    var fromTheStart = Memories(model: fitted)
    play(&fromTheStart)
    let replayed = played.replayed(with: fitted)
    XCTAssertEqual(replayed.records, fromTheStart.records)
    XCTAssertEqual(replayed.taken, played.taken)
    XCTAssertNotEqual(replayed.records[ada.id], played.records[ada.id])
    XCTAssertEqual(replayed.model, fitted)
  }

  /// A name typed with a spelling slip is taken in again as the game took it (recalled with
  /// effort): by the replay of one person's cards and answers (as the history reads them),
  /// and by the fit's replay, whose score of the answers after it changes with it.
  func testANameTypedWithASlipIsReplayedAsItWasTakenIn() {
    let (right, _) = answers(about: ada)
    let slipped = QuestionResult(
      question: right.question.asked(as: .typing), outcome: .correct,
      answerTime: .seconds(6), typed: TypedAnswer(text: "Adaa", match: .slip))
    // Ada's name typed over a year, with a slip once it is learnt.
    let times: [Double] = [300, 6_000, 900_000, 4_000_000, 15_000_000, 40_000_000]
    let slipAt = 4
    func play(slipping: Bool) -> Memories {
      var memories = Memories()
      memories.introduce(ada.id, at: 0)
      for (index, time) in times.enumerated() {
        memories.remember(index == slipAt && slipping ? slipped : typed(right), at: time)
      }
      return memories
    }
    let played = play(slipping: true)
    XCTAssertNotEqual(
      played.records[ada.id]?.memory, play(slipping: false).records[ada.id]?.memory)
    func events(slip: Bool) -> [MemoryFit.Event] {
      times.indices.reversed().map { index in
        index == slipAt
          ? .answer(
            person: 1, time: times[index], right: true, seconds: 6, kind: .typing, slip: slip)
          : .answer(person: 1, time: times[index], right: true, seconds: 1, kind: .typing)
      } + [.card(person: 1, time: 0)]
    }
    let taken = Taken.byPerson(events(slip: true))[1] ?? []
    XCTAssertEqual(taken, played.taken[ada.id])
    XCTAssertEqual(
      Memories.record(replaying: taken, model: played.model, guessTimes: played.guessTimes),
      played.records[ada.id])
    XCTAssertNotEqual(
      MemoryFit.logLoss(of: events(slip: true), model: .standard).loss,
      MemoryFit.logLoss(of: events(slip: false), model: .standard).loss)
  }

  /// The history's cards and answers by person, each person's in order: a card before an
  /// answer of the same moment (the game shows a card, then asks).
  func testACardComesBeforeAnAnswerOfTheSameMoment() {
    let answer = MemoryFit.Event.answer(person: 2, time: 5, right: true, seconds: 1)
    XCTAssertEqual(
      Taken.byPerson([answer, .card(person: 1, time: 9), .card(person: 2, time: 5)]),
      [
        1: [Taken(time: 9, kind: .card)],
        2: [
          Taken(time: 5, kind: .card),
          Taken(time: 5, kind: .answer(right: true, seconds: 1, kind: .name, slip: false)),
        ],
      ])
  }

  /// A record kept without its cards and answers (none taken in) keeps what it holds.
  func testARecordWithNothingTakenInKeepsWhatItHolds() {
    let kept = MemoryRecord(
      memory: MemoryState(stability: 3, difficulty: 5), lastAnswer: 0, lastGrade: .good)
    let memories = Memories([ada.id: kept])
    XCTAssertEqual(memories.replayed(with: PlayerMemory.standard.model).records[ada.id], kept)
  }
}
