import Foundation
import GRDB
import GameEngine

/// What the history tells of a roster: its totals, its answers and a summary per person.
extension History {
  /// What is read of every answer, of every roster, in one pass (`readAnswers`).
  public struct AnswersRead: Sendable {
    /// The roster's totals, with the tallies of the members asked for; none without a roster.
    public var totals = Totals()
    /// Each wrong answer of the roster that gave another person's name: the person asked and
    /// the person whose name it was.
    public var confusions: [(asked: Int64, chosen: Int64)] = []
    /// Every name card and answer, of every roster (the player's memory is theirs, not a
    /// club's), as the fit reads them: the cards first, then the answers as they were given.
    public var events: [MemoryFit.Event] = []
    /// How quickly the player chose names and faces among several, right and wrong (timeouts
    /// and names typed left out), in every roster: how they answer when they guess is theirs.
    public var guessTimes = GuessTimes()
  }

  /// Every card and answer recorded, read in one pass: the roster `roster`'s (its identity)
  /// totals, with the tallies of `members` (each person's member, by the person's id; people
  /// of one member add up), and its confusions; and, of every roster, the events the fit reads
  /// and the player's answer times. A launch needs them all, and a history may hold hundreds
  /// of thousands of answers: each is read once, as five numbers (`AnswerFlags`).
  public func readAnswers(roster: String? = nil, members: [Int64: MemberID] = [:])
    throws(Unavailable) -> AnswersRead
  {
    try reading { db in
      var read = AnswersRead()
      let count = try Int.fetchOne(
        db, sql: "SELECT (SELECT count(*) FROM card) + (SELECT count(*) FROM answer)")
      read.events.reserveCapacity(count ?? 0)
      let cards = try Row.fetchCursor(db, sql: "SELECT person, shownAt FROM card")
      while let card = try cards.next() {
        read.events.append(.card(person: card[0], time: card[1]))
      }
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT person, answeredAt, seconds, chosenPerson, \(AnswerFlags.sql)
          FROM answer ORDER BY id
          """,
        arguments: AnswerFlags.arguments(roster: roster))
      var streak = 0
      var days = LocalDays()
      var tallies: [Int64: Tally] = [:]
      while let row = try rows.next() {
        let person: Int64 = row[0]
        let seconds: Double = row[2]
        let flags = AnswerFlags(value: row[4])
        let right = flags.outcome == .correct
        read.events.append(
          .answer(
            person: person, time: row[1], right: right, seconds: seconds, kind: flags.kind,
            slip: flags.slip))
        if flags.outcome == .correct || flags.outcome == .wrong {
          read.guessTimes.count(kind: flags.kind, seconds: seconds, right: right)
        }
        guard flags.ofRoster else { continue }
        if flags.outcome == .wrong, let chosen: Int64 = row[3] {
          read.confusions.append((person, chosen))
        }
        read.totals.days.answered(on: days.day(ofUnixSeconds: row[1]))
        let time = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        read.totals.questions += 1
        read.totals.timeAnswering += time
        if right { read.totals.correct += 1 }
        streak = right ? streak + 1 : 0
        read.totals.bestStreak = max(read.totals.bestStreak, streak)
        let answered = flags.outcome == .timeout ? nil : time
        read.totals.times.add(answered, right: right)
        // By person first: hashing a member's id (a string) for each answer cost more.
        if members[person] != nil { tallies[person, default: Tally()].add(answered, right: right) }
      }
      for (person, tally) in tallies {
        guard let member = members[person] else { continue }
        read.totals.members[member, default: Tally()].add(tally)
      }
      return read
    }
  }

  /// An answer's outcome, kind, spelling slip and whether it is of the roster read, as one
  /// number computed by SQLite: each column read of every answer costs about as much as
  /// SQLite's finding the row, and decoding a text more.
  private struct AnswerFlags {
    let value: Int

    /// The outcome; nil for one not known (not "correct": its time counts as an answer's, but
    /// it is neither a confusion nor a guess's time).
    var outcome: Outcome? { Self.outcomes[safe: field(Self.outcomeShift)] }
    /// The kind, by its place in `QuestionKind.allCases`: a name picked for NULL or a kind not
    /// known (one a later version may write), as the fit and the guesses' times take it.
    var kind: QuestionKind { Self.kinds[safe: field(Self.kindShift)] ?? .name }
    var slip: Bool { field(Self.slipShift) != 0 }
    var ofRoster: Bool { field(Self.rosterShift) != 0 }

    private static let outcomes: [Outcome] = [.correct, .wrong, .timeout]
    private static let kinds = QuestionKind.allCases
    /// Where each field starts: two bits for the outcome (3: not known), two for the kind, one
    /// for the slip, one for the roster.
    private static let (outcomeShift, kindShift, slipShift, rosterShift) = (0, 2, 4, 5)

    private func field(_ shift: Int) -> Int {
      let width = shift < Self.slipShift ? 2 : 1
      return (value >> shift) & (1 << width - 1)
    }

    /// The expression, with its arguments (`arguments(roster:)`). A slip of any value (a
    /// damaged file) is read as GRDB reads a Bool, its integer part not 0.
    static let sql: String = {
      precondition(outcomes.count < 4 && kinds.count <= 4, "two bits each")
      func places(_ count: Int) -> String {
        (0..<count).map { "WHEN ? THEN \($0)" }.joined(separator: " ")
      }
      return """
        (CASE outcome \(places(outcomes.count)) ELSE 3 END << \(outcomeShift))
        + (CASE kind \(places(kinds.count)) ELSE 0 END << \(kindShift))
        + ((CAST(slip AS INTEGER) != 0) << \(slipShift)) + ((roster IS ?) << \(rosterShift))
        """
    }()

    static func arguments(roster: String?) -> StatementArguments {
      StatementArguments(outcomes.map(\.rawValue) + kinds.map(\.rawValue) + [roster])
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
    if argument.contains("://") { return [RosterKey.server(url: argument, club: "").identity] }
    return try reading { db in
      try String.fetchAll(
        db, sql: "SELECT identity FROM roster WHERE name = ? ORDER BY identity",
        arguments: [argument]) + [argument]
    }
  }

  /// The rosters with a name card or an answer recorded, as `history` is given them: a
  /// folder's path, a server's URL, or a name older versions recorded.
  public func recordedRosters() throws(Unavailable) -> [String] {
    try reading { db in
      try String.fetchAll(
        db, sql: "SELECT roster FROM answer UNION SELECT roster FROM card ORDER BY 1"
      ).map { RosterKey.folderPath(ofIdentity: $0) ?? RosterKey.shownName($0) }
    }
  }

  /// How many name cards are recorded for the rosters `identities`.
  public func cardCount(rosters identities: [String]) throws(Unavailable) -> Int {
    try reading { db in
      try Int.fetchOne(
        db,
        sql:
          "SELECT COUNT(*) FROM card WHERE roster IN (\(databaseQuestionMarks(count: identities.count)))",
        arguments: StatementArguments(identities)) ?? 0
    }
  }

  /// The name recorded for the roster `identity` (its folder's, or its club's); nil for a
  /// roster never recorded.
  public func rosterName(_ identity: String) throws(Unavailable) -> String? {
    try reading { db in
      try String.fetchOne(
        db, sql: "SELECT name FROM roster WHERE identity = ?", arguments: [identity])
    }
  }

  /// The manifest URLs of the rosters from a server recorded, as they were given (without a
  /// password).
  public func serverURLs() throws(Unavailable) -> [String] {
    try reading { db in
      try String.fetchAll(
        db, sql: "SELECT identity FROM roster WHERE identity LIKE ? ORDER BY identity",
        arguments: [RosterKey.serverPrefix + "%"]
      ).map { String($0.dropFirst(RosterKey.serverPrefix.count)) }
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
    /// The person's row in the history (what `readAnswers` files their cards and answers by).
    public let id: Int64
    /// The identity of their roster (`RosterKey`), as the history keeps it.
    public let rosterIdentity: String
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
            stability, difficulty, lastAnswer, lastGrade, learning, person.typed, person.belief,
            person.id, person.roster
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
          id: row[13], rosterIdentity: row[14], name: row[0], file: row[1],
          roster: RosterKey.shownName(row[2]), answers: row[3],
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

extension Array {
  /// The element at `index`, or nil outside the array.
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
