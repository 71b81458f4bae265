import AppCore
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How a headless game ends the process: by its input's end (`playHeadless`) or by a signal
/// (a handler on a thread of its own), once.
extension Commands {
  /// Whether this is the first of a headless game's ways out to end it: its input's end, or
  /// a signal (whose handler runs on a thread of its own). Two threads in `exit` at once
  /// would each run what the process runs as it exits.
  static func claimExit() -> Bool {
    exitClaimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
  private static let exitClaimed = Mutex(false)

  /// Waits while the other way out ends the process.
  static func waitForTheExit() -> Never {
    while true { pause() }
  }

  /// Exits with `status`, unless the game is ending another way (then waits for it).
  private static func exitingOnce(_ status: Int32) -> Never {
    guard claimExit() else { waitForTheExit() }
    exit(status)
  }

  /// Ctrl-C, SIGTERM and SIGHUP end a headless game as they end the terminal's: the history's
  /// writes that wait are tried once more and the answers left saved (`HistoryRecorder.end`,
  /// its line on standard error), then the game exits with the signal's status. Without
  /// this, the signal ended the process with its answers waiting in memory. A game whose
  /// input ends as the signal comes ends once: whichever ends the history (`end`) says what
  /// is to be said and ends the process; the other waits for it.
  static func endingBySignals(_ recorder: HistoryRecorder?) -> [any DispatchSourceSignal] {
    let signals = [SIGINT, SIGTERM, SIGHUP]
    defer { SignalSources.awaitArmed(signals) }
    return signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        switch recorder?.end() {
        case .endedBefore:
          // The input's end ended the game, and its exit ends the process.
          waitForTheExit()
        case .ended(let line?):
          FileHandle.standardError.write(Data((line + "\n").utf8))
        case .ended(nil), nil:
          break
        }
        exitingOnce(128 + number)
      }
      source.resume()
      return source
    }
  }
}
