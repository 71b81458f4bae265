import CNcurses

#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal back if the process dies of a crash signal while ncurses has it: the
/// terminal modes saved before ncurses started, and the bytes that leave the alternate
/// screen, show the cursor and reset colours, mouse and focus reports. A signal handler can
/// only do async-signal-safe things, so everything is prepared in advance; afterwards the
/// previous handler (the Swift runtime's backtracer, or the default) takes over.
enum CrashGuard {
  private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
  nonisolated(unsafe) private static var savedModes = termios()
  nonisolated(unsafe) private static var restoreBytes: [UInt8] = []
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) private static var previousActions: [sigaction] = Array(
    repeating: .init(), count: 65)
  nonisolated(unsafe) static var armed = false

  /// Saves the terminal's modes and the restore sequence of the terminfo entry loaded last,
  /// and installs the handlers (once).
  static func install(restoring fd: Int32) {
    _ = tcgetattr(fd, &savedModes)
    var bytes = ""
    for name in ["sgr0", "cnorm", "rmcup"] {
      if let value = mtm_string_capability(name) { bytes += String(cString: value) }
    }
    bytes += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l" + Terminal.focusReportsOff + "\r\n"
    restoreBytes = Array(bytes.utf8)
    guard !installed else { return }
    installed = true
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        if CrashGuard.armed {
          CrashGuard.armed = false
          _ = CrashGuard.restoreBytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
          _ = tcsetattr(0, TCSAFLUSH, &CrashGuard.savedModes)
        }
        // Hand over to whoever handled this signal before: raised again, it is delivered to
        // them as this handler returns (a fault would also happen again).
        _ = sigaction(signal, &CrashGuard.previousActions[Int(signal)], nil)
        _ = raise(signal)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, &previousActions[Int(signal)])
    }
  }
}
