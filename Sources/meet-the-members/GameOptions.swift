import AppCore
import Foundation
import GameEngine
import Launch
import Pictures
import Settings

/// Turns the game's options and settings, as typed, into a seed and the engine's rules.
enum GameOptions {
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

  /// `--graphics` from the settings (checked); the table's default when not given.
  static func graphics(_ values: [String: String]) -> GraphicsOption {
    SettingsTable.standard.value("graphics", in: values)
      .flatMap { GraphicsOption(rawValue: $0.lowercased()) } ?? .auto
  }

  static let previewSize = CellSize(columns: 40, rows: 20)
  static let largestPreview = 1000

  /// `--size 60x30`.
  static func cellSize(_ text: String?) throws(UsageError) -> CellSize {
    guard let text else { return previewSize }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    let sizes = 1...largestPreview
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      sizes.contains(columns), sizes.contains(rows)
    else {
      throw UsageError(
        "--size must be COLSxROWS with each from 1 to \(largestPreview), not \(text)")
    }
    return CellSize(columns: columns, rows: rows)
  }
}

/// What a game is played with, in the terminal or headless.
struct GameSettings {
  var folder: String?
  var seed: UInt64?
  var rules: Rules
  /// Where the history is kept; nil when there is no home to keep it in.
  var dataFolder: String?
  /// The mode the start screen offers first (headless: the one `start` plays); nil when
  /// `--mode` was not given.
  var mode: PlayMode?
  /// The quiz's order: shuffled rounds, or anyone at any time.
  var randomOrder: Bool
  /// The group to play (`--group`), as typed; nil for everyone.
  var group: String?

  /// `values`: the settings, typed or from the file, each checked.
  init(
    folder: String?, values: [String: String], choices: GameChoiceOptions, dataDir: String?
  ) throws(UsageError) {
    self.folder = folder
    seed = try GameOptions.seed(choices.seed)
    rules = Rules(settings: values)
    dataFolder = try GameOptions.dataFolder(dataDir)
    mode = try GameOptions.mode(choices.mode)
    randomOrder = try GameOptions.randomOrder(choices.order)
    group = choices.group
  }
}
