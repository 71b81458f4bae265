import Foundation
import GameEngine
import XCTest

@testable import History

/// The history keeps what a replay of a person's cards and answers needs to take them in as
/// the game took them: whether a name typed right had a slip.
final class ReplayKeepingTests: RosterFolderTestCase {
  /// The memory written with each answer (the tests read the answers).
  private let stale = MemoryState(stability: 40, difficulty: 2)

  private func answer(
    _ person: Int64, roster: RosterKey, at time: Double, right: Bool = true,
    kind: QuestionKind = .name, slip: Bool = false
  ) -> History.Answer {
    History.Answer(
      person: person, roster: roster.identity, mode: "learn",
      outcome: right ? .correct : .wrong, chosen: slip ? "Adaa" : "Ada", seconds: 2,
      answeredAt: time, kind: kind.rawValue, slip: slip)
  }

  func testASlipIsKeptAndReadBackForTheFit() throws {
    let key = RosterKey.folder(folder + "/club")
    let history = try History(folder: folder + "/data")
    let ada = try history.people(photos(["Ada"], in: "club"), roster: key)[0]
    let answers = [
      answer(ada.id, roster: key, at: 10, kind: .typing, slip: true),
      answer(ada.id, roster: key, at: 20, kind: .typing),
    ]
    for answer in answers { try history.record(answer, memory: stale, grade: 3) }
    let reopened = try History(folder: folder + "/data")
    XCTAssertEqual(try reopened.answers(), answers)
    XCTAssertEqual(
      try reopened.eventsToFit(),
      [
        .answer(person: ada.id, time: 10, right: true, seconds: 2, kind: .typing, slip: true),
        .answer(person: ada.id, time: 20, right: true, seconds: 2, kind: .typing, slip: false),
      ])
  }
}
