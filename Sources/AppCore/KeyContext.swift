import GameEngine

/// Where a key is pressed: what it does depends on it. A screen is in one or more contexts,
/// most particular first (the people window is in `listWindow`, then `window`, then
/// `anywhere`); a key does what the first context that binds it says.
public enum KeyContext: Hashable, Sendable, CaseIterable {
  /// Wherever the game reads keys.
  case anywhere
  /// The start screen with no window over it.
  case startScreen
  /// The start screen of a roster with groups: its list of groups.
  case groupList
  /// A question on the quiz screen: being answered, revealed or paused.
  case question
  /// A question whose name is typed: letters go to the answer, commands to Esc and Ctrl-keys.
  case typing
  /// A name card (learn mode).
  case nameCard
  /// The scene at the end of a round.
  case finished
  /// Any window over a screen: statistics, help, people, files skipped.
  case window
  /// A window whose list scrolls: the people, the keys.
  case listWindow
  /// The settings window.
  case settingsWindow
  /// A setting being typed in the settings window: every character is a letter of it.
  case settingEdit

  /// The contexts of a screen, most particular first.
  static func of(
    place: Place, overlay: Overlay?, phase: Phase, hasGroups: Bool, editingSetting: Bool = false
  ) -> [KeyContext] {
    if overlay == .settings {
      return [editingSetting ? .settingEdit : .settingsWindow, .window, .anywhere]
    }
    if let overlay {
      return ([.people, .help, .warnings].contains(overlay) ? [.listWindow] : [])
        + [.window, .anywhere]
    }
    switch (place, phase) {
    case (.start, _): return (hasGroups ? [.groupList] : []) + [.startScreen, .anywhere]
    case (.quiz, .finished): return [.finished, .anywhere]
    case (.quiz, .introducing): return [.nameCard, .anywhere]
    case (.quiz, .paused(let paused)):
      if case .introducing = paused.interrupted { return [.nameCard, .anywhere] }
      return paused.interrupted.question?.kind == .typing
        ? [.typing, .anywhere] : [.question, .anywhere]
    case (.quiz, _):
      return phase.question?.kind == .typing ? [.typing, .anywhere] : [.question, .anywhere]
    }
  }

  /// How the help names the context, after what a key does there.
  var helpSuffix: String {
    switch self {
    case .anywhere, .window, .question, .typing, .nameCard, .finished: ""
    case .startScreen, .groupList: " (start screen)"
    case .listWindow: " (people, keys, files skipped)"
    case .settingsWindow, .settingEdit: " (settings)"
    }
  }
}
