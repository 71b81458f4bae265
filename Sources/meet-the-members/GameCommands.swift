import AppCore
import ArgumentParser
import GameEngine
import Launch
import Pictures
import Roster
import Settings
import TerminalUI

/// `meet-the-members play` (and `meet-the-members` alone): the game in the terminal.
struct Play: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "play",
    abstract: "Play in the terminal (what meet-the-members does without a command).",
    discussion: """
      Every setting of the settings file is the default of the option of the same name; an \
      option typed wins. In the game, 1 to 4 answer, p pauses, s shows the statistics, ? \
      lists every key and q quits; where a name is typed, Enter answers and Esc leaves.
      """)

  @OptionGroup var roster: RosterArgument
  @OptionGroup var settings: GameSettingOptions
  @OptionGroup var choices: GameChoiceOptions
  @OptionGroup var look: LookOptions

  @Option(
    help: ArgumentHelp(
      "Write every event the game handles to this file, one JSON object per line.",
      valueName: "file"),
    completion: .file())
  var trace: String?

  @OptionGroup var data: DataOption
  @OptionGroup var config: ConfigOption

  func validate() throws {
    // "help" asks for the help, as it does of the command without one.
    if roster.rosterFolder == "help" { throw CleanExit.helpRequest(Self.self) }
  }

  func run() throws {
    try Commands.checkLimitsToPlay()
    var start = try Start(config: config.config, standard: true, roster: roster.rosterFolder)
    let typed = settings.typed.merging(look.typed) { a, _ in a }
    let values = try start.configuration.settings(typed: typed)
    let game = try GameSettings(
      folder: start.folder, values: values, choices: choices, dataDir: data.dataDir)
    let loaded = try start.roster(forAGame: true)
    let history = HistoryLink.open(folder: game.dataFolder, roster: loaded)
    let session = try Commands.makeSession(
      roster: loaded, settings: game, samePhotos: history.samePhotos)
    let scores = ScoreSending.clubScores(
      roster: loaded, settings: start.configuration.values, history: history)
    let colors = values["colors"].flatMap { ColorMode(rawValue: $0.lowercased()) }
    let graphics = GameOptions.graphics(values)
    let warnings = start.warnings
    try MainActor.assumeIsolated {
      try Commands.play(
        roster: loaded, session: session, mode: game.mode, colors: colors,
        graphics: graphics, tracePath: trace, history: history,
        configuration: start.configuration, typed: typed, rosterArgument: roster.rosterFolder,
        warnings: warnings, scores: scores)
    }
  }
}

/// `meet-the-members headless` (once `--headless`): the game for programs, in JSON lines.
struct Headless: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "headless",
    abstract: "Play without a terminal: JSON lines in and out, on a virtual clock.",
    discussion: """
      Commands on standard input and events on standard output, one JSON object per line (see \
      docs/headless.md). Only a settings file named with --config is read, and not its \
      graphics or colors, so that a seed plays the same game on every machine.
      """)

  @OptionGroup var roster: RosterArgument
  @OptionGroup var settings: GameSettingOptions
  @OptionGroup var choices: GameChoiceOptions

  @Option(
    help: ArgumentHelp(
      """
      The wall-clock time of the virtual clock's start, as 2027-01-01T10:00:00Z (ISO 8601, \
      UTC or with an offset): launches on one history a day apart play day after day, as a \
      person does (default: now).
      """, valueName: "TIME"))
  var clock: String?

  @OptionGroup var data: DataOption
  @OptionGroup var config: ConfigOption

  func run() throws {
    // The standard file is not read: a seed plays the same game on every machine, whatever
    // its player set.
    var start = try Start(config: config.config, standard: false, roster: roster.rosterFolder)
    let values = try start.configuration.settings(typed: settings.typed)
    let game = try GameSettings(
      folder: start.folder, values: values, choices: choices, dataDir: data.dataDir)
    let clockStart = try GameOptions.clock(clock)
    let loaded = try start.roster(forAGame: true)
    let history = HistoryLink.open(folder: game.dataFolder, roster: loaded)
    let session = try Commands.makeSession(
      roster: loaded, settings: game, samePhotos: history.samePhotos)
    throw ExitCode(
      Commands.playHeadless(
        roster: loaded, session: session, mode: game.mode ?? .quiz, history: history,
        unixSecondsAtStart: clockStart ?? HistoryLink.unixSecondsNow(),
        scores: ScoreSending.clubScores(
          roster: loaded, settings: start.configuration.values, history: history)))
  }
}
