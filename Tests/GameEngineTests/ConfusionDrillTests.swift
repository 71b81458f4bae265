import GameEngine
import XCTest

/// The confusions drill: the pairs taken for each other at least twice, each shown side by
/// side, then each of the two asked by name and by face with the other among the options.
final class ConfusionDrillTests: XCTestCase {
  private let id = { (number: Int) in MemberID("m\(number)") }

  /// A session of twelve in which m1 and m2 were taken for each other three times, m3 and m4
  /// twice, m5 and m6 once.
  private func drillSession(_ answers: [(Int, Int)]? = nil) -> Session {
    var session = makeGame(members: club(12))
    let pairs = answers ?? [(1, 2), (2, 1), (1, 2), (3, 4), (4, 3), (5, 6)]
    session.restore(
      Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0),
      confusions: Confusions(pairs.map { (id($0.0), id($0.1)) }))
    return session
  }

  /// Plays the drill's round to its end, answering right, and returns what was shown:
  /// "pair m1 m2", "name m1", "face m2", ...
  private func playRound(_ session: inout Session, from start: Instant) -> [String] {
    var shown: [String] = []
    var now = start
    for _ in 0..<100 {
      if let card = session.state.phase.introduction {
        shown.append("pair \(card.member.id) \(card.partner?.id.rawValue ?? "-")")
        now = now + .seconds(1)
        session.play(.nextPressed, at: now)
        continue
      }
      guard let question = session.answerRight(at: &now) else { break }
      shown.append("\(question.kind.rawValue) \(question.member.id)")
    }
    return shown
  }

  func testEachPairConfusedTwiceIsShownThenAskedByNameAndByFace() throws {
    var session = drillSession()
    XCTAssertEqual(session.drillPairs.map { [$0.0, $0.1] }, [[id(1), id(2)], [id(3), id(4)]])
    session.play(.drillPressed, at: .zero)
    XCTAssertEqual(session.state.game?.mode, .drill)
    // Every question offers the other of its pair.
    var partnersOffered = true
    var now = Instant.zero
    var shown: [String] = []
    for _ in 0..<40 {
      if let card = session.state.phase.introduction {
        XCTAssertNotNil(card.partner, "only cards of two")
        shown.append("pair \(card.member.id) \(card.partner?.id.rawValue ?? "-")")
        now = now + .seconds(1)
        session.play(.nextPressed, at: now)
        continue
      }
      guard let question = session.state.phase.question else { break }
      let partner = ["m1": "m2", "m2": "m1", "m3": "m4", "m4": "m3"][question.member.id.rawValue]
      partnersOffered =
        partnersOffered && question.options.contains { $0.member.rawValue == partner }
      shown.append("\(question.kind.rawValue) \(question.member.id)")
      now = now + .seconds(1)
      session.play(question.rightAnswer, at: now)
      now = now + .seconds(2)
      session.play(.clockTicked, at: now)
    }
    XCTAssertEqual(
      shown,
      [
        "pair m1 m2", "name m1", "name m2", "face m1", "face m2",
        "pair m3 m4", "name m3", "name m4", "face m3", "face m4",
      ])
    XCTAssertTrue(partnersOffered)
    guard case .finished(let summary) = session.state.phase else {
      return XCTFail("\(session.state.phase)")
    }
    XCTAssertEqual(summary.results.count, 8)
  }

  func testACardOfTwoChangesNoMemory() throws {
    var session = drillSession()
    session.play(.drillPressed, at: .zero)
    let transitions = session.play(.clockTicked, at: .seconds(1))
    XCTAssertTrue(transitions.isEmpty)
    XCTAssertNotNil(session.state.phase.introduction?.partner)
    XCTAssertTrue(session.memories.records.isEmpty, "looked at again, not met")
  }

  func testWithoutPairsTheDrillDoesNotStart() {
    var session = drillSession([(5, 6), (7, 8)])
    XCTAssertTrue(session.drillPairs.isEmpty)
    session.play(.drillPressed, at: .zero)
    XCTAssertNil(session.state.game)
  }

  func testTheNextRoundTakesTheNextPairs() {
    // Six pairs, each twice (in order of identity: "m10" before "m3"): a round takes five,
    // the next the sixth and then the first again.
    var pairs: [(Int, Int)] = []
    for index in 0..<6 {
      pairs += [(2 * index + 1, 2 * index + 2), (2 * index + 2, 2 * index + 1)]
    }
    var session = drillSession(pairs)
    session.play(.drillPressed, at: .zero)
    let first = playRound(&session, from: .zero).filter { $0.hasPrefix("pair") }
    XCTAssertEqual(
      first, ["pair m1 m2", "pair m10 m9", "pair m11 m12", "pair m3 m4", "pair m5 m6"])
    session.play(.nextRoundPressed, at: .seconds(500))
    let second = playRound(&session, from: .seconds(500)).filter { $0.hasPrefix("pair") }
    XCTAssertEqual(
      second, ["pair m7 m8", "pair m1 m2", "pair m10 m9", "pair m11 m12", "pair m3 m4"])
  }
}
