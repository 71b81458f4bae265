import Foundation
import GRDB
import GameEngine

/// What the history tells of a roster: its totals, its answers and a summary per person.
extension History {
  /// Everything recorded for the roster `roster` (its identity), in one pass over its
  /// answers' outcomes and times, with the tallies of `members` (by their person's id).
  public func totals(roster: String, members: [Int64: MemberID] = [:]) throws(Unavailable)
    -> Totals
  {
    return try reading { db in
      var totals = Totals()
      var streak = 0
      // A cursor over three columns rather than whole records: a roster of thousands has
      // hundreds of thousands of answers.
      // The outcome compared in SQL: decoding its text for each answer cost more than the
      // rest of the loop.
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT outcome = ?, outcome = ?, seconds, person, answeredAt FROM answer
          WHERE roster = ? ORDER BY id
          """,
        arguments: [Outcome.correct, Outcome.timeout, roster])
      var days = LocalDays()
      while let row = try rows.next() {
        totals.days.answered(on: days.day(ofUnixSeconds: row[4]))
        let right: Bool = row[0]
        let timedOut: Bool = row[1]
        let seconds: Double = row[2]
        let time = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        totals.questions += 1
        totals.timeAnswering += time
        if right { totals.correct += 1 }
        streak = right ? streak + 1 : 0
        totals.bestStreak = max(totals.bestStreak, streak)
        let answered = timedOut ? nil : time
        totals.times.add(answered, right: right)
        if let member = members[row[3]] {
          totals.members[member, default: Tally()].add(answered, right: right)
        }
      }
      return totals
    }
  }

  /// The offset of the player's time zone from UTC at a Unix time, in seconds (the C
  /// library's, from the TZ variable or /etc/localtime: Foundation's would load ICU's data).
  public static func utcOffset(atUnixSeconds time: Double) -> Int {
    var seconds = time_t(time.rounded(.down))
    var local = tm()
    guard localtime_r(&seconds, &local) != nil else { return 0 }
    return local.tm_gmtoff
  }

  /// Days of Unix times in the player's time zone, the offset looked up once a day (answers
  /// come in the order they were given).
  private struct LocalDays {
    private var known: Range<Double> = 0..<0
    private var day = 0

    mutating func day(ofUnixSeconds time: Double) -> Int {
      if !known.contains(time) {
        let offset = History.utcOffset(atUnixSeconds: time)
        day = PracticeDays.day(ofUnixSeconds: time, utcOffset: offset)
        let start = Double(day) * 86_400 - Double(offset)
        known = start..<start + 86_400
      }
      return day
    }
  }

  /// The identities recorded for what a player calls a roster: a folder (by its real path,
  /// and the name older versions recorded it under), a server's URL, or a roster's name.
  public func rosters(called argument: String) throws(Unavailable) -> [String] {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue
    {
      let key = RosterKey.folder(argument)
      return [key.identity] + key.legacyNames
    }
    if argument.contains("://") { return ["url:" + argument] }
    return try reading { db in
      try String.fetchAll(
        db, sql: "SELECT identity FROM roster WHERE name = ? ORDER BY identity",
        arguments: [argument]) + [argument]
    }
  }

  /// An answer as exported, with its person and the name of its roster.
  public struct ExportedAnswer: Hashable, Sendable {
    /// The person's name and photo file, as last seen.
    public let name: String
    public let file: String
    /// The roster's name (its folder's, or its club's).
    public let rosterName: String
    public let answer: Answer
  }

  /// Every answer recorded for the rosters `rosters` (identities; nil: every roster), oldest
  /// first.
  public func exportedAnswers(rosters: [String]?) throws(Unavailable) -> [ExportedAnswer] {
    return try reading { db in
      // SQL: one join of each answer (decoded as its record) with its person and its roster's
      // name, and the rosters given as one JSON argument however many there are.
      try Row.fetchAll(
        db,
        sql: """
          SELECT answer.*, person.name AS personName, person.file AS personFile,
            coalesce(roster.name, answer.roster) AS rosterName
          FROM answer JOIN person ON person.id = answer.person
          LEFT JOIN roster ON roster.identity = answer.roster
          WHERE ?1 IS NULL OR answer.roster IN (SELECT value FROM json_each(?1))
          ORDER BY answer.id
          """, arguments: [Self.json(rosters)]
      ).map { row in
        ExportedAnswer(
          name: row["personName"], file: row["personFile"],
          rosterName: RosterKey.shownName(row["rosterName"]),
          answer: Answer(try AnswerRecord(row: row)))
      }
    }
  }

  /// What the history knows of one person, for the summary.
  public struct PersonSummary: Hashable, Sendable {
    public let name: String
    public let file: String
    /// The roster's name (its folder's, or its club's).
    public let roster: String
    public let answers: Int
    public let correct: Int
    /// Their average answer time (time outs left out); nil before any answer.
    public let averageSeconds: Double?
    /// Their memory after the last card or answer, as `Person.memory` reads it.
    public let memory: MemoryState?
    /// Unix time of the last card or answer.
    public let lastSeen: Double?
    public let lastGrade: Int?
    /// Whether their name was recalled by typing it, and not missed since.
    public let typed: Bool
    /// How fast the player forgets their name (`SpeedBelief`); nil for none kept.
    public let belief: SpeedBelief?
  }

  /// One summary per person of the rosters `rosters` (identities; nil: every roster), by
  /// roster and name.
  public func summaries(rosters: [String]?) throws(Unavailable) -> [PersonSummary] {
    return try reading { db in
      // SQL: each person's answers counted in the database in one grouped join, the outcomes
      // compared with `Outcome`'s values given as arguments.
      try Row.fetchAll(
        db,
        sql: """
          SELECT person.name, person.file, coalesce(roster.name, person.roster),
            count(answer.id), count(CASE WHEN outcome = ?2 THEN 1 END),
            avg(CASE WHEN outcome != ?3 THEN seconds END),
            stability, difficulty, lastAnswer, lastGrade, learning, person.typed, person.belief
          FROM person LEFT JOIN answer ON answer.person = person.id
          LEFT JOIN roster ON roster.identity = person.roster
          WHERE ?1 IS NULL OR person.roster IN (SELECT value FROM json_each(?1))
          GROUP BY person.id ORDER BY 3, person.name
          """, arguments: [Self.json(rosters), Outcome.correct, Outcome.timeout]
      ).map { row in
        let belief = Self.belief(row[12] ?? .null)
        let memory = Self.memory(
          stability: row[6], difficulty: row[7], learning: row[10], belief: belief)
        return PersonSummary(
          name: row[0], file: row[1], roster: RosterKey.shownName(row[2]), answers: row[3],
          correct: row[4],
          averageSeconds: row[5], memory: memory, lastSeen: row[8], lastGrade: row[9],
          typed: row[11], belief: belief)
      }
    }
  }

  /// Every answer recorded, oldest first (for export and tests).
  public func answers() throws(Unavailable) -> [Answer] {
    return try reading { db in
      try AnswerRecord.order(Column("id")).fetchAll(db).map(Answer.init)
    }
  }

  /// A list of identities as a JSON array (SQLite's json_each reads it); nil for every one.
  private static func json(_ rosters: [String]?) -> String? {
    guard let rosters else { return nil }
    return String(decoding: try! JSONEncoder().encode(rosters), as: UTF8.self)
  }
}
