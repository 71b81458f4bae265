import GameEngine

/// The club's scores: each finished round's or sitting's sent where the roster's server
/// collects them, once the player said yes. The first finished scene asks; the answer is kept
/// in the settings (`send-scores`), and nothing is sent before it.
extension AppModel {
  /// A round ended: its score is sent if the player said yes, held for the question if they
  /// have not answered yet, and dropped if they said no.
  mutating func scoreFinished(_ summary: RoundSummary, at instant: Instant, into step: inout Step) {
    guard let scores else { return }
    let time = session.wallClock.unixSeconds(at: instant)
    let members = session.memberIDsInPlay
    let score = RoundScore(
      player: scores.player, mode: (session.state.game?.mode ?? .quiz).rawValue,
      questions: summary.results.count,
      right: summary.correct,
      known: recordsHistory ? memories.known(among: members, at: time) : nil,
      recognised: recordsHistory ? memories.recognisedOnly(among: members, at: time) : nil,
      members: members.count, seconds: session.timePlayed(at: instant).seconds, endedAt: time)
    switch scores.consent {
    case true?:
      self.scores?.sending = true
      step.effects.append(.sendScore(score))
    case nil:
      self.scores?.held = score
    case false?:
      break
    }
  }

  /// The player's answer to the finished scene's question: kept in the settings (with the
  /// name the scores go under, if the settings had none), and the round's score sent on yes.
  mutating func answerScores(_ yes: Bool, sending score: RoundScore, into step: inout Step) {
    guard let scores else { return }
    self.scores?.consent = yes
    self.scores?.held = nil
    step.effects.append(.saveSetting(key: "send-scores", value: yes ? "true" : "false"))
    guard yes else { return }
    if settingsFile?.values["player"] == nil {
      step.effects.append(.saveSetting(key: "player", value: scores.player))
    }
    self.scores?.sending = true
    var held = score
    held.player = scores.player
    step.effects.append(.sendScore(held))
  }

  /// The finished scene's lines of the scores: the question, while it waits for an answer
  /// (with its Yes and No), or how they went.
  var finishedScores: FinishedScores? {
    guard isFinished, let scores else { return nil }
    if scores.held != nil {
      return FinishedScores(
        line: "Send your scores to \(scores.club) as \(scores.player)?", asks: true)
    }
    return scores.finishedLine.map { FinishedScores(line: $0, asks: false) }
  }
}

/// The finished scene's part of the club's scores.
public struct FinishedScores: Hashable, Sendable {
  /// The question, or how the scores went.
  public var line: String
  /// Whether it asks (its Yes and No under it).
  public var asks: Bool

  /// The rows it takes on the finished scene.
  var rows: Int { asks ? 2 : 1 }
}
