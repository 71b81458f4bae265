import Foundation
import GameEngine

/// Turns the game's options, as typed, into a seed and the engine's rules.
enum GameOptions {
  /// The longest a question or reveal may last: long enough for any player, short enough that
  /// a typo (5000 for 5) is caught.
  static let maximumSeconds = 600.0
  static let answerSeconds = 5.0
  static let revealSeconds = 2.0
  static let typeSeconds = 15.0

  /// The folder that keeps the history: `--data-dir`, else `$XDG_DATA_HOME/meet-the-members`,
  /// else `~/.local/share/meet-the-members`; nil when there is no home to keep it in.
  static func dataFolder(_ option: String?) throws(UsageError) -> String? {
    if let option {
      guard !option.isEmpty else { throw UsageError("--data-dir needs a folder") }
      return option
    }
    let environment = ProcessInfo.processInfo.environment
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/meet-the-members"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.local/share/meet-the-members"
  }

  /// `--graphics`; nil is auto.
  static func graphics(_ text: String?) throws(UsageError) -> GraphicsOption {
    guard let text else { return .auto }
    guard let option = GraphicsOption(rawValue: text.lowercased()) else {
      throw UsageError(
        "--graphics must be auto, kitty, sixel, iterm2 or symbols, not \(text)")
    }
    return option
  }

  /// `--mode quiz` or `--mode learn`; nil when not given (the start screen then offers Learn
  /// first on a roster of people mostly new, else Start).
  static func mode(_ text: String?) throws(UsageError) -> PlayMode? {
    guard let text else { return nil }
    // The drill is chosen on the start screen, where it says whom it drills.
    guard let mode = PlayMode(rawValue: text.lowercased()), mode != .drill else {
      throw UsageError("--mode must be quiz or learn, not \(text)")
    }
    return mode
  }

  /// `--kind names|faces|typing|mixed`; nil gives each mode's own (see `Rules.questionKinds`).
  static func questionKinds(_ text: String?) throws(UsageError) -> QuestionKinds? {
    guard let text else { return nil }
    guard let kinds = QuestionKinds(rawValue: text.lowercased()) else {
      throw UsageError("--kind must be names, faces, typing or mixed, not \(text)")
    }
    return kinds
  }

  /// `--order shuffled` (the default) or `--order random`: whether the quiz is random.
  static func randomOrder(_ text: String?) throws(UsageError) -> Bool {
    switch text?.lowercased() {
    case nil, "shuffled": return false
    case "random": return true
    default: throw UsageError("--order must be shuffled or random, not \(text ?? "")")
    }
  }

  /// `--seed`: any whole number a 64-bit generator can start from.
  static func seed(_ text: String?) throws(UsageError) -> UInt64? {
    guard let text else { return nil }
    guard let seed = UInt64(text) else {
      throw UsageError("--seed must be a whole number from 0 to \(UInt64.max), not \(text)")
    }
    return seed
  }

  /// `--clock 2027-01-01T10:00:00Z`: a time in ISO 8601 (seconds, a zone: Z or an offset), as
  /// Unix seconds.
  static func clock(_ text: String?) throws(UsageError) -> Double? {
    guard let text else { return nil }
    guard let date = try? Date(text, strategy: .iso8601) else {
      throw UsageError(
        "--clock must be a time such as 2027-01-01T10:00:00Z (ISO 8601, with its zone), "
          + "not \(text)")
    }
    return date.timeIntervalSince1970
  }

  /// The longest round `--round` takes.
  static let longestRound = 10_000

  /// `--round 10` or `--round all` (everyone once); nil gives the standard ten.
  static func roundLength(_ text: String?) throws(UsageError) -> RoundLength {
    guard let text else { return Rules.standard.roundLength }
    if text.lowercased() == "all" { return .everyone }
    guard let count = Int(text), (1...longestRound).contains(count) else {
      throw UsageError(
        "--round must be a whole number from 1 to \(longestRound), or all, not \(text)")
    }
    return .questions(count)
  }

  /// The longest sitting `--minutes` takes.
  static let longestSitting = 240

  /// `--minutes 10`: a sitting of learn mode; nil gives the standard ten minutes.
  static func sittingLength(_ text: String?) throws(UsageError) -> Duration {
    guard let text else { return Rules.standard.sittingLength }
    guard let minutes = Int(text), (1...longestSitting).contains(minutes) else {
      throw UsageError("--minutes must be a whole number from 1 to \(longestSitting), not \(text)")
    }
    return .seconds(60 * minutes)
  }

  static func rules(answerSeconds: String?, revealSeconds: String?, typeSeconds: String? = nil)
    throws(UsageError) -> Rules
  {
    let answer = try seconds(
      answerSeconds, option: "--answer-seconds", default: Self.answerSeconds, from: 0.1)
    let reveal = try seconds(
      revealSeconds, option: "--reveal-seconds", default: Self.revealSeconds, from: 0)
    let typing = try seconds(
      typeSeconds, option: "--type-seconds", default: Self.typeSeconds, from: 0.1)
    func duration(_ seconds: Double) -> Duration {
      .milliseconds(Int64((seconds * 1000).rounded()))
    }
    return Rules(
      answerTime: duration(answer), revealTime: duration(reveal), typingTime: duration(typing))
  }

  private static func seconds(
    _ text: String?, option: String, default value: Double, from minimum: Double
  ) throws(UsageError) -> Double {
    guard let text else { return value }
    // Numbers are shown as Double prints them ("-1.0"), anything else as typed.
    let seconds = Double(text)
    guard let seconds, seconds.isFinite, seconds >= minimum, seconds <= maximumSeconds else {
      let shown = seconds.map { "\($0)" } ?? text
      throw UsageError(
        "\(option) must be between \(plain(minimum)) and \(plain(maximumSeconds)), not \(shown)")
    }
    return seconds
  }

  /// 0.1 as "0.1" and 600 as "600".
  private static func plain(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))" : "\(value)"
  }
}
