import AppCore
import ArgumentParser
import Foundation
import GameEngine
import Launch
import Pictures
import Roster
import Settings
import SystemPackage
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

/// The rosters and photos printed: `check`, `list` and `preview`.
extension Commands {
  /// `check` (every photo decoded) and `list` (headers only): the roster and its warnings
  /// printed. Returns the exit status: 0 when the roster can be played.
  static func printRoster(_ loaded: Roster, decodingEveryPhoto: Bool) -> Int32 {
    var roster = loaded
    if decodingEveryPhoto { roster.verifyEveryPhoto() }
    let safe = TerminalText.escapingControls
    print("Roster \(safe(roster.title)): \(counted(roster.entries.count, "member"))")
    let width = min(40, roster.entries.map { DisplayWidth.of($0.member.name) }.max() ?? 0)
    for entry in roster.entriesByName {
      let name = DisplayWidth.pad(entry.member.name, to: width)
      let group = entry.member.group.map { "  [\($0)]" } ?? ""
      print("  \(name)  \(safe(entry.file))\(group)")
    }
    if !roster.warnings.isEmpty {
      print("\(counted(roster.warnings.count, "warning")):")
      for warning in roster.warnings { print("  \(warning)") }
    }
    do {
      _ = try QuestionGenerator(members: roster.members, seed: 0)
      // Said where nothing else would say the roster is sound.
      if roster.warnings.isEmpty {
        print(
          decodingEveryPhoto
            ? "Every photo decodes: ready to play." : "Ready to play (check decodes every photo).")
      }
      return 0
    } catch {
      print("Cannot play: \(error)")
      return 1
    }
  }

  /// `preview`: one photo as the game draws it: with symbols as ANSI text, or with its
  /// pixels in a graphics protocol (asked of the terminal when `graphics` is auto).
  static func preview(_ path: String, size: CellSize, colors: ColorMode, graphics: GraphicsOption)
    throws
  {
    let utf8 = ProcessLocale.prepare()
    guard
      let pixels = GraphicsDetection.pixelMode(requested: graphics.mode).pixels
    else {
      let style = CellStyle(colors: colors, symbols: utf8 ? .unicode : .ascii)
      print(
        CellConverter.ansiText(try decode(path, size: .cells(size, style)), in: size, style: style))
      return
    }
    let style = CellStyle(colors: .truecolor, pixels: pixels)
    let image = try decode(path, size: .cells(size, style))
    print(
      CellConverter.pixelText(
        image, in: size, cellPixels: pixels.cellPixels, graphics: pixels.graphics))
  }

  private static func decode(_ path: String, size: DecodeSize) throws -> RGBAImage {
    do {
      return try PictureFile.decode(FilePath(path), size: size)
    } catch {
      throw CommandError("\(TerminalText.escapingControls(path)): \(error)")
    }
  }
}
