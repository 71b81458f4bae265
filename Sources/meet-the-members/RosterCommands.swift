import AppCore
import ArgumentParser
import Launch
import Pictures
import Settings
import TerminalUI

/// `meet-the-members check` (once `--check`): the roster, every photo decoded.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Decode every photo, print the roster with its warnings and exit.",
    discussion: """
      Prints each member (by name, accents and case folded), their file and group, and every \
      warning; the exit status is 1 when the roster cannot be played.
      """)

  @OptionGroup var roster: RosterPrinting

  func run() throws { try roster.print(decodingEveryPhoto: true) }
}

/// `meet-the-members list` (once `--list`): the roster, from the photos' headers only.
struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Print the roster with its warnings and exit, reading only the photos' headers.")

  @OptionGroup var roster: RosterPrinting

  func run() throws { try roster.print(decodingEveryPhoto: false) }
}

/// `meet-the-members forget` (once `--forget`): a roster's history cleared, once confirmed.
struct Forget: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forget",
    abstract: "Forget everything your history holds for this roster, after asking to be sure.")

  @OptionGroup var roster: RosterArgument
  @OptionGroup var data: DataOption
  @OptionGroup var config: ConfigOption

  func run() throws {
    var start = try Start(config: config.config, standard: true, roster: roster.rosterFolder)
    let dataFolder = try GameOptions.dataFolder(data.dataDir)
    if let url = start.serverURL {
      // A club's roster is forgotten by its URL, without asking its server.
      return try HistoryLink.forget(serverURL: url, dataFolder: dataFolder)
    }
    try HistoryLink.forget(roster: try start.roster(forAGame: false), dataFolder: dataFolder)
  }
}

/// `meet-the-members preview PHOTO` (once `--preview PHOTO`): one photo as the game draws it.
struct Preview: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Print one photo as the game draws it, as ANSI text (or pixels), and exit.")

  @Argument(
    help: "The photo to show.",
    completion: .file(extensions: ["jpg", "jpeg", "jpe", "jfif", "png"]))
  var photo: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The size in cells, each from 1 to \(GameOptions.largestPreview) (default: 40x20).",
      valueName: "COLSxROWS"))
  var size: String?

  @OptionGroup var look: LookOptions
  @OptionGroup var config: ConfigOption

  func run() throws {
    // Only a file named is read (its colors and graphics): a preview shows the photo as asked,
    // whatever the player set.
    let configuration = try Configuration.load(option: config.config, standard: false)
    configuration.warn()
    let values = try configuration.settings(typed: look.typed)
    let colors = values["colors"].flatMap { ColorMode(rawValue: $0.lowercased()) }
    try Commands.preview(
      photo, size: try GameOptions.cellSize(size), colors: colors ?? ColorSupport.detect(),
      graphics: GameOptions.graphics(values))
  }
}

/// What `check` and `list` take: the roster, and the settings file that may name it.
struct RosterPrinting: ParsableArguments {
  @OptionGroup var roster: RosterArgument
  @OptionGroup var config: ConfigOption

  /// The roster and its warnings printed (every photo decoded, or headers only); the exit
  /// status 1 when it cannot be played.
  func print(decodingEveryPhoto: Bool) throws {
    var start = try Start(config: config.config, standard: true, roster: roster.rosterFolder)
    let loaded = try start.roster(forAGame: false)
    throw ExitCode(Commands.printRoster(loaded, decodingEveryPhoto: decodingEveryPhoto))
  }
}
