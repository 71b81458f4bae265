import GameEngine
import Settings

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
      // Your name, the scores' consent and the rules of the game apply at once (a play-test
      // wanted more seconds to answer then, not at the next launch); the rest from the next
      // launch, as does a setting typed on the command line, which plays for this one.
      let atOnce = key == "player" || key == "send-scores" || adoptRules(changing: key)
      let later = atOnce ? "" : " (from the next launch)"
      // The default is on the setting's line: said here, a long one would push the rest out.
      let kept = value.map { line?.kind.shown($0) ?? $0 } ?? "back to its default"
      settingsWindow.message = "Kept: \(label.lowercased()) \(kept)\(later)"
    }
  }

  /// Plays by the rules of the settings file once `key`, one of them, changed in it (the
  /// command line's still over it); false for a setting that is no rule of the game, or one
  /// typed on the command line, which plays for this launch. As at the launch, a value the
  /// table refuses (`answer-seconds = 0` typed in the file) gives way to its default, and the
  /// quiz's kind chosen with `k` stays the quiz's (it is no rule of learn mode).
  private mutating func adoptRules(changing key: String) -> Bool {
    guard let file = settingsFile, Rules.settingKeys.contains(key), file.thisLaunch[key] == nil
    else { return false }
    let typed = file.thisLaunch.filter { key, _ in file.chosenBy[key] == nil }
    let checked = file.values.merging(typed) { $1 }.filter { key, value in
      SettingsTable.standard[key].map { $0.refusal(of: value, as: key) == nil } ?? false
    }
    session.adopt(Rules(settings: checked))
    return true
  }
}

extension Rules {
  /// The settings that are rules of the game.
  public static let settingKeys: Set<String> = [
    "answer-seconds", "reveal-seconds", "type-seconds", "round", "minutes", "kind",
  ]

  /// The engine's rules from the settings (each already checked), the table's defaults for
  /// those not given.
  public init(settings values: [String: String], table: SettingsTable = .standard) {
    func value(_ key: String) -> String { table.value(key, in: values) ?? "" }
    func duration(_ key: String) -> Duration {
      .milliseconds(Int64(((Double(value(key)) ?? 0) * 1000).rounded()))
    }
    self.init(
      answerTime: duration("answer-seconds"), revealTime: duration("reveal-seconds"),
      typingTime: duration("type-seconds"))
    let round = value("round")
    roundLength = round.lowercased() == "all" ? .everyone : .questions(Int(round) ?? 1)
    sittingLength = .seconds(60 * (Int(value("minutes")) ?? 1))
    questionKinds = table.value("kind", in: values).flatMap {
      QuestionKinds(rawValue: $0.lowercased())
    }
  }
}
