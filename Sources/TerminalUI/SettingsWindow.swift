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
    let width = min(frame.size.columns - 2, 76)
    var footer: [(String, Style)] = [("", .plain)]
    // Backspace said where the window is wide enough (the help window lists it always).
    let change =
      SettingLine.all[state.selected].isText ? "Enter types it" : "\(look.leftRight) change it"
    let helps =
      state.editing != nil
      ? ["Enter keeps it, Esc leaves it as it was"]
      : [
        "\(change); Backspace: the default; \(look.upDown) choose a setting",
        "\(change); \(look.upDown) choose a setting",
      ]
    let help = DisplayWidth.fitting(helps, in: width - 4)
    footer.append((help, look.dim))
    footer.append(("Kept in \(file.path)", look.dim))
    footer.append(
      ("Rules apply at once; the roster, faces and colours at the next launch.", look.dim))
    if let message = state.message { footer.append((message, look.title)) }
    // In a short window, the settings around the chosen one.
    let count = SettingLine.all.count
    let room = ScrolledLines.visible(in: frame.size)
    let shown = min(count, max(1, room - footer.count))
    let first = min(max(0, state.selected - shown / 2), count - shown)
    var lines: [(String, Style)] = []
    for index in first..<first + shown {
      let setting = SettingLine.all[index]
      let chosen = index == state.selected
      // A value typed on the command line (or chosen by a key of the start screen) plays now:
      // said after the file's, which is the one Left and Right change. A default is said with
      // its value where the line has room for both, else by that word alone.
      let now = file.thisLaunch[setting.key].flatMap { now in
        setting.sameValue(now, file.values[setting.key]) ? nil : now
      }
      let chosenBy = file.chosenBy[setting.key].map { screen.key(for: $0) }
      let reason = chosenBy ?? setting.option
      var nowWords = now.flatMap { now in
        reason.map { " · now \(setting.kind.shown(now)) (\($0))" }
      }
      func shown(_ kept: String) -> String {
        if chosen, let field = state.editing { return field.text }
        let value =
          chosen && !setting.isText
          ? "\(look.stepper.left) \(kept) \(look.stepper.right)" : kept
        return value + (nowWords ?? "")
      }
      let kept = file.values[setting.key].map(setting.kind.shown)
      var value = shown(kept ?? "\(setting.byDefault) (default)")
      if nowWords != nil, labelWidth + 2 + DisplayWidth.of(value) > width - 4 {
        value = shown(kept ?? "default")
      }
      // Still too long (a roster's path): the values lose their starts, the one playing now
      // keeping half the room at least, not the reason it plays ("…/chess-club · now …/go-club
      // (the command line)").
      let room = width - 4 - labelWidth - 2
      if let now, let reason, DisplayWidth.of(value) > room {
        nowWords = ""
        let nowText = setting.kind.shown(now)
        let keptText = kept ?? "default"
        let available =
          room - DisplayWidth.of(shown("")) - DisplayWidth.of(" · now  (\(reason))")
        let nowRoom = min(
          DisplayWidth.of(nowText), max(available / 2, available - DisplayWidth.of(keptText)))
        nowWords = " · now \(Self.end(of: nowText, in: nowRoom, look: look)) (\(reason))"
        value = shown(Self.end(of: keptText, in: available - nowRoom, look: look))
      }
      lines.append(
        (
          DisplayWidth.pad(setting.label, to: labelWidth) + "  " + value,
          chosen ? look.focused : .plain
        ))
    }
    // Only the chosen setting is lit: Enter changes it, whatever the focus (a play-test saw
    // the setting and Close lit at once).
    let (column, row) = drawBox(
      title: "Settings", lines: lines + footer, screen: screen, into: &frame, width: width,
      buttonsLit: false)
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

  /// `text` whole where it fits in `columns`, else its end after an ellipsis ("…/go-club").
  static func end(of text: String, in columns: Int, look: CellStyle) -> String {
    guard DisplayWidth.of(text) > columns else { return text }
    var end = ""
    for character in text.reversed() {
      guard
        DisplayWidth.of(end) + DisplayWidth.of(character) + DisplayWidth.of(look.ellipsis)
          <= columns
      else { break }
      end.insert(character, at: end.startIndex)
    }
    return look.ellipsis + end
  }
}
