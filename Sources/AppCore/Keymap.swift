import GameEngine
import Pictures

/// What a key does.
public enum KeyAction: Hashable, Sendable {
  /// Presses the focused button.
  case pressFocused
  case focusNext
  case focusPrevious
  case focusLeft
  case focusRight
  case focusUp
  case focusDown
  /// Chooses the name button with this index.
  case answer(Int)
  /// Pauses, or resumes a paused game.
  case pause
  case open(Overlay)
  /// Closes the window, or goes back to the start screen.
  case back
  case quit
  /// What the quiz asks next: names, faces, typing, mixed, in turn.
  case nextQuizKind
  /// The confusions drill, when there are people taken for each other.
  case drill
  /// Makes the roster played the player's club, when the start screen offers it.
  case makeClub
  /// Answers whether scores go to the club, when the finished scene asks.
  case answerScores(Bool)
  /// The settings window: the setting above (-1) or below (1).
  case chooseSetting(Int)
  /// The settings window: the chosen setting's value before (-1) or after (1).
  case changeSetting(Int)
  /// The settings window: types the chosen setting (a name, a folder), or changes it.
  case editSetting
  /// The settings window: the chosen setting taken out of the file, back to its default.
  case resetSetting
  /// The group on the line above or below on the start screen.
  case previousGroup
  case nextGroup
  /// Moves the people window's list.
  case scroll(Scroll)
  /// Presses the button under the mouse (a click reaches the model as that button's press).
  case click
  /// Gives the terminal back to the shell (Ctrl-Z reaches the model as a signal).
  case suspend
  /// Types a letter of the name (every character, where names are typed).
  case type
  /// Edits the name being typed.
  case edit(TextField.Edit)
  /// Answers with the name typed.
  case submit

  public enum Scroll: Hashable, Sendable {
    case up, down, pageUp, pageDown, top, bottom

    /// The first line in view after this move from `first`, with `page` lines in view and
    /// `count` in all; not yet kept within the list (each window clamps it its own way).
    func moved(_ first: Int, page: Int, count: Int) -> Int {
      switch self {
      case .up: first - 1
      case .down: first + 1
      case .pageUp: first - page
      case .pageDown: first + page
      case .top: 0
      case .bottom: count
      }
    }
  }

  /// Whether it moves the focus among the buttons.
  var movesFocus: Bool {
    switch self {
    case .focusNext, .focusPrevious, .focusLeft, .focusRight, .focusUp, .focusDown: true
    default: false
    }
  }
}

/// One line of the keymap: keys, the context they work in, what they do and the words for
/// it.
public struct KeyBinding: Hashable, Sendable {
  /// The keys; empty for what reaches the game another way (Ctrl-C and Ctrl-Z as signals, a
  /// click as a press of the button under it), which the help lists all the same.
  public let keys: [Key]
  public let context: KeyContext
  public let action: KeyAction
  /// What it does, as the help says it.
  public let words: String
  /// The word the hint line under a screen gives it; nil when it is not hinted.
  public let hint: String?
  /// The word the hint line gives it instead while the game is paused ("resume" for "pause").
  public let pausedHint: String?
  /// The contexts whose hint line gives it: its own unless told.
  public let hintedIn: Set<KeyContext>
  /// How the help writes a binding that has no keys ("Ctrl-C", "Mouse").
  public let name: String?

  init(
    _ keys: [Key], _ context: KeyContext, _ action: KeyAction, _ words: String,
    hint: String? = nil, pausedHint: String? = nil, in hintedIn: Set<KeyContext>? = nil,
    name: String? = nil
  ) {
    self.keys = keys
    self.context = context
    self.action = action
    self.words = words
    self.hint = hint
    self.pausedHint = pausedHint
    self.hintedIn = hint == nil ? [] : hintedIn ?? [context]
    self.name = name
  }
}

/// Which key does what where: the one table the model handles keys by, and the help window
/// and each screen's key hints are made from.
public enum Keymap {
  /// The screens and windows: every hint line gives quitting.
  private static let screens: Set<KeyContext> = [
    .startScreen, .question, .nameCard, .finished, .window,
  ]

  /// Every binding, in the order the help lists them and the hints give them.
  public static let bindings: [KeyBinding] = {
    let letters: (Character) -> [Key] = {
      [.character($0), .character(Character($0.uppercased()))]
    }
    let options = (0..<QuestionGenerator.optionCount).map { index in
      KeyBinding(
        [.character(Character(String(index + 1)))], .question, .answer(index),
        "choose a name or a face", hint: "answer")
    }
    let moves: [(Key, KeyAction, hinted: Bool)] = [
      (.tab, .focusNext, true), (.backTab, .focusPrevious, false), (.left, .focusLeft, true),
      (.right, .focusRight, true), (.up, .focusUp, true), (.down, .focusDown, true),
    ]
    let scrolls: [(Key, KeyAction.Scroll)] = [
      (.up, .up), (.down, .down), (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .top),
      (.end, .bottom),
    ]
    let menu = [KeyContext.question, .typing, .nameCard, .finished].map {
      KeyBinding([.escape], $0, .back, "close, or back to start", hint: "menu")
    }
    // One line of the help for typing a name: the letters, Enter, and the edits of a shell's
    // line (Backspace a letter, Ctrl-U all, Ctrl-W a word, the arrows the cursor).
    let typingWords = "type a name, answer, edit it"
    let edits: [(Key, TextField.Edit)] = [
      (.backspace, .deleteBackward), (.control("u"), .clear), (.control("w"), .deleteWord),
      (.left, .left), (.right, .right),
    ]
    let typing =
      [
        KeyBinding([], .typing, .type, typingWords, name: "Letters"),
        KeyBinding([.enter], .typing, .submit, typingWords, hint: "answer"),
      ] + edits.map { KeyBinding([$0.0], .typing, .edit($0.1), typingWords) }
    // The settings window, and a setting typed in it (Esc leaves it as it was).
    let settingWords = "type a setting, keep it, edit it"
    let settings =
      [
        KeyBinding([.up], .settingsWindow, .chooseSetting(-1), "choose a setting"),
        KeyBinding([.down], .settingsWindow, .chooseSetting(1), "choose a setting"),
        KeyBinding([.left], .settingsWindow, .changeSetting(-1), "change it"),
        KeyBinding([.right], .settingsWindow, .changeSetting(1), "change it"),
        KeyBinding([.enter], .settingsWindow, .editSetting, "type a name or a folder"),
        KeyBinding([.backspace], .settingsWindow, .resetSetting, "back to the default"),
        KeyBinding([], .settingEdit, .type, settingWords, name: "Letters"),
        KeyBinding([.enter], .settingEdit, .submit, settingWords),
        KeyBinding([.escape], .settingEdit, .back, settingWords),
      ] + edits.map { KeyBinding([$0.0], .settingEdit, .edit($0.1), settingWords) }
    return options + typing + [
      KeyBinding(
        [.enter, .character(" ")], .nameCard, .pressFocused, "press the button", hint: "next",
        pausedHint: "resume"),
      KeyBinding(
        [.enter, .character(" ")], .anywhere, .pressFocused, "press the button", hint: "press",
        in: [.startScreen, .finished, .window]),
      KeyBinding([], .anywhere, .click, "click a button or a face", name: "Mouse"),
    ]
      + moves.map {
        KeyBinding(
          [$0.0], .anywhere, $0.1, "move between buttons", hint: $0.hinted ? "move" : nil,
          in: [.startScreen, .question, .finished, .window])
      } + [
        KeyBinding([.up], .groupList, .previousGroup, "choose the group to play", hint: "group"),
        KeyBinding([.down], .groupList, .nextGroup, "choose the group to play", hint: "group"),
        KeyBinding(
          letters("p"), .question, .pause, "pause, resume", hint: "pause", pausedHint: "resume"),
        KeyBinding(
          letters("p"), .nameCard, .pause, "pause, resume", hint: "pause", pausedHint: "resume"),
        KeyBinding(
          [.control("p")], .typing, .pause, "pause, resume", hint: "pause", pausedHint: "resume"),
        KeyBinding(
          letters("s"), .anywhere, .open(.stats), "statistics", hint: "stats",
          in: [.startScreen, .question, .nameCard]),
        KeyBinding([.control("t")], .typing, .open(.stats), "statistics", hint: "stats"),
        KeyBinding(
          letters("m"), .anywhere, .open(.people), "people: how well you know each",
          hint: "people", in: [.startScreen]),
        KeyBinding(letters("w"), .startScreen, .open(.warnings), "files skipped"),
        KeyBinding(
          letters("k"), .startScreen, .nextQuizKind,
          "what Start asks: names, faces, typed, mixed"),
        KeyBinding(letters("c"), .startScreen, .drill, "the people you confuse, drilled"),
        KeyBinding(letters("y"), .startScreen, .makeClub, "make this roster your club"),
        KeyBinding(
          letters("y"), .finished, .answerScores(true),
          "send your scores to the club (when a round's end asks)"),
        KeyBinding(
          letters("n"), .finished, .answerScores(false),
          "do not send them (when a round's end asks)"),
        KeyBinding([.character(",")], .startScreen, .open(.settings), "settings"),
        KeyBinding(
          [.character("?"), .character("h")], .anywhere, .open(.help), "this help",
          hint: "help", in: [.startScreen, .question, .nameCard]),
      ]
      + scrolls.map { KeyBinding([$0.0], .listWindow, .scroll($0.1), "scroll the list") }
      + settings
      + [KeyBinding([.escape], .window, .back, "close, or back to start", hint: "close")]
      + menu + [
        KeyBinding([.character("q")], .anywhere, .quit, "quit", hint: "quit", in: screens),
        KeyBinding([], .anywhere, .quit, "quit", name: "Ctrl-C"),
        KeyBinding([], .anywhere, .suspend, "suspend (fg resumes)", name: "Ctrl-Z"),
      ]
  }()

  /// What `key` does in `contexts` (most particular first); nil when nothing there binds it.
  public static func action(for key: Key, in contexts: [KeyContext]) -> KeyAction? {
    binding(for: key, in: contexts)?.action
  }

  /// The binding that `key` follows in `contexts` (most particular first).
  static func binding(for key: Key, in contexts: [KeyContext]) -> KeyBinding? {
    for context in contexts {
      if let binding = bindings.first(where: { $0.context == context && $0.keys.contains(key) }) {
        return binding
      }
    }
    return nil
  }

  /// The hint line under a screen in `contexts`: each hinted word once, in the keymap's
  /// order, after the first key of each binding that does it there ("1-4 answer · Tab ←→↑↓
  /// move · p pause"). A key that a more particular context binds otherwise is not hinted
  /// for the less particular one. While the game is `paused`, a binding's `pausedHint` is its
  /// word.
  static func hints(
    in contexts: [KeyContext], look: CellStyle, leavingOut left: Set<String> = [],
    paused: Bool = false
  ) -> String {
    var words: [String] = []
    var keysByWord: [String: [Key]] = [:]
    for binding in bindings {
      guard var hint = binding.hint, !left.contains(hint), contexts.contains(binding.context),
        !binding.hintedIn.isDisjoint(with: contexts), let key = binding.keys.first,
        Self.binding(for: key, in: contexts) == binding
      else { continue }
      if paused, let pausedHint = binding.pausedHint { hint = pausedHint }
      if keysByWord[hint] == nil { words.append(hint) }
      keysByWord[hint, default: []].append(key)
    }
    return words.map { "\(label(of: keysByWord[$0] ?? [], look: look)) \($0)" }
      .joined(separator: look.separator)
  }

  /// How the first key that does `action` in `contexts` is written ("p"), for the words on
  /// a screen that name it; nil when no key does it there.
  static func key(for action: KeyAction, in contexts: [KeyContext], look: CellStyle) -> String? {
    for context in contexts {
      for binding in bindings where binding.context == context && binding.action == action {
        if let key = binding.keys.first { return label(of: [key], look: look) }
      }
    }
    return nil
  }

  /// The help window's lines: the keys that do a thing in a context, then the words for it,
  /// in the keymap's order.
  static func helpLines(look: CellStyle) -> [(keys: String, words: String)] {
    var lines: [(keys: String, words: String)] = []
    var keysByLine: [String: [Key]] = [:]
    var names: [String: [String]] = [:]
    var order: [String] = []
    for binding in bindings {
      let words = binding.words + binding.context.helpSuffix
      if keysByLine[words] == nil {
        order.append(words)
        keysByLine[words] = []
      }
      keysByLine[words]! += binding.keys.filter { !keysByLine[words]!.contains($0) }
      if let name = binding.name { names[words, default: []].append(name) }
    }
    for words in order {
      let keys = label(of: keysByLine[words] ?? [], look: look, spelled: true)
      let all = ([keys] + (names[words] ?? [])).filter { !$0.isEmpty }
      lines.append((all.joined(separator: " "), words))
    }
    return lines
  }

  /// How keys are written: "1-4" for the option numbers (in the help, "1 2 3 4"), arrows
  /// together as the look writes them, a capital letter left out beside its small one.
  static func label(of keys: [Key], look: CellStyle, spelled: Bool = false) -> String {
    let digits = keys.compactMap { key -> Int? in
      if case .character(let character) = key { return character.wholeNumberValue }
      return nil
    }
    var parts: [String] = []
    if digits.count > 1 {
      parts.append(
        spelled
          ? digits.map(String.init).joined(separator: " ")
          : "\(digits.first!)-\(digits.last!)")
    }
    let arrows = keys.filter { [.left, .right, .up, .down].contains($0) }
    for key in keys {
      if digits.count > 1, case .character(let character) = key, character.isWholeNumber {
        continue
      }
      if arrows.contains(key) {
        if key == arrows.first { parts.append(arrowLabel(arrows, look: look)) }
        continue
      }
      if case .character(let character) = key, character.isUppercase,
        keys.contains(.character(Character(character.lowercased())))
      {
        continue
      }
      parts.append(name(of: key))
    }
    return parts.joined(separator: " ")
  }

  private static func arrowLabel(_ arrows: [Key], look: CellStyle) -> String {
    let set = Set(arrows)
    if set == [.left, .right, .up, .down] { return look.arrows }
    if set == [.left, .right] { return look.leftRight }
    if set == [.up, .down] { return look.upDown }
    return arrows.map(name).joined(separator: " ")
  }

  static func name(of key: Key) -> String {
    switch key {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .backspace: "Backspace"
    case .control(let letter): "Ctrl-\(letter.uppercased())"
    case .click: "Mouse"
    case .focusLost, .focusGained, .resize: ""
    }
  }
}
