import Foundation
import GRDB
import GameEngine
import SystemPackage
import XCTest

@testable import History

/// A roster is known by its folder's real path (or its server's URL), not its folder's name:
/// one club's history is one whichever way its folder is named, two clubs in folders of the
/// same name are two, and histories from before are split by whose photo each person is.
final class RosterIdentityTests: RosterFolderTestCase {
  private func answer(_ person: Int64, _ roster: String, at time: Double) -> History.Answer {
    History.Answer(
      person: person, roster: roster, mode: "quiz", outcome: .correct, chosen: nil, seconds: 1,
      answeredAt: time)
  }

  func testOneFolderIsOneRosterHoweverItIsNamed() throws {
    let club = folder + "/club"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: club)
    let real = RosterKey.folder(club)
    XCTAssertEqual(RosterKey.folder(folder + "/club/../club/").identity, real.identity)
    XCTAssertEqual(RosterKey.folder(folder + "/link").identity, real.identity)
    let here = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(club)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
    XCTAssertEqual(RosterKey.folder(".").identity, real.identity)
    XCTAssertEqual(RosterKey.folder(".").name, "club")
    XCTAssertEqual(
      RosterKey.folder(".").legacyNames, [".", "club"], "what older versions recorded")
  }

  func testTwoFoldersOfTheSameNameKeepTheirOwnTotals() throws {
    let history = try History(folder: folder + "/data")
    let first = RosterKey.folder(folder + "/a/photos")
    let second = RosterKey.folder(folder + "/b/photos")
    XCTAssertNotEqual(first.identity, second.identity)
    XCTAssertEqual(first.name, second.name)
    let ada = try history.people(photos(["Ada"], in: "a/photos"), roster: first)[0]
    let bo = try history.people(photos(["Bo"], in: "b/photos"), roster: second)[0]
    let memory = MemoryState(stability: 1, difficulty: 5)
    try history.record(answer(ada.id, first.identity, at: 1), memory: memory, grade: 3)
    try history.record(answer(bo.id, second.identity, at: 2), memory: memory, grade: 3)
    try history.record(answer(bo.id, second.identity, at: 3), memory: memory, grade: 3)
    XCTAssertEqual(try history.readAnswers(roster: first.identity).totals.questions, 1)
    XCTAssertEqual(try history.readAnswers(roster: second.identity).totals.questions, 2)
    try history.forget(roster: first.identity)
    XCTAssertEqual(try history.recorded(roster: first.identity).answers, 0)
    XCTAssertEqual(try history.recorded(roster: second.identity).answers, 2, "the other kept")
  }

  /// A folder moved or renamed: its people are found by their photos, and bring their
  /// answers to the roster's new identity.
  func testAMovedFolderKeepsItsHistory() throws {
    let history = try History(folder: folder + "/data")
    let before = RosterKey.folder(folder + "/old/club")
    let people = try history.people(photos(["Ada", "Bo"], in: "old/club"), roster: before)
    let memory = MemoryState(stability: 1, difficulty: 5)
    for (index, person) in people.enumerated() {
      try history.record(
        answer(person.id, before.identity, at: Double(index)), memory: memory, grade: 3)
    }
    try FileManager.default.createDirectory(
      atPath: folder + "/new", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: folder + "/old/club", toPath: folder + "/new/club")
    let after = RosterKey.folder(folder + "/new/club")
    let found = try history.people(
      ["Ada", "Bo"].map {
        History.Photo(
          name: $0, path: FilePath(folder + "/new/club/\($0).jpg"), file: "\($0).jpg")
      }, roster: after)
    XCTAssertEqual(found.map(\.id), people.map(\.id))
    XCTAssertEqual(found.map(\.memory), [memory, memory])
    XCTAssertEqual(try history.readAnswers(roster: after.identity).totals.questions, 2)
    XCTAssertEqual(try history.readAnswers(roster: before.identity).totals.questions, 0)
  }

  /// A club's roster is known by its server's URL without a password: a URL with one is the
  /// same roster, and the rest of the URL is kept to the letter, with a password or without.
  func testAServersPasswordIsNoPartOfItsRoster() {
    let key = RosterKey.server(url: "https://ann:s3cret@club.example/roster.json", club: "Chess")
    XCTAssertEqual(key.identity, "url:https://ann@club.example/roster.json")
    XCTAssertEqual(key.serverURL, "https://ann@club.example/roster.json")
    for (given, kept) in [
      ("https://:s3cret@club.example/r.json", "https://club.example/r.json"),
      ("https://ann:a:b@bücher.example/r one.json", "https://ann@bücher.example/r one.json"),
      ("https://ann:x@club.example/r@home.json", "https://ann@club.example/r@home.json"),
      ("HTTPS://Club.example:443/r%20one.json/", "HTTPS://Club.example:443/r%20one.json/"),
      ("https://ann@club.example/r.json", "https://ann@club.example/r.json"),
      ("https://club.example/a:b@c", "https://club.example/a:b@c"),
    ] {
      XCTAssertEqual(RosterKey.server(url: given, club: "").identity, "url:" + kept, given)
    }
    XCTAssertEqual(RosterKey.current("folder:/a:b@c/club"), "folder:/a:b@c/club")
    XCTAssertEqual(
      RosterKey.shownName("url:http://ann:s3cret@club/r.json"), "http://ann@club/r.json")
    XCTAssertNil(RosterKey.folder(folder).serverURL)
  }

  /// A history from before v9 kept a server's password in every table that names its roster,
  /// and in a score's URL (a relative `scores-url` took the manifest's): migrated, its rows
  /// are the roster's without it (one roster with the rows recorded without a password),
  /// nothing is lost, and the password is not in the file at all, even where SQLite does not
  /// overwrite what it deletes by default (as Debian's build does). A game of that version
  /// still running writes it again: the next opening takes it out again.
  func testAPasswordKeptByAnOlderVersionLeavesTheFile() throws {
    let data = folder + "/data"
    let key = RosterKey.server(url: "https://ann@club.example/roster.json", club: "Chess")
    let old = "url:https://ann:s3cret@club.example/roster.json"
    let history = try History(folder: data)
    let people = try history.people(photos(["Ada", "Bo"], in: "cache"), roster: key)
    let memory = MemoryState(stability: 1, difficulty: 5)
    for (index, person) in people.enumerated() {
      try history.recordCard(
        person: person.id, roster: key.identity, memory: memory, grade: 1, at: Double(index))
      try history.record(
        answer(person.id, key.identity, at: 10 + Double(index)), memory: memory, grade: 3)
    }
    let scores = "https://ann:s3cret@club.example/scores/in"
    let score = try history.keepScore("{}", for: scores, roster: key.identity, at: 20)
    try history.scoreFailed(score.id, reason: "\(scores): the server answered 503", at: 30)
    // As v8 kept them: Bo's person, answers, card and photo, and the score, under the URL with
    // its password; the roster's row under both (a player who gave the URL both ways).
    let asVersionEight = """
      INSERT INTO roster (identity, name) VALUES (:old, 'Chess (old)');
      UPDATE person SET roster = :old WHERE id = :bo;
      UPDATE answer SET roster = :old WHERE person = :bo;
      UPDATE card SET roster = :old WHERE person = :bo;
      UPDATE photoFile SET roster = :old WHERE path LIKE '%Bo.jpg';
      UPDATE score SET roster = :old;
      """
    try history.pool.write { db in
      try db.execute(
        sql: asVersionEight + "DELETE FROM grdb_migrations WHERE identifier = 'v9';",
        arguments: ["old": old, "bo": people[1].id])
    }
    history.close()
    func passwordKept() throws -> Bool {
      let files = try FileManager.default.contentsOfDirectory(atPath: data)
      return try files.contains { file in
        let bytes = try Data(contentsOf: URL(fileURLWithPath: data + "/" + file))
        return bytes.range(of: Data("s3cret".utf8)) != nil
      }
    }
    XCTAssertTrue(try passwordKept(), "the file as an older version left it")
    // Migrated on a connection that leaves deleted bytes where they were.
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = OFF") }
    let file = try DatabaseQueue(path: data + "/" + History.fileName, configuration: configuration)
    try History.migrator.migrate(file)
    try file.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    try file.close()
    XCTAssertFalse(try passwordKept(), "overwritten, not only unnamed")

    let reopened = try History(folder: data)
    XCTAssertEqual(try reopened.recorded(roster: key.identity).answers, 2)
    XCTAssertEqual(try reopened.recorded(roster: key.identity).people, 2)
    XCTAssertEqual(try reopened.recorded(roster: old).answers, 0)
    XCTAssertEqual(try reopened.serverURLs(), ["https://ann@club.example/roster.json"])
    XCTAssertEqual(try reopened.rosterName(key.identity), "Chess", "the row without it kept")
    XCTAssertEqual(
      try reopened.scoresToSend(now: 40).map(\.url), ["https://ann@club.example/scores/in"])
    XCTAssertEqual(
      try reopened.scoresSent(roster: key.identity).failure,
      "https://ann@club.example/scores/in: the server answered 503")
    XCTAssertEqual(try reopened.answers().count, 2, "nothing lost")
    try reopened.pool.read { db in
      for table in ["card", "photoFile"] {
        XCTAssertEqual(
          try Int.fetchOne(
            db, sql: "SELECT count(*) FROM \(table) WHERE roster = ?", arguments: [key.identity]),
          2, table)
      }
    }
    // A game of version 8, still running, writes Bo's rows under the old identity again.
    try reopened.pool.write { db in
      try db.execute(sql: asVersionEight, arguments: ["old": old, "bo": people[1].id])
    }
    reopened.close()
    XCTAssertTrue(try passwordKept())
    let again = try History(folder: data)
    XCTAssertEqual(try again.recorded(roster: key.identity).answers, 2)
    XCTAssertEqual(try again.serverURLs(), ["https://ann@club.example/roster.json"])
    again.close()
    XCTAssertFalse(try passwordKept())
  }

  /// A person whose photo is in two rosters at once answers in each: their answers in the
  /// other stay there.
  func testSomeoneInTwoRostersKeepsEachRostersAnswers() throws {
    let history = try History(folder: folder + "/data")
    let board = RosterKey.folder(folder + "/board")
    let club = RosterKey.folder(folder + "/club")
    let ada = try history.people(photos(["Ada"], in: "board"), roster: board)[0]
    let memory = MemoryState(stability: 1, difficulty: 5)
    try history.record(answer(ada.id, board.identity, at: 1), memory: memory, grade: 3)
    XCTAssertEqual(try history.people(photos(["Ada"], in: "club"), roster: club)[0].id, ada.id)
    XCTAssertEqual(try history.readAnswers(roster: board.identity).totals.questions, 1)
    XCTAssertEqual(try history.readAnswers(roster: club.identity).totals.questions, 0)
  }

  /// A history from before, read as `meet-the-members history` reads it (read-only, before
  /// the game has opened it): every answer and person is there, from a copy brought up to
  /// date in memory, and the file is left as it was.
  func testAHistoryFromBeforeIsReadAsItIs() throws {
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let ada = try photos(["Ada"], in: "a/photos")[0]
    let path = data + "/" + History.fileName
    try VersionTwoHistory(people: [(ada, "photos")], answers: [(0, "photos"), (0, "photos")])
      .write(to: path)
    let history = try History(folder: data, access: .readOnly)
    XCTAssertEqual(try history.answers().map(\.answeredAt), [0, 1])
    XCTAssertEqual(try history.exportedAnswers(rosters: nil).map(\.name), ["Ada", "Ada"])
    let summaries = try history.summaries(rosters: nil)
    XCTAssertEqual(summaries.map(\.answers), [2])
    XCTAssertEqual(summaries.map(\.memory), [MemoryState(stability: 1, difficulty: 5)])
    let migrations = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }
    XCTAssertEqual(migrations, ["v1", "v2"], "the file as it was")
  }

  /// A history written by the version before (schema v2: rosters known by their folder's
  /// name): opened now, it is migrated, and each person's answers go to the roster their
  /// photo is found in, even when two clubs' folders had the same name.
  func testAHistoryFromBeforeIsSplitByWhosePhotoEachPersonIs() throws {
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let ada = try photos(["Ada"], in: "a/photos")[0]
    let bo = try photos(["Bo"], in: "b/photos")[0]
    try VersionTwoHistory(
      people: [(ada, "photos"), (bo, "photos")],
      answers: Array(repeating: (0, "photos"), count: 3) + Array(repeating: (1, "photos"), count: 2)
    ).write(to: data + "/" + History.fileName)

    let history = try History(folder: data)
    XCTAssertEqual(
      try history.migrations(), ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9"])
    let first = RosterKey.folder(folder + "/a/photos")
    let second = RosterKey.folder(folder + "/b/photos")
    XCTAssertEqual(
      try history.readAnswers(roster: first.identity).totals.questions, 0, "not claimed yet")
    let found = try history.people([ada], roster: first)
    XCTAssertEqual(found.map(\.id), [1], "the same person")
    XCTAssertEqual(found[0].lastAnswer, 100, "with their memory")
    XCTAssertEqual(
      try history.readAnswers(roster: first.identity).totals.questions, 3, "Ada's answers")
    XCTAssertEqual(try history.people([bo], roster: second).map(\.id), [2])
    XCTAssertEqual(
      try history.readAnswers(roster: second.identity).totals.questions, 2, "Bo's answers")
    XCTAssertEqual(try history.readAnswers(roster: first.identity).totals.questions, 3)
    XCTAssertEqual(try history.answers().count, 5, "nothing lost")
    let names = try history.summaries(rosters: nil).map(\.roster)
    XCTAssertEqual(names, ["photos", "photos"], "shown by the folders' names")
  }
}
