import AppCore
import Foundation
import History
import Roster
import RosterDownload
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The club's scores as the game sends them: for a roster whose server names a `scores-url`,
/// each finished round's or sitting's document (`ScoreDocument`) is kept in the history and
/// POSTed there, once the player said yes to that club (the `send-scores` setting, see
/// `ScoresConsent`). A score not taken waits and is sent again with the next (at the next
/// round's end, or launch), for 30 days; one the server refused is not. Without a history it
/// waits in memory until the game ends.
package enum ScoreSending {
  /// What the game needs to send the roster's scores; nil when its server collects none.
  package static func clubScores(
    roster: Roster, settings: [String: String], history: HistoryLink
  ) -> ClubScores? {
    guard let url = roster.scoresURL else { return nil }
    let setting = settings["send-scores"]
    let outbox = Outbox(
      url: url, roster: roster, history: history.history, rosterKey: history.roster.identity,
      allowed: ScoresConsent.hosts(setting), everyone: setting == "true")
    let player = settings["player"].map { $0.trimmingCharacters(in: .whitespaces) }
    let account = accountName()
    return ClubScores(
      club: TerminalText.escapingControls(roster.name), host: ScoresConsent.host(of: url),
      player: player.flatMap { $0.isEmpty ? nil : $0 } ?? account, accountName: account,
      setting: setting,
      status: outbox.status(), keep: { outbox.keep($0) }, sendWaiting: { outbox.sendWaiting() })
  }

  /// The account's full name (its GECOS field's first part), else its login name, else
  /// "player".
  static func accountName() -> String {
    var names: [String] = []
    if let entry = getpwuid(getuid()) {
      names.append(
        String(cString: entry.pointee.pw_gecos).split(separator: ",").first.map(String.init)
          ?? "")
      names.append(String(cString: entry.pointee.pw_name))
    }
    names.append(ProcessInfo.processInfo.environment["USER"] ?? "")
    let name = names.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    return TerminalText.escapingControls(name ?? "player")
  }

  /// The scores kept to send: in the history, else (no history, or it failed) in memory.
  final class Outbox: @unchecked Sendable {
    let url: URL
    let roster: (name: String, version: String?, url: String?)
    let history: History?
    let rosterKey: String
    /// The score servers the player said yes to (every one, with `everyone`), by host: the
    /// club played joins them once a score is kept for it (which only a yes does).
    private let allowed: Mutex<(hosts: Set<String>, everyone: Bool)>
    /// Scores with nowhere else to wait, and the last outcome of sending them.
    private let memory = Mutex(
      (waiting: [History.KeptScore](), sent: Double?.none, failure: String?.none))

    init(
      url: URL, roster: Roster, history: History?, rosterKey: String, allowed: [String],
      everyone: Bool
    ) {
      self.url = url
      self.roster = (roster.name, roster.version, roster.serverURL.map(Self.shown))
      self.history = history
      self.rosterKey = rosterKey
      self.allowed = Mutex((Set(allowed), everyone))
    }

    /// A roster's URL as a score tells it: without a name and password, a query or a
    /// fragment, which may hold what keeps a club's roster private.
    static func shown(_ url: String) -> String {
      guard var parts = URLComponents(string: url) else { return url }
      parts.user = nil
      parts.password = nil
      parts.query = nil
      parts.fragment = nil
      return parts.string ?? url
    }

    func keep(_ score: RoundScore) {
      allowed.withLock { _ = $0.hosts.insert(ScoresConsent.host(of: url)) }
      let document = ScoreDocument(score, roster: roster).json
      if let history,
        (try? history.keepScore(
          document, for: url.absoluteString, roster: rosterKey, at: score.endedAt)) != nil
      {
        return
      }
      memory.withLock {
        $0.waiting.append(History.KeptScore(id: -1, url: url.absoluteString, document: document))
      }
    }

    /// Whether the player said yes to the server at `url`.
    private func isAllowed(_ url: String) -> Bool {
      let host = URL(string: url).map(ScoresConsent.host(of:)) ?? ""
      return allowed.withLock { $0.everyone || $0.hosts.contains(host) }
    }

    /// Sends each score waiting for a server the player said yes to, oldest first. A server
    /// that cannot be reached (or answers 5xx) keeps the rest of its scores waiting, untried;
    /// a score it refuses is not tried again.
    func sendWaiting() -> ScoresStatus {
      var unreachable: [String: String] = [:]
      let now = { Date().timeIntervalSince1970 }
      for score in (try? history?.scoresToSend(now: now())) ?? [] where isAllowed(score.url) {
        if let reason = unreachable[score.url] {
          try? history?.scoreFailed(score.id, reason: reason, at: now())
          continue
        }
        switch Self.post(score) {
        case nil:
          try? history?.scoreSent(score.id, at: now())
          // The latest try went: a failure of one the game held before is not the last word.
          memory.withLock { $0.failure = nil }
        case let failure?:
          if !failure.refused { unreachable[score.url] = failure.reason }
          try? history?.scoreFailed(
            score.id, reason: failure.reason, refused: failure.refused, at: now())
        }
      }
      let waiting = memory.withLock { memory in
        defer { memory.waiting = [] }
        return memory.waiting
      }
      var left: [History.KeptScore] = []
      for score in waiting {
        let failure =
          unreachable[score.url].map { ScorePoster.Failure(reason: $0, refused: false) }
          ?? Self.post(score)
        memory.withLock {
          $0.failure = failure?.reason
          if failure == nil { $0.sent = now() }
        }
        guard let failure else { continue }
        if !failure.refused {
          unreachable[score.url] = failure.reason
          left.append(score)
        }
      }
      memory.withLock { $0.waiting = left + $0.waiting }
      return status()
    }

    /// How the roster's scores went: the history's, and those in memory.
    func status() -> ScoresStatus {
      let kept = (try? history?.scoresSent(roster: rosterKey)) ?? History.ScoresSent()
      return memory.withLock { memory in
        ScoresStatus(
          lastSent: [kept.lastSent, memory.sent].compactMap { $0 }.max(),
          failure: (memory.failure ?? kept.failure).map(TerminalText.escapingControls),
          waiting: kept.waiting + memory.waiting.count, waitingInGame: memory.waiting.count)
      }
    }

    /// POSTs a score; nil when the server took it, else why not.
    private static func post(_ score: History.KeptScore) -> ScorePoster.Failure? {
      guard let url = URL(string: score.url) else {
        return ScorePoster.Failure(reason: "\(score.url) is not a URL", refused: true)
      }
      let document = Data(score.document.utf8)
      switch waitingFor({ try await ScorePoster.post(document, to: url) }) {
      case .success: return nil
      case .failure(let failure as ScorePoster.Failure): return failure
      case .failure(let error): return ScorePoster.Failure(reason: "\(error)", refused: false)
      }
    }
  }
}

/// The document a club's server is sent for each round or sitting, as docs/scores.md describes it
/// and `docs/score.schema.json` gives its schema: who, which roster, when, and how it went.
/// No answers, no photos.
struct ScoreDocument: Encodable {
  /// The format's version: 1.
  var format = 1
  /// Made once for the score, so that a server can tell a score sent again (its answer lost)
  /// from a new one.
  var id = UUID().uuidString.lowercased()
  var player: String
  var roster: String
  var version: String?
  var rosterURL: String?
  /// When the round or sitting ended: ISO 8601, UTC.
  var ended: String
  var mode: String
  var questions: Int
  var right: Int
  var known: Int?
  var recognised: Int?
  var members: Int
  var seconds: Double

  enum CodingKeys: String, CodingKey {
    case format, id, player, roster, version, ended, mode, questions, right, known, recognised
    case members, seconds
    case rosterURL = "roster-url"
  }

  init(_ score: RoundScore, roster: (name: String, version: String?, url: String?)) {
    player = score.player
    self.roster = roster.name
    version = roster.version
    rosterURL = roster.url
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    ended = formatter.string(from: Date(timeIntervalSince1970: score.endedAt.rounded(.down)))
    mode = score.mode
    questions = score.questions
    right = score.right
    known = score.known
    recognised = score.recognised
    members = score.members
    // Tenths of a second.
    seconds = (score.seconds * 10).rounded() / 10
  }

  /// The document as sent: JSON with its keys sorted.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
