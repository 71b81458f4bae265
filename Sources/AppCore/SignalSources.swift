#if canImport(Glibc)
  import Glibc
#endif

/// Signals received by Dispatch's signal sources. On Linux, Dispatch arms a source on a thread
/// of its own some time after `resume`: until then the signal is ignored (the game sets
/// `SIG_IGN`, as Dispatch asks), and one sent meanwhile is lost. A SIGTERM sent as the game
/// had just started (its trace's `start` written) was lost so, and the game played on.
public enum SignalSources {
  /// Waits until Dispatch has armed a source for each of `signals` (the signal's handler is
  /// Dispatch's, no longer `SIG_IGN`), looking every millisecond, for `limit` seconds at most.
  public static func awaitArmed(_ signals: [Int32], limit: Double = 2) {
    for _ in 0..<Int(limit * 1000) {
      guard !signals.allSatisfy(isArmed) else { return }
      usleep(1000)
    }
  }

  /// Whether something other than `SIG_IGN` or `SIG_DFL` handles `signal`.
  static func isArmed(_ signal: Int32) -> Bool {
    var action = sigaction()
    guard sigaction(signal, nil, &action) == 0 else { return false }
    let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    return handler != unsafeBitCast(SIG_IGN, to: Int.self)
      && handler != unsafeBitCast(SIG_DFL, to: Int.self)
  }
}
