import ArgumentParser
import GameEngine
import Pictures
import Roster
import TerminalUI

@main
struct MeetTheMembers: ParsableCommand {
  static let version = "0.3.0"

  static let configuration = CommandConfiguration(
    commandName: "meet-the-members",
    abstract: "Learn the names of everyone in your club, team or class.",
    discussion: """
      Shows a member's photo in the terminal with four names to choose from; you have a few \
      seconds to pick the right one. ROSTER_FOLDER holds one photo per member (JPEG or PNG), \
      named after the member ("Jane Doe.jpg", "john_smith.png", "Doe, Jane.jpg"); an optional \
      members.csv with the columns file and name gives exact names. Without a folder, the \
      bundled sample club plays. In the game, 1 to 4 answer, p pauses, s shows the \
      statistics, ? lists every key and q quits.
      """,
    version: version
  )

  @Argument(help: "The folder of member photos (default: the bundled sample club).")
  var rosterFolder: String?

  @Option(help: "Seed for the order of questions; the same seed plays the same game.")
  var seed: UInt64?

  @Option(help: ArgumentHelp("Seconds to answer each question.", valueName: "seconds"))
  var answerSeconds: Double = 5

  @Option(help: ArgumentHelp("Seconds the correct name stays on screen.", valueName: "seconds"))
  var revealSeconds: Double = 2

  @Option(
    help: ArgumentHelp(
      "Questions in a round, or 'all' for everyone once; a finished scene follows each round.",
      valueName: "N|all"))
  var round: RoundArgument = RoundArgument(.questions(10))

  @Flag(help: "Decode every photo, print the roster with its warnings and exit.")
  var check = false

  @Flag(help: "Print the roster with its warnings and exit, reading only the photos' headers.")
  var list = false

  @Option(
    help: ArgumentHelp(
      "Print one photo as the game draws it, as ANSI text, and exit.", valueName: "photo"))
  var preview: String?

  @Option(help: ArgumentHelp("The size of --preview in cells.", valueName: "COLSxROWS"))
  var size: CellSizeArgument = CellSizeArgument(CellSize(columns: 40, rows: 20))

  @Option(
    help: ArgumentHelp(
      "Colours: truecolor, 256, 240, 16, 8 or none (default: what the terminal announces).",
      valueName: "mode"))
  var colors: ColorMode?

  @Option(
    help: ArgumentHelp(
      "Write every event the game handles to this file, one JSON object per line.",
      valueName: "file"))
  var trace: String?

  @Flag(
    help: """
      Play without a terminal: commands on standard input and events on standard output, one \
      JSON object per line, on a virtual clock (see the README).
      """)
  var headless = false

  func validate() throws {
    try GameOptions.validate(answerSeconds: answerSeconds, revealSeconds: revealSeconds)
  }

  func run() throws {
    if let preview {
      try Commands.preview(preview, size: size.value, colors: colors ?? ColorSupport.detect())
      return
    }
    let roster = try Commands.loadRoster(rosterFolder)
    if check || list {
      throw ExitCode(Commands.printRoster(roster, decodingEveryPhoto: check))
    }
    var rules = GameOptions.rules(answerSeconds: answerSeconds, revealSeconds: revealSeconds)
    rules.roundLength = round.value
    let session = try Commands.makeSession(roster: roster, seed: seed, rules: rules)
    if headless {
      throw ExitCode(Commands.playHeadless(roster: roster, session: session))
    }
    try MainActor.assumeIsolated {
      try Commands.play(roster: roster, session: session, colors: colors, tracePath: trace)
    }
  }
}

extension ColorMode: ExpressibleByArgument {}

/// `--size 60x30`.
struct CellSizeArgument: ExpressibleByArgument {
  let value: CellSize

  init(_ value: CellSize) { self.value = value }

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      (1...1000).contains(columns), (1...1000).contains(rows)
    else { return nil }
    value = CellSize(columns: columns, rows: rows)
  }

  var defaultValueDescription: String { value.description }
}

/// `--round 10` or `--round all`.
struct RoundArgument: ExpressibleByArgument {
  let value: RoundLength

  init(_ value: RoundLength) { self.value = value }

  init?(argument: String) {
    if argument.lowercased() == "all" {
      value = .everyone
    } else if let count = Int(argument), (1...10_000).contains(count) {
      value = .questions(count)
    } else {
      return nil
    }
  }

  var defaultValueDescription: String {
    switch value {
    case .questions(let count): "\(count)"
    case .everyone: "all"
    }
  }
}
