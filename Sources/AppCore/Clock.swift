import GameEngine

#if canImport(Glibc)
  import Glibc
#endif

/// The system's monotonic clock, the one the loop stamps events with. Another process reading
/// CLOCK_MONOTONIC gets the same timeline (the trace's times can be compared with it).
public enum MonotonicClock {
  public static func now() -> Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(sinceOrigin: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec))
  }

  /// Microseconds since the clock's origin.
  public static func microseconds(_ instant: Instant) -> Int64 {
    instant.sinceOrigin.wholeNanoseconds / 1000
  }
}
