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

  public init(path: String, values: [String: String]) {
    self.path = path
    self.values = values
  }
}

/// The keys of the settings the settings window shows, in its order.
public let settingsWindowKeys = SettingLine.all.map(\.key)

/// A setting the window shows: its key in the file, its label, and the values it steps
/// through (none for a text typed: a name, a folder).
struct SettingLine: Hashable, Sendable {
  let key: String
  let label: String
  /// The values Left and Right step through; empty for a text typed.
  let choices: [String]
  /// What plays without the setting.
  let byDefault: String

  var isText: Bool { choices.isEmpty }

  /// Every setting, in the window's order: the table's that have a label.
  static let all = SettingsTable.standard.window.map(SettingLine.init)

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
    self.init(
      key: setting.key, label: setting.label ?? setting.key, choices: setting.steps,
      byDefault: setting.shownDefault)
  }
}

/// What the settings window remembers while it is open: the setting chosen, the text being
/// typed for one, and what became of the last change.
struct SettingsWindowState: Hashable, Sendable {
  var selected = 0
  /// The text being typed for the chosen setting; nil when none is.
  var editing: TextField?
  /// What the last change came to: saved, or why not.
  var message: String?
}

extension Renderer {
  /// The settings: a line each, the chosen one lit (its value between arrows, or its field
  /// while it is typed), where the file is, and what became of the last change.
  static func drawSettings(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    guard let file = screen.settingsFile else { return }
    let state = screen.settingsWindow
    let labelWidth = SettingLine.all.map { DisplayWidth.of($0.label) }.max() ?? 0
    var footer: [(String, Style)] = [("", .plain)]
    let help =
      state.editing != nil
      ? "Enter keeps it, Esc leaves it as it was"
      : SettingLine.all[state.selected].isText
        ? "Enter types it; \(look.upDown) choose a setting"
        : "\(look.leftRight) change it; \(look.upDown) choose a setting"
    footer.append((help, look.dim))
    footer.append(("Kept in \(file.path)", look.dim))
    footer.append(("Changes apply at the next launch; your name and scores now.", look.dim))
    if let message = state.message { footer.append((message, look.title)) }
    // In a short window, the settings around the chosen one.
    let count = SettingLine.all.count
    let room = HelpLayout.visibleLines(in: frame.size)
    let shown = min(count, max(1, room - footer.count))
    let first = min(max(0, state.selected - shown / 2), count - shown)
    var lines: [(String, Style)] = []
    for index in first..<first + shown {
      let setting = SettingLine.all[index]
      let chosen = index == state.selected
      var value = file.values[setting.key] ?? "\(setting.byDefault) (default)"
      if chosen, let field = state.editing {
        value = field.text
      } else if chosen, !setting.isText {
        value = "\(look.stepper.left) \(value) \(look.stepper.right)"
      }
      lines.append(
        (
          DisplayWidth.pad(setting.label, to: labelWidth) + "  " + value,
          chosen ? look.focused : .plain
        ))
    }
    let width = min(frame.size.columns - 2, 76)
    let (column, row) = drawBox(
      title: "Settings", lines: lines + footer, screen: screen, into: &frame, width: width)
    // Each setting's line is a button: a click chooses it (and changes it, or types it).
    for offset in 0..<shown {
      frame.addButton(
        .setting(first + offset),
        area: Rect(column: column, row: row + offset, columns: width - 4, rows: 1))
    }
    // The cursor of a setting typed: the cell after the text before it, not lit.
    if let field = state.editing {
      let before = String(field.characters.prefix(field.cursor))
      let cursor = column + labelWidth + 2 + DisplayWidth.of(before)
      let line = row + state.selected - first
      if cursor < column + width - 4 {
        let under =
          field.cursor < field.characters.count ? String(field.characters[field.cursor]) : " "
        frame.put(under, column: cursor, row: line, style: .plain)
      }
    }
  }
}

extension AppModel {
  /// The chosen setting's value before or after the one it has, kept in the file.
  mutating func changeSetting(by step: Int, into effects: inout Step) {
    let setting = SettingLine.all[settingsWindow.selected]
    guard !setting.isText else { return }
    let current = settingsFile?.values[setting.key]
    let value = setting.stepped(from: current, by: step)
    guard value != current else { return }
    effects.effects.append(.saveSetting(key: setting.key, value: value))
  }

  /// Enter on a setting: a text is typed (from what it is), a value changes to the next.
  mutating func editSetting(into step: inout Step) {
    let setting = SettingLine.all[settingsWindow.selected]
    guard setting.isText else { return changeSetting(by: 1, into: &step) }
    settingsWindow.editing = TextField(settingsFile?.values[setting.key] ?? "")
  }

  /// The text typed for a setting, kept (a setting left empty stays as it was).
  mutating func keepTypedSetting(into step: inout Step) {
    let setting = SettingLine.all[settingsWindow.selected]
    let text = settingsWindow.editing?.text.trimmingCharacters(in: .whitespaces) ?? ""
    settingsWindow.editing = nil
    guard !text.isEmpty, text != settingsFile?.values[setting.key] else { return }
    step.effects.append(.saveSetting(key: setting.key, value: text))
  }

  /// What became of a setting sent to the file (from the window, or the start screen's offer
  /// to make the roster the player's club).
  mutating func settingSaved(key: String, value: String, failure: String?) {
    if key == "roster", value == clubRoster, clubOffer != nil {
      clubOffer = failure.map(ClubOffer.failed) ?? .made
    }
    scoresSettingSaved(key: key, value: value, failure: failure)
    let label = SettingLine.all.first { $0.key == key }?.label ?? key
    if let failure {
      settingsWindow.message = "Not kept: \(failure)"
    } else {
      settingsFile?.values[key] = value
      settingsWindow.message = "Kept: \(label.lowercased()) \(value)"
    }
  }
}
