import AppCore
import Dispatch
import Foundation
import History
import Roster
import RosterDownload
import URLText

#if canImport(Glibc)
  import Glibc
#endif

/// A roster URL in place of a folder: the roster fetched into the cache (its progress on
/// standard error) and loaded from there. Ctrl-C stops the fetch and plays the version the
/// cache holds (without one, or at SIGTERM, the game ends, the cache kept as it was); a
/// server that cannot be used leaves the cached version to play, with a warning.
package enum RemoteRoster {
  /// `largestMegabytes`: the `largest-download` setting, when the settings give it.
  /// `MEET_THE_MEMBERS_DOWNLOAD_TIMES` ("manifest=2,silence=1,longest=5,judged-after=0.5",
  /// in seconds) shortens the waits, for tests.
  /// `cachedAtCtrlC`: whether Ctrl-C plays the cached version (a game) rather than ends the
  /// command (check, list, forget).
  package static func load(
    _ argument: String, largestMegabytes: Int64? = nil, cachedAtCtrlC: Bool = true
  ) throws -> Roster {
    let safe = TerminalText.escapingControls
    guard let url = URL(string: argument), url.host?.isEmpty == false else {
      throw CommandError(
        "\(safe(URLText.withoutPassword(argument))): not a URL to fetch a roster from")
    }
    // Said without a password it carries, which only the requests send.
    let shown = safe(WebAddress.shown(url))
    if let problem = WebAddress.problem(with: url) {
      throw CommandError("\(shown): not a URL to fetch a roster from (\(problem))")
    }
    // Fewer, and the HTTP client's own event loops stop the program rather than fail.
    guard OpenFiles.limit >= OpenFiles.neededToFetch else {
      throw CommandError(
        "only \(OpenFiles.limit) files may be open at once: fetching a roster needs "
          + "\(OpenFiles.neededToFetch) (ulimit -n \(OpenFiles.neededToFetch))")
    }
    guard let cache = RosterCache.standard(environment: ProcessInfo.processInfo.environment)
    else {
      throw CommandError(
        "\(shown): no XDG_CACHE_HOME or HOME to keep the server's roster in")
    }
    let limits = DownloadLimits(largestMegabytes: largestMegabytes)
      .with(times: TestTimes.named("MEET_THE_MEMBERS_DOWNLOAD_TIMES"))
    let display = ProgressDisplay(
      server: url.host ?? argument, manifestLimit: limits.manifest,
      noticeAfter: LaunchNotice.delay, cachedAtCtrlC: cachedAtCtrlC)
    /// Ends the command after Ctrl-C or SIGTERM, saying so: 130 for Ctrl-C, 143 for SIGTERM,
    /// the status of a program the signal ended.
    func stopped() -> LaunchStopped {
      display.end()
      let stopped =
        display.waitedForAnotherGame
        ? "Stopped waiting for the other game" : "Download stopped"
      FileHandle.standardError.write(Data("\(stopped): the cache keeps what it held.\n".utf8))
      return LaunchStopped(status: 128 + (interruptingSignal != 0 ? interruptingSignal : SIGINT))
    }
    let fetched: FetchedRoster
    do {
      fetched = try untilInterrupted {
        try await RosterFetcher(cache: cache, limits: limits).fetch(url, playing: cachedAtCtrlC) {
          event in
          display.show(event)
        }
      }
    } catch let error as FetchError where error.stopped {
      throw stopped()
    } catch {
      display.end()
      throw CommandError(safe("\(error)"))
    }
    display.end()
    if fetched.problem?.stopped == true {
      // In a game, Ctrl-C plays the version the cache holds; SIGTERM ends it.
      guard cachedAtCtrlC, interruptingSignal != SIGTERM else { throw stopped() }
      FileHandle.standardError.write(
        Data("Download stopped: playing version \(safe(fetched.version)) from the cache.\n".utf8))
    }
    var roster: Roster
    do {
      roster = try LaunchNotice.saying("Reading the roster's photos...") {
        try Roster.load(fetched.folder.string)
      }
    } catch {
      throw CommandError("\(shown): the cached roster cannot be read: \(safe("\(error)"))")
    }
    roster.title = "\(fetched.name), version \(fetched.version)"
    roster.name = fetched.name
    roster.serverURL = argument
    roster.version = fetched.version
    roster.scoresURL = fetched.scores
    if let problem = fetched.scoresProblem {
      FileHandle.standardError.write(Data("Warning: \(shown): \(safe(problem))\n".utf8))
    }
    if let problem = fetched.problem, !problem.stopped, let warning = fetched.warning {
      roster.notice = "Cached version \(fetched.version): \(problem.problem)"
      FileHandle.standardError.write(Data("Warning: \(safe(warning))\n".utf8))
    }
    return roster
  }

  /// Runs `body` on the concurrent executor and waits for it; SIGINT and SIGTERM cancel it
  /// (and are the system's again afterwards). The signals are caught by a plain handler that
  /// sets a flag, looked at ten times a second: a dispatch source for them here would leave
  /// libdispatch unable to deliver them to the game's own sources later (Ctrl-C and SIGTERM
  /// did nothing in a game of a roster from a server). The handler is in place before `body`
  /// starts, so that a signal sent once it says anything (that it waits for another game)
  /// stops it rather than killing the game.
  private static func untilInterrupted<T: Sendable>(
    _ body: @escaping @Sendable () async throws -> T
  ) throws -> T {
    interruptingSignal = 0
    for number in [SIGINT, SIGTERM] {
      signal(number) { interruptingSignal = $0 }
    }
    let (task, outcome) = started(body)
    let watch = DispatchSource.makeTimerSource(queue: .global())
    watch.schedule(deadline: .now(), repeating: .milliseconds(100))
    watch.setEventHandler { if interruptingSignal != 0 { task.cancel() } }
    watch.resume()
    let result = outcome()
    watch.cancel()
    for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    return try result.get()
  }
}

/// The signal that asked a download to stop (0: none), set by the handler alone.
nonisolated(unsafe) private var interruptingSignal: Int32 = 0
