import Foundation
import GRDB
import GameEngine
import URLText

/// The history's schema, one named migration at a time, and the check that a file is ours.
extension History {
  /// A database that holds tables but not our application id is not ours to change. (The
  /// migrator's own table alone is a history whose making was cut short.)
  static func checkOwnership(_ db: Database) throws {
    let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    let tables =
      try Int.fetchOne(
        db,
        sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name != 'grdb_migrations'"
      ) ?? 0
    if id == applicationID { return }
    if id != 0 || tables > 0 {
      throw Unavailable(description: "not a meet-the-members history")
    }
  }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(sql: "PRAGMA application_id = \(applicationID)")
      try db.create(table: "person") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("photoHash", .text).notNull().indexed()
        t.column("roster", .text).notNull()
        t.column("name", .text).notNull()
        t.column("file", .text).notNull()
        // The memory of this person's name (FSRS-6), after the last answer.
        t.column("stability", .double)
        t.column("difficulty", .double)
        t.column("lastAnswer", .double)
        t.column("lastGrade", .integer)
      }
      try db.create(index: "person_on_roster_name", on: "person", columns: ["roster", "name"])
      try db.create(table: "answer") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("person", .integer).notNull().indexed()
          .references("person", onDelete: .cascade)
        t.column("roster", .text).notNull()
        t.column("mode", .text).notNull()
        t.column("outcome", .text).notNull()
        t.column("chosen", .text)
        t.column("seconds", .double).notNull()
        t.column("answeredAt", .double).notNull()
      }
    }
    // What each photo file's SHA-256 was, and the file's identity then (device, inode, size,
    // modification and change times in nanoseconds): a file whose identity has not changed is
    // not read again, so that a roster of thousands opens at once.
    migrator.registerMigration("v2") { db in
      try db.create(table: "photoFile") { t in
        t.primaryKey("path", .blob)
        t.column("roster", .text).notNull().indexed()
        t.column("identity", .blob).notNull()
        t.column("hash", .text).notNull()
      }
    }
    // Rosters known by a stable identity (`RosterKey`), with the name a person calls them:
    // before, a roster was known by its folder's base name, so that `.` and the same folder
    // by its full path split a club's history, and two folders called `photos` shared one.
    // Values recorded under a base name stay until the roster of each person's photo claims
    // them (see `people`).
    migrator.registerMigration("v3") { db in
      try db.create(table: "roster") { t in
        t.primaryKey("identity", .text)
        t.column("name", .text).notNull()
      }
      try db.create(index: "answer_on_roster", on: "answer", columns: ["roster"])
    }
    // The learning stability of a name being learnt (`MemoryState.learning`, seconds), so
    // that a sitting's memory survives a new launch. Before, it was thrown away: a name
    // whose last answer was a miss is made to be learnt afresh from that answer, here, once.
    // The player's memory fitted to their answers (`PlayerMemory`): one row. And the person
    // a wrong answer chose (before, only the name shown was kept), so that confusions can be
    // counted per pair of people.
    migrator.registerMigration("v4") { db in
      try db.alter(table: "person") { t in
        t.add(column: "learning", .double)
      }
      // A name whose last answer was a miss was being learnt again from that answer (at the
      // first learning of that version, 60 s: a migration keeps the numbers of its day).
      try db.execute(
        sql: "UPDATE person SET learning = ? WHERE lastGrade = ? AND stability IS NOT NULL",
        arguments: [60.0, Grade.again.rawValue])
      try db.alter(table: "answer") { t in
        t.add(column: "chosenPerson", .integer).references("person", onDelete: .setNull)
      }
      try db.create(table: "playerMemory") { t in
        t.primaryKey("id", .integer).check { $0 == 1 }
        t.column("firstLearning", .double).notNull()
        t.column("learningGain", .double).notNull()
        t.column("learningDecay", .double).notNull()
        t.column("answers", .integer).notNull()
        t.column("lossBefore", .double).notNull()
        t.column("lossAfter", .double).notNull()
        t.column("fittedAt", .double).notNull()
      }
    }
    // Each name card seen (before, a card only changed its person's memory), so that the fit
    // of the player's memory replays a person from the moment they were met. How each answer
    // was asked (`QuestionKind`: NULL for a name picked, as every answer before), and whether
    // a person's name was recalled by typing it (`MemoryRecord.typed`).
    migrator.registerMigration("v5") { db in
      try db.alter(table: "answer") { t in
        t.add(column: "kind", .text)
      }
      try db.alter(table: "person") { t in
        t.add(column: "typed", .boolean).notNull().defaults(to: false)
      }
      try db.create(table: "card") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("person", .integer).notNull().indexed()
          .references("person", onDelete: .cascade)
        t.column("roster", .text).notNull().indexed()
        t.column("shownAt", .double).notNull()
      }
    }
    // The scores sent to a club's server (`scores-url`), each kept until its server took it:
    // one that could not be sent is sent again at the next launch.
    migrator.registerMigration("v6") { db in
      try db.create(table: "score") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("roster", .text).notNull().indexed()
        t.column("url", .text).notNull()
        // The document as sent, JSON.
        t.column("document", .text).notNull()
        t.column("madeAt", .double).notNull()
        t.column("sentAt", .double)
        // Why the last try failed, and when it was; when the server refused it (it is not
        // sent again).
        t.column("failure", .text)
        t.column("triedAt", .double)
        t.column("refusedAt", .double)
      }
    }
    // How fast the player forgets each person's name (`SpeedBelief`): the weights of a few
    // speeds and the memory at each, as little-endian doubles, so that what the answers taught
    // of a person survives a new launch (read for thousands of people at once, faster than
    // JSON). NULL for a person not asked since: the model's speed alone.
    migrator.registerMigration("v7") { db in
      try db.alter(table: "person") { t in
        t.add(column: "belief", .blob)
      }
    }
    // Whether a name typed right had a spelling slip (`TypedMatch.slip`, taken in as
    // recalled with effort), so that a person's answers replayed (by the fit, or at a refit)
    // are taken in as the game took them. False for every answer before. And one state per
    // person: a person whose belief can be read keeps their memory in it alone (its typical
    // speed's memory is the one FSRS's columns held beside it); one whose belief cannot be
    // read keeps the columns, their only memory that can.
    migrator.registerMigration("v8") { db in
      try db.alter(table: "answer") { t in
        t.add(column: "slip", .boolean).notNull().defaults(to: false)
      }
      let beliefs = try Row.fetchAll(
        db, sql: "SELECT id, belief FROM person WHERE belief IS NOT NULL")
      for row in beliefs where History.belief(row["belief"] ?? .null) != nil {
        try db.execute(
          sql: """
            UPDATE person SET stability = NULL, difficulty = NULL, learning = NULL WHERE id = ?
            """, arguments: [row["id"] as Int64])
      }
    }
    // A club's roster known by its server's URL without a password (`RosterKey.server`):
    // before, a `https://user:password@…` URL kept the password in every table that names a
    // roster (see `forgetPasswords`).
    migrator.registerMigration("v9") { db in try forgetPasswords(db) }
    return migrator
  }

  /// The tables that name a roster by its identity, in a column `roster`.
  private static let rosterTables = ["person", "answer", "card", "photoFile", "score"]

  /// The rosters recorded under a server's URL with its password, and the scores to be sent
  /// to a URL with one (a relative `scores-url` took the manifest's): read through the
  /// tables' indexes, at every opening.
  static func passwordsKept(_ db: Database) throws -> (rosters: [String], scores: [Int64]) {
    var named = Set(
      try String.fetchAll(
        db, sql: "SELECT identity FROM roster WHERE identity > 'url:' AND identity < 'url;'"))
    // Each server's roster once, by a look into the table's index per roster (not a walk
    // through every answer of a history of hundreds of thousands).
    for table in rosterTables {
      var after = "url:"
      while let next = try String.fetchOne(
        db,
        sql: "SELECT roster FROM \(table) WHERE roster > ? AND roster < 'url;' "
          + "ORDER BY roster LIMIT 1", arguments: [after])
      {
        named.insert(next)
        after = next
      }
    }
    let scores = try Row.fetchAll(db, sql: "SELECT id, url FROM score WHERE url LIKE '%@%'")
    return (
      named.sorted().filter { RosterKey.current($0) != $0 },
      scores.filter { URLText.withoutPassword($0["url"]) != $0["url"] }.map { $0["id"] }
    )
  }

  /// Takes a server's password out of the history: each roster recorded under a URL with one
  /// takes the URL without it (one roster, where that was recorded too), and a score's URL
  /// (and its failure, which quotes it) loses it. The bytes the old values leave are
  /// overwritten (`secure_delete`), so that the password is gone from the file, not only
  /// from its tables. Run by migration v9, and at every opening after it where a game of an
  /// older version, still running, wrote one since.
  static func forgetPasswords(_ db: Database) throws {
    let (rosters, scores) = try passwordsKept(db)
    guard !rosters.isEmpty || !scores.isEmpty else { return }
    let before = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
    try db.execute(sql: "PRAGMA secure_delete = ON")
    for old in rosters {
      let new = RosterKey.current(old)
      for table in rosterTables {
        try db.execute(
          sql: "UPDATE \(table) SET roster = ? WHERE roster = ?", arguments: [new, old])
      }
      // Where the URL without a password was recorded too, its row (and its name) stays.
      try db.execute(
        sql: "UPDATE OR IGNORE roster SET identity = ? WHERE identity = ?", arguments: [new, old])
      try db.execute(sql: "DELETE FROM roster WHERE identity = ?", arguments: [old])
    }
    for id in scores {
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT url, failure FROM score WHERE id = ?", arguments: [id])
      else { continue }
      let old: String = row["url"]
      let new = URLText.withoutPassword(old)
      let failure = (row["failure"] as String?)?.replacingOccurrences(of: old, with: new)
      try db.execute(
        sql: "UPDATE score SET url = ?, failure = ? WHERE id = ?", arguments: [new, failure, id])
    }
    try db.execute(sql: "PRAGMA secure_delete = \(before)")
  }
}
