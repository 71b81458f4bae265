import AppCore
import CNcurses

#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal back if the process dies of a crash signal while ncurses has it: the
/// terminal modes saved before ncurses started, and the bytes that leave the alternate
/// screen, turn the keypad mode off, show the cursor and reset colours, mouse and focus
/// reports. A signal handler can only do async-signal-safe things, so everything is prepared
/// in advance. Then the process ends with that signal (its shell sees 128 + the signal), after
/// a line on standard error that says so.
///
/// The Swift runtime's backtracer would otherwise take over: on a terminal it asks whether to
/// debug, waits 30 s, and the process may live on with the terminal in a bad state. It is only
/// handed the signal when the player asked for it by setting SWIFT_BACKTRACE (for instance
/// `SWIFT_BACKTRACE=enable=yes,interactive=no` to get a backtrace on standard error).
enum CrashGuard {
  private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
  nonisolated(unsafe) private static var savedModes = termios()
  nonisolated(unsafe) private static var restoreBytes: [UInt8] = []
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) private static var previousActions: [sigaction] = Array(
    repeating: .init(), count: 65)
  nonisolated(unsafe) static var armed = false
  /// Whether the player asked for the runtime's backtracer (SWIFT_BACKTRACE is set).
  nonisolated(unsafe) private static var handsOver = false
  /// The line written before the process ends, one per signal.
  nonisolated(unsafe) private static var messages: [[UInt8]] = Array(repeating: [], count: 65)

  /// Saves the terminal's modes and the restore sequence of the terminfo entry loaded last,
  /// after `first` (what takes images off), and installs the handlers (once).
  static func install(restoring fd: Int32, first: [UInt8] = []) {
    _ = tcgetattr(fd, &savedModes)
    var bytes = ""
    for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
      if let value = mtm_string_capability(name) { bytes += String(cString: value) }
    }
    bytes += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l" + Terminal.focusReportsOff + "\r\n"
    restoreBytes = first + Array(bytes.utf8)
    guard !installed else { return }
    installed = true
    handsOver = getenv("SWIFT_BACKTRACE") != nil
    for signal in signals {
      let name = String(cString: strsignal(signal))
      messages[Int(signal)] = Array("meet-the-members: ended by signal \(signal) (\(name))\n".utf8)
    }
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        if CrashGuard.armed {
          CrashGuard.armed = false
          _ = CrashGuard.restoreBytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
          _ = tcsetattr(0, TCSAFLUSH, &CrashGuard.savedModes)
        }
        if CrashGuard.handsOver {
          // Raised again, it reaches the previous handler as this one returns (a fault would
          // also happen again).
          _ = sigaction(signal, &CrashGuard.previousActions[Int(signal)], nil)
        } else {
          _ = CrashGuard.messages[Int(signal)].withUnsafeBytes {
            write(2, $0.baseAddress, $0.count)
          }
          // The default action ends the process with this signal once the handler returns
          // and the signal is unblocked.
          var fallback = sigaction()
          fallback.__sigaction_handler.sa_handler = SIG_DFL
          sigemptyset(&fallback.sa_mask)
          _ = sigaction(signal, &fallback, nil)
        }
        _ = raise(signal)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, &previousActions[Int(signal)])
    }
  }
}
