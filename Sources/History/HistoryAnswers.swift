import Foundation
import GRDB
import GameEngine

/// Answers and memories written, and a roster's progress forgotten.
extension History {
  /// One answer, as revealed.
  public struct Answer: Hashable, Sendable {
    public let person: Int64
    /// The roster's identity (`RosterKey.identity`).
    public let roster: String
    /// "quiz" or "learn".
    public let mode: String
    public let outcome: Outcome
    /// The name chosen, or the text typed; nil for a time out.
    public let chosen: String?
    /// The person whose name was chosen, when the history has them (nil for a time out, a
    /// name of someone the history has no person for, or an answer kept before it was).
    public let chosenPerson: Int64?
    /// The time the face was on screen before the answer (pauses excluded).
    public let seconds: Double
    /// Unix time.
    public let answeredAt: Double
    /// How the question was asked (`QuestionKind`'s raw value: "name", "typing").
    public let kind: String
    /// Whether a name typed right had a spelling slip (`TypedMatch.slip`).
    public let slip: Bool

    public init(
      person: Int64, roster: String, mode: String, outcome: Outcome, chosen: String?,
      chosenPerson: Int64? = nil, seconds: Double, answeredAt: Double, kind: String = "name",
      slip: Bool = false
    ) {
      self.person = person
      self.roster = roster
      self.mode = mode
      self.outcome = outcome
      self.chosen = chosen
      self.chosenPerson = chosenPerson
      self.seconds = seconds
      self.answeredAt = answeredAt
      self.kind = kind
      self.slip = slip
    }

    init(_ record: AnswerRecord) {
      self.init(
        person: record.person, roster: record.roster, mode: record.mode, outcome: record.outcome,
        chosen: record.chosen, chosenPerson: record.chosenPerson, seconds: record.seconds,
        answeredAt: record.answeredAt, kind: record.kind ?? "name", slip: record.slip ?? false)
    }

    var record: AnswerRecord {
      AnswerRecord(
        person: person, roster: roster, mode: mode, outcome: outcome, chosen: chosen,
        chosenPerson: chosenPerson, seconds: seconds, answeredAt: answeredAt,
        kind: kind == "name" ? nil : kind, slip: slip)
    }
  }

  /// Records an answer and the person's memory after it (and the answer's grade, 1 to 4, and
  /// whether the name is recalled by typing it), committed before it returns. With a belief,
  /// the memory is kept in it alone (`memory` is the game's at the model's speed, its typical
  /// speed's); `memory` is kept only without one.
  public func record(
    _ answer: Answer, memory: MemoryState, grade: Int, typed: Bool = false,
    belief: SpeedBelief? = nil
  ) throws(Unavailable) {
    try writing { db in
      try answer.record.insert(db)
      try Self.memory(
        of: answer.person, memory, grade: grade, typed: typed, belief: belief,
        at: answer.answeredAt
      ).update(db)
    }
  }

  /// Records a name card of `person` seen at `time` (Unix seconds) in the roster `roster` (its
  /// identity), and the person's memory after it (its grade, 1 to 4; kept as `record` keeps
  /// it), committed before it returns.
  public func recordCard(
    person: Int64, roster: String, memory: MemoryState, grade: Int,
    belief: SpeedBelief? = nil, at time: Double
  ) throws(Unavailable) {
    try writing { db in
      try db.execute(
        sql: "INSERT INTO card (person, roster, shownAt) VALUES (?, ?, ?)",
        arguments: [person, roster, time])
      try Self.memory(of: person, memory, grade: grade, typed: false, belief: belief, at: time)
        .update(db)
    }
  }

  /// The columns of `person` that keep their memory after a card or an answer at `time`.
  private static func memory(
    of person: Int64, _ memory: MemoryState, grade: Int, typed: Bool, belief: SpeedBelief?,
    at time: Double
  ) -> MemoryColumns {
    // One state per person: the belief holds the memory at the model's speed (its typical
    // speed's), so FSRS's columns are kept only for a memory without one.
    let columns = belief == nil ? memory : nil
    return MemoryColumns(
      id: person, stability: columns?.stability, difficulty: columns?.difficulty,
      lastAnswer: time, lastGrade: grade, learning: columns?.learning, typed: typed,
      belief: bytes(of: belief))
  }

  /// A name card seen in a game whose history could not take it then.
  public struct SavedCard: Hashable, Sendable {
    public let person: Int64
    /// The roster's identity (`RosterKey.identity`).
    public let roster: String
    /// Unix seconds.
    public let at: Double

    public init(person: Int64, roster: String, at: Double) {
      self.person = person
      self.roster = roster
      self.at = at
    }
  }

  /// How near two times of one person's answers are the same answer, in seconds: a saved
  /// file gives them to the millisecond (rounded or cut, as the formatter does); no person
  /// is answered twice in one.
  static let savedTimePrecision = 0.001

  /// Answers (and name cards) of a game whose history could not take them then, kept now,
  /// in one transaction: each one not kept already (its person answered, or shown, at the
  /// same moment). The memory of each person they are about is cleared, so that the next
  /// launch replays it from all their cards and answers (what the game held of them is not
  /// the history's). Returns how many answers were added.
  public func keepSaved(_ answers: [Answer], cards: [SavedCard] = []) throws(Unavailable) -> Int {
    try writing { db in
      var added = 0
      var newest: [Int64: Double] = [:]
      for answer in answers {
        // A saved file gives the time to the millisecond: the same answer, kept by the game
        // that saved it an instant before it ended, is the one within one.
        let kept = try AnswerRecord.filter(
          Column("person") == answer.person
            && Column("answeredAt") > answer.answeredAt - Self.savedTimePrecision
            && Column("answeredAt") < answer.answeredAt + Self.savedTimePrecision
        ).fetchCount(db)
        guard kept == 0 else { continue }
        try answer.record.insert(db)
        added += 1
        newest[answer.person] = max(newest[answer.person] ?? 0, answer.answeredAt)
      }
      for card in cards {
        let kept = try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM card WHERE person = ? AND shownAt = ?",
          arguments: [card.person, card.at])
        guard kept == 0 else { continue }
        try db.execute(
          sql: "INSERT INTO card (person, roster, shownAt) VALUES (?, ?, ?)",
          arguments: [card.person, card.roster, card.at])
        newest[card.person] = max(newest[card.person] ?? 0, card.at)
      }
      for (person, time) in newest {
        try db.execute(
          sql: """
            UPDATE person SET stability = NULL, difficulty = NULL, learning = NULL,
              belief = NULL, lastAnswer = MAX(IFNULL(lastAnswer, 0), ?)
            WHERE id = ?
            """, arguments: [time, person])
      }
      return added
    }
  }

  /// How many people and answers the roster `roster` (its identity) has recorded.
  public func recorded(roster: String) throws(Unavailable) -> (people: Int, answers: Int) {
    return try reading { db in
      (
        try PersonRecord.filter(Column("roster") == roster && Column("lastAnswer") != nil)
          .fetchCount(db),
        try AnswerRecord.filter(Column("roster") == roster).fetchCount(db)
      )
    }
  }

  /// Forgets everything recorded for the roster `roster` (its identity): its answers and
  /// cards, its people's memories and the scores it has yet to send, in one transaction.
  public func forget(roster: String) throws(Unavailable) {
    try writing { db in
      try AnswerRecord.filter(Column("roster") == roster).deleteAll(db)
      try db.execute(sql: "DELETE FROM card WHERE roster = ?", arguments: [roster])
      // Scores not yet sent go with the progress they tell of.
      try db.execute(
        sql: "DELETE FROM score WHERE roster = ? AND sentAt IS NULL", arguments: [roster])
      try PersonRecord.filter(Column("roster") == roster).updateAll(
        db, Column("stability").set(to: nil), Column("difficulty").set(to: nil),
        Column("lastAnswer").set(to: nil), Column("lastGrade").set(to: nil),
        Column("learning").set(to: nil), Column("typed").set(to: false),
        Column("belief").set(to: nil))
    }
  }
}
