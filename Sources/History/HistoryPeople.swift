import Foundation
import GRDB
import GameEngine
import SystemPackage

/// Matching the roster's photos with the people recorded.
extension History {
  /// A member of the roster as the history identifies them.
  public struct Photo: Sendable {
    public let name: String
    /// The photo's path, to hash it.
    public let path: FilePath
    /// The photo's path inside the roster folder.
    public let file: String

    public init(name: String, path: FilePath, file: String) {
      self.name = name
      self.path = path
      self.file = file
    }
  }

  /// What the history knows of a person.
  public struct Person: Hashable, Sendable {
    public let id: Int64
    /// Their memory after the last answer (at the model's speed: their belief's typical
    /// speed's, or FSRS's columns in a row from before beliefs), when that was (Unix time) and
    /// how it counted (FSRS's grade, 1 to 4); the memory is nil if never asked, or if their
    /// belief cannot be read (the game's launch then replays their cards and answers).
    public var memory: MemoryState?
    public var lastAnswer: Double?
    public var lastGrade: Int?
    /// Whether their name was recalled by typing it, and not missed since.
    public var typed = false
    /// How fast the player forgets their name, as their answers said (nil: not asked since
    /// beliefs were kept, or a belief that cannot be read).
    public var belief: SpeedBelief?
    /// When their photo is the same file as an earlier one's (a club's placeholder), that
    /// photo's index among those matched (see `people`); nil for a photo of their own.
    public var samePhotoAs: Int?
  }

  /// Finds (or adds) the person of each photo of the roster `key`. The people recorded
  /// are read once and matched in memory, so that a roster of thousands (or thousands who
  /// share a placeholder photo) opens in time linear in its size; a person is written only
  /// when their photo, roster, name or file changed. What was recorded for this roster under
  /// another name (by an older version, or in a folder that is gone) comes along (see
  /// `claim`). Returns each photo's person, in the order of `photos`.
  public func people(_ photos: [Photo], roster key: RosterKey) throws(Unavailable) -> [Person] {
    let roster = key.identity
    let files = try photoHashes(photos.map(\.path), roster: roster, legacy: key.legacyNames)
    let hashes = files.hashes
    return try writing { db in
      // SQL rather than records' Codable encoding for the writes at launch (the roster's
      // row, its photos' and its people's): that code, paged in, would cost a roster's first
      // frame memory (see docs/benchmarks.md, the first frame with 10,000 photos).
      try db.execute(
        sql: "INSERT OR REPLACE INTO roster (identity, name) VALUES (?, ?)",
        arguments: [roster, key.name])
      try files.keep(roster: roster, in: db)
      var candidates = Candidates(
        capacity: try Int.fetchOne(db, sql: "SELECT count(*) FROM person") ?? 0)
      var ownBefore = false
      // Newest first, so that each key's list, built by putting each in front, is oldest first.
      // A cursor over rows rather than records: the hash is read in place (see PhotoHash).
      let rows = try Row.fetchCursor(db, sql: "SELECT * FROM person ORDER BY id DESC")
      while let row = try rows.next() {
        let person = try Recorded(row)
        if person.roster == roster { ownBefore = true }
        candidates.add(person)
      }
      var found: [Person] = []
      found.reserveCapacity(photos.count)
      var matches = try Self.claims(for: key, in: db)
      var firstWithPhoto: [PhotoHash: Int] = [:]
      for (index, (photo, hash)) in zip(photos, hashes).enumerated() {
        let samePhotoAs = firstWithPhoto[hash]
        if samePhotoAs == nil { firstWithPhoto[hash] = index }
        // The same photo and name first, so that people who share a photo (a club's
        // placeholder) each keep their own history.
        var row =
          candidates.take(.photoAndName(hash, photo.name)) ?? candidates.take(.photo(hash))
          ?? candidates.take(.rosterAndName(roster, photo.name))
        for legacy in key.legacyNames where row == nil {
          row = candidates.take(.rosterAndName(legacy, photo.name))
        }
        if let row {
          let unchanged =
            row.photoHash == hash && row.roster == roster && row.name == photo.name
            && row.file == photo.file
          if !unchanged {
            try db.execute(
              sql: "UPDATE person SET photoHash = ?, roster = ?, name = ?, file = ? WHERE id = ?",
              arguments: [hash.text, roster, photo.name, photo.file, row.person.id])
          }
          matches.add(row.person.id, from: row.roster, into: roster)
          var person = row.person
          person.samePhotoAs = samePhotoAs
          found.append(person)
        } else {
          try db.execute(
            sql: "INSERT INTO person (photoHash, roster, name, file) VALUES (?, ?, ?, ?)",
            arguments: [hash.text, roster, photo.name, photo.file])
          found.append(Person(id: db.lastInsertedRowID, samePhotoAs: samePhotoAs))
        }
      }
      try Self.claim(matches, for: key, isNew: !ownBefore, in: db)
      return found
    }
  }

  /// A person as recorded, with what a photo is matched on.
  private struct Recorded {
    var person: Person
    var photoHash: PhotoHash
    var roster: String
    var name: String
    var file: String

    init(_ row: Row) throws {
      person = History.person(row)
      photoHash = try row.withUnsafeData(named: "photoHash") { PhotoHash(recorded: $0 ?? Data()) }
      roster = row["roster"]
      name = row["name"]
      file = row["file"]
    }
  }

  /// The people recorded, by each key a photo is matched on, oldest first; each is taken once.
  /// Each kind of key keeps a list per key as links between the people's indexes (no array per
  /// key): a few bytes a person, so that a roster of thousands opens in little memory.
  private struct Candidates {
    enum Key {
      case photoAndName(PhotoHash, String)
      case photo(PhotoHash)
      case rosterAndName(String, String)

      var kind: Int {
        switch self {
        case .photoAndName: 0
        case .photo: 1
        case .rosterAndName: 2
        }
      }

      /// The key's hash: lists are found by it, and each person on them is checked against
      /// the key itself.
      var hash: Int {
        var hasher = Hasher()
        switch self {
        case .photoAndName(let photo, let name): hasher.combine(photo); hasher.combine(name)
        case .photo(let photo): hasher.combine(photo)
        case .rosterAndName(let roster, let name): hasher.combine(roster); hasher.combine(name)
        }
        return hasher.finalize()
      }

      func matches(_ person: Recorded) -> Bool {
        switch self {
        case .photoAndName(let photo, let name): person.photoHash == photo && person.name == name
        case .photo(let photo): person.photoHash == photo
        case .rosterAndName(let roster, let name): person.roster == roster && person.name == name
        }
      }

      static func all(of person: Recorded) -> [Key] {
        [
          .photoAndName(person.photoHash, person.name), .photo(person.photoHash),
          .rosterAndName(person.roster, person.name),
        ]
      }
    }

    private var recorded: [Recorded] = []
    private var taken: [Bool] = []
    /// For each kind of key: the first person of each key's list, by the key's hash, and each
    /// person's next on the list of their key of that kind (-1 at the end).
    private var first: [[Int: Int32]] = [[:], [:], [:]]
    private var following: [[Int32]] = [[], [], []]

    /// Room for `capacity` people, made at once rather than by doubling.
    init(capacity: Int) {
      recorded.reserveCapacity(capacity)
      taken.reserveCapacity(capacity)
      for kind in 0..<3 {
        first[kind].reserveCapacity(capacity)
        following[kind].reserveCapacity(capacity)
      }
    }

    /// Adds a person recorded before everyone added so far.
    mutating func add(_ person: Recorded) {
      let index = Int32(recorded.count)
      recorded.append(person)
      taken.append(false)
      for key in Key.all(of: person) {
        following[key.kind].append(first[key.kind][key.hash] ?? -1)
        first[key.kind][key.hash] = index
      }
    }

    /// The oldest person under `key` not taken yet, now taken.
    mutating func take(_ key: Key) -> Recorded? {
      let hash = key.hash
      var index = first[key.kind][hash] ?? -1
      // Those taken at the front are dropped for good, so each list is walked once in all.
      while index >= 0, taken[Int(index)] {
        index = following[key.kind][Int(index)]
        first[key.kind][hash] = index
      }
      // Beyond it, people whose key only shares the hash are stepped over.
      while index >= 0, taken[Int(index)] || !key.matches(recorded[Int(index)]) {
        index = following[key.kind][Int(index)]
      }
      guard index >= 0 else { return nil }
      taken[Int(index)] = true
      return recorded[Int(index)]
    }
  }

  private static func person(_ row: Row) -> Person {
    let belief = belief(row["belief"] ?? .null)
    let memory = Self.memory(
      stability: row["stability"], difficulty: row["difficulty"], learning: row["learning"],
      belief: belief)
    return Person(
      id: row["id"], memory: memory, lastAnswer: row["lastAnswer"], lastGrade: row["lastGrade"],
      typed: row["typed"] ?? false, belief: belief)
  }
}
