import AppCore
import GameEngine
import Pictures
import Settings

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
      // A value typed on the command line plays now: said after the file's (a default then by
      // that word alone, to leave it room), which is the one Left and Right change.
      let now = file.thisLaunch[setting.key].flatMap { now in
        setting.sameValue(now, file.values[setting.key]) ? nil : now
      }
      let kept =
        file.values[setting.key] ?? (now == nil ? "\(setting.byDefault) (default)" : "default")
      var value = kept
      if chosen, let field = state.editing {
        value = field.text
      } else if chosen, !setting.isText {
        value = "\(look.stepper.left) \(kept) \(look.stepper.right)"
      }
      if let now, let option = setting.option { value += " · now \(now) (\(option))" }
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
