import Foundation
import GRDB
import GameEngine
import XCTest

@testable import History

/// Each person's belief over how fast the player forgets their name is kept, so that what the
/// answers taught survives a new launch. It is the person's one state: their memory at the
/// model's speed is its typical speed's, not kept again beside it. One that cannot be read is
/// none, and so is the memory (the launch replays the person's cards and answers).
final class SpeedBeliefKeepingTests: RosterFolderTestCase {
  func testABeliefSurvivesANewLaunchAndADamagedOneIsNone() throws {
    let key = RosterKey.folder(folder + "/club")
    let history = try History(folder: folder + "/data")
    let ada = try history.people(photos(["Ada"], in: "club"), roster: key)[0]
    let memory = MemoryState(stability: 0.2, difficulty: 6, learning: 60)
    // Seven memories of their own, some learnt: their order and a learning of none survive.
    var memories: [MemoryState] = []
    for index in 0..<7 {
      let learning: Double? = index % 3 == 0 ? nil : 60 * Double(index)
      memories.append(
        MemoryState(
          stability: 0.2 + Double(index), difficulty: 3 + Double(index), learning: learning))
    }
    let belief = SpeedBelief(
      weights: [0.01, 0.04, 0.1, 0.2, 0.3, 0.25, 0.1], memories: memories)
    try history.recordCard(person: ada.id, roster: key.identity, memory: memory, grade: 1, at: 1)
    XCTAssertNil(
      try History(folder: folder + "/data").people(photos(["Ada"], in: "club"), roster: key)[0]
        .belief)
    try history.record(
      History.Answer(
        person: ada.id, roster: key.identity, mode: "learn", outcome: .correct, chosen: "Ada",
        seconds: 1.5, answeredAt: 100),
      memory: memory, grade: 3, belief: belief)

    let reopened = try History(folder: folder + "/data")
    let found = try reopened.people(photos(["Ada"], in: "club"), roster: key)[0]
    XCTAssertEqual(found.belief, belief)
    XCTAssertEqual(found.memory, belief.typicalMemory)
    XCTAssertEqual(try reopened.summaries(rosters: nil).first?.belief, belief)
    XCTAssertEqual(try reopened.summaries(rosters: nil).first?.memory, belief.typicalMemory)
    XCTAssertEqual(try memoryColumnsKept(reopened), 0, "kept once, in the belief")

    // Weights as an answer leaves them, summing to one but for rounding, come back to the
    // bit; weights that sum to two are halved.
    let rounded = try XCTUnwrap(
      (1...50).lazy.compactMap {
        SpeedBelief.normalised([Double($0), 0.1, 0.7, 0.2, 0.9, 0.05, 0.11])
      }
      .first { SpeedBelief.normalised($0, floor: 0) != $0 },
      "weights that a second normalising moves")
    for (weights, read) in [(rounded, rounded), (belief.weights.map { 2 * $0 }, belief.weights)] {
      let written = SpeedBelief(weights: weights, memories: memories)
      try reopened.pool.write { db in
        try db.execute(sql: "UPDATE person SET belief = ?", arguments: [History.bytes(of: written)])
      }
      let kept = try History(folder: folder + "/data").people(
        photos(["Ada"], in: "club"), roster: key)[0]
      XCTAssertEqual(kept.belief?.weights.map(\.bitPattern), read.map(\.bitPattern))
    }

    // Damaged: too short; weights of nothing; a stability that is no number; not a blob.
    var zeros = Data(count: 28 * 8)
    var nan = Data(History.bytes(of: belief)!)
    nan.replaceSubrange(
      7 * 8..<8 * 8, with: withUnsafeBytes(of: Double.nan.bitPattern) { Data($0) })
    zeros.replaceSubrange(0..<0, with: Data())
    for value: DatabaseValueConvertible in [Data([1, 2]), zeros, nan, 1.5, "{}"] {
      try reopened.pool.write { db in
        try db.execute(sql: "UPDATE person SET belief = ?", arguments: [value])
      }
      let damaged = try History(folder: folder + "/data").people(
        photos(["Ada"], in: "club"), roster: key)[0]
      XCTAssertNil(damaged.belief, "\(value)")
      XCTAssertNil(damaged.memory, "\(value)")
    }

    try reopened.forget(roster: key.identity)
    XCTAssertNil(
      try History(folder: folder + "/data").people(photos(["Ada"], in: "club"), roster: key)[0]
        .belief)
  }

  /// How many people keep a memory in FSRS's columns.
  private func memoryColumnsKept(_ history: History) throws -> Int? {
    try history.pool.read { db in
      try Int.fetchOne(
        db,
        sql: """
          SELECT count(*) FROM person
          WHERE stability IS NOT NULL OR difficulty IS NOT NULL OR learning IS NOT NULL
          """)
    }
  }

  /// A history from before a person's belief was their one state (and before spelling slips
  /// were kept). Read as it is (`meet-the-members history` opens it read-only, unchanged),
  /// every answer is without a slip. Opened by the game, a person whose belief can be read
  /// keeps their memory in it alone; one without a belief, or with one that cannot be read,
  /// keeps FSRS's columns (their only memory that can be read).
  func testAHistoryFromBeforeKeepsOneStateAPerson() throws {
    let key = RosterKey.folder(folder + "/club")
    let history = try History(folder: folder + "/data")
    let people = try history.people(photos(["Ada", "Bo", "Cy"], in: "club"), roster: key)
    let belief = SpeedBelief(memory: MemoryState(stability: 2, difficulty: 5))
    let columns = MemoryState(stability: 7, difficulty: 4)
    for (person, kept) in zip(people, [belief, nil, belief]) {
      try history.record(
        History.Answer(
          person: person.id, roster: key.identity, mode: "learn", outcome: .correct,
          chosen: "Ada", seconds: 1.5, answeredAt: 100),
        memory: columns, grade: 3, belief: kept)
    }
    // As v7 kept them: FSRS's columns beside every belief; Cy's belief damaged.
    try history.pool.write { db in
      try db.execute(
        sql: """
          ALTER TABLE answer DROP COLUMN slip;
          UPDATE person SET stability = 7, difficulty = 4;
          UPDATE person SET belief = x'0102' WHERE id = ?;
          DELETE FROM grdb_migrations WHERE identifier = 'v8';
          """, arguments: [people[2].id])
    }
    XCTAssertEqual(try memoryColumnsKept(history), 3)

    let asItIs = try History(folder: folder + "/data", access: .readOnly)
    XCTAssertEqual(try asItIs.answers().map(\.slip), [false, false, false])
    XCTAssertEqual(
      try asItIs.exportedAnswers(rosters: nil).map(\.answer.slip), [false, false, false])

    let reopened = try History(folder: folder + "/data")
    XCTAssertEqual(try memoryColumnsKept(reopened), 2, "Bo's, who has no belief, and Cy's")
    let found = try reopened.people(photos(["Ada", "Bo", "Cy"], in: "club"), roster: key)
    XCTAssertEqual(found.map(\.memory), [belief.typicalMemory, columns, columns])
    XCTAssertEqual(found.map(\.belief), [belief, nil, nil])
    XCTAssertEqual(try reopened.answers().map(\.slip), [false, false, false])
  }
}
