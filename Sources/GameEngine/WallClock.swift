/// The wall clock of the history (Unix seconds) as the engine sees it: the front end says
/// which wall time one instant of its clock is, and the rest follows.
public struct WallClock: Hashable, Sendable {
  public let origin: Instant
  public let unixSecondsAtOrigin: Double
  /// The player's time zone's offset from UTC in seconds, as the front end found it at
  /// launch: what day it is for the player.
  public let utcOffset: Int

  public init(origin: Instant, unixSecondsAtOrigin: Double, utcOffset: Int = 0) {
    self.origin = origin
    self.unixSecondsAtOrigin = unixSecondsAtOrigin
    self.utcOffset = utcOffset
  }

  public func unixSeconds(at instant: Instant) -> Double {
    unixSecondsAtOrigin + (instant - origin).seconds
  }

  /// The player's day at `instant`: days since 1970-01-01 in their time zone.
  public func day(at instant: Instant) -> Int {
    PracticeDays.day(ofUnixSeconds: unixSeconds(at: instant), utcOffset: utcOffset)
  }
}
