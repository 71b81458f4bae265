import AppCore
import Dispatch
import Foundation
import GameEngine
import Roster
import RosterDownload
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The download's progress on standard error: in a terminal, a bar redrawn on one line ten
/// times a second, whether bytes come or not (the rate falls while a server stalls); else a
/// line at each quarter. In a terminal, a server slow to send the manifest is said after a
/// moment (counted from when it is asked for), so that the screen is never blank while the
/// game waits for it.
final class ProgressDisplay: @unchecked Sendable {
  private let terminal = isatty(STDERR_FILENO) == 1
  private let unicode = ProcessLocale.prepare()
  private let lock = NSLock()
  /// The newest progress, and when it came.
  private var latest: (progress: DownloadProgress, at: ContinuousClock.Instant)?
  private var timer: (any DispatchSourceTimer)?
  /// The kind of checksum the download is checked against.
  private var checksum = Checksum.Kind.sha256
  /// In a log: the quarters printed so far (-1: none, not even 0%).
  private var quartersShown = -1
  /// Says what the game waits for, once the manifest is slow to come; cancelled by any event.
  private var notice: DispatchWorkItem?
  private var waited = false
  /// The version the cache holds, which Ctrl-C plays (nil: none, or not for this command).
  private var cached: String?
  private let cachedAtCtrlC: Bool
  /// What is said once the manifest is slow to come, and after how long.
  private let waiting: (text: String, after: Duration)

  /// Whether this game waited for another's download.
  var waitedForAnotherGame: Bool { lock.withLock { waited } }

  /// `server`: the host the manifest is asked of; `manifestLimit`: the time it may take;
  /// `cachedAtCtrlC`: whether Ctrl-C plays the cached version (a game), said with the wait.
  init(server: String, manifestLimit: Duration, noticeAfter delay: Duration, cachedAtCtrlC: Bool) {
    self.cachedAtCtrlC = cachedAtCtrlC
    let seconds = manifestLimit.components.seconds
    waiting = (
      "Waiting for \(TerminalText.escapingControls(server)) to send the roster's manifest "
        + "(\(seconds) s at most", delay
    )
  }

  /// Says what the game waits for once the manifest has been asked for a moment: in a
  /// terminal, unless an event comes first.
  private func sayWaiting() {
    guard terminal else { return }
    let notice = DispatchWorkItem { [weak self] in
      guard let self else { return }
      self.lock.withLock {
        guard self.notice != nil else { return }
        self.notice = nil
        self.write(self.waiting.text + "; \(self.cachedChoice ?? "Ctrl-C stops"))...\n")
      }
    }
    self.notice = notice
    DispatchQueue.global().asyncAfter(
      deadline: .now() + waiting.after.dispatchInterval, execute: notice)
  }

  /// What Ctrl-C does while the cache holds a version: "Ctrl-C plays version 21 from the
  /// cache".
  private var cachedChoice: String? {
    cached.map { "Ctrl-C plays version \(TerminalText.escapingControls($0)) from the cache" }
  }

  func show(_ event: FetchEvent) {
    let safe = TerminalText.escapingControls
    lock.withLock {
      if case .askingForManifest(let version) = event {
        cached = cachedAtCtrlC ? version : nil
        return sayWaiting()
      }
      notice?.cancel()
      notice = nil
      switch event {
      case .askingForManifest: break
      case .waitingForAnotherGame:
        waited = true
        write("Another game is fetching this roster; waiting for it...\n")
      case .newVersion(let manifest):
        checksum = manifest.checksum.kind
        let club = manifest.name.map { " of \(safe($0))" } ?? ""
        write(
          "Downloading version \(safe(manifest.version))\(club) "
            + "(\(ProgressText.bytes(manifest.size))) from "
            + "\(safe(WebAddress.shown(manifest.download)))"
            + (cachedChoice.map { " (\($0))" } ?? "") + "\n")
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
    lock.withLock {
      notice?.cancel()
      notice = nil
      clearBar()
    }
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
    LaunchNotice.say(text)
  }

  private func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}

/// A line on standard error, in a terminal, when a step of the launch takes more than a
/// moment (half a second; `MEET_THE_MEMBERS_NOTICE_AFTER`, in seconds, for tests): the
/// screen says what the game waits for rather than stay blank.
package enum LaunchNotice {
  static let delay: Duration = {
    let text = ProcessInfo.processInfo.environment["MEET_THE_MEMBERS_NOTICE_AFTER"]
    guard let seconds = text.flatMap(Double.init), seconds >= 0 else { return .milliseconds(500) }
    return .milliseconds(Int64(seconds * 1000))
  }()

  /// Whether the launch said it was waiting: keys typed meanwhile were meant for the wait.
  private static let waited = Atomic(false)

  /// Says `text` on standard error, and that the launch waited.
  static func say(_ text: String) {
    waited.store(true, ordering: .relaxed)
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Drops the keys typed while the launch said it was waiting (a `q` or an Enter pressed at
  /// the wait), so that the game's first screen does not take them: called as the game
  /// takes the terminal. Keys typed where nothing was said are kept.
  package static func dropKeysTypedWhileWaiting() {
    guard waited.load(ordering: .relaxed), isatty(STDIN_FILENO) == 1 else { return }
    tcflush(STDIN_FILENO, TCIFLUSH)
  }

  /// `work`'s result; `text` said first when it takes longer than `delay`.
  package static func saying<T>(_ text: String, _ work: () throws -> T) rethrows -> T {
    guard isatty(STDERR_FILENO) == 1 else { return try work() }
    let line = "\(text)\n"
    guard delay > .zero else {
      say(line)
      return try work()
    }
    let notice = DispatchWorkItem { say(line) }
    DispatchQueue.global().asyncAfter(deadline: .now() + delay.dispatchInterval, execute: notice)
    defer { notice.cancel() }
    return try work()
  }
}

extension Duration {
  /// The duration as Dispatch takes it.
  var dispatchInterval: DispatchTimeInterval {
    .nanoseconds(Int(wholeNanoseconds))
  }
}
