import ArgumentParser
import GameEngine
import Pictures
import Roster
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

@main
struct MeetTheMembers: ParsableCommand {
  static let version = "0.4.0"

  static let configuration = CommandConfiguration(
    commandName: "meet-the-members",
    abstract: "Learn the names of everyone in your club, team or class.",
    discussion: """
      Shows a member's photo in the terminal with four names to choose from; you have a few \
      seconds to pick the right one. ROSTER_FOLDER holds one photo per member (JPEG or PNG), \
      named after the member ("Jane Doe.jpg", "john_smith.png", "Doe, Jane.jpg"); an optional \
      members.csv with the columns file and name gives exact names. A URL in place of the \
      folder fetches a club's roster from its server into $XDG_CACHE_HOME/meet-the-members \
      (see the README); it is downloaded again only when the server has a new version. \
      Without a folder, the bundled sample club plays. In the game, 1 to 4 answer, p pauses, \
      s shows the statistics, ? lists every key and q quits; where a name is typed, Enter \
      answers and Esc leaves. "meet-the-members history" prints your answers (see its \
      --help) and "meet-the-members publish" writes a roster for a club's server (see its \
      --help). The exit status is 1 when something cannot be done (with --check or --list: \
      when the roster cannot be played) and 64 when the command line is refused.
      """,
    version: version
  )

  @Argument(
    help: ArgumentHelp(
      "The folder of member photos, or the http or https URL of a club's roster manifest "
        + "(default: the bundled sample club); a folder called help is given as ./help."),
    completion: .directory)
  var rosterFolder: String?

  // The numbers are taken as typed, even when they start with "-" (`.unconditional`), and
  // checked in `action()`: every bad value, -1 or seven, is then refused with the range the
  // option takes, where ArgumentParser would take "-1" for an option and report a missing value.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seed for the order of questions; the same seed plays the same game.", valueName: "n"))
  var seed: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds to answer each question, 0.1 to 600 (default: 5).", valueName: "seconds"))
  var answerSeconds: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds the correct name stays on screen, 0 to 600 (default: 2).", valueName: "seconds"))
  var revealSeconds: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seconds to type a name, 0.1 to 600 (default: 15).", valueName: "seconds"))
  var typeSeconds: String?

  @Option(
    help: ArgumentHelp(
      "What is asked: names (pick the name among four), faces (pick the face among four), "
        + "typing (type the name) or mixed (the quiz: the three in turn; learn mode: a name or "
        + "a face is picked until recognised, then the name typed). Default: names in the quiz, "
        + "mixed in learn mode.",
      valueName: "kind"))
  var kind: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Questions in a round of the quiz, 1 to 10000, or all for everyone once; a finished "
        + "scene follows each round (default: 10).",
      valueName: "n|all"))
  var round: String?

  @Option(
    help: ArgumentHelp(
      "Minutes of play in a sitting of learn mode, 1 to 240 (pauses left out); a finished "
        + "scene ends it (default: 10).", valueName: "N"))
  var minutes: String?

  @Flag(help: "Decode every photo, print the roster with its warnings and exit.")
  var check = false

  @Flag(help: "Print the roster with its warnings and exit, reading only the photos' headers.")
  var list = false

  @Option(
    help: ArgumentHelp(
      "Print one photo as the game draws it, as ANSI text, and exit.", valueName: "photo"),
    completion: .file(extensions: ["jpg", "jpeg", "jpe", "jfif", "png"]))
  var preview: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The size of --preview in cells, each from 1 to 1000 (default: 40x20).",
      valueName: "COLSxROWS"))
  var size: String?

  @Option(
    help: ArgumentHelp(
      "Colours: truecolor, 256, 240, 16, 8 or none (default: what the terminal announces).",
      valueName: "mode"))
  var colors: ColorMode?

  @Option(
    help: ArgumentHelp(
      "How faces are drawn: auto (asks the terminal), kitty, sixel, iterm2 (the photo's "
        + "pixels) or symbols (default: auto; the help window says which is used).",
      valueName: "mode"))
  var graphics: String?

  @Option(
    help: ArgumentHelp(
      "Write every event the game handles to this file, one JSON object per line.",
      valueName: "file"),
    completion: .file())
  var trace: String?

  @Option(
    help: ArgumentHelp(
      "The folder that keeps your history of answers (default: "
        + "$XDG_DATA_HOME/meet-the-members, or ~/.local/share/meet-the-members).",
      valueName: "folder"),
    completion: .directory)
  var dataDir: String?

  @Option(
    help: ArgumentHelp(
      "The game the start screen offers first: quiz (the timed game) or learn (new people "
        + "introduced with name cards, and the names you are about to forget asked most; "
        + "default: learn when most people are new to your history, else quiz).",
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

  @Option(
    help: ArgumentHelp(
      "The settings file to read (and write) in place of "
        + "$XDG_CONFIG_HOME/meet-the-members/config.toml (or ~/.config/meet-the-members/"
        + "config.toml): the roster to play without ROSTER_FOLDER, and the defaults of "
        + "--answer-seconds, --reveal-seconds, --type-seconds, --kind, --round, --minutes, "
        + "--graphics and --colors, your name (player), the clubs your scores go to "
        + "(send-scores) and the largest roster download in MB (largest-download) (see the "
        + "README).",
      valueName: "file"),
    completion: .file(extensions: ["toml"]))
  var config: String?

  @Flag(
    help: "Forget everything your history holds for this roster, after asking to be sure.")
  var forget = false

  @Flag(
    help: """
      Play without a terminal: commands on standard input and events on standard output, one \
      JSON object per line, on a virtual clock (see the README).
      """)
  var headless = false

  @Option(
    help: ArgumentHelp(
      """
      With --headless: the wall-clock time of the virtual clock's start, as \
      2027-01-01T10:00:00Z (ISO 8601, UTC or with an offset): launches on one history a day \
      apart play day after day, as a person does.
      """, valueName: "TIME"))
  var clock: String?

  /// ArgumentParser's `main`, except that a `UsageError` is one line with exit status 64, and
  /// `history` and `publish` (the first word) run the history's export and the publishing of
  /// a roster, whose names a roster folder would otherwise take.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      let subcommands: [(String, any ParsableCommand.Type)] = [
        ("history", HistoryExport.self), ("publish", Publish.self),
      ]
      for (name, type) in subcommands where arguments.first == name {
        do {
          var command = try type.parseAsRoot(Array(arguments.dropFirst()))
          try command.run()
          return
        } catch {
          type.exit(withError: error)
        }
      }
      var command = try parseAsRoot()
      try command.run()
    } catch let error as UsageError {
      let line = "Error: \(TerminalText.escapingControls(error.description))\n"
      _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      Glibc.exit(ExitCode.validationFailure.rawValue)
    } catch {
      exit(withError: error)
    }
  }

  func validate() throws {
    // "help" asks for the help, as it does of every command with subcommands (ArgumentParser
    // adds a help subcommand, which then comes before this argument, once there are any).
    if rosterFolder == "help" { throw CleanExit.helpRequest(Self.self) }
  }

  func run() throws {
    let configuration = try Configuration.load(option: config, standard: !headless)
    configuration.warn()
    let command = withSettings(configuration)
    var warnings = configuration.warnings
    /// The roster asked for; the sample club when the settings' roster cannot be played.
    let largest = configuration.values["largest-download"].flatMap { Int64($0) }
    func loadRoster(_ folder: String?, forAGame: Bool = true) throws -> Roster {
      guard forAGame, rosterFolder == nil, let folder, let file = configuration.file else {
        return try Commands.loadRoster(folder, largestDownload: largest)
      }
      do {
        return try Commands.loadRoster(folder, largestDownload: largest)
      } catch {
        let warning = "\(file.place(of: "roster")): roster \(error); the sample club plays"
        Configuration(warning: warning).warn()
        warnings.append(warning)
        return try Commands.loadRoster(nil)
      }
    }
    switch try command.action() {
    case .preview(let photo, let size, let colors, let graphics):
      try Commands.preview(
        photo, size: size, colors: colors ?? ColorSupport.detect(), graphics: graphics)
    case .printRoster(let folder, let decodingEveryPhoto):
      let roster = try loadRoster(folder, forAGame: false)
      throw ExitCode(Commands.printRoster(roster, decodingEveryPhoto: decodingEveryPhoto))
    case .play(let settings, let colors, let graphics, let trace):
      let roster = try loadRoster(settings.folder)
      let history = HistoryLink.open(folder: settings.dataFolder, roster: roster)
      let session = try Commands.makeSession(
        roster: roster, settings: settings, samePhotos: history.samePhotos)
      let scores = ScoreSending.clubScores(
        roster: roster, settings: configuration.values, history: history)
      try MainActor.assumeIsolated {
        try Commands.play(
          roster: roster, session: session, mode: settings.mode, colors: colors,
          graphics: graphics, tracePath: trace, history: history,
          configuration: configuration, rosterArgument: rosterFolder, warnings: warnings,
          scores: scores)
      }
    case .forget(let folder, let dataFolder):
      let roster = try loadRoster(folder, forAGame: false)
      try HistoryLink.forget(roster: roster, dataFolder: dataFolder)
    case .playHeadless(let settings, let clock):
      let roster = try loadRoster(settings.folder)
      let history = HistoryLink.open(folder: settings.dataFolder, roster: roster)
      let session = try Commands.makeSession(
        roster: roster, settings: settings, samePhotos: history.samePhotos)
      throw ExitCode(
        Commands.playHeadless(
          roster: roster, session: session, mode: settings.mode ?? .quiz, history: history,
          unixSecondsAtStart: clock ?? HistoryLink.unixSecondsNow(),
          scores: ScoreSending.clubScores(
            roster: roster, settings: configuration.values, history: history)))
    }
  }
}

extension ColorMode: ExpressibleByArgument {}

/// `--graphics`: a mode, or the terminal's answers.
enum GraphicsOption: String, CaseIterable {
  case auto, kitty, sixel, iterm2, symbols

  /// The mode asked for; nil for auto.
  var mode: GraphicsMode? { GraphicsMode(rawValue: rawValue) }
}
