import ArgumentParser
import Launch
import Settings

/// The options several commands share, each declared once (`@OptionGroup`): a command takes
/// the groups it uses and no other option, so nothing is left to refuse by hand.

/// The roster to play or look at: a folder, a URL, or (without one) the settings' roster or
/// the sample club.
struct RosterArgument: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "The folder of member photos, or the http or https URL of a club's roster manifest "
        + "(default: the settings' roster, else the bundled sample club); a folder called "
        + "like a command (help, check ...) is given as ./help, ./check ...",
      valueName: "roster-folder"),
    completion: .directory)
  var rosterFolder: String?
}

/// The settings of a game that are options too (`--answer-seconds` ... `--minutes`), their
/// help from the table of settings.
struct GameSettingOptions: ParsableArguments {
  // The numbers are taken as typed, even when they start with "-" (`.unconditional`), and
  // checked by the table: every bad value, -1 or seven, is then refused with the range the
  // option takes, where ArgumentParser would take "-1" for an option and report a missing value.
  @Option(parsing: .unconditional, help: .setting("answer-seconds"))
  var answerSeconds: String?

  @Option(parsing: .unconditional, help: .setting("reveal-seconds"))
  var revealSeconds: String?

  @Option(parsing: .unconditional, help: .setting("type-seconds"))
  var typeSeconds: String?

  @Option(help: .setting("kind"))
  var kind: String?

  @Option(parsing: .unconditional, help: .setting("round"))
  var round: String?

  @Option(parsing: .unconditional, help: .setting("minutes"))
  var minutes: String?

  /// The values typed, by the setting's key; nil for each not typed.
  var typed: [String: String?] {
    [
      "answer-seconds": answerSeconds, "reveal-seconds": revealSeconds,
      "type-seconds": typeSeconds, "kind": kind, "round": round, "minutes": minutes,
    ]
  }
}

/// What the terminal shows: `--colors` and `--graphics`, for the game and `preview`.
struct LookOptions: ParsableArguments {
  @Option(help: .setting("colors"))
  var colors: String?

  @Option(help: .setting("graphics"))
  var graphics: String?

  var typed: [String: String?] { ["colors": colors, "graphics": graphics] }
}

/// The options of a game that are no settings: the seed, the mode, the order, the group.
struct GameChoiceOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seed for the order of questions; the same seed plays the same game (0 to "
        + "\(UInt64.max); default: random).", valueName: "n"))
  var seed: String?

  @Option(
    help: ArgumentHelp(
      "The game the start screen offers first: quiz (the timed game) or learn (new people "
        + "introduced with name cards, and the names you are about to forget asked most; "
        + "default: learn when most people are new to your history, else quiz; headless: the "
        + "one start plays, quiz).",
      valueName: "mode"))
  var mode: String?

  @Option(
    help: ArgumentHelp(
      "The quiz's order: shuffled (everyone once a round, in a new order each round) or "
        + "random (anyone at any time; default: shuffled).",
      valueName: "order"))
  var order: String?

  @Option(
    help: ArgumentHelp(
      "Play only this group: a subfolder of the roster, or a group in its members.csv "
        + "(default: everyone; the start screen lists them).",
      valueName: "name"))
  var group: String?
}

/// `--data-dir`: where the history is kept.
struct DataOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The folder that keeps your history of answers (default: "
        + "$XDG_DATA_HOME/meet-the-members, or ~/.local/share/meet-the-members).",
      valueName: "folder"),
    completion: .directory)
  var dataDir: String?
}

/// `--config`: the settings file read in place of the standard one.
struct ConfigOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The settings file to read (a game writes what its settings window changes there too) "
        + "in place of "
        + "$XDG_CONFIG_HOME/meet-the-members/config.toml (or ~/.config/meet-the-members/"
        + "config.toml); it must exist. Its settings: "
        + SettingsTable.standard.keys.joined(separator: ", ") + " (see docs/command-line.md).",
      valueName: "file"),
    completion: .file(extensions: ["toml"]))
  var config: String?
}

extension ArgumentHelp {
  /// An option's help as the table of settings words it.
  static func setting(_ key: String) -> ArgumentHelp {
    guard let setting = SettingsTable.standard[key] else { return ArgumentHelp(key) }
    return ArgumentHelp(setting.helpText, valueName: setting.valueName)
  }
}
