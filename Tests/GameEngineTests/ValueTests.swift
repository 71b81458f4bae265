import GameEngine
import XCTest

/// The small value types the front end reads.
final class ValueTests: XCTestCase {
  func testInstantsFromEveryUnitMeetOnTheSameTimeline() {
    XCTAssertEqual(Instant.seconds(1.5), .milliseconds(1_500))
    XCTAssertEqual(Instant.nanoseconds(1_500_000_000), .milliseconds(1_500))
    XCTAssertEqual(Instant.nanoseconds(.max), Instant(sinceOrigin: .nanoseconds(Int64.max)))
    XCTAssertEqual(Instant.zero + .seconds(2) - .milliseconds(500), Instant.seconds(1.5))
    XCTAssertEqual(Instant.seconds(3) - Instant.seconds(1), .seconds(2))
    XCTAssertLessThan(Instant.seconds(4.999), .seconds(5))
    XCTAssertEqual("\(Instant.seconds(2))", "t+2.0 seconds")
  }

  func testMemberIDsSortAndPrintAsTheirPath() {
    XCTAssertLessThan(MemberID("a/Bo.jpg"), MemberID("b/Al.jpg"))
    XCTAssertEqual("\(MemberID("recruits/Bo.jpg"))", "recruits/Bo.jpg")
    XCTAssertEqual(
      Member(id: MemberID("x"), name: "Zo\u{EB}").nameKey,
      Member(id: MemberID("y"), name: "ZOE\u{308}").nameKey)
  }

  func testPhaseHelpersDescribeEachPhase() {
    var game = makeGame()
    XCTAssertEqual(game.state.phase.question, nil)
    XCTAssertEqual(game.state.phase.progressStep, 0)
    XCTAssertFalse(game.state.phase.isRunning)
    XCTAssertFalse(game.state.phase.isPaused)

    game.play(.startPressed, at: .zero)
    let question = game.state.phase.question
    XCTAssertNotNil(question)
    XCTAssertTrue(game.state.phase.isRunning)

    game.play(.answerChosen(game.correctIndex), at: .seconds(3.5))
    XCTAssertTrue(game.state.phase.isRunning)
    XCTAssertEqual(game.state.phase.question, question)

    game.play(.pausePressed, at: .seconds(4))
    XCTAssertTrue(game.state.phase.isPaused)
    XCTAssertFalse(game.state.phase.isRunning)
    XCTAssertEqual(game.state.phase.question, question)
    XCTAssertEqual(game.state.phase.progressStep, 3, "a paused reveal keeps the step it held")
  }

  /// The names of outcomes are what players' histories hold: "timeout", not the case's name.
  func testOutcomesAreNamedAsTheHistoryRecordsThem() {
    let option = NameOption(name: "Bo", member: MemberID("bo"))
    XCTAssertEqual(
      [Outcome.correct, .wrong(chosen: option), .timedOut].map(\.name),
      ["correct", "wrong", "timeout"])
  }
}
