import GameEngine

/// Which button is focused, and how Tab and the arrows move it.
extension AppModel {
  /// The buttons of the window on screen, in Tab order.
  var windowControls: [Control] {
    switch overlay {
    case nil: []
    case .stats: [.people, .close]
    case .people: [.sortPeople] + (recordsHistory ? [.forgetProgress] : []) + [.close]
    case .help, .warnings, .settings: [.close]
    }
  }

  /// The buttons of the place or window on screen, in Tab order.
  var controls: [Control] {
    if overlay != nil { return windowControls }
    switch place {
    case .start:
      return [.start, .learn, .stats] + (settingsFile == nil ? [] : [.settings]) + [.quit]
    case .quiz where isFinished: return scoresButtons + [.nextRound, .menu]
    case .quiz where isIntroducing: return [.next, .pause, .stats]
    // A name typed has no name buttons: Tab goes between Pause and Stats.
    case .quiz where session.state.phase.question?.kind == .typing: return [.pause, .stats]
    case .quiz: return (0..<session.rules.optionCount).map(Control.option) + [.pause, .stats]
    }
  }

  /// The focus a game goes on with after a pause: the card's button, or the first name.
  var playingFocus: Control { isIntroducing ? .next : .option(0) }

  /// Whether the game on the quiz screen is paused with no window over it: Enter resumes it
  /// (from a name, a card's button or a name being typed).
  var isPausedInView: Bool { overlay == nil && place == .quiz && session.state.phase.isPaused }

  /// Whether the focus is on the names of a question that has just appeared, and not shown
  /// until the player moves (`namesAwaitAMove`): Enter picks no name.
  var namesUnfocused: Bool {
    guard overlay == nil, namesAwaitAMove, case .option = focus else { return false }
    return true
  }

  /// The focused button of the window on screen, or else of the place.
  private var currentFocus: Control {
    get { overlay == nil ? focus : windowFocus }
    set {
      if overlay == nil { focus = newValue } else { windowFocus = newValue }
    }
  }

  mutating func moveFocus(by step: Int) {
    let controls = controls
    let index = controls.firstIndex(of: currentFocus) ?? 0
    currentFocus = controls[(index + step + controls.count) % controls.count]
  }

  /// How many options a row holds on the quiz screen: two names, or the faces of a question
  /// of faces side by side (four, or two above two: `Layout.facesInARow`).
  private var optionsInARow: Int { faceQuestion == nil ? 2 : Layout.facesInARow(in: size) }

  /// Left and right move within a row of buttons: the start screen's, Pause and Stats, a row
  /// of the two-by-two names or the four faces; they stop at the row's ends.
  mutating func moveFocusInRow(right: Bool) {
    let rows: [[Control]]
    if overlay != nil || place == .start || isIntroducing {
      rows = [controls]
    } else if isFinished {
      // The question's Yes and No above Next round and Menu.
      rows = [scoresButtons, [.nextRound, .menu]].filter { !$0.isEmpty }
    } else {
      let options = (0..<session.rules.optionCount).map(Control.option)
      let width = optionsInARow
      rows =
        [[.pause, .stats]]
        + stride(from: 0, to: options.count, by: width).map {
          Array(options[$0..<min($0 + width, options.count)])
        }
    }
    guard let row = rows.first(where: { $0.contains(currentFocus) }),
      let index = row.firstIndex(of: currentFocus)
    else { return currentFocus = rows[0][0] }
    currentFocus = row[min(max(index + (right ? 1 : -1), 0), row.count - 1)]
  }

  /// Up and down on the quiz screen: between the two rows of names, and from the top row (or
  /// the faces) up to Pause; elsewhere like Tab and Shift-Tab.
  mutating func moveFocusVertically(down: Bool) {
    guard place == .quiz, overlay == nil, !isFinished, !isIntroducing else {
      return moveFocus(by: down ? 1 : -1)
    }
    let width = optionsInARow
    switch focus {
    case .option(let index):
      if down {
        if index + width < session.rules.optionCount { focus = .option(index + width) }
      } else {
        focus = index >= width ? .option(index - width) : .pause
      }
    case .pause, .stats:
      if down { focus = .option(0) }
    default:
      focus = .option(0)
    }
  }
}
