import GameEngine

/// Keys and buttons: a key does what the `Keymap` says in the contexts of what is on screen;
/// a button does what it is for.
extension AppModel {
  /// The contexts of what is on screen, most particular first.
  public var keyContexts: [KeyContext] {
    KeyContext.of(
      place: place, overlay: overlay, phase: session.state.phase,
      hasGroups: !session.groups.isEmpty, editingSetting: settingsWindow.editing != nil)
  }

  mutating func handle(_ key: Key, at now: Instant, into step: inout Step) {
    let contexts = keyContexts
    // A setting typed takes every character.
    if contexts.first == .settingEdit, case .character(let character) = key {
      settingsWindow.editing?.insert(character)
      return tell(.clockTicked, at: now, into: &step)
    }
    // Where a name is typed, every character is a letter of it (while it can be answered);
    // but a first key that picks a name elsewhere (1 to 4), pressed from habit as a name is
    // asked to be typed, is said once rather than typed (a second one is typed).
    if contexts.first == .typing, case .character(let character) = key {
      if !isTooSmall, overlay == nil, case .answering = session.state.phase {
        if typing.text.isEmpty, !typedNumberSaid,
          case .answer = Keymap.action(for: key, in: [.question])
        {
          typedNumberSaid = true
        } else {
          typing.insert(character)
        }
      }
      return tell(.clockTicked, at: now, into: &step)
    }
    let keepsForgetArmed =
      switch key {
      case .enter, .character(" "), .focusLost, .focusGained, .resize: true
      default: false
      }
    act(
      Keymap.action(for: key, in: contexts), keepsForgetArmed: keepsForgetArmed,
      leavesScreen: key == .focusLost, at: now, into: &step)
  }

  /// Does what `action` says (nil: a key bound to nothing here). `keepsForgetArmed`: the
  /// people window's forgetting stays armed (only its second press forgets); `leavesScreen`:
  /// the player left the game's window.
  mutating func act(
    _ action: KeyAction?, keepsForgetArmed: Bool, leavesScreen: Bool = false, at now: Instant,
    into step: inout Step
  ) {
    if action == .quit {
      step.quit = 0
      step.summary = true
      return
    }
    // Too small to play: only quitting works.
    if isTooSmall { return tell(.clockTicked, at: now, into: &step) }
    if !keepsForgetArmed {
      people.forgetArmed = false
      drillAskedEarly = false
    }
    if leavesScreen, place == .quiz { return tell(.screenLeft, at: now, into: &step) }
    guard let action else { return tell(.clockTicked, at: now, into: &step) }
    perform(action, at: now, into: &step)
  }

  /// Does what a key's binding says.
  private mutating func perform(_ action: KeyAction, at now: Instant, into step: inout Step) {
    if action.movesFocus {
      // The first move among the names shows the focus, on the first name; any move shows it.
      let unfocused = namesUnfocused
      namesAwaitAMove = false
      if unfocused { return }
    }
    switch action {
    case .pressFocused:
      // Paused by a window or the like, with the card's button or a name focused: Enter
      // resumes, as the Resume button would (a play-test's Enter did nothing on a paused card).
      let onTheGame: Bool =
        switch focus {
        case .next, .option: true
        default: false
        }
      if isPausedInView, onTheGame {
        return press(.pause, at: now, into: &step)
      }
      if namesUnfocused {
        return tell(.clockTicked, at: now, into: &step)
      }
      if overlay == nil, focus == .next, let cardLeftAt, now < cardLeftAt + Self.enterAfterCard {
        return tell(.clockTicked, at: now, into: &step)
      }
      return press(overlay == nil ? focus : windowFocus, at: now, into: &step)
    case .answer(let index):
      return press(.option(index), at: now, into: &step)
    case .pause:
      return press(.pause, at: now, into: &step)
    case .open(.warnings) where roster.warnings.isEmpty:
      break
    case .open(.settings) where settingsFile == nil:
      break
    case .open(let overlay):
      return openOverlay(overlay, at: now, into: &step)
    case .back where settingsWindow.editing != nil:
      settingsWindow.editing = nil
    case .back:
      return escape(at: now, into: &step)
    case .focusNext: moveFocus(by: 1)
    case .focusPrevious: moveFocus(by: -1)
    case .focusLeft: moveFocusInRow(right: false)
    case .focusRight: moveFocusInRow(right: true)
    case .focusUp: moveFocusVertically(down: false)
    case .focusDown: moveFocusVertically(down: true)
    case .nextQuizKind: nextQuizKind()
    case .drill:
      return press(.drill, at: now, into: &step)
    case .makeClub:
      return press(.makeClub, at: now, into: &step)
    case .answerScores(let yes):
      return press(.answerScores(yes), at: now, into: &step)
    case .chooseSetting(let step):
      settingsWindow.selected = min(
        max(settingsWindow.selected + step, 0), SettingLine.all.count - 1)
    case .changeSetting(let by):
      changeSetting(by: by, into: &step)
    case .editSetting:
      editSetting(into: &step)
    case .resetSetting:
      resetSetting(into: &step)
    case .edit(let edit) where settingsWindow.editing != nil:
      settingsWindow.editing?.apply(edit)
    case .submit where settingsWindow.editing != nil:
      keepTypedSetting(into: &step)
    case .previousGroup: chooseGroup(session.groupIndex - 1)
    case .nextGroup: chooseGroup(session.groupIndex + 1)
    case .scroll(let move) where overlay == .help:
      linesFirst = ScrolledLines.scrolled(
        linesFirst, move, count: HelpLayout.lines(look: appearance).count, in: size)
    case .scroll(let move) where overlay == .warnings:
      linesFirst = ScrolledLines.scrolled(
        linesFirst, move,
        count: ScrolledLines.warnings(roster.warnings, look: appearance, in: size).count, in: size)
    case .scroll(let move):
      people.scroll(move, of: session.membersInPlay, in: size)
    case .edit(let edit):
      if case .answering = session.state.phase { typing.apply(edit) }
    case .submit where isPausedInView:
      // A name to type paused by a window: Enter resumes it, as on the names' questions.
      return press(.pause, at: now, into: &step)
    case .submit:
      return submitTyped(at: now, into: &step)
    case .quit, .click, .suspend, .type:
      break  // quitting is handled first; a click, Ctrl-Z and letters come as other inputs
    }
    tell(.clockTicked, at: now, into: &step)
  }

  mutating func press(_ control: Control, at now: Instant, into step: inout Step) {
    // A window owns the screen: only its own buttons work while it is open.
    var settingLine = false
    if case .setting = control { settingLine = overlay == .settings }
    guard overlay == nil || windowControls.contains(control) || settingLine else { return }
    let armed = people.forgetArmed
    people.forgetArmed = false
    drillAskedEarly = false
    switch control {
    case .start, .learn, .drill:
      guard control != .drill || !session.drillPairs.isEmpty else {
        // Nobody to drill yet: the start screen says why (a play-test's c did nothing).
        drillAskedEarly = place == .start
        return tell(.clockTicked, at: now, into: &step)
      }
      place = .quiz
      focus = .option(0)
      let event: Event =
        switch control {
        case .learn: .learnPressed
        case .drill: .drillPressed
        default: .startPressed
        }
      tell(event, at: now, into: &step)
    case .next:
      tell(.nextPressed, at: now, into: &step)
    case .stats:
      openOverlay(.stats, at: now, into: &step)
    case .quit:
      step.quit = 0
      step.summary = true
    case .option(let index):
      guard !isFinished else { return }
      focus = .option(index)
      tell(.answerChosen(index), at: now, into: &step)
    case .pause:
      guard !isFinished else { return }
      // Paused, Enter resumes; resumed, Enter answers again (or moves the card on).
      let resuming = session.state.phase.isPaused
      let from = focus
      if !resuming, !namesUnfocused, case .option = from { focusBeforePause = from }
      focus = .pause
      tell(resuming ? .resumePressed : .pausePressed, at: now, into: &step)
      if resuming {
        // The name focused before (as the pause came, or as Enter resumed), else the first;
        // the Enter meant for a card is long past: it is shown.
        let kept: Control? = if case .option = from { from } else { focusBeforePause }
        focus = isIntroducing ? .next : kept ?? playingFocus
        focusBeforePause = nil
        namesAwaitAMove = false
      }
    case .close:
      closeOverlay(at: now, into: &step)
    case .nextRound:
      focus = .option(0)
      tell(.nextRoundPressed, at: now, into: &step)
    case .menu:
      escape(at: now, into: &step)
    case .people:
      openOverlay(.people, at: now, into: &step)
    case .sortPeople:
      windowFocus = .sortPeople
      people.sort()
      tell(.clockTicked, at: now, into: &step)
    case .group(let index):
      chooseGroup(index)
      tell(.clockTicked, at: now, into: &step)
    case .quizKind:
      nextQuizKind()
      tell(.clockTicked, at: now, into: &step)
    case .settings:
      guard settingsFile != nil else { return }
      openOverlay(.settings, at: now, into: &step)
    case .setting(let index):
      guard SettingLine.all.indices.contains(index) else { return }
      settingsWindow.selected = index
      settingsWindow.editing = nil
      editSetting(into: &step)
      tell(.clockTicked, at: now, into: &step)
    case .makeClub:
      // The roster kept as the `roster` setting, as the settings window keeps it.
      guard let clubRoster, let offer = clubOffer, offer != .made else { return }
      step.effects.append(.saveSetting(key: "roster", value: clubRoster))
      tell(.clockTicked, at: now, into: &step)
    case .answerScores(let yes):
      guard isFinished, place == .quiz, let held = scores?.held else { return }
      answerScores(yes, sending: held, into: &step)
      tell(.clockTicked, at: now, into: &step)
    case .forgetProgress:
      windowFocus = .forgetProgress
      if armed {
        forgetProgress(into: &step)
      } else {
        people.forgetArmed = true
      }
      tell(.clockTicked, at: now, into: &step)
    }
  }

  /// Answers the question on screen with the name typed, spelt in Latin letters for matching
  /// (`LatinSpelling`); an empty name is not an answer.
  mutating func submitTyped(at now: Instant, into step: inout Step) {
    let text = typing.text
    guard !text.allSatisfy(\.isWhitespace) else { return tell(.clockTicked, at: now, into: &step) }
    tell(
      .answerTyped(text, spelling: LatinSpelling.of(text, keeping: false)), at: now, into: &step)
  }

  /// "Forget my progress", pressed twice: the roster's history is cleared and everyone in it
  /// is new again; this session's scores stay.
  private mutating func forgetProgress(into step: inout Step) {
    session.forgetMemories()
    played = Totals()
    step.effects.append(.forgetProgress)
  }

  private mutating func openOverlay(_ newOverlay: Overlay, at now: Instant, into step: inout Step) {
    overlay = newOverlay
    windowFocus = .close
    people.first = 0
    linesFirst = 0
    settingsWindow = SettingsWindowState()
    tell(newOverlay == .stats ? .statsOpened : .screenLeft, at: now, into: &step)
  }

  private mutating func closeOverlay(at now: Instant, into step: inout Step) {
    let closed = overlay
    overlay = nil
    windowFocus = .close
    tell(closed == .stats ? .statsClosed : .clockTicked, at: now, into: &step)
  }

  /// Esc: closes the window, or leaves the quiz for the start screen.
  private mutating func escape(at now: Instant, into step: inout Step) {
    if overlay != nil { return closeOverlay(at: now, into: &step) }
    guard place == .quiz else { return tell(.clockTicked, at: now, into: &step) }
    place = .start
    cardLeftAt = nil
    namesAwaitAMove = false
    focus = session.state.game?.mode == .learn ? .learn : .start
    tell(.screenLeft, at: now, into: &step)
  }

  /// The quiz asks the next kind of question from the next game on: names, typing, mixed.
  mutating func nextQuizKind() {
    let kinds = QuestionKinds.allCases
    let index = kinds.firstIndex(of: session.quizKinds) ?? 0
    let kind = kinds[(index + 1) % kinds.count]
    _ = session.choose(quizKinds: kind)
    // The settings window says what plays now, and why.
    settingsFile?.thisLaunch["kind"] = kind.rawValue
    settingsFile?.chosenBy["kind"] = .nextQuizKind
  }

  /// Plays the group on line `index` of the start screen's list (0 is everyone) from the next
  /// game on; the list's ends stop it.
  mutating func chooseGroup(_ index: Int) {
    guard (0...session.groups.count).contains(index) else { return }
    _ = session.choose(group: index == 0 ? nil : session.groups[index - 1])
  }

  var isIntroducing: Bool {
    if case .introducing = session.state.phase { return true }
    return false
  }

  var isFinished: Bool {
    if case .finished = session.state.phase { return true }
    return false
  }
}
