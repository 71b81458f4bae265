import Glibc

/// How many files the process may have open at once (`ulimit -n`).
public enum OpenFiles {
  /// The least the terminal game needs: the terminal, the history and its log, photos being
  /// decoded, the loop's signals and timers, and tmux's answer about its pane, which
  /// Foundation's `Process` asks for and which stops the program, rather than failing, when it
  /// cannot open its own (measured: the game stopped so under 25 in tmux, under 20 outside).
  public static let neededToPlay = 64
  /// The least a roster's fetch from its server needs: AsyncHTTPClient's event loops stopped
  /// the program at 13 and under, and at 14 and 15 said "too many open files" of the server.
  public static let neededToFetch = 32

  /// The soft limit now (the one that holds), `Int.max` where it is unlimited or cannot be read.
  public static var limit: Int { ProcessLimit.soft(Int32(RLIMIT_NOFILE.rawValue)) }

  /// Raises a soft limit below `neededToPlay` toward the hard one (`ProcessLimit.raise`).
  public static func raise(to most: Int = neededToPlay) {
    ProcessLimit.raise(Int32(RLIMIT_NOFILE.rawValue), to: most)
  }
}
