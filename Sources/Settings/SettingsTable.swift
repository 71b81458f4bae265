import Foundation
import URLText

/// What values a setting takes, and so how a value is checked and how its range is said.
public enum SettingKind: Hashable, Sendable {
  /// A number of seconds in a range ("0.1 to 600").
  case seconds(ClosedRange<Double>)
  /// A whole number in a range, of `unit` when it is said ("megabytes"), or `all` when
  /// `orAll`.
  case whole(ClosedRange<Int>, orAll: Bool = false, unit: String? = nil)
  /// One of these words, case folded.
  case choice([String])
  /// A name: any text but blanks.
  case name
  /// A roster folder or a roster's URL: any text (a folder is looked for when it is played).
  case place
  /// `true`, `false`, or the host names of score servers, separated by blanks.
  case hosts

  /// A value as a screen shows it, and as the settings window's field starts it: a roster's
  /// URL with its password as dots (`https://ann:•••@club.example.org/roster.json`), so that
  /// it is not read over a shoulder; everything else as it is.
  public func shown(_ value: String) -> String {
    self == .place ? URLText.masking(value, with: Self.dots) : value
  }

  /// `typed` with the dots `shown` put for a password given back the password of `kept`:
  /// a roster's URL edited in the window keeps its password unless another is typed.
  public func unmasked(_ typed: String, kept: String?) -> String {
    guard let dots = password(in: typed), typed[dots] == Self.dots, let kept,
      let password = password(in: kept)
    else { return typed }
    return typed.replacingCharacters(in: dots, with: kept[password])
  }

  private static let dots = "•••"

  /// Where a roster's URL has its password; nil for a folder, a URL without one, or another
  /// kind of setting.
  private func password(in value: String) -> Range<String.Index>? {
    self == .place ? URLText.password(in: value) : nil
  }
}

/// One setting of the player's settings file: its key in the file, the command-line option of
/// the same name (when there is one), what it takes, its default, its line in the settings
/// window and its help. Everything that speaks of a setting reads it here: the options' help,
/// the file's checks, the settings window and the game's defaults.
public struct Setting: Hashable, Sendable {
  /// The key in the settings file ("answer-seconds").
  public var key: String
  /// Whether the command line has an option of the same name (`--answer-seconds`).
  public var isOption: Bool
  public var kind: SettingKind
  /// The value that plays when none is given, as typed ("5"); nil when it is not one value
  /// (each mode's own, what the terminal says).
  public var byDefault: String?
  /// What plays without the setting, in words, when it is not one value.
  public var defaultWords: String?
  /// The settings window's label; nil when the window leaves the setting out.
  public var label: String?
  /// The values Left and Right step through in the settings window; empty for a text typed.
  public var steps: [String]
  /// What the setting does, for the option's help and the docs (without range or default).
  public var help: String
  /// The option's value in the usage line ("seconds").
  public var valueName: String

  /// `--answer-seconds`.
  public var option: String { "--\(key)" }

  /// The default as the window and the help say it: the value, or the words.
  public var shownDefault: String { byDefault ?? defaultWords ?? "none" }

  /// The values it takes, in words ("0.1 to 600", "names, faces, typing or mixed"); nil for
  /// text.
  public var range: String? {
    switch kind {
    case .seconds(let range): "\(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound))"
    case .whole(let range, let orAll, _):
      "\(range.lowerBound) to \(range.upperBound)\(orAll ? ", or all" : "")"
    case .choice(let words): Self.list(words)
    case .name, .place: nil
    case .hosts: "true, false or score servers' host names"
    }
  }

  /// The option's help: what it does, what it takes and its default.
  public var helpText: String {
    "\(help) (\(range.map { "\($0); " } ?? "")default: \(shownDefault))."
  }

  /// Why `text` is no value of this setting, naming it as `name` (the option, or the key in
  /// the file): "--round must be a whole number from 1 to 10000, or all, not 0"; nil when it
  /// is one.
  public func refusal(of text: String, as name: String) -> String? {
    switch kind {
    case .seconds(let range):
      // Numbers are shown as Double prints them ("-1.0"), anything else as typed.
      let seconds = Double(text)
      if let seconds, seconds.isFinite, range.contains(seconds) { return nil }
      return "\(name) must be between \(Self.plain(range.lowerBound)) and "
        + "\(Self.plain(range.upperBound)), not \(seconds.map { "\($0)" } ?? text)"
    case .whole(let range, let orAll, let unit):
      if orAll, text.lowercased() == "all" { return nil }
      if let number = Int(text), range.contains(number) { return nil }
      return "\(name) must be a whole number\(unit.map { " of \($0)" } ?? "") from "
        + "\(range.lowerBound) to \(range.upperBound)\(orAll ? ", or all" : ""), not \(text)"
    case .choice(let words):
      if words.contains(text.lowercased()) { return nil }
      return "\(name) must be \(Self.list(words)), not \(text)"
    case .name:
      return text.trimmingCharacters(in: .whitespaces).isEmpty ? "\(name) needs a name" : nil
    case .place:
      return nil
    case .hosts:
      let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
      if words == ["true"] || words == ["false"] || (!words.isEmpty && words.allSatisfy(isHost)) {
        return nil
      }
      return "\(name) must be true, false or score servers' host names, not \(text)"
    }
  }

  /// A score server's host name (with a port after a colon): with a dot or a port, or
  /// localhost.
  private func isHost(_ word: String) -> Bool {
    (word.contains(".") || word.contains(":") || word == "localhost") && !word.contains("/")
      && URL(string: "https://\(word)")?.host?.isEmpty == false
  }

  /// 0.1 as "0.1" and 600 as "600".
  static func plain(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))" : "\(value)"
  }

  /// "a, b or c".
  static func list(_ words: [String]) -> String {
    words.count < 2
      ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
  }
}

/// Every setting, in the settings window's order: the one place each is written.
public struct SettingsTable: Hashable, Sendable {
  public var settings: [Setting]

  public init(_ settings: [Setting]) { self.settings = settings }

  /// The setting with this key; nil for none.
  public subscript(key: String) -> Setting? {
    get { settings.first { $0.key == key } }
    set {
      guard let index = settings.firstIndex(where: { $0.key == key }), let newValue else { return }
      settings[index] = newValue
    }
  }

  public var keys: [String] { settings.map(\.key) }

  /// The settings the settings window shows, in its order.
  public var window: [Setting] { settings.filter { $0.label != nil } }

  /// The value of `key` that plays: `values`' (as the file or the command line gave it), else
  /// the default; nil when neither says (each mode's own).
  public func value(_ key: String, in values: [String: String]) -> String? {
    values[key] ?? self[key]?.byDefault
  }

  /// The longest a question or reveal may last: long enough for any player, short enough that
  /// a typo (5000 for 5) is caught.
  public static let longestSeconds = 600.0

  public static let standard = SettingsTable([
    Setting(
      key: "roster", isOption: false, kind: .place, defaultWords: "the sample club",
      label: "Roster", steps: [],
      help: "The roster to play when none is typed: a folder (relative: beside the settings "
        + "file) or a roster's URL",
      valueName: "folder"),
    Setting(
      key: "player", isOption: false, kind: .name, defaultWords: "your account's",
      label: "Your name", steps: [],
      help: "Your name, for the scores a club collects", valueName: "name"),
    Setting(
      key: "answer-seconds", isOption: true, kind: .seconds(0.1...longestSeconds),
      byDefault: "5", label: "Seconds to answer",
      steps: ["3", "4", "5", "6", "8", "10", "15", "20", "30"],
      help: "Seconds to answer each question", valueName: "seconds"),
    Setting(
      key: "reveal-seconds", isOption: true, kind: .seconds(0...longestSeconds),
      byDefault: "2", label: "Seconds a reveal shows", steps: ["0", "1", "2", "3", "5", "8"],
      help: "Seconds the correct name stays on screen", valueName: "seconds"),
    Setting(
      key: "type-seconds", isOption: true, kind: .seconds(0.1...longestSeconds),
      byDefault: "15", label: "Seconds to type",
      steps: ["8", "10", "15", "20", "30", "45", "60"],
      help: "Seconds to type a name", valueName: "seconds"),
    Setting(
      key: "round", isOption: true, kind: .whole(1...10_000, orAll: true),
      byDefault: "10", label: "Questions a round", steps: ["5", "10", "20", "30", "50", "all"],
      help: "Questions in a round of the quiz (all: everyone once); a finished scene follows "
        + "each round",
      valueName: "n|all"),
    Setting(
      key: "minutes", isOption: true, kind: .whole(1...240), byDefault: "10",
      label: "Minutes a sitting", steps: ["5", "10", "15", "20", "30", "45", "60"],
      help: "Minutes of play in a sitting of learn mode (pauses left out); a finished scene "
        + "ends it",
      valueName: "n"),
    Setting(
      key: "kind", isOption: true, kind: .choice(["names", "faces", "typing", "mixed"]),
      defaultWords: "names in the quiz, mixed in learn mode", label: "What is asked",
      steps: ["names", "faces", "typing", "mixed"],
      help: "What is asked: names (pick the name among four), faces (pick the face among "
        + "four), typing (type the name) or mixed (the quiz: the three in turn; learn mode: "
        + "a name or a face picked until recognised, then the name typed while it is being "
        + "learnt and until it is typed right, then picked again)",
      valueName: "kind"),
    Setting(
      key: "graphics", isOption: true,
      kind: .choice(["auto", "kitty", "sixel", "iterm2", "symbols"]), byDefault: "auto",
      label: "Faces drawn with", steps: ["auto", "kitty", "sixel", "iterm2", "symbols"],
      help: "How faces are drawn: auto (the terminal is asked), kitty, sixel or iterm2 (the "
        + "photo's pixels) or symbols; the help window says which is used",
      valueName: "mode"),
    Setting(
      key: "colors", isOption: true,
      kind: .choice(["truecolor", "256", "240", "16", "8", "none"]),
      defaultWords: "what the terminal says", label: "Colours",
      steps: ["truecolor", "256", "240", "16", "8", "none"],
      help: "Colours of the screens and faces", valueName: "mode"),
    Setting(
      key: "send-scores", isOption: false, kind: .hosts, defaultWords: "each club asks",
      label: "Scores to the club", steps: [],
      help: "The clubs your scores go to, by their score servers' host names (true: every "
        + "club that collects them; false: none)",
      valueName: "hosts"),
    Setting(
      key: "largest-download", isOption: false,
      kind: .whole(1...1_000_000_000, unit: "megabytes"), byDefault: "2000", label: nil,
      steps: [],
      help: "The largest roster zip downloaded from a server, in MB", valueName: "MB"),
  ])
}
