import XCTest

@testable import GameEngine

/// Once nobody is due and no one is new, learn mode asks the weakest anyway; for a player whose
/// typed names say their recall is weaker than the model holds, a person met in an earlier
/// game is asked again no sooner than the time between their last two showings in this one.
final class GrowingIntervalsTests: XCTestCase {
  /// Six people learnt on an earlier day, answered an hour ago, none due now; the first the
  /// weakest (a stability of one day), the sixth the strongest (six days).
  private static let people = (1...6).map { MemberID("m\($0)") }

  /// The memories of `people`, and of someone else (not in play) whose names were typed
  /// after right answers about them: four typed wrong of four when `typesBadly` (Wald's test
  /// then says typing does not pay), none otherwise.
  private func memories(typesBadly: Bool) -> Memories {
    var records: [MemberID: MemoryRecord] = [:]
    for (index, member) in Self.people.enumerated() {
      records[member] = MemoryRecord(
        memory: MemoryState(stability: Double(index + 1), difficulty: 5, learning: nil),
        lastAnswer: -3600, lastGrade: .good, typed: true)
    }
    let pick = Taken(
      time: -7200, kind: .answer(right: true, seconds: 1, kind: .name, slip: false))
    let typedWrong = Taken(
      time: -7100, kind: .answer(right: false, seconds: 5, kind: .typing, slip: false))
    let typist: [Taken] =
      typesBadly ? Array(repeating: [pick, typedWrong], count: 4).flatMap { $0 } : []
    return Memories(records, taken: [MemberID("typist"): typist])
  }

  /// Whom the scheduler asks at each of `times`, told of each step as it is shown; with
  /// `cardFirst`, the first step is shown as that person's name card (this game met them).
  private func asked(at times: [Double], typesBadly: Bool, cardFirst: Bool = false)
    -> [MemberID]
  {
    let memories = memories(typesBadly: typesBadly)
    XCTAssertEqual(LearnScheduler.spreads(memories), typesBadly)
    var random = SeededGenerator(seed: 1)
    var scheduler = LearnScheduler(members: Self.people, using: &random)
    return times.enumerated().map { index, time in
      let step = scheduler.next(inPlay: Set(Self.people), memories: memories, at: time)
      XCTAssertFalse(memories.isDue(step.member, at: time), "nobody is due")
      scheduler.shown(cardFirst && index == 0 ? .introduce(step.member) : step, at: time)
      return step.member
    }
  }

  func testAPersonIsAskedAgainNoSoonerThanTheirLastIntervalWhereTypingSaysRecallIsWeaker() {
    let (m1, m2, m3, m4, m5) = (
      Self.people[0], Self.people[1], Self.people[2], Self.people[3], Self.people[4]
    )
    // Every ten seconds, then a step a second later: the weakest four take turns (the last
    // three shown are never asked), and at 71 s the first was last asked 31 s before, sooner
    // than the 40 s between their last two questions.
    let times: [Double] = [0, 10, 20, 30, 40, 50, 60, 70, 71]
    let turns = [m1, m2, m3, m4, m1, m2, m3, m4]
    XCTAssertEqual(asked(at: times, typesBadly: false), turns + [m1], "the weakest, always")
    XCTAssertEqual(
      asked(at: times, typesBadly: true), turns + [m5],
      "the first's interval has not run: the weakest of those whose interval has")
    // A step at 80 s: the first's interval of 40 s has run again.
    XCTAssertEqual(asked(at: times.dropLast() + [80], typesBadly: true), turns + [m1])
    // Someone this game met with a name card is being learnt: asked as the weakest.
    XCTAssertEqual(asked(at: times, typesBadly: true, cardFirst: true), turns + [m1])
  }
}
