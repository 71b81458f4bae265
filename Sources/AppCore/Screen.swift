import GameEngine
import Pictures

/// A button of some screen.
public enum Control: Hashable, Sendable {
  case start
  /// The start screen's Learn: a game of learn mode.
  case learn
  case stats
  case quit
  /// A name button, 0 to 3.
  case option(Int)
  /// Pause, or Resume while paused.
  case pause
  /// Closes an overlay.
  case close
  /// The finished scene's button: the next round.
  case nextRound
  /// A name card's button: go on.
  case next
  /// The finished scene's button: back to the start screen.
  case menu
  /// The statistics' button: the people window.
  case people
  /// The people window's button: the other order (by name, weakest first).
  case sortPeople
  /// The people window's button: forget this roster's progress, when pressed twice.
  case forgetProgress
  /// A line of the start screen's list of groups (0 is everyone): play that group.
  case group(Int)
  /// The start screen's line of what the quiz asks: the next kind.
  case quizKind
  /// The start screen's line of the people taken for each other: the confusions drill.
  case drill
  /// The start screen's offer to make the roster played the player's club.
  case makeClub
  /// The start screen's Settings.
  case settings
  /// The finished scene's answer to whether scores go to the club: yes or no.
  case answerScores(Bool)
  /// A line of the settings window: choose it, and change or type it.
  case setting(Int)
}

/// The start screen's offer to make the roster played (from the command line) the player's
/// club: what `meet-the-members` alone plays.
public enum ClubOffer: Hashable, Sendable {
  case offered
  case made
  case failed(String)
}

/// Where the player is.
public enum Place: Hashable, Sendable {
  case start
  case quiz
}

/// A window over the current place.
public enum Overlay: Hashable, Sendable {
  case stats
  case help
  /// The roster's warnings (files skipped), from the start screen.
  case warnings
  /// Everyone in play, with how well the player knows them.
  case people
  /// The player's settings, from the start screen.
  case settings
}

/// What the start screen says about the roster.
public struct RosterSummary: Hashable, Sendable {
  public var members: Int
  /// Where the members come from: the folder, or the club and version from its server.
  public var folder: String
  /// One line per file skipped, then per warning about a file that plays (a name shared, a
  /// camera's file name) or `members.csv`, ready to print.
  public var warnings: [String]
  /// How many of `warnings` are files skipped (the first ones).
  public var skipped: Int
  /// Where the roster came from, when the player should know (the server could not be used
  /// and the cached version plays), ready to print.
  public var notice: String?

  /// `skipped`: how many of `warnings` are files skipped (nil: all of them).
  public init(
    members: Int, folder: String, warnings: [String], skipped: Int? = nil, notice: String? = nil
  ) {
    self.members = members
    self.folder = folder
    self.warnings = warnings
    self.skipped = min(skipped ?? warnings.count, warnings.count)
    self.notice = notice
  }

  /// A file skipped in the game (its photo could not be shown): said with the others.
  mutating func skip(_ warning: String) {
    guard !warnings.contains(warning) else { return }
    warnings.insert(warning, at: skipped)
    skipped += 1
  }

  /// What the start screen says of them: "2 files skipped", "1 warning", or both.
  public var said: String? {
    let others = warnings.count - skipped
    let parts = [
      skipped > 0 ? "\(counted(skipped, "file")) skipped" : nil,
      others > 0 ? counted(others, "warning") : nil,
    ].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The title of the window that lists them.
  public var title: String {
    skipped == warnings.count
      ? "Files skipped" : skipped == 0 ? "Warnings" : "Files skipped and warnings"
  }
}

/// How many of the members in play the player knows now (recall at least 0.9), and how many
/// were never asked.
public struct Progress: Hashable, Sendable {
  /// Recalled by typing (and recall still at least 0.9).
  public var known: Int
  /// Recognised among four names, not yet recalled by typing.
  public var recognised: Int
  public var new: Int
  public var total: Int
  /// Met before and due now: their recall fell below 0.9.
  public var due: Int
  /// Due in a day's time, for the scene at the end of a round and the start screen; nil
  /// elsewhere.
  public var dueTomorrow: Int?

  public init(
    known: Int, recognised: Int = 0, new: Int, total: Int, due: Int = 0, dueTomorrow: Int? = nil
  ) {
    self.known = known
    self.recognised = recognised
    self.new = new
    self.total = total
    self.due = due
    self.dueTomorrow = dueTomorrow
  }

  /// Met, and neither known nor recognised yet (missed last, or only seen on a card).
  public var learning: Int { max(0, total - known - recognised - new) }

  /// "34 of 50 known · 9 recognised · 2 learning · 5 new · 12 due today": known by typing
  /// the name, recognised only among four, met and not yet either; the parts add up to all.
  package func line(separator: String) -> String {
    parts.joined(separator: separator)
  }

  /// The line's parts, each said whole where the line is wrapped.
  package var parts: [String] {
    ["\(known) of \(total) known"]
      + (recognised > 0 ? ["\(recognised) recognised"] : [])
      + (learning > 0 ? ["\(learning) learning"] : [])
      + (new > 0 ? ["\(new) new"] : [])
      + (due > 0 ? ["\(due) due today"] : [])
  }

  /// The start screen's "Nothing due now: 9 names will be due tomorrow", with everyone met
  /// and nobody due (a play-test's returning player was not told when to come back); nil
  /// otherwise.
  package var nothingDueLine: String? {
    guard due == 0, new == 0, let dueTomorrow, dueTomorrow > 0 else { return nil }
    return "Nothing due now: \(counted(dueTomorrow, "name")) will be due tomorrow"
  }

  /// "Come back tomorrow: 9 names will be due"; nil when none will be.
  package var tomorrowLine: String? {
    guard let dueTomorrow, dueTomorrow > 0 else { return nil }
    return "Come back tomorrow: \(counted(dueTomorrow, "name")) will be due"
  }
}

/// The days a roster was practised, as the statistics show them.
public struct PracticeSummary: Hashable, Sendable {
  /// Days practised in a row, up to today.
  public var streak: Int
  /// Days practised in the weeks shown.
  public var practised: Int
  /// The last weeks, oldest first, Monday to Sunday: answers each day, nil after today.
  public var weeks: [[Int?]]

  public init(streak: Int, practised: Int, weeks: [[Int?]]) {
    self.streak = streak
    self.practised = practised
    self.weeks = weeks
  }

  /// How many weeks the statistics show.
  public static let weeksShown = 8

  public init(_ days: PracticeDays, today: Int) {
    self.init(
      streak: days.streak(today: today),
      practised: days.practised(inLast: Self.weeksShown, today: today),
      weeks: days.weeks(Self.weeksShown, today: today))
  }
}

/// A line of the start screen's list of groups.
public struct GroupLine: Hashable, Sendable {
  /// The group; nil for everyone.
  public var group: String?
  /// Its members in play.
  public var members: Int
  /// How many of them the player knows; nil when no history is kept.
  public var known: Int?

  public init(group: String?, members: Int, known: Int?) {
    self.group = group
    self.members = members
    self.known = known
  }

  /// "recruits", "5 · 2 known".
  package func columns(separator: String) -> (name: String, count: String) {
    (group ?? "Everyone", "\(members)" + (known.map { "\(separator)\($0) known" } ?? ""))
  }
}

/// The picture of the member on screen.
public enum PictureSlot: Hashable, Sendable {
  case loading
  case ready(CellPicture)
  case failed(String)
}

/// Everything a screen shows: the game's state and where the player is.
public struct Screen: Hashable, Sendable {
  public var game: State
  public var place: Place
  public var overlay: Overlay?
  /// The focused button of the place; nil for none (the names of the question right after a
  /// name card, until the player moves to one).
  public var focus: Control?
  /// The focused button of the window over the screen.
  public var windowFocus: Control = .close
  public var roster: RosterSummary
  public var picture: PictureSlot
  /// Faces shown beside the main picture, such as the people missed on the finished scene.
  public var faces: [MemberID: CellPicture] = [:]
  public var appearance: CellStyle
  /// The rules played by, for what the screens count: progress steps, options.
  public var rules: Rules
  /// How many names the player knows, from the history; nil when none is kept.
  public var progress: Progress?
  /// What the history cannot keep and why, said once on the start screen.
  public var historyNotice: String?
  /// Answers and name cards waiting for the history, and why: said on the quiz screen while
  /// they wait.
  public var historyWaiting: HistoryWaiting?
  /// Everything played on the roster, for the statistics; nil when no history is kept.
  public var allTime: Totals?
  /// The people window's list, while it is open.
  public var people: PeopleList?
  /// The days practised, for the statistics; nil when no history is kept.
  public var practice: PracticeSummary?
  /// With a history: how long the player keeps a name, as their memory model says.
  public var lasting: MemoryModel.Lasting?
  /// Whether that model is fitted to the player's answers (else it is a typical player's).
  public var memoryFitted = false
  /// The name being typed, for a question of that kind.
  public var typing = TextField()
  /// Whether a key that picks a name elsewhere (1 to 4) was pressed first where the name is
  /// typed: the line under the field says that it is typed here.
  public var typedNumberSaid = false
  /// How many pairs of people the confusions drill has to ask (the start screen's line).
  public var drillPairs = 0
  /// The drill was asked for with nobody to drill (`drillPairs` 0): the start screen says why.
  public var drillAskedEarly = false
  /// The finished scene's lines of the club's scores; nil when there are none.
  public var finishedScores: FinishedScores?
  /// The statistics' lines of the club's scores; empty when the club collects none.
  public var scoresLines: [String] = []
  /// The offer to make this roster the player's club, and how it went; nil for none.
  public var clubOffer: ClubOffer?
  /// The first line of the help window's keys in view.
  public var linesFirst = 0
  /// What is wrong with the settings file, a line each (the start screen says the first).
  public var settingsWarnings: [String] = []
  /// The player's settings file, for the settings window; nil when there is none.
  public var settingsFile: SettingsFile?
  /// The settings window's chosen line, text typed and last message.
  package var settingsWindow = SettingsWindowState()
  /// Why the faces are not asked (the window is too small for four), said on the first
  /// question after it.
  public var facesNotice: String?
  /// A photo that failed in the game, its member left out: "Left out: m.jpg: damaged".
  public var leftOutNotice: String?
  /// What the quiz's Start asks.
  public var quizKinds = QuestionKinds.names
  /// Whether the start screen says, under its buttons, what Learn and Start do.
  public var explainsModes = false
  /// The start screen's list of groups, everyone first; empty when the roster has none.
  public var groups: [GroupLine] = []
  /// The line of `groups` whose members the games ask about.
  public var chosenGroup = 0

  public init(
    game: State, place: Place = .start, overlay: Overlay? = nil, focus: Control? = .start,
    roster: RosterSummary, picture: PictureSlot = .loading, appearance: CellStyle,
    rules: Rules = .standard
  ) {
    self.game = game
    self.place = place
    self.overlay = overlay
    self.focus = focus
    self.roster = roster
    self.picture = picture
    self.appearance = appearance
    self.rules = rules
  }
}

extension Screen {
  /// The contexts of the keys on this screen, most particular first.
  var keyContexts: [KeyContext] {
    KeyContext.of(
      place: place, overlay: overlay, phase: game.phase, hasGroups: !groups.isEmpty,
      editingSetting: settingsWindow.editing != nil)
  }

  /// How the key that does `action` on the screen under any window is written, from the
  /// keymap (what a paused question says still holds once its window is closed).
  package func key(for action: KeyAction) -> String {
    let contexts = KeyContext.of(
      place: place, overlay: nil, phase: game.phase, hasGroups: !groups.isEmpty)
    return Keymap.key(for: action, in: contexts, look: appearance) ?? "?"
  }

  /// The keys that resume a paused game, as its pause line says them ("p or Enter"): Enter
  /// resumes too (the Resume button's, or the game's under a window that paused it), but
  /// with the focus tabbed to Stats, where it opens the statistics.
  package var resumeKeys: String {
    focus == .stats ? key(for: .pause) : "\(key(for: .pause)) or \(key(for: .pressFocused))"
  }

  /// The line of key hints under it, from the keymap.
  /// "answer" only while a question waits for one: not while it is revealed, paused or
  /// waiting for its face.
  var keyHints: String { keyHints(width: .max) }

  /// The line of key hints in `width` columns: in a narrow window the hints a player finds
  /// elsewhere (moving between buttons, then the people, the statistics, the help, Esc) give
  /// way first, so that what answers, pauses and quits stays.
  package func keyHints(width: Int) -> String {
    var answering = true
    if place == .quiz, overlay == nil, game.phase.question != nil {
      if case .answering = game.phase {} else { answering = false }
    }
    var left: Set<String> = answering ? [] : ["answer"]
    let paused = game.phase.isPaused
    var hints = Keymap.hints(in: keyContexts, look: appearance, leavingOut: left, paused: paused)
    for word in ["move", "group", "people", "stats", "help", "menu", "close"]
    where DisplayWidth.of(hints) > width {
      left.insert(word)
      hints = Keymap.hints(in: keyContexts, look: appearance, leavingOut: left, paused: paused)
    }
    return hints
  }
}

extension Screen {
  /// The quiz screen's line while answers (or name cards) wait for the history: how many,
  /// and why, in `width` columns (the reason gives way first).
  package func historyWaitingLine(width: Int) -> String? {
    guard let waiting = historyWaiting, waiting.writes > 0 else { return nil }
    let cards = waiting.writes - waiting.answers
    let count =
      [(waiting.answers, "answer"), (cards, "name card")].filter { $0.0 > 0 }
      .map { counted($0.0, $0.1) }.joined(separator: " and ") + " waiting"
    let reason = waiting.reason.map { ": \($0)" } ?? ""
    return DisplayWidth.fitting(
      [
        "\(count) to be kept\(reason)", "\(count) for the history (kept when it frees)",
        "\(count) for the history", count,
      ], in: width)
  }
}
