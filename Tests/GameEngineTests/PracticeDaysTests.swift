import GameEngine
import XCTest

/// The days a roster was practised: the streak and the weeks of the calendar.
final class PracticeDaysTests: XCTestCase {
  /// 2027-01-01, a Friday, in days since 1970-01-01.
  private let newYear = 20_819

  func testADayIsCountedInThePlayersTimeZone() {
    // 2027-01-01T23:30:00Z: still the 1st in UTC, already the 2nd two hours east.
    let time = Double(newYear) * 86_400 + 23.5 * 3_600
    XCTAssertEqual(PracticeDays.day(ofUnixSeconds: time, utcOffset: 0), newYear)
    XCTAssertEqual(PracticeDays.day(ofUnixSeconds: time, utcOffset: 7_200), newYear + 1)
    XCTAssertEqual(PracticeDays.day(ofUnixSeconds: -1, utcOffset: 0), -1, "before 1970 too")
    let clock = WallClock(
      origin: .seconds(10), unixSecondsAtOrigin: time, utcOffset: -3_600 * 5)
    XCTAssertEqual(clock.day(at: .seconds(10)), newYear)
    XCTAssertEqual(clock.day(at: .seconds(10 + 6 * 3_600)), newYear + 1)
  }

  func testTheStreakRunsUpToTodayOrYesterdayAndBreaksOnADayMissed() {
    var days = PracticeDays()
    for day in [newYear - 5, newYear - 3, newYear - 2, newYear - 1] { days.answered(on: day) }
    XCTAssertEqual(days.streak(today: newYear), 3, "not yet today: the streak still stands")
    days.answered(on: newYear)
    days.answered(on: newYear)
    XCTAssertEqual(days.streak(today: newYear), 4)
    XCTAssertEqual(days.streak(today: newYear + 2), 0, "a whole day without practice")
    XCTAssertEqual(days.answers[newYear], 2)
  }

  func testTheWeeksRunMondayToSundayWithNothingAfterToday() {
    var days = PracticeDays()
    // Monday 2026-12-21, Thursday 2026-12-31 and Friday 2027-01-01.
    for day in [newYear - 11, newYear - 1, newYear, newYear] { days.answered(on: day) }
    XCTAssertEqual(
      days.weeks(3, today: newYear),
      [
        [0, 0, 0, 0, 0, 0, 0],  // 14-20 December
        [1, 0, 0, 0, 0, 0, 0],  // 21-27 December
        [0, 0, 0, 1, 2, nil, nil],  // 28 December to 3 January: today is Friday
      ])
    XCTAssertEqual(days.practised(inLast: 3, today: newYear), 3)
    XCTAssertEqual(days.practised(inLast: 1, today: newYear), 2)
  }

  /// Someone met is due once their recall falls below 0.9; someone never met is new, not due.
  func testSomeoneIsDueOnceTheirRecallFallsBelowTheDesiredRecall() {
    let members = club(3).map(\.id)
    let memories = Memories([
      members[0]: MemoryRecord(
        memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: 0, lastGrade: .good),
      members[1]: MemoryRecord(
        memory: MemoryState(stability: 10, difficulty: 5), lastAnswer: 0, lastGrade: .good),
    ])
    XCTAssertEqual(memories.due(among: members, at: 0), 0)
    XCTAssertEqual(memories.due(among: members, at: 0.99 * 86_400), 0, "0.9 after one day")
    XCTAssertEqual(memories.due(among: members, at: 1.01 * 86_400), 1)
    XCTAssertEqual(memories.due(among: members, at: 10.01 * 86_400), 2)
  }
}
