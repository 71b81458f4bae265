import Foundation
import GameEngine
import XCTest

@testable import History

/// The history keeps what a replay of a person's cards and answers needs to take them in as
/// the game took them: whether a name typed right had a slip.
final class ReplayKeepingTests: RosterFolderTestCase {
  /// A right answer about `person` of the roster `roster` at `time`, a name typed (`slip`:
  /// with a spelling slip).
  private func typed(_ person: Int64, roster: RosterKey, at time: Double, slip: Bool = false)
    -> History.Answer
  {
    History.Answer(
      person: person, roster: roster.identity, mode: "learn", outcome: .correct,
      chosen: slip ? "Adaa" : "Ada", seconds: 2, answeredAt: time, kind: "typing", slip: slip)
  }

  /// A name typed with a slip and one without are kept so, read back so, and read so by the
  /// fit.
  func testASlipIsKeptAndReadBackForTheFit() throws {
    let key = RosterKey.folder(folder + "/club")
    let history = try History(folder: folder + "/data")
    let ada = try history.people(photos(["Ada"], in: "club"), roster: key)[0]
    let answers = [
      typed(ada.id, roster: key, at: 10, slip: true), typed(ada.id, roster: key, at: 20),
    ]
    for answer in answers {
      try history.record(answer, memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    }
    let reopened = try History(folder: folder + "/data")
    XCTAssertEqual(try reopened.answers(), answers)
    XCTAssertEqual(
      try reopened.readAnswers().events,
      [
        .answer(person: ada.id, time: 10, right: true, seconds: 2, kind: .typing, slip: true),
        .answer(person: ada.id, time: 20, right: true, seconds: 2, kind: .typing, slip: false),
      ])
  }
}
