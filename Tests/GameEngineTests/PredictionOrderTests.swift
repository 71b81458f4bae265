import GameEngine
import XCTest

/// Whether the predictions rank the player's answers (`PredictionOrder`), and learn mode's
/// choice once everyone is met and nobody is due.
final class PredictionOrderTests: XCTestCase {
  func testTheAreaCountsTheRightAnswersPredictedAboveEachMissAndATieHalf() throws {
    var order = PredictionOrder()
    for recall in [0.9, 0.8, 0.5, 0.5, 0.7] { order.add(recall: recall, right: true) }
    for recall in [0.5, 0.1, 0.2, 0.3] { order.add(recall: recall, right: false) }
    XCTAssertNil(order.area, "four misses are too few to judge")
    XCTAssertFalse(order.ranksPoorly, "too few to judge: learn mode asks by its predictions")
    order.add(recall: 0.4, right: false)
    // 5 + 5 + 4.5 + 4.5 + 5 pairs of 25.
    XCTAssertEqual(try XCTUnwrap(order.area), 0.96, accuracy: 1e-12)
    XCTAssertFalse(order.ranksPoorly)

    var reversed = PredictionOrder()
    for recall in [0.9, 0.8, 0.5, 0.5, 0.7] { reversed.add(recall: recall, right: false) }
    for recall in [0.5, 0.1, 0.2, 0.3, 0.4] { reversed.add(recall: recall, right: true) }
    XCTAssertEqual(try XCTUnwrap(reversed.area), 0.04, accuracy: 1e-12)
    XCTAssertTrue(reversed.ranksPoorly)

    // Chance, and a little better, still rank poorly; from 0.55 the order is asked by.
    var level = PredictionOrder()
    for _ in 0..<5 {
      level.add(recall: 0.6, right: true)
      level.add(recall: 0.6, right: false)
    }
    XCTAssertEqual(try XCTUnwrap(level.area), 0.5, accuracy: 1e-12)
    XCTAssertTrue(level.ranksPoorly)
    var better = PredictionOrder()
    for recall in [0.6, 0.6, 0.6, 0.6, 0.6] { better.add(recall: recall, right: true) }
    for recall in [0.5, 0.5, 0.5, 0.7, 0.7] { better.add(recall: recall, right: false) }
    XCTAssertEqual(try XCTUnwrap(better.area), 0.6, accuracy: 1e-12)
    XCTAssertFalse(better.ranksPoorly)
  }

  /// Twelve people met yesterday: six of them answered right three times, six once. Today
  /// each is answered once, five seconds apart, the six of `firstToday` first; `missed` are
  /// answered wrong. Returns the memories and the time of the last answer.
  private func memories(
    _ members: [Member], firstToday: [Member], missed: Set<MemberID>, practised: Set<MemberID>
  ) -> (Memories, Double) {
    var memories = Memories()
    for (index, member) in members.enumerated() {
      let start = Double(index) * 300
      memories.introduce(member.id, at: start)
      let times = practised.contains(member.id) ? 3 : 1
      for answer in 1...times {
        memories.remember(answers(about: member).right, at: start + Double(answer) * 60)
      }
    }
    let today = firstToday + members.filter { !firstToday.contains($0) }
    var time = 86_400.0
    for member in today {
      time += 5
      let answer = answers(about: member)
      memories.remember(missed.contains(member.id) ? answer.wrong : answer.right, at: time)
    }
    return (memories, time)
  }

  func testTheOrderIsJudgedOnTheAnswersOfALaterSittingAlone() throws {
    let members = club(12)
    let practised = Set(members.prefix(6).map(\.id))
    let little = Set(members.suffix(6).map(\.id))
    // The names practised most are predicted strongest today; missing them is backwards.
    let (backwards, _) = memories(
      members, firstToday: Array(members.suffix(6)), missed: practised, practised: practised)
    let order = backwards.predictionOrder
    XCTAssertEqual(order.right.count, 6, "yesterday's answers are not judged")
    XCTAssertEqual(order.missed.count, 6)
    XCTAssertEqual(try XCTUnwrap(order.area), 0, accuracy: 1e-12)
    XCTAssertTrue(order.ranksPoorly)

    let (forwards, _) = memories(
      members, firstToday: Array(members.prefix(6)), missed: little, practised: practised)
    XCTAssertEqual(try XCTUnwrap(forwards.predictionOrder.area), 1, accuracy: 1e-12)
    XCTAssertFalse(forwards.predictionOrder.ranksPoorly)
  }

  func testALaunchAndAnAnswerTakenBackFindTheOrderKeptAnswerByAnswer() throws {
    let members = club(12)
    let practised = Set(members.prefix(6).map(\.id))
    var (kept, end) = memories(
      members, firstToday: Array(members.suffix(6)), missed: practised, practised: practised)
    // The next launch reads the records and the cards and answers from the history, and
    // replays them with every answer's time counted (the game counted them one by one).
    func assertSame(_ order: PredictionOrder, _ kept: PredictionOrder, _ what: String) {
      XCTAssertEqual(order.right.count, kept.right.count, what)
      XCTAssertEqual(order.missed.count, kept.missed.count, what)
      for (a, b) in zip(order.right + order.missed, kept.right + kept.missed) {
        XCTAssertEqual(a, b, accuracy: 0.005, what)
      }
      XCTAssertEqual(order.area, kept.area, what)
    }
    let launched = Memories(
      kept.records, model: kept.model, guessTimes: kept.guessTimes, taken: kept.taken)
    assertSame(launched.predictionOrder, kept.predictionOrder, "at the next launch")

    // An answer of today's the history could not keep: as if never given.
    let before = kept.predictionOrder
    let member = members[6]
    let record = kept.records[member.id]
    kept.remember(answers(about: member).wrong, at: end + 86_400)
    XCTAssertEqual(kept.predictionOrder.missed.count, before.missed.count + 1)
    kept.revert(member.id, to: record)
    assertSame(kept.predictionOrder, before, "the answer taken back")
  }

  func testWithThePredictionsBackwardsTheOneAskedLongestAgoIsAskedWhenNobodyIsDue() throws {
    let members = club(12)
    let everyone = Set(members.map(\.id))
    let practised = Set(members.prefix(6).map(\.id))
    let little = Set(members.suffix(6).map(\.id))
    var random = SeededGenerator(seed: 3)
    let scheduler = LearnScheduler(members: members.map(\.id), using: &random)

    // Backwards: the one answered first today (right) is asked, though others are weaker.
    let (backwards, end) = memories(
      members, firstToday: Array(members.suffix(6)), missed: practised, practised: practised)
    let now = end + 2
    XCTAssertEqual(backwards.due(among: members.map(\.id), at: now), 0, "nobody is due")
    let first = members[6].id
    let weakest = try XCTUnwrap(
      members.map(\.id).min {
        backwards.recall(of: $0, at: now)! < backwards.recall(of: $1, at: now)!
      })
    XCTAssertNotEqual(weakest, first)
    XCTAssertEqual(
      scheduler.next(inPlay: everyone, memories: backwards, at: now), .ask(first))

    // In the right order: the weakest, not the one answered first today.
    let (forwards, forwardEnd) = memories(
      members, firstToday: Array(members.prefix(6)), missed: little, practised: practised)
    let later = forwardEnd + 2
    XCTAssertEqual(forwards.due(among: members.map(\.id), at: later), 0, "nobody is due")
    let weakestForwards = try XCTUnwrap(
      members.map(\.id).min {
        forwards.recall(of: $0, at: later)! < forwards.recall(of: $1, at: later)!
      })
    XCTAssertNotEqual(weakestForwards, members[0].id)
    XCTAssertEqual(
      scheduler.next(inPlay: everyone, memories: forwards, at: later), .ask(weakestForwards))
  }
}
