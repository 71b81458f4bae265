import Foundation
import Roster
import RosterDownload
import Settings

/// What every command that reads a roster starts with: the settings file (its faults said on
/// standard error) and the roster asked for, typed or the settings'.
package struct Start {
  package let configuration: Configuration
  /// The roster as typed on the command line.
  package let typed: String?
  /// The settings file's faults, and the settings' roster when it cannot be played.
  package private(set) var warnings: [String]

  /// `standard`: whether the standard settings file is read when `--config` names none.
  package init(config: String?, standard: Bool, roster: String?) throws(UsageError) {
    configuration = try Configuration.load(option: config, standard: standard)
    configuration.warn()
    warnings = configuration.warnings
    typed = roster
  }

  /// The roster to play: typed, else the settings'; nil for the sample club.
  package var folder: String? { typed ?? configuration.values["roster"] }

  /// The roster's manifest URL, when the roster is a club's from its server.
  package var serverURL: String? { folder.flatMap { RosterFetcher.isURL($0) ? $0 : nil } }

  /// The roster asked for. For a game, the sample club plays when the settings' roster
  /// cannot be played (said); for the other commands, that is an error. Either way the
  /// settings' roster is named with the file and line that hold it.
  package mutating func roster(forAGame: Bool) throws -> Roster {
    let largest = configuration.values["largest-download"].flatMap { Int64($0) }
    do {
      return try Self.loadRoster(folder, largestDownload: largest, forAGame: forAGame)
    } catch let stopped as LaunchStopped {
      throw stopped  // Ctrl-C or SIGTERM during the download ends the program
    } catch {
      // A roster typed is said as it was typed; the settings' with the file that holds it.
      guard typed == nil, folder != nil, let file = configuration.file else { throw error }
      let said = "\(file.place(of: "roster")): roster \(error)"
      guard forAGame else { throw CommandError(TerminalText.escapingControls(said)) }
      let warning = "\(said); the sample club plays"
      Configuration(warning: warning).warn()
      warnings.append(warning)
      return try Self.loadRoster(nil)
    }
  }

  /// The roster in a folder, or fetched from a server when the argument is an http or https
  /// URL (no larger than `largestDownload` megabytes, when the settings say; for a game,
  /// Ctrl-C during the fetch plays the cached version); the bundled sample club without one.
  package static func loadRoster(
    _ folder: String?, largestDownload: Int64? = nil, forAGame: Bool = true
  ) throws -> Roster {
    if let folder, RosterFetcher.isURL(folder) {
      return try RemoteRoster.load(
        folder, largestMegabytes: largestDownload, cachedAtCtrlC: forAGame)
    }
    if let folder, let scheme = RosterFetcher.otherScheme(folder) {
      throw CommandError(
        "\(TerminalText.escapingControls(folder)): a roster is fetched by http or https, not "
          + "\(TerminalText.escapingControls(scheme))")
    }
    let folder = try folder ?? SampleClub.folder()
    do {
      return try LaunchNotice.saying(
        "Reading the roster folder \(TerminalText.escapingControls(folder))..."
      ) { try Roster.load(folder) }
    } catch let error as RosterError {
      throw CommandError("\(error)")
    }
  }
}
