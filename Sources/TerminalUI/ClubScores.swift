import GameEngine

/// A round's or a sitting's score, as the club's server is sent it (`Effect.sendScore`): no
/// answers, no photos.
public struct RoundScore: Hashable, Sendable {
  /// The name it is sent under.
  public var player: String
  /// "quiz", "learn" or "drill".
  public var mode: String
  public var questions: Int
  public var right: Int
  /// The names known (recalled by typing, recall at least 0.9) and recognised (picked among
  /// four, not yet typed) when it ended, of `members` in play; nil without a history, which
  /// alone knows them.
  public var known: Int?
  public var recognised: Int?
  public var members: Int
  /// The time played, pauses left out.
  public var seconds: Double
  /// When it ended, Unix seconds.
  public var endedAt: Double

  public init(
    player: String, mode: String, questions: Int, right: Int, known: Int?, recognised: Int?,
    members: Int, seconds: Double, endedAt: Double
  ) {
    self.player = player
    self.mode = mode
    self.questions = questions
    self.right = right
    self.known = known
    self.recognised = recognised
    self.members = members
    self.seconds = seconds
    self.endedAt = endedAt
  }
}

/// How the scores sent to the club went.
public struct ScoresStatus: Hashable, Sendable {
  /// When the server last took one (Unix seconds); nil when none was.
  public var lastSent: Double?
  /// Why the latest try failed, while a score waits.
  public var failure: String?
  /// The scores waiting to be sent (at the next launch).
  public var waiting: Int

  public init(lastSent: Double? = nil, failure: String? = nil, waiting: Int = 0) {
    self.lastSent = lastSent
    self.failure = failure
    self.waiting = waiting
  }
}

/// A club that collects its players' scores (its manifest's `scores-url`), and what sends
/// them.
public struct ClubScores: Sendable {
  /// The club's name, as the question asks it.
  public var club: String
  /// The name the scores are sent under: the `player` setting, else the account's.
  public var player: String
  /// The `send-scores` setting: nil until the player answers the question.
  public var consent: Bool?
  /// How the scores went, as the history kept it when the game began.
  public var status: ScoresStatus
  /// Keeps a score to send (in the history, where one is kept, so
  /// that a score not sent waits for the next launch). Quick: the terminal's loop calls it on
  /// the history's queue, which the game waits for as it ends.
  public var keep: @Sendable (RoundScore) -> Void
  /// Sends every score kept and not yet sent, and says how they went. It waits for the
  /// server: the terminal's loop calls it on a queue of its own.
  public var sendWaiting: @Sendable () -> ScoresStatus

  public init(
    club: String, player: String, consent: Bool?, status: ScoresStatus,
    keep: @escaping @Sendable (RoundScore) -> Void,
    sendWaiting: @escaping @Sendable () -> ScoresStatus
  ) {
    self.club = club
    self.player = player
    self.consent = consent
    self.status = status
    self.keep = keep
    self.sendWaiting = sendWaiting
  }
}

/// What the game holds of the club's scores: the player's answer, a score held while the
/// question waits, and how the last went.
struct ScoresState: Hashable, Sendable {
  var club: String
  var player: String
  var consent: Bool?
  var status: ScoresStatus
  /// The score of the round on the finished scene, held until the player answers whether
  /// scores go to the club; nil when there is no question.
  var held: RoundScore?
  /// Whether a score is on its way (its result not yet come back).
  var sending = false
  /// Why the answer could not be kept in the settings (it holds for this launch).
  var notKept: String?

  init(_ scores: ClubScores) {
    club = scores.club
    player = scores.player
    consent = scores.consent
    status = scores.status
  }

  /// The finished scene's line of the scores, once the player said yes (with a note when
  /// the answer could not be kept in the settings).
  var finishedLine: String? {
    if let notKept { return "Your answer is not kept in the settings: \(notKept)" }
    guard consent == true else { return nil }
    if sending { return "Sending your score to \(club)..." }
    if let failure = status.failure { return "Score not sent yet: \(failure)" }
    return "Scores go to \(club) as \(player)"
  }

  /// The statistics' lines; `now` is Unix seconds.
  func statisticsLines(at now: Double) -> [String] {
    switch consent {
    case nil: return ["Scores: \(club) asks for them; the end of a round asks you"]
    case false?: return ["Scores: not sent to \(club) (Settings can change it)"]
    case true?:
      let sent = status.lastSent.map { "last sent \(Self.ago(now - $0))" } ?? "none sent yet"
      var lines = ["Scores to \(club) as \(player): \(sent)"]
      if status.waiting > 0 {
        let failure = status.failure.map { ": \($0)" } ?? ""
        lines.append("  \(status.waiting) waiting to be sent\(failure)")
      }
      return lines
    }
  }

  /// "just now", "5 min ago", "3 h ago", "2 days ago".
  static func ago(_ seconds: Double) -> String {
    let minutes = Int(max(0, seconds) / 60)
    if minutes < 1 { return "just now" }
    if minutes < 60 { return "\(minutes) min ago" }
    if minutes < 48 * 60 { return "\(minutes / 60) h ago" }
    return "\(minutes / (24 * 60)) days ago"
  }
}
