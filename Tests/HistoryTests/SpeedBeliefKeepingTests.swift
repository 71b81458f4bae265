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
    var belief = SpeedBelief(memory: memory)
    belief.weights = [0.01, 0.04, 0.1, 0.2, 0.3, 0.25, 0.1]
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

    try reopened.pool.write { db in
      try db.execute(sql: "UPDATE person SET belief = x'0102'")
    }
    let damaged = try History(folder: folder + "/data").people(
      photos(["Ada"], in: "club"), roster: key)[0]
    XCTAssertNil(damaged.belief)
    XCTAssertEqual(damaged.memory, memory, "the memory stays")

    try reopened.forget(roster: key.identity)
    XCTAssertNil(
      try History(folder: folder + "/data").people(photos(["Ada"], in: "club"), roster: key)[0]
        .belief)
  }
}
