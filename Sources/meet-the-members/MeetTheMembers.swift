import AppCore
import ArgumentParser
import CMalloc
import Foundation
import Launch
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
      folder fetches a club's roster from its server into $XDG_CACHE_HOME/meet-the-members; \
      it is downloaded again only when the server has a new version. Without a folder, the \
      settings' roster or the bundled sample club plays. In the game, 1 to 4 answer, p \
      pauses, s shows the statistics, ? lists every key and q quits. Without a command, \
      meet-the-members plays (meet-the-members FOLDER is meet-the-members play FOLDER); each \
      command takes only its own options (see meet-the-members help COMMAND). The old \
      spellings --headless, --check, --list, --forget and --preview PHOTO still run their \
      commands. The exit status is 1 when something cannot be done (check and list: when the \
      roster cannot be played) and 64 when the command line is refused.
      """,
    version: version,
    subcommands: [
      Play.self, Headless.self, Check.self, List.self, Preview.self, Forget.self,
      HistoryExport.self, Publish.self,
    ],
    defaultSubcommand: Play.self
  )

  /// ArgumentParser's `main`, except that the old spellings of the commands (`--headless`
  /// ...) are read as the commands, and a refused command line is one line on standard error
  /// with exit status 64.
  static func main() {
    // Under a limit of memory (`ulimit -v`), glibc's malloc is kept to one arena. By default
    // each thread that allocates may get an arena of its own, each reserving 64 MiB of
    // address space: a few of the game's threads (Dispatch's workers, the pictures', the
    // history's) took a limit of 500 MB, and a worker's allocation failed in glib's allocator
    // (libchafa's), which crashed the game, or Dispatch waited forever. With one arena it
    // plays at 200 MB (`AddressSpace.neededToPlay`). Without a limit nothing changes. Before
    // any thread starts; a soft limit below what the game needs is raised first, as far as
    // the hard one allows.
    AddressSpace.raise()
    if AddressSpace.limit != Int.max { mallopt(M_ARENA_MAX, 1) }
    OpenFiles.raise()
    let arguments: [String]
    do {
      arguments = try OldSpellings.commandLine(Array(CommandLine.arguments.dropFirst()))
    } catch {
      refuse(error.description)
    }
    if let word = arguments.first, let meant = Misspellings.commandMeant(word) {
      refuse("\(word): no such folder or command (did you mean \(meant)?)")
    }
    if let refusal = Misspellings.helpRefused(arguments) { refuse(refusal) }
    if let (word, meant) = Misspellings.commandAfterOptions(arguments) {
      let rest = arguments.filter { $0 != word }.joined(separator: " ")
      refuse(
        word == meant
          ? "\(word): a command comes before its options (meet-the-members \(word) \(rest))"
          : "\(word): no such folder or command (did you mean \(meant)?)")
    }
    let command: any ParsableCommand
    do {
      command = try parseAsRoot(arguments)
    } catch {
      guard exitCode(for: error) == .validationFailure, !(error is CleanExit) else {
        exit(withError: error)
      }
      refuse(OldSpellings.said(error, arguments: arguments))
    }
    run(command)
  }

  /// Runs a command parsed: a refusal found then is one line too.
  private static func run(_ parsed: any ParsableCommand) {
    var command = parsed
    // Below what any command needs, one line rather than a hang.
    if let refusal = AddressSpace.refusal(
      needing: AddressSpace.neededToRun, by: "meet-the-members")
    {
      exit(withError: CommandError(refusal))
    }
    do {
      try command.run()
    } catch let error as UsageError {
      refuse(error.description)
    } catch let stopped as LaunchStopped {
      exit(withError: ExitCode(stopped.status))
    } catch {
      exit(withError: error)
    }
  }

  /// A refused command line: one line, and the status of a usage error (64).
  private static func refuse(_ message: String) -> Never {
    let line = "Error: \(TerminalText.escapingControls(message))\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    Glibc.exit(ExitCode.validationFailure.rawValue)
  }
}

/// `--graphics`: a mode, or the terminal's answers.
enum GraphicsOption: String, CaseIterable {
  case auto, kitty, sixel, iterm2, symbols

  /// The mode asked for; nil for auto.
  var mode: GraphicsMode? { GraphicsMode(rawValue: rawValue) }
}
