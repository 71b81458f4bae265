import Glibc

/// How much memory the process may map (`ulimit -v`, the limit of its address space).
public enum AddressSpace {
  /// The least the terminal game needs, in bytes. Measured on the sample club with glibc's
  /// malloc kept to one arena (`meet-the-members`' `main` does so under a limit): a game
  /// played and quit at 200 MB; at 150 MB the launch ends in a hang in libdispatch, which
  /// waits on threads it cannot start.
  public static let neededToPlay = 256 << 20

  /// The soft limit now (the one that holds), in bytes; `Int.max` where it is unlimited or
  /// cannot be read.
  public static var limit: Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
    else { return Int.max }
    return Int(clamping: limit.rlim_cur)
  }

  /// `bytes` in megabytes, and as `ulimit -v` takes them, in kilobytes: "256 MB (ulimit -v
  /// 262144)".
  public static func said(_ bytes: Int) -> String {
    "\(bytes >> 20) MB (ulimit -v \(bytes >> 10))"
  }
}
