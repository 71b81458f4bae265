import Foundation
import GameEngine

/// A round's or a sitting's score, as the club's server is sent it (`Effect.sendScores`): no
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
  /// Why the latest try failed, while a score waits, or why the server refused the last it
  /// refused (then none waits).
  public var failure: String?
  /// The scores waiting to be sent again.
  public var waiting: Int
  /// Of them, those only the game holds (no history could keep them): gone when it ends.
  public var waitingInGame: Int

  public init(
    lastSent: Double? = nil, failure: String? = nil, waiting: Int = 0, waitingInGame: Int = 0
  ) {
    self.lastSent = lastSent
    self.failure = failure
    self.waiting = waiting
    self.waitingInGame = waitingInGame
  }
}

/// What the `send-scores` setting says of a club's score server, known by its host (with its
/// port, when not the scheme's): `true` sends to every club that collects scores, `false` to
/// none (and nothing asks), and otherwise the setting lists the hosts the player said yes to,
/// separated by spaces; a club not among them is asked.
public enum ScoresConsent: Hashable, Sendable {
  case unasked, yes, no

  public init(setting: String?, host: String) {
    switch Self.words(setting) {
    case ["true"]: self = .yes
    case ["false"]: self = .no
    case let hosts: self = hosts.contains(host) ? .yes : .unasked
    }
  }

  /// A score server as the setting lists it: its host, and its port when it is not the
  /// scheme's own.
  public static func host(of url: URL) -> String {
    let host = url.host ?? ""
    let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
    return url.port.map { $0 == defaultPort ? host : "\(host):\($0)" } ?? host
  }

  /// The hosts a setting lists (none for `true`, `false` or nothing).
  public static func hosts(_ setting: String?) -> [String] {
    let words = words(setting)
    return words == ["true"] || words == ["false"] ? [] : words
  }

  private static func words(_ setting: String?) -> [String] {
    (setting ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// The setting once the player said yes to `host`: the hosts listed, and this one.
  public static func setting(_ setting: String?, yesTo host: String) -> String {
    if words(setting) == ["true"] { return "true" }
    let hosts = Self.hosts(setting)
    return (hosts.contains(host) ? hosts : hosts + [host]).joined(separator: " ")
  }

  /// The setting once the player said no to `host`: `false` when no club had a yes (nothing
  /// asks again); nil when others did, whose yes stays (this club is asked at its next
  /// launch).
  public static func setting(_ setting: String?, noTo host: String) -> String? {
    hosts(setting).isEmpty ? "false" : nil
  }
}

/// A club that collects its players' scores (its manifest's `scores-url`), and what sends
/// them.
public struct ClubScores: Sendable {
  /// The club's name, as the question asks it.
  public var club: String
  /// Its score server's host (and port), as the `send-scores` setting lists it.
  public var host: String
  /// The name the scores are sent under: the `player` setting, else the account's.
  public var player: String
  /// The account's name: the one sent under once the `player` setting is taken out.
  public var accountName: String
  /// The `send-scores` setting, as typed.
  public var setting: String?
  /// How the scores went, as the history kept it when the game began.
  public var status: ScoresStatus
  /// Keeps a score to send (in the history, where one is kept, so that a score not sent
  /// waits for the next launch). Quick: the terminal's loop calls it on the history's queue,
  /// which the game waits for as it ends.
  public var keep: @Sendable (RoundScore) -> Void
  /// Sends every score kept and not yet sent to a club the player said yes to, and says how
  /// they went. It waits for the servers: the terminal's loop calls it on a queue of its own.
  public var sendWaiting: @Sendable () -> ScoresStatus

  public init(
    club: String, host: String, player: String, accountName: String? = nil, setting: String?,
    status: ScoresStatus, keep: @escaping @Sendable (RoundScore) -> Void,
    sendWaiting: @escaping @Sendable () -> ScoresStatus
  ) {
    self.club = club
    self.host = host
    self.player = player
    self.accountName = accountName ?? player
    self.setting = setting
    self.status = status
    self.keep = keep
    self.sendWaiting = sendWaiting
  }
}

/// What the game holds of the club's scores: the player's answer, a score held while the
/// question waits, and how the last went.
struct ScoresState: Hashable, Sendable {
  var club: String
  var host: String
  var player: String
  /// The name sent under without the `player` setting.
  var accountName: String
  /// The `send-scores` setting as the game knows it now.
  var setting: String?
  /// Whether the player said no to this club during this launch (with other clubs said yes
  /// to, the settings keep nothing of it).
  var declined = false
  var status: ScoresStatus
  /// The score of the round on the finished scene, held until the player answers whether
  /// scores go to the club; nil when there is no question.
  var held: RoundScore?
  /// How many sends are on their way (their results not yet come back).
  var sending = 0
  /// Why the answer could not be kept in the settings (it holds for this launch).
  var notKept: String?
  /// Whether the player just said no, on the finished scene on screen.
  var saidNo = false

  init(_ scores: ClubScores) {
    club = scores.club
    host = scores.host
    player = scores.player
    accountName = scores.accountName
    setting = scores.setting
    status = scores.status
  }

  var consent: ScoresConsent {
    declined ? .no : ScoresConsent(setting: setting, host: host)
  }

  /// The finished scene's line of the scores, once the player said yes (or why their answer
  /// is not kept in the settings); `ellipsis` ends a line still going on.
  /// The fullest first, then shorter ones for a narrow window.
  func finishedLine(ellipsis: String) -> [String]? {
    if let notKept {
      return ["Your answer is not kept in the settings: \(notKept)", "Not kept: \(notKept)"]
    }
    if saidNo { return ["Scores not sent (Settings change this)", "Scores not sent"] }
    guard consent == .yes else { return nil }
    if sending > 0 { return ["Sending your score to \(club)\(ellipsis)", "Sending\(ellipsis)"] }
    if status.waiting > 0, let failure = status.failure {
      guard status.waitingInGame < status.waiting else {
        // No history keeps them: the next round's send takes them along, the game's end
        // drops them.
        return [
          "Score not sent: \(failure); it goes with the next round's, or not at all",
          "Score not sent: \(failure)", "Score not sent",
        ]
      }
      return [
        "Score not sent: \(failure); it is sent again later", "Score not sent: \(failure)",
        "Score not sent; sent again later",
      ]
    }
    // The latest try was refused (a failure and none waiting): it is not sent again.
    if let failure = status.failure {
      return [
        "Score refused by \(club): \(failure) (not sent again)", "Score refused: \(failure)",
        "Score refused",
      ]
    }
    return ["Scores go to \(club) as \(player)", "Scores go to \(club)", "Score sent"]
  }

  /// The statistics' lines; `now` is Unix seconds.
  func statisticsLines(at now: Double) -> [String] {
    switch consent {
    case .unasked: return ["Scores: \(club) collects them; you are asked when a round ends"]
    case .no: return ["Scores: not sent to \(club) (Settings can change it)"]
    case .yes:
      let sent = status.lastSent.map { "last sent \(Self.ago(now - $0))" } ?? "none sent yet"
      var lines = ["Scores to \(club) as \(player): \(sent)"]
      if status.waiting > 0 {
        let failure = status.failure.map { ": \($0)" } ?? ""
        lines.append("  \(status.waiting) waiting to be sent\(failure)")
      } else if let failure = status.failure {
        lines.append("  The last was refused: \(failure)")
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
