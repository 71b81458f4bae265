import GRDB

/// The scores for a club's server: each kept when its round ends, until the server takes it.
/// One that could not be sent keeps its reason, and is sent again at the next launch.
extension History {
  /// A score kept: where it goes, and the document sent.
  public struct KeptScore: Hashable, Sendable {
    public var id: Int64
    public var url: String
    public var document: String

    public init(id: Int64, url: String, document: String) {
      self.id = id
      self.url = url
      self.document = document
    }
  }

  /// How the scores of a roster went, for the statistics.
  public struct ScoresSent: Hashable, Sendable {
    /// When the server last took one (Unix seconds); nil when none was ever sent.
    public var lastSent: Double?
    /// Why the latest try failed, when a score is still waiting.
    public var failure: String?
    /// The scores still waiting to be sent.
    public var waiting = 0

    public init(lastSent: Double? = nil, failure: String? = nil, waiting: Int = 0) {
      self.lastSent = lastSent
      self.failure = failure
      self.waiting = waiting
    }
  }

  /// Keeps a score of `roster` for `url`, made at `time` (Unix seconds); returns it as kept.
  public func keepScore(_ document: String, for url: String, roster: String, at time: Double)
    throws(Unavailable) -> KeptScore
  {
    try writing { db in
      try db.execute(
        sql: "INSERT INTO score (roster, url, document, madeAt) VALUES (?, ?, ?, ?)",
        arguments: [roster, url, document, time])
      return KeptScore(id: db.lastInsertedRowID, url: url, document: document)
    }
  }

  /// How long a score waits for its server: one older is not sent.
  public static let scoresKeptFor = 30 * 86_400.0

  /// The scores not yet taken by their server nor refused, of every roster, oldest first;
  /// those made before `scoresKeptFor` ago (`now`, Unix seconds) are dropped.
  public func scoresToSend(now: Double) throws(Unavailable) -> [KeptScore] {
    try writing { db in
      try db.execute(
        sql: "DELETE FROM score WHERE sentAt IS NULL AND madeAt < ?",
        arguments: [now - Self.scoresKeptFor])
      return try Row.fetchAll(
        db,
        sql: """
          SELECT id, url, document FROM score WHERE sentAt IS NULL AND refusedAt IS NULL
          ORDER BY id
          """
      ).map { KeptScore(id: $0[0], url: $0[1], document: $0[2]) }
    }
  }

  /// The server took the score at `time`.
  public func scoreSent(_ id: Int64, at time: Double) throws(Unavailable) {
    try writing { db in
      try db.execute(
        sql: "UPDATE score SET sentAt = ?, failure = NULL, triedAt = ? WHERE id = ?",
        arguments: [time, time, id])
    }
  }

  /// The score could not be sent at `time`, for `reason`: it waits to be sent again, unless
  /// the server `refused` it.
  public func scoreFailed(_ id: Int64, reason: String, refused: Bool = false, at time: Double)
    throws(Unavailable)
  {
    try writing { db in
      try db.execute(
        sql: "UPDATE score SET failure = ?, triedAt = ?, refusedAt = ? WHERE id = ?",
        arguments: [reason, time, refused ? time : nil, id])
    }
  }

  /// How the scores of `roster` went: the last sent, those waiting, and why the latest not
  /// sent was not (waiting, or refused).
  public func scoresSent(roster: String) throws(Unavailable) -> ScoresSent {
    try reading { db in
      let lastSent = try Double.fetchOne(
        db, sql: "SELECT max(sentAt) FROM score WHERE roster = ?", arguments: [roster])
      let waiting =
        try Int.fetchOne(
          db,
          sql:
            "SELECT count(*) FROM score WHERE roster = ? AND sentAt IS NULL AND refusedAt IS NULL",
          arguments: [roster]) ?? 0
      let failure = try String.fetchOne(
        db,
        sql: """
          SELECT failure FROM score WHERE roster = ? AND sentAt IS NULL AND failure IS NOT NULL
          AND triedAt >= coalesce((SELECT max(sentAt) FROM score WHERE roster = ?), 0)
          ORDER BY triedAt DESC, id DESC LIMIT 1
          """, arguments: [roster, roster])
      return ScoresSent(lastSent: lastSent, failure: failure, waiting: waiting)
    }
  }
}
