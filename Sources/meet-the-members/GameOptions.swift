import ArgumentParser
import GameEngine

/// Turns the timing options into the engine's rules.
enum GameOptions {
  /// The longest a question or reveal may last: long enough for any player, short enough that
  /// a typo (5000 for 5) is caught.
  static let maximumSeconds = 600.0

  static func validate(answerSeconds: Double, revealSeconds: Double) throws {
    guard answerSeconds.isFinite, answerSeconds >= 0.1, answerSeconds <= maximumSeconds else {
      throw ValidationError(
        "--answer-seconds must be between 0.1 and \(Int(maximumSeconds)), not \(answerSeconds)")
    }
    guard revealSeconds.isFinite, revealSeconds >= 0, revealSeconds <= maximumSeconds else {
      throw ValidationError(
        "--reveal-seconds must be between 0 and \(Int(maximumSeconds)), not \(revealSeconds)")
    }
  }

  static func rules(answerSeconds: Double, revealSeconds: Double) -> Rules {
    Rules(
      answerTime: .milliseconds(Int64((answerSeconds * 1000).rounded())),
      revealTime: .milliseconds(Int64((revealSeconds * 1000).rounded())))
  }
}
