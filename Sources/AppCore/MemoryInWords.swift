import GameEngine

/// What the memory model says of a player, in words a player understands: how long a name
/// is recalled after a right answer, a sitting's and later days'.
public enum MemoryInWords {
  /// The statistics window's lines: how long a name is recalled nine times in ten after
  /// one right answer, after a sitting's and after later days' (see `MemoryModel.Lasting`);
  /// a typical player's until the model is `fitted` to the player's own answers.
  public static func lines(_ lasting: MemoryModel.Lasting, fitted: Bool) -> [String] {
    [
      (fitted ? "You recall" : "A typical player recalls") + " a name 9 times in 10 for about:",
      "  \(duration(lasting.afterARecall)) after a right answer,",
      "  \(duration(lasting.afterASitting)) after \(count(MemoryModel.Lasting.inASitting)) "
        + "in a sitting,",
      "  \(duration(lasting.afterLaterDays)) after \(count(MemoryModel.Lasting.laterDays)) "
        + "more on later days.",
    ]
  }

  private static func count(_ number: Int) -> String {
    let words = ["none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    return words.indices.contains(number) ? words[number] : "\(number)"
  }

  /// A length of time rounded to the unit a person would say: "45 seconds", "2 minutes",
  /// "17 hours", "4 days", "3 weeks", "5 months", "2 years".
  public static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return seconds > 0 ? "for ever" : "no time" }
    let units: [(name: String, seconds: Double, below: Double)] = [
      ("second", 1, 90), ("minute", 60, 59.5 * 60), ("hour", 3_600, 36 * 3_600),
      ("day", 86_400, 14 * 86_400), ("week", 7 * 86_400, 8 * 7 * 86_400),
      ("month", 30.44 * 86_400, 18 * 30.44 * 86_400), ("year", 365.25 * 86_400, .infinity),
    ]
    let unit = units.first { seconds < $0.below } ?? units[units.count - 1]
    let count = max(1, Int((seconds / unit.seconds).rounded()))
    return counted(count, unit.name)
  }
}
