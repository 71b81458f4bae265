import ArgumentParser
import Dispatch
import Foundation
import Roster
import RosterDownload
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// A roster URL in place of a folder: the roster fetched into the cache (its progress on
/// standard error) and loaded from there. Ctrl-C stops the download and keeps what the cache
/// held; a server that cannot be used leaves the cached version to play, with a warning.
enum RemoteRoster {
  static func load(_ argument: String) throws -> Roster {
    let safe = TerminalText.escapingControls
    guard let url = URL(string: argument), url.host?.isEmpty == false else {
      throw CommandError("\(safe(argument)): not a URL to fetch a roster from")
    }
    guard let cache = RosterCache.standard(environment: ProcessInfo.processInfo.environment)
    else {
      throw CommandError(
        "\(safe(argument)): no XDG_CACHE_HOME or HOME to keep the server's roster in")
    }
    let display = ProgressDisplay()
    let fetched: FetchedRoster
    do {
      fetched = try untilInterrupted {
        try await RosterFetcher(cache: cache).fetch(url) { event in
          display.show(event)
        }
      }
    } catch let error as FetchError where error.stopped {
      display.end()
      FileHandle.standardError.write(
        Data("Download stopped: the cache keeps what it held.\n".utf8))
      throw ExitCode(130)
    } catch {
      display.end()
      throw CommandError(safe("\(error)"))
    }
    display.end()
    var roster: Roster
    do {
      roster = try Roster.load(fetched.folder.string)
    } catch {
      throw CommandError("\(safe(argument)): the cached roster cannot be read: \(safe("\(error)"))")
    }
    roster.title = "\(fetched.name), version \(fetched.version)"
    roster.name = fetched.name
    roster.serverURL = argument
    roster.version = fetched.version
    roster.scoresURL = fetched.scores
    if let problem = fetched.scoresProblem {
      FileHandle.standardError.write(Data("Warning: \(safe(argument)): \(safe(problem))\n".utf8))
    }
    if let problem = fetched.problem, let warning = fetched.warning {
      roster.notice = "Cached version \(fetched.version): \(problem.problem)"
      FileHandle.standardError.write(Data("Warning: \(safe(warning))\n".utf8))
    }
    return roster
  }

  /// Runs `body` on the concurrent executor and waits for it; SIGINT and SIGTERM cancel it
  /// (and are the system's again afterwards). The signals are caught by a plain handler that
  /// sets a flag, looked at ten times a second: a dispatch source for them here would leave
  /// libdispatch unable to deliver them to the game's own sources later (Ctrl-C and SIGTERM
  /// did nothing in a game of a roster from a server).
  private static func untilInterrupted<T: Sendable>(
    _ body: @escaping @Sendable () async throws -> T
  ) throws -> T {
    let (task, outcome) = started(body)
    interruptingSignal = 0
    for number in [SIGINT, SIGTERM] {
      signal(number) { interruptingSignal = $0 }
    }
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

/// Runs `body` on the concurrent executor and waits for it (from a thread of no task: the
/// main thread, a dispatch queue's).
func waitingFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<
  T, any Error
> {
  started(body).result()
}

/// `body` started on the concurrent executor: its task, and what waits for its result.
private func started<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> (
  task: Task<Void, Never>, result: () -> Result<T, any Error>
) {
  let outcome = Outcome<T>()
  let task = Task.detached {
    let result: Result<T, any Error>
    do {
      result = .success(try await body())
    } catch {
      result = .failure(error)
    }
    outcome.finish(result)
  }
  return (task, outcome.wait)
}

/// A result handed from the task to the waiting thread.
private final class Outcome<T: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<T, any Error>?

  func finish(_ result: Result<T, any Error>) {
    self.result = result
    done.signal()
  }

  func wait() -> Result<T, any Error> {
    done.wait()
    return result!
  }
}

/// The download's progress on standard error: in a terminal, a bar redrawn on one line ten
/// times a second, whether bytes come or not (the rate falls while a server stalls); else a
/// line at each quarter.
private final class ProgressDisplay: @unchecked Sendable {
  private let terminal = isatty(STDERR_FILENO) == 1
  private let unicode = ColorSupport.prepareLocale()
  private let lock = NSLock()
  /// The newest progress, and when it came.
  private var latest: (progress: DownloadProgress, at: ContinuousClock.Instant)?
  private var timer: (any DispatchSourceTimer)?
  /// The kind of checksum the download is checked against.
  private var checksum = Checksum.Kind.sha256
  /// In a log: the quarters printed so far (-1: none, not even 0%).
  private var quartersShown = -1

  func show(_ event: FetchEvent) {
    let safe = TerminalText.escapingControls
    lock.withLock {
      switch event {
      case .waitingForAnotherGame:
        write("Another game is fetching this roster; waiting for it...\n")
      case .newVersion(let manifest):
        checksum = manifest.checksum.kind
        let club = manifest.name.map { " of \(safe($0))" } ?? ""
        write(
          "Downloading version \(safe(manifest.version))\(club) "
            + "(\(ProgressText.bytes(manifest.size))) from "
            + "\(safe(manifest.download.absoluteString))\n")
      case .downloading(let progress):
        latest = (progress, .now)
        if terminal {
          if timer == nil { startTimer() }
          if progress.received >= progress.total { drawBar() }
        } else {
          printQuarter(progress)
        }
      case .downloaded(let bytes, let elapsed):
        clearBar()
        write(ProgressText.downloaded(bytes, in: elapsed, checksum: checksum) + "\n")
      case .extracting:
        write("Extracting the photos...\n")
      case .extracted(let files, let bytes, let elapsed):
        write(ProgressText.extracted(files: files, bytes: bytes, in: elapsed) + "\n")
      }
    }
  }

  /// Leaves the cursor at the start of a clean line.
  func end() {
    lock.withLock { clearBar() }
  }

  /// Draws the bar now and every tenth of a second.
  private func startTimer() {
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now(), repeating: .milliseconds(100))
    timer.setEventHandler { [weak self] in
      guard let self else { return }
      self.lock.withLock { self.drawBar() }
    }
    timer.resume()
    self.timer = timer
  }

  private func drawBar() {
    guard let (reported, at) = latest else { return }
    var progress = reported
    progress.elapsed += at.duration(to: .now)
    let bar = ProgressText.bar(progress, width: terminalColumns() - 1, unicode: unicode)
    write("\r\(bar)\u{1B}[K")
  }

  private func printQuarter(_ progress: DownloadProgress) {
    let quarter = progress.total > 0 ? Int(4 * progress.received / progress.total) : 4
    guard quarter > quartersShown else { return }
    quartersShown = quarter
    write("  \(ProgressText.line(progress))\n")
  }

  private func clearBar() {
    timer?.cancel()
    timer = nil
    if terminal && latest != nil { write("\r\u{1B}[K") }
    latest = nil
  }

  /// Text whose values from the server are escaped already.
  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  private func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
