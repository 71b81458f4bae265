/// The days a player practised a roster: how many in a row, and which of the last weeks.
/// A day is a number of days since 1970-01-01 in the player's time zone.
public struct PracticeDays: Hashable, Sendable {
  /// Answers given each day.
  public private(set) var answers: [Int: Int] = [:]

  public init(answers: [Int: Int] = [:]) {
    self.answers = answers
  }

  /// The day of a Unix time, for a time zone `utcOffset` seconds ahead of UTC.
  public static func day(ofUnixSeconds time: Double, utcOffset: Int) -> Int {
    Int(((time + Double(utcOffset)) / 86_400).rounded(.down))
  }

  /// Takes in an answer given on `day`.
  public mutating func answered(on day: Int) {
    answers[day, default: 0] += 1
  }

  /// The days practised in a row up to `today`: a streak not yet continued today still
  /// counts from yesterday (it is broken only once a whole day passed without practice).
  public func streak(today: Int) -> Int {
    var day = answers[today] != nil ? today : today - 1
    var count = 0
    while answers[day] != nil {
      count += 1
      day -= 1
    }
    return count
  }

  /// The last `weeks` weeks up to the one of `today`, oldest first, each Monday to Sunday:
  /// the answers given on each day, nil for days after today.
  public func weeks(_ weeks: Int, today: Int) -> [[Int?]] {
    // 1970-01-01 was a Thursday: day 0 is the fourth day (index 3) of its week.
    let monday = today - (today + 3) % 7
    return (0..<weeks).map { week in
      let start = monday - 7 * (weeks - 1 - week)
      return (start..<start + 7).map { $0 > today ? nil : answers[$0, default: 0] }
    }
  }

  /// The days practised among the last `weeks` weeks up to `today`.
  public func practised(inLast weeks: Int, today: Int) -> Int {
    self.weeks(weeks, today: today).joined().count { ($0 ?? 0) > 0 }
  }
}
