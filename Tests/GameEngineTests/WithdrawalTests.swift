import GameEngine
import XCTest

/// Members whose photos fail to decode mid-game leave it.
final class WithdrawalTests: XCTestCase {
  func testAWithdrawnMemberIsNeverAskedNorOfferedAgain() {
    var game = gameOnFirstQuestion(rules: Rules(roundLength: .questions(1000)))
    let current = game.state.phase.question!.member
    let leaving = club(6).first { $0.id != current.id && $0.id != game.state.upcoming.member.id }!
    XCTAssertEqual(
      game.play(.memberWithdrawn(leaving.id), at: .seconds(1)),
      [Transition(kind: .memberWithdrawn(leaving), at: .seconds(1))])
    XCTAssertFalse(game.isInPlay(leaving.id))
    XCTAssertTrue(game.isInPlay(current.id))
    var seen = Set<MemberID>()
    for round in 0..<300 {
      let start = Instant.seconds(Double(round) * 7 + 1)
      let question = game.state.phase.question!
      if round > 0 {
        XCTAssertNotEqual(question.member.id, leaving.id)
        XCTAssertFalse(question.options.contains { $0.name == leaving.name })
      }
      seen.insert(question.member.id)
      game.play(.answerChosen(0), at: start)
      game.play(.clockTicked, at: start + .seconds(7))
    }
    XCTAssertEqual(seen.count, 5)
  }

  /// The upcoming question, whose picture is ready, takes the place and the number of the one
  /// that gave way: the player never sees a number skipped.
  func testWithdrawingTheMemberOnScreenShowsTheNextQuestionUnscoredUnderItsNumber() {
    var game = gameOnFirstQuestion()
    let question = game.state.phase.question!
    let upcoming = game.state.upcoming
    let transitions = game.handle(.memberWithdrawn(question.member.id), at: .seconds(1.5))
    let shown = Question(
      number: question.number, member: upcoming.member, options: upcoming.options,
      correctIndex: upcoming.correctIndex)
    XCTAssertEqual(
      transitions,
      [
        Transition(kind: .memberWithdrawn(question.member), at: .seconds(1.5)),
        Transition(kind: .questionPosed(shown), at: .seconds(1.5)),
      ])
    XCTAssertEqual(game.state.phase, .loading(shown), "its face is not on screen yet")
    game.play(.faceShown, at: .seconds(1.5))
    XCTAssertEqual(game.state.questionsPlayed, 0)
    XCTAssertEqual(game.answering?.startedAt, .seconds(1.5))
    XCTAssertEqual(game.answering?.step, 0)
    XCTAssertNotEqual(game.state.upcoming.member.id, question.member.id)
    XCTAssertEqual(game.state.upcoming.number, question.number + 1)
    game.play(.answerChosen(0), at: .seconds(2))
    game.play(.clockTicked, at: .seconds(9))
    XCTAssertEqual(game.answering?.question.number, question.number + 1)
    XCTAssertEqual(game.state.upcoming.number, question.number + 2)
  }

  /// The question that takes the place of a paused one waits, its face not shown yet, under
  /// the same pause; resumed, its answer time starts whole.
  func testWithdrawingTheMemberOfAPausedQuestionKeepsThePause() {
    var game = gameOnFirstQuestion()
    let question = game.state.phase.question!
    game.play(.pausePressed, at: .seconds(2))
    let upcoming = game.state.upcoming
    var expected = game.state
    game.play(.memberWithdrawn(question.member.id), at: .seconds(3))
    let shown = Question(
      number: question.number, member: upcoming.member, options: upcoming.options,
      correctIndex: upcoming.correctIndex)
    expected.phase = .paused(Paused(interrupted: .loading(shown), elapsed: .zero, reason: .player))
    expected.upcoming = game.state.upcoming
    XCTAssertEqual(game.state, expected)
    XCTAssertEqual(game.state.upcoming.number, question.number + 1)
    XCTAssertNotEqual(game.state.upcoming.member, question.member)
    XCTAssertNil(game.nextChange)

    game.play(.resumePressed, at: .seconds(10))
    expected.phase = .answering(Answering(question: shown, startedAt: .seconds(10), step: 0))
    XCTAssertEqual(game.state, expected)
  }

  func testTheGameKeepsFourNamesWhateverFails() {
    var game = makeGame(members: club(5))
    game.play(.startPressed, at: .zero)
    let members = club(5)
    XCTAssertTrue(game.isInPlay(members[0].id))
    game.play(.memberWithdrawn(members[0].id), at: .zero)
    XCTAssertFalse(game.isInPlay(members[0].id))
    let before = game.state
    XCTAssertTrue(game.play(.memberWithdrawn(members[1].id), at: .zero).isEmpty)
    XCTAssertTrue(game.isInPlay(members[1].id), "four names must stay")
    XCTAssertEqual(game.state, before)
    XCTAssertTrue(game.play(.memberWithdrawn(MemberID("nobody")), at: .zero).isEmpty)
  }

  func testAShareOfANameLeavingKeepsTheNameForTheOther() {
    let roster = members(["Alex Kim", "Alex Kim", "Bo", "Cy", "Di"])
    var generator = try! QuestionGenerator(members: roster, seed: 2)
    XCTAssertTrue(generator.withdraw(roster[0].id))
    XCTAssertEqual(generator.differentNamesInPlay, 4)
    XCTAssertFalse(generator.withdraw(roster[2].id))
    for _ in 0..<100 {
      let question = generator.next()
      XCTAssertNotEqual(question.member.id, roster[0].id)
      XCTAssertEqual(question.options.count, 4)
    }
  }
}
