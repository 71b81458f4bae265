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

  /// The chosen setting taken out of the file, so that its default plays (a setting the file
  /// does not hold is at its default already: nothing to do but say so).
  mutating func resetSetting(into step: inout Step) {
    let setting = SettingLine.all[settingsWindow.selected]
    guard settingsFile?.values[setting.key] != nil else {
      settingsWindow.message = "\(setting.label) is at its default already"
      return
    }
    step.effects.append(.saveSetting(key: setting.key, value: nil))
  }

  /// Enter on a setting: a text is typed (from what it is; what became of the last change
  /// is no longer said), a value changes to the next.
  mutating func editSetting(into step: inout Step) {
    let setting = SettingLine.all[settingsWindow.selected]
    guard setting.isText else { return changeSetting(by: 1, into: &step) }
    // A roster's password as dots, given back as it was unless another is typed.
    settingsWindow.editing = TextField(
      settingsFile?.values[setting.key].map(setting.kind.shown) ?? "")
    settingsWindow.message = nil
  }

  /// The text typed for a setting, kept (a setting left empty stays as it was).
  mutating func keepTypedSetting(into step: inout Step) {
    let setting = SettingLine.all[settingsWindow.selected]
    let kept = settingsFile?.values[setting.key]
    let text = setting.kind.unmasked(
      settingsWindow.editing?.text.trimmingCharacters(in: .whitespaces) ?? "", kept: kept)
    settingsWindow.editing = nil
    guard !text.isEmpty, text != kept else { return }
    step.effects.append(.saveSetting(key: setting.key, value: text))
  }

  /// What became of a setting sent to the file (from the window, or the start screen's offer
  /// to make the roster the player's club).
  mutating func settingSaved(key: String, value: String?, failure: String?) {
    if key == "roster", let value, value == clubRoster, clubOffer != nil {
      clubOffer = failure.map(ClubOffer.failed) ?? .made
    } else if key == "roster", failure == nil, clubOffer != nil {
      // Another roster, or none: this one is not the club any more, and is offered again.
      clubOffer = .offered
    }
    scoresSettingSaved(key: key, value: value, failure: failure)
    let line = SettingLine.all.first { $0.key == key }
    let label = line?.label ?? key
    if let failure {
      // The window says where the file is: the reason comes first, whole.
      let path = settingsFile.map { $0.path + ": " }
      let reason =
        path.map { failure.hasPrefix($0) ? String(failure.dropFirst($0.count)) : failure }
        ?? failure
      settingsWindow.message = "Not kept: \(reason)"
    } else {
      settingsFile?.values[key] = value
      // Your name and the scores' consent apply at once; the rest from the next launch.
      let later = key == "player" || key == "send-scores" ? "" : " (from the next launch)"
      // The default is on the setting's line: said here, a long one would push the rest out.
      let kept = value.map { line?.kind.shown($0) ?? $0 } ?? "back to its default"
      settingsWindow.message = "Kept: \(label.lowercased()) \(kept)\(later)"
    }
  }
}
