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

  /// A record kept without its cards and answers (none taken in) keeps what it holds.
  func testARecordWithNothingTakenInKeepsWhatItHolds() {
    let kept = MemoryRecord(
      memory: MemoryState(stability: 3, difficulty: 5), lastAnswer: 0, lastGrade: .good)
    let memories = Memories([ada.id: kept])
    XCTAssertEqual(memories.replayed(with: PlayerMemory.standard.model).records[ada.id], kept)
  }
}
