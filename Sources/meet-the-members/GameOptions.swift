import GameEngine

/// Turns the game's options, as typed, into a seed and the engine's rules.
enum GameOptions {
  /// The longest a question or reveal may last: long enough for any player, short enough that
  /// a typo (5000 for 5) is caught.
  static let maximumSeconds = 600.0
  static let answerSeconds = 5.0
  static let revealSeconds = 2.0

  /// `--seed`: any whole number a 64-bit generator can start from.
  static func seed(_ text: String?) throws(UsageError) -> UInt64? {
    guard let text else { return nil }
    guard let seed = UInt64(text) else {
      throw UsageError("--seed must be a whole number from 0 to \(UInt64.max), not \(text)")
    }
    return seed
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

  static func rules(answerSeconds: String?, revealSeconds: String?) throws(UsageError) -> Rules {
    let answer = try seconds(
      answerSeconds, option: "--answer-seconds", default: Self.answerSeconds, from: 0.1)
    let reveal = try seconds(
      revealSeconds, option: "--reveal-seconds", default: Self.revealSeconds, from: 0)
    return Rules(
      answerTime: .milliseconds(Int64((answer * 1000).rounded())),
      revealTime: .milliseconds(Int64((reveal * 1000).rounded())))
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
