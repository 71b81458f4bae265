import Glibc

/// How much memory the process may map (`ulimit -v`, the limit of its address space).
public enum AddressSpace {
  /// The least the terminal game needs, in bytes. Measured on the sample club with glibc's
  /// malloc kept to one arena (`meet-the-members`' `main` does so under a limit): a game
  /// played and quit at 200 MB; at 150 MB the launch ends in a hang in libdispatch, which
  /// waits on threads it cannot start.
  public static let neededToPlay = 256 << 20
  /// The least any command needs, in bytes: with one arena, a debug build's `headless` and
  /// `history` hung (Dispatch, SQLite's pool) at 120 MB and ran at 130; under 100 the loader
  /// cannot load the program at all.
  public static let neededToRun = 160 << 20

  /// The soft limit now (the one that holds), in bytes; `Int.max` where it is unlimited or
  /// cannot be read.
  public static var limit: Int { ProcessLimit.soft(Int32(RLIMIT_AS.rawValue)) }

  /// Raises a soft limit below `most` toward the hard one (`ProcessLimit.raise`).
  public static func raise(to most: Int = neededToPlay) {
    ProcessLimit.raise(Int32(RLIMIT_AS.rawValue), to: most)
  }

  /// Why `who` cannot run under the limit now when it needs `needed` bytes, in one line
  /// ("only 146 MiB of memory allowed; the game needs 256 (ulimit -v 262144)"); nil when it can.
  public static func refusal(needing needed: Int, by who: String) -> String? {
    guard limit < needed else { return nil }
    return "only \(limit >> 20) MiB of memory allowed; \(who) needs \(needed >> 20) "
      + "(ulimit -v \(needed >> 10))"
  }
}
