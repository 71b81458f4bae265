import Glibc

/// A limit the shell sets on what it runs (`ulimit`), as getrlimit(2) reads it: `OpenFiles`
/// and `AddressSpace` say what the game needs of theirs.
enum ProcessLimit {
  /// The soft limit of `resource` now (the one that holds); `Int.max` where it is unlimited
  /// or cannot be read.
  static func soft(_ resource: Int32) -> Int {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return Int.max }
    return Int(clamping: limit.rlim_cur)
  }

  /// Raises a soft limit of `resource` below `most` toward the hard one: a launcher may lower
  /// the soft limit alone, which any program may raise again (a shell's `ulimit` lowers both,
  /// and then it cannot). A soft limit at or above `most` is left as it is.
  static func raise(_ resource: Int32, to most: Int) {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return }
    let wanted = min(limit.rlim_max, rlim_t(most))
    guard wanted > limit.rlim_cur else { return }
    limit.rlim_cur = wanted
    _ = setrlimit(resource, &limit)
  }
}
