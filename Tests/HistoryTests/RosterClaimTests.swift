import Foundation
import GRDB
import GameEngine
import SystemPackage
import XCTest

@testable import History

/// What a roster recorded under another name comes back to it: a folder that moved is taken
/// over by its new place, and answers an older version kept under a folder's name go, person
/// by person, to the roster of that name that finds them.
final class RosterClaimTests: RosterFolderTestCase {
  private func record(
    _ history: History, _ person: History.Person, _ roster: RosterKey,
    _ outcome: History.Outcome = .correct, at time: Double
  ) throws {
    try history.record(
      History.Answer(
        person: person.id, roster: roster.identity, mode: "quiz", outcome: outcome, chosen: nil,
        seconds: 2, answeredAt: time),
      memory: MemoryState(stability: 1, difficulty: 5), grade: outcome == .correct ? 3 : 1)
  }

  private func move(_ from: String, to: String) throws {
    let parent = ((folder + "/" + to) as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: folder + "/" + from, toPath: folder + "/" + to)
  }

  /// The rosters recorded (identities) and the photo files recorded, from the file itself.
  private func recorded(_ history: History) throws -> (rosters: [String], photoRosters: [String]) {
    try DatabaseQueue(path: history.path).read { db in
      (
        try String.fetchAll(db, sql: "SELECT identity FROM roster ORDER BY identity"),
        try String.fetchAll(db, sql: "SELECT DISTINCT roster FROM photoFile ORDER BY roster")
      )
    }
  }

  /// A folder moved (and a member taken out on the way): the new place takes over the
  /// roster whole, with its totals, its streak, its former member's answers and its name,
  /// and the old place is forgotten.
  func testAMovedFolderIsTakenOverWhole() throws {
    let history = try History(folder: folder + "/data")
    let old = RosterKey.folder(folder + "/old/club")
    let people = try history.people(photos(["Ada", "Bo", "Cy"], in: "old/club"), roster: old)
    let outcomes: [(Int, History.Outcome)] = [
      (0, .correct), (2, .correct), (1, .correct), (2, .wrong), (0, .correct), (2, .timeout),
    ]
    for (time, (person, outcome)) in outcomes.enumerated() {
      try record(history, people[person], old, outcome, at: Double(time))
    }
    let before = try history.readAnswers(roster: old.identity).totals
    XCTAssertEqual(before.questions, 6)

    try move("old/club", to: "new/club")
    try FileManager.default.removeItem(atPath: folder + "/new/club/Cy.jpg")
    let new = RosterKey.folder(folder + "/new/club")
    let found = try history.people(
      ["Ada", "Bo"].map {
        History.Photo(name: $0, path: FilePath(folder + "/new/club/\($0).jpg"), file: "\($0).jpg")
      }, roster: new)

    XCTAssertEqual(found.map(\.id), [people[0].id, people[1].id])
    XCTAssertEqual(try history.readAnswers(roster: new.identity).totals, before, "Cy's answers too")
    XCTAssertEqual(try history.recorded(roster: new.identity).people, 3, "Cy among them")
    XCTAssertEqual(try history.recorded(roster: old.identity).answers, 0)
    let after = try recorded(history)
    XCTAssertEqual(after.rosters, [new.identity], "the old place forgotten")
    XCTAssertEqual(after.photoRosters, [new.identity], "its photos' hashes with it")
    XCTAssertEqual(
      Set(try history.summaries(rosters: [new.identity]).map(\.roster)), ["club"])
    try history.forget(roster: new.identity)
    XCTAssertEqual(try history.answers(), [], "--forget forgets the whole club")
  }

  /// A new roster whose people come from a moved folder and from a roster still in place
  /// takes only its own people's answers from the moved one; what is left there stays until
  /// a roster finds the rest, and the moved roster is forgotten once nothing is left.
  func testPeopleFromAMovedFolderTakeOnlyTheirOwnAnswers() throws {
    let history = try History(folder: folder + "/data")
    let old = RosterKey.folder(folder + "/old")
    let other = RosterKey.folder(folder + "/other")
    let moved = try history.people(photos(["Ada", "Bo"], in: "old"), roster: old)
    let dee = try history.people(photos(["Dee"], in: "other"), roster: other)[0]
    try record(history, moved[0], old, at: 1)
    try record(history, moved[1], old, at: 2)
    try record(history, moved[1], old, at: 3)
    try record(history, dee, other, at: 4)
    try move("old", to: "gone")
    try FileManager.default.removeItem(atPath: folder + "/gone/Bo.jpg")

    let merged = RosterKey.folder(folder + "/merged")
    let found = try history.people(
      photos(["Ada", "Dee"], in: "merged"), roster: merged)
    XCTAssertEqual(found.map(\.id), [moved[0].id, dee.id])
    XCTAssertEqual(
      try history.readAnswers(roster: merged.identity).totals.questions, 1, "Ada's only")
    XCTAssertEqual(
      try history.readAnswers(roster: other.identity).totals.questions, 1, "Dee's stays")
    XCTAssertEqual(try history.readAnswers(roster: old.identity).totals.questions, 2, "Bo's stays")
    XCTAssertEqual(try recorded(history).rosters.count, 3)

    // Bo found at last, beside Dee (so not a take-over): the old place is left empty.
    let bo = RosterKey.folder(folder + "/bo")
    XCTAssertEqual(
      try history.people(photos(["Bo", "Dee"], in: "bo"), roster: bo).map(\.id),
      [moved[1].id, dee.id])
    XCTAssertEqual(try history.readAnswers(roster: bo.identity).totals.questions, 2, "Bo's")
    XCTAssertEqual(
      try history.readAnswers(roster: other.identity).totals.questions, 1, "Dee's stays")
    XCTAssertEqual(
      try recorded(history).rosters, [bo, merged, other].map(\.identity).sorted(),
      "nothing left in the old place")
    XCTAssertEqual(try history.answers().count, 4, "nothing lost")
  }

  /// A roster folder still in place is not taken over by a new one sharing its people.
  func testAFolderStillInPlaceKeepsItsAnswers() throws {
    let history = try History(folder: folder + "/data")
    let club = RosterKey.folder(folder + "/club")
    let ada = try history.people(photos(["Ada"], in: "club"), roster: club)[0]
    try record(history, ada, club, at: 1)
    let copy = RosterKey.folder(folder + "/copy")
    XCTAssertEqual(try history.people(photos(["Ada"], in: "copy"), roster: copy)[0].id, ada.id)
    XCTAssertEqual(try history.readAnswers(roster: club.identity).totals.questions, 1)
    XCTAssertEqual(try history.readAnswers(roster: copy.identity).totals.questions, 0)
  }

  /// An older version kept Ada's answers in two rosters, `board` and `club` (where it saw her
  /// last), by their folders' names: each roster takes the answers kept under its own name.
  func testAnswersKeptUnderAFolderNameGoToTheRosterOfThatName() throws {
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let board = try photos(["Ada"], in: "board")
    let club = try photos(["Ada", "Bo"], in: "club")
    try VersionTwoHistory(
      people: [(club[0], "club"), (club[1], "club")],
      answers: [(0, "board"), (0, "board"), (0, "club"), (0, "club"), (0, "club"), (1, "club")]
    ).write(to: data + "/" + History.fileName)
    let history = try History(folder: data)

    let boardKey = RosterKey.folder(folder + "/board")
    XCTAssertEqual(try history.people(board, roster: boardKey).map(\.id), [1])
    XCTAssertEqual(
      try history.readAnswers(roster: boardKey.identity).totals.questions, 2, "board's only")
    let clubKey = RosterKey.folder(folder + "/club")
    XCTAssertEqual(try history.people(club, roster: clubKey).map(\.id), [1, 2])
    XCTAssertEqual(try history.readAnswers(roster: clubKey.identity).totals.questions, 4, "club's")
    XCTAssertEqual(try history.readAnswers(roster: boardKey.identity).totals.questions, 2)
    XCTAssertEqual(try history.answers().count, 6, "nothing lost")
    let exported = try history.exportedAnswers(rosters: nil).map(\.rosterName)
    XCTAssertEqual(exported, ["board", "board", "club", "club", "club", "club"])
  }

  /// A roster the older version kept under `.` (played from its own folder) is found by
  /// the same folder given as `.` again.
  func testAnswersKeptUnderDotGoToTheFolderPlayedAsDot() throws {
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let club = try photos(["Ada"], in: "club")
    try VersionTwoHistory(people: [(club[0], ".")], answers: [(0, "."), (0, ".")])
      .write(to: data + "/" + History.fileName)
    let history = try History(folder: data)
    let here = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(folder + "/club")
    defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
    let key = RosterKey.folder(".")
    XCTAssertEqual(try history.people(club, roster: key).map(\.id), [1])
    XCTAssertEqual(
      try history.readAnswers(roster: RosterKey.folder(folder + "/club").identity).totals.questions,
      2)
    XCTAssertEqual(try history.rosters(called: "."), [key.identity, ".", "club"])
  }
}
