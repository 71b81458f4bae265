import Foundation
import GRDB
import GameEngine
import XCTest

@testable import History

/// The history keeps what a replay of a person's cards and answers needs to take them in as
/// the game took them: whether a name typed right had a slip, and the chance that a guess
/// among a pick's options was right.
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

  /// A pick's chance of a right guess is kept and read back for the fit; an answer kept
  /// without one, or with a value that is not a chance above 0 (a damaged file), is read as
  /// the kind's (nil).
  func testAGuessChanceIsKeptAndReadBackForTheFit() throws {
    let key = RosterKey.folder(folder + "/club")
    let history = try History(folder: folder + "/data")
    let ada = try history.people(photos(["Ada"], in: "club"), roster: key)[0]
    func picked(at time: Double, guess: Double?) -> History.Answer {
      History.Answer(
        person: ada.id, roster: key.identity, mode: "learn", outcome: .correct, chosen: "Ada",
        seconds: 2, answeredAt: time, guess: guess)
    }
    let answers = [picked(at: 10, guess: 0.8), picked(at: 20, guess: nil)]
    for answer in answers {
      try history.record(answer, memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    }
    try history.record(
      picked(at: 30, guess: 0.5), memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    try history.record(
      picked(at: 40, guess: 0.5), memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    try history.record(
      picked(at: 50, guess: 0.5), memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    let reopened = try History(folder: folder + "/data")
    XCTAssertEqual(try Array(reopened.answers().prefix(2)), answers)
    try DatabaseQueue(path: reopened.path).write { db in
      try db.execute(sql: "UPDATE answer SET guess = 'none' WHERE answeredAt = 30")
      try db.execute(sql: "UPDATE answer SET guess = 7 WHERE answeredAt = 40")
      try db.execute(sql: "UPDATE answer SET guess = 0 WHERE answeredAt = 50")
    }
    XCTAssertEqual(
      try reopened.readAnswers().events,
      [
        .answer(person: ada.id, time: 10, right: true, seconds: 2, guess: 0.8),
        .answer(person: ada.id, time: 20, right: true, seconds: 2),
        .answer(person: ada.id, time: 30, right: true, seconds: 2),
        .answer(person: ada.id, time: 40, right: true, seconds: 2),
        .answer(person: ada.id, time: 50, right: true, seconds: 2),
      ])
  }
}
