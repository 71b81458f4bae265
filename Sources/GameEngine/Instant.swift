/// A point on a monotonic timeline, measured from an origin the caller chooses.
///
/// The engine never reads a clock: every event arrives stamped with an `Instant`, so tests
/// can drive minutes of play in microseconds and the app loop can use the system's monotonic
/// clock.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Time elapsed since the origin of the timeline.
  public var sinceOrigin: Duration

  public init(sinceOrigin: Duration) {
    self.sinceOrigin = sinceOrigin
  }

  /// The origin of the timeline.
  public static let zero = Instant(sinceOrigin: .zero)

  /// An instant `seconds` after the origin, to the nearest nanosecond, so that decimal
  /// literals such as `.seconds(4.8)` land exactly where they read.
  public static func seconds(_ seconds: Double) -> Instant {
    Instant(sinceOrigin: .nanoseconds(Int64((seconds * 1e9).rounded())))
  }

  /// An instant `milliseconds` after the origin.
  public static func milliseconds(_ milliseconds: Int64) -> Instant {
    Instant(sinceOrigin: .milliseconds(milliseconds))
  }

  /// An instant `nanoseconds` after the origin, as monotonic clocks report it.
  public static func nanoseconds(_ nanoseconds: UInt64) -> Instant {
    Instant(sinceOrigin: .nanoseconds(Int64(clamping: nanoseconds)))
  }

  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.sinceOrigin < rhs.sinceOrigin
  }

  public static func + (lhs: Instant, rhs: Duration) -> Instant {
    Instant(sinceOrigin: lhs.sinceOrigin + rhs)
  }

  public static func - (lhs: Instant, rhs: Duration) -> Instant {
    Instant(sinceOrigin: lhs.sinceOrigin - rhs)
  }

  public static func - (lhs: Instant, rhs: Instant) -> Duration {
    lhs.sinceOrigin - rhs.sinceOrigin
  }

  public var description: String {
    "t+\(sinceOrigin)"
  }
}

extension Duration {
  /// The duration in whole nanoseconds, rounded toward zero; exact for every duration the
  /// game deals in, so step and flash boundaries are computed without floating point.
  public var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// The duration in seconds, as a floating-point number (for the history, not for timing).
  public var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
