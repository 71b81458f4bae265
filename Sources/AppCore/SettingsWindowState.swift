import GameEngine
import Pictures
import Settings

/// The player's settings file as the game was given it: where it is, its settings (as typed
/// after their options), and what keeps a setting in it.
public struct SettingsFile: Hashable, Sendable {
  /// Where the file is, as shown.
  public var path: String
  /// The settings it holds, by key, as text ("5", "all", "Ada").
  public var values: [String: String]
  /// The settings typed on the command line for this launch, by key: they play now, whatever
  /// the file holds.
  public var thisLaunch: [String: String]
  /// The start screen's key that chose a setting of `thisLaunch` (the quiz's kind, by k), by
  /// the setting's key; a setting without one was typed as its option.
  package var chosenBy: [String: KeyAction] = [:]

  public init(path: String, values: [String: String], thisLaunch: [String: String] = [:]) {
    self.path = path
    self.values = values
    self.thisLaunch = thisLaunch
  }
}

/// The keys of the settings the settings window shows, in its order.
public let settingsWindowKeys = SettingLine.all.map(\.key)

/// A setting the window shows: its key in the file, its label, and the values it steps
/// through (none for a text typed: a name, a folder).
package struct SettingLine: Hashable, Sendable {
  package let key: String
  package let label: String
  /// The values Left and Right step through; empty for a text typed.
  let choices: [String]
  /// What plays without the setting.
  package let byDefault: String
  /// What it takes: how its value is shown (`SettingKind.shown`).
  package let kind: SettingKind
  /// The command-line option that sets it for one launch ("--answer-seconds"; the roster's
  /// folder or URL, "the command line"); nil for a setting the command line does not set.
  package let option: String?

  package var isText: Bool { choices.isEmpty }

  /// Whether two values of it are one: the same number ("7" and "7.0"), or the same words
  /// whatever their case ("all" and "ALL").
  package func sameValue(_ a: String, _ b: String?) -> Bool {
    guard let b else { return false }
    if let x = Double(a), let y = Double(b) { return x == y }
    return a.lowercased() == b.lowercased()
  }

  /// Every setting, in the window's order: the table's that have a label.
  package static let all = SettingsTable.standard.window.map(SettingLine.init)

  /// The value `step` places after `current` among the choices (the nearest when `current`
  /// is not one of them), stopping at the ends.
  func stepped(from current: String?, by step: Int) -> String {
    let index: Int
    // Without a value, from the default (which may lie between two choices).
    let from = current ?? byDefault
    if let found = choices.firstIndex(of: from) {
      index = found + step
    } else if let number = Double(from) {
      // A value typed in the file between two choices: the next one in that direction.
      let numbers = choices.map { Double($0) ?? .infinity }
      let above = numbers.firstIndex { $0 > number } ?? choices.count
      index = step > 0 ? above : above - 1
    } else {
      index = 0
    }
    // Past either end: nothing to step to (a value typed beyond the choices stays).
    guard choices.indices.contains(index) else { return current ?? byDefault }
    return choices[index]
  }
}

extension SettingLine {
  /// A setting of the table as the window shows it.
  init(_ setting: Setting) {
    // The roster is typed as the command's argument, not as an option.
    let typedAs = setting.key == "roster" ? "the command line" : nil
    self.init(
      key: setting.key, label: setting.label ?? setting.key, choices: setting.steps,
      byDefault: setting.shownDefault, kind: setting.kind,
      option: setting.isOption ? setting.option : typedAs)
  }
}

/// What the settings window remembers while it is open: the setting chosen, the text being
/// typed for one, and what became of the last change.
package struct SettingsWindowState: Hashable, Sendable {
  package var selected = 0
  /// The text being typed for the chosen setting; nil when none is.
  package var editing: TextField?
  /// What the last change came to: saved, or why not.
  package var message: String?
}
