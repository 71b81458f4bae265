import GameEngine

/// What the memory model says of a player, in words a player understands: how long a name
/// lasts after a right answer, once learnt, and after five reviews.
public enum MemoryInWords {
  /// The statistics window's two lines.
  public static func lines(_ lasting: MemoryModel.Lasting) -> [String] {
    [
      "After a right answer you keep a name about \(duration(lasting.afterARecall));",
      "learnt, about \(duration(lasting.learnt)); "
        + "after five reviews, about \(duration(lasting.afterFiveReviews)).",
    ]
  }

  /// A length of time rounded to the unit a person would say: "45 seconds", "2 minutes",
  /// "17 hours", "4 days", "3 weeks", "5 months", "2 years".
  public static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return seconds > 0 ? "for ever" : "no time" }
    let units: [(name: String, seconds: Double, below: Double)] = [
      ("second", 1, 90), ("minute", 60, 90 * 60), ("hour", 3_600, 36 * 3_600),
      ("day", 86_400, 14 * 86_400), ("week", 7 * 86_400, 8 * 7 * 86_400),
      ("month", 30.44 * 86_400, 18 * 30.44 * 86_400), ("year", 365.25 * 86_400, .infinity),
    ]
    let unit = units.first { seconds < $0.below } ?? units[units.count - 1]
    let count = max(1, Int((seconds / unit.seconds).rounded()))
    return "\(count) \(unit.name)\(count == 1 ? "" : "s")"
  }
}
