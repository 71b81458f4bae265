import Foundation
import GRDB
import XCTest

@testable import History

/// A history as the version before this one wrote it (schema v2, rosters known by their
/// folder's base name), made with SQL as that version's migrations made it.
struct VersionTwoHistory {
  /// Each person's photo and the roster (a folder's name) they were last seen in; their ids
  /// are 1, 2, ... in this order, each with a memory last answered at 100.
  var people: [(photo: History.Photo, roster: String)]
  /// Each answer's person (an index into `people`) and roster, all right, at 0, 1, 2, ...
  var answers: [(person: Int, roster: String)]

  func write(to path: String) throws {
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(
        sql: """
          PRAGMA application_id = \(History.applicationID);
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('v1'), ('v2');
          CREATE TABLE person (id INTEGER PRIMARY KEY AUTOINCREMENT,
            photoHash TEXT NOT NULL, roster TEXT NOT NULL, name TEXT NOT NULL,
            file TEXT NOT NULL, stability DOUBLE, difficulty DOUBLE, lastAnswer DOUBLE,
            lastGrade INTEGER);
          CREATE INDEX person_on_photoHash ON person(photoHash);
          CREATE INDEX person_on_roster_name ON person(roster, name);
          CREATE TABLE answer (id INTEGER PRIMARY KEY AUTOINCREMENT,
            person INTEGER NOT NULL REFERENCES person(id) ON DELETE CASCADE,
            roster TEXT NOT NULL, mode TEXT NOT NULL, outcome TEXT NOT NULL, chosen TEXT,
            seconds DOUBLE NOT NULL, answeredAt DOUBLE NOT NULL);
          CREATE INDEX answer_on_person ON answer(person);
          CREATE TABLE photoFile (path BLOB PRIMARY KEY NOT NULL, roster TEXT NOT NULL,
            identity BLOB NOT NULL, hash TEXT NOT NULL);
          CREATE INDEX photoFile_on_roster ON photoFile(roster);
          """)
      for person in people {
        try db.execute(
          sql: """
            INSERT INTO person (photoHash, roster, name, file, stability, difficulty,
              lastAnswer, lastGrade) VALUES (?, ?, ?, ?, 1, 5, 100, 3)
            """,
          arguments: [
            History.contentHash(of: person.photo.path).text, person.roster, person.photo.name,
            person.photo.file,
          ])
      }
      for (index, answer) in answers.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO answer (person, roster, mode, outcome, chosen, seconds, answeredAt)
            VALUES (?, ?, 'quiz', 'correct', NULL, 1.5, ?)
            """, arguments: [answer.person + 1, answer.roster, Double(index)])
      }
    }
  }
}

extension History {
  /// The migrations applied to the file, in order.
  func migrations() throws -> [String] {
    try pool.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
  }
}
