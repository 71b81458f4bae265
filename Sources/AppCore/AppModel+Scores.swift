import GameEngine

/// The club's scores: each finished round's or sitting's sent where the roster's server
/// collects them, once the player said yes to that club. The first finished scene asks; the
/// answer is kept in the settings (`send-scores`), and nothing is sent before it.
extension AppModel {
  /// The game began: scores left waiting by earlier launches go now, if the player still says
  /// yes to this club.
  mutating func sendWaitingScores(into step: inout Step) {
    guard let scores, scores.consent == .yes, scores.status.waiting > 0 else { return }
    self.scores?.sending += 1
    step.effects.append(.sendScores(nil))
  }

  /// A round ended: its score is sent if the player said yes, held for the question if they
  /// have not answered yet, and dropped if they said no.
  mutating func scoreFinished(_ summary: RoundSummary, at instant: Instant, into step: inout Step) {
    guard let scores else { return }
    // Said where it was answered, once.
    self.scores?.notKept = nil
    self.scores?.saidNo = false
    let time = session.wallClock.unixSeconds(at: instant)
    let members = session.memberIDsInPlay
    let score = RoundScore(
      player: scores.player, mode: (session.state.game?.mode ?? .quiz).rawValue,
      questions: summary.results.count, right: summary.correct,
      known: recordsHistory ? memories.known(among: members, at: time) : nil,
      recognised: recordsHistory ? memories.recognisedOnly(among: members, at: time) : nil,
      members: members.count, seconds: session.timePlayed(at: instant).seconds, endedAt: time)
    switch scores.consent {
    case .yes:
      self.scores?.sending += 1
      step.effects.append(.sendScores(score))
    case .unasked:
      self.scores?.held = score
    case .no:
      break
    }
  }

  /// The player's answer to the finished scene's question: kept in the settings (with the
  /// name the scores go under, if the settings had none), and the round's score sent on yes.
  mutating func answerScores(_ yes: Bool, sending score: RoundScore, into step: inout Step) {
    guard var scores else { return }
    scores.held = nil
    // The question's buttons are gone: Enter goes on to the next round.
    focus = .nextRound
    if yes {
      scores.setting = ScoresConsent.setting(scores.setting, yesTo: scores.host)
      step.effects.append(.saveSetting(key: "send-scores", value: scores.setting ?? "true"))
      if settingsFile?.values["player"] == nil {
        step.effects.append(.saveSetting(key: "player", value: scores.player))
      }
      scores.sending += 1
      var held = score
      held.player = scores.player
      step.effects.append(.sendScores(held))
    } else if let setting = ScoresConsent.setting(scores.setting, noTo: scores.host) {
      scores.setting = setting
      scores.saidNo = true
      step.effects.append(.saveSetting(key: "send-scores", value: setting))
    } else {
      scores.declined = true
      scores.saidNo = true
    }
    self.scores = scores
  }

  /// A `send-scores` or `player` setting kept (by the question, or the settings window), or
  /// why not: the answer holds for this launch either way.
  mutating func scoresSettingSaved(key: String, value: String?, failure: String?) {
    guard let account = scores?.accountName else { return }
    switch (key, failure) {
    case ("send-scores", nil):
      scores?.setting = value
      scores?.declined = false
    case ("send-scores", let failure?):
      scores?.notKept = failure
    case ("player", nil):
      scores?.player = value ?? account
    default:
      break
    }
  }

  /// The finished scene's lines of the scores: the question, while it waits for an answer
  /// (with its Yes and No), or how they went.
  var finishedScores: FinishedScores? {
    guard isFinished, place == .quiz, let scores else { return nil }
    if scores.held != nil {
      return FinishedScores(
        line: "Send your scores to \(scores.club)?",
        detail: "As \(scores.player); no answers, no photos", asks: true)
    }
    return scores.finishedLine(ellipsis: appearance.ellipsis).map {
      FinishedScores(line: $0[0], detail: nil, asks: false, shorter: Array($0.dropFirst()))
    }
  }

  /// The finished scene's buttons of the question, in the order they are drawn; none when
  /// nothing asks.
  var scoresButtons: [Control] {
    finishedScores?.asks == true ? [.answerScores(true), .answerScores(false)] : []
  }
}

/// The finished scene's part of the club's scores.
public struct FinishedScores: Hashable, Sendable {
  /// The question, or how the scores went.
  public var line: String
  /// Under the question: the name the scores go under, and what is not sent.
  public var detail: String?
  /// Whether it asks (its Yes and No under it).
  public var asks: Bool
  /// The line in fewer words, for a narrow window, the longest first.
  public var shorter: [String] = []

  /// The rows it takes on the finished scene.
  package var rows: Int { asks ? 3 : 1 }
}
