import Foundation
import History
import Roster
import RosterDownload
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The club's scores as the game sends them: for a roster whose server names a `scores-url`,
/// each finished round's or sitting's document (`ScoreDocument`) is kept in the history and
/// POSTed there, once the player said yes (the `send-scores` setting). A score not taken is
/// kept and sent again at the next launch; without a history it waits in memory until the
/// game ends.
enum ScoreSending {
  /// What the game needs to send the roster's scores; nil when its server collects none.
  static func clubScores(
    roster: Roster, settings: [String: String], history: HistoryLink
  ) -> ClubScores? {
    guard let url = roster.scoresURL else { return nil }
    let outbox = Outbox(
      url: url, roster: roster, history: history.history, rosterKey: history.roster.identity)
    return ClubScores(
      club: roster.name, player: settings["player"] ?? accountName(),
      consent: settings["send-scores"].map { $0 == "true" }, status: outbox.status(),
      keep: { outbox.keep($0) }, sendWaiting: { outbox.sendWaiting() })
  }

  /// The account's full name (its GECOS field's first part), else its login name.
  static func accountName() -> String {
    if let entry = getpwuid(getuid()) {
      let full = String(cString: entry.pointee.pw_gecos).split(separator: ",").first
        .map { $0.trimmingCharacters(in: .whitespaces) }
      if let full, !full.isEmpty { return full }
      let login = String(cString: entry.pointee.pw_name)
      if !login.isEmpty { return login }
    }
    return ProcessInfo.processInfo.environment["USER"] ?? "player"
  }

  /// The scores kept to send: in the history, else (no history, or it failed) in memory.
  final class Outbox: @unchecked Sendable {
    let url: URL
    let roster: (name: String, version: String?, url: String?)
    let history: History?
    let rosterKey: String
    /// Scores with nowhere else to wait, and the last outcome of sending them (under the
    /// lock).
    private let memory = Locked(
      (waiting: [History.KeptScore](), sent: Double?.none, failure: String?.none))

    init(url: URL, roster: Roster, history: History?, rosterKey: String) {
      self.url = url
      self.roster = (roster.name, roster.version, roster.serverURL)
      self.history = history
      self.rosterKey = rosterKey
    }

    func keep(_ score: RoundScore) {
      let document = ScoreDocument(score, roster: roster).json
      if let history,
        (try? history.keepScore(
          document, for: url.absoluteString, roster: rosterKey, at: score.endedAt)) != nil
      {
        return
      }
      memory.withLockedValue {
        $0.waiting.append(History.KeptScore(id: -1, url: url.absoluteString, document: document))
      }
    }

    /// Sends each score waiting, oldest first; a server that fails keeps the rest of its
    /// scores waiting (not tried again until the next launch).
    func sendWaiting() -> ScoresStatus {
      var failed: [String: String] = [:]
      let now = { Date().timeIntervalSince1970 }
      for score in (try? history?.scoresToSend()) ?? [] {
        if let reason = failed[score.url] {
          try? history?.scoreFailed(score.id, reason: reason, at: now())
          continue
        }
        if let reason = Self.post(score) {
          failed[score.url] = reason
          try? history?.scoreFailed(score.id, reason: reason, at: now())
        } else {
          try? history?.scoreSent(score.id, at: now())
        }
      }
      let waiting = memory.withLockedValue { memory in
        defer { memory.waiting = [] }
        return memory.waiting
      }
      var left: [History.KeptScore] = []
      for score in waiting {
        if let reason = failed[score.url] ?? Self.post(score) {
          failed[score.url] = reason
          left.append(score)
          memory.withLockedValue { $0.failure = reason }
        } else {
          memory.withLockedValue {
            $0.sent = now()
            $0.failure = nil
          }
        }
      }
      memory.withLockedValue { $0.waiting = left + $0.waiting }
      return status()
    }

    /// How the roster's scores went: the history's, and those in memory.
    func status() -> ScoresStatus {
      let kept = (try? history?.scoresSent(roster: rosterKey)) ?? History.ScoresSent()
      return memory.withLockedValue { memory in
        ScoresStatus(
          lastSent: [kept.lastSent, memory.sent].compactMap { $0 }.max(),
          failure: memory.failure ?? kept.failure, waiting: kept.waiting + memory.waiting.count)
      }
    }

    /// POSTs a score; nil when the server took it, else why not.
    private static func post(_ score: History.KeptScore) -> String? {
      guard let url = URL(string: score.url) else { return "\(score.url) is not a URL" }
      let document = Data(score.document.utf8)
      let result = waitingFor { try await ScorePoster.post(document, to: url) }
      switch result {
      case .success: return nil
      case .failure(let error as FetchError): return error.problem
      case .failure(let error): return "\(error)"
      }
    }
  }
}

/// The document a club's server is sent for each round or sitting, as the README describes it
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

/// A value shared between threads, used under its lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLockedValue<T>(_ body: (inout Value) -> T) -> T {
    lock.withLock { body(&value) }
  }
}
