import Foundation
import GRDB

/// What a roster recorded under another name comes back to it: answers kept by older
/// versions under its folder's base name, and a roster whose folder is gone (moved or
/// renamed) found again in its new place.
extension History {
  /// The people a roster found in the history, and those last seen in another roster: kept
  /// only when there is something to claim (a roster of thousands opens in little memory).
  struct Matches {
    /// What may be claimed: legacy names that hold answers, and folder rosters that are gone.
    let legacy: [String]
    let gone: [String]
    /// Everyone found, by id, in the roster's order.
    private(set) var people: [Int64] = []
    /// Those last seen in another roster, by that roster.
    private(set) var from: [String: [Int64]] = [:]

    var isClaiming: Bool { !legacy.isEmpty || !gone.isEmpty }

    mutating func add(_ person: Int64, from previous: String, into roster: String) {
      guard isClaiming else { return }
      people.append(person)
      if previous != roster { from[previous, default: []].append(person) }
    }
  }

  /// What the roster `key` may claim, looked up before its people are matched. This runs at
  /// every launch, so it is SQL (see `people`): one look at the answers' index per legacy
  /// name and one `stat` per folder roster recorded.
  static func claims(for key: RosterKey, in db: Database) throws -> Matches {
    let roster = key.identity
    return Matches(
      legacy: try key.legacyNames.filter { name in
        try name != roster && answersExist(under: name, in: db)
      }, gone: try goneFolders(db, except: roster))
  }

  /// Takes into the roster `key` what was recorded for it elsewhere; `isNew` when it had no
  /// people before this launch.
  ///
  /// - Older versions knew a roster by its folder's base name, so one name can hold two
  ///   clubs' answers: each person found here takes their own answers kept under one of the
  ///   roster's `legacyNames`; the others' stay where they are (still exported, and shown by
  ///   `history` for that name) until a roster that finds those people claims them.
  /// - A folder roster whose folder no longer exists and whose people are found here was
  ///   moved or renamed. When the roster is new and everyone it found was a person of that
  ///   one folder, it is adopted whole: its answers (those of members since removed too), its
  ///   people and its name become this roster's, and the old identity is forgotten, so its
  ///   totals and `--forget` are this roster's. Otherwise each person found takes their answers
  ///   from there, and the old roster is forgotten once nothing is left under it.
  static func claim(_ matches: Matches, for key: RosterKey, isNew: Bool, in db: Database)
    throws
  {
    guard matches.isClaiming, !matches.people.isEmpty else { return }
    let roster = key.identity
    let moveTo = Column("roster").set(to: roster)
    for name in matches.legacy {
      for people in chunks(matches.people) {
        try AnswerRecord.filter(Column("roster") == name && people.contains(Column("person")))
          .updateAll(db, moveTo)
      }
    }
    var adopting = try isNew && !answersExist(under: roster, in: db)
    for gone in matches.gone {
      let answered = try Set(
        AnswerRecord.filter(Column("roster") == gone).select(Column("person"), as: Int64.self)
          .distinct().fetchAll(db))
      let theirs = answered.union(matches.from[gone] ?? [])
      let found = matches.people.filter(theirs.contains)
      guard !found.isEmpty else { continue }
      if adopting, found.count == matches.people.count {
        try AnswerRecord.filter(Column("roster") == gone).updateAll(db, moveTo)
        try PersonRecord.filter(Column("roster") == gone).updateAll(db, moveTo)
        try forget(goneRoster: gone, in: db)
        adopting = false
        continue
      }
      for people in chunks(found) {
        try AnswerRecord.filter(Column("roster") == gone && people.contains(Column("person")))
          .updateAll(db, moveTo)
      }
      let left =
        try answersExist(under: gone, in: db)
        || !PersonRecord.filter(Column("roster") == gone).isEmpty(db)
      if !left { try forget(goneRoster: gone, in: db) }
    }
  }

  private static func answersExist(under roster: String, in db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM answer WHERE roster = ?)", arguments: [roster])
      ?? false
  }

  /// The folder rosters recorded whose folder no longer exists, but for `roster`.
  private static func goneFolders(_ db: Database, except roster: String) throws -> [String] {
    try String.fetchAll(
      db, sql: "SELECT identity FROM roster WHERE identity LIKE ?",
      arguments: [RosterKey.folderPrefix + "%"]
    ).filter { $0 != roster && RosterKey.isGoneFolder($0) }
  }

  /// The roster's name and its photos' hashes, which name files that are gone.
  private static func forget(goneRoster gone: String, in db: Database) throws {
    try PhotoFileRecord.filter(Column("roster") == gone).deleteAll(db)
    try RosterRecord.deleteOne(db, key: gone)
  }

  /// Ids in groups small enough for one statement's arguments.
  private static func chunks(_ ids: [Int64]) -> [ArraySlice<Int64>] {
    stride(from: 0, to: ids.count, by: 500).map { ids[$0..<min($0 + 500, ids.count)] }
  }
}
