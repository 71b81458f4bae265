import Foundation
import GRDB
import GameEngine
import XCTest

@testable import History

/// Each person's belief over how fast the player forgets their name is kept with their
/// memory, so that what the answers taught survives a new launch; one that cannot be read is
/// none, and nothing else is lost.
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
    XCTAssertEqual(found.memory, memory)
    XCTAssertEqual(try reopened.summaries(rosters: nil).first?.belief, belief)

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
      XCTAssertEqual(damaged.memory, memory, "the memory stays")
    }

    try reopened.forget(roster: key.identity)
    XCTAssertNil(
      try History(folder: folder + "/data").people(photos(["Ada"], in: "club"), roster: key)[0]
        .belief)
  }
}
