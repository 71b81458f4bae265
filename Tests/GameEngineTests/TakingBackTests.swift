import GameEngine
import XCTest

/// A card or answer the history could not keep is taken back (`Session.revertMemory`): the
/// memories are what they were before it, and nothing else of the session changes.
final class TakingBackTests: XCTestCase {
  func testAnAnswerTakenBackInTheQuizChangesTheMemoriesOnly() throws {
    var game = gameOnFirstQuestion()
    let question = game.state.phase.question!
    let before = game.memories
    game.play(.answerChosen(question.correctIndex), at: .seconds(1))
    XCTAssertNotEqual(game.memories, before, "the answer was taken in")
    var expected = SessionSnapshot(game)
    expected.memories = before
    game.uncount(try XCTUnwrap(game.state.recentResults.first))
    game.revertMemory(of: question.member.id, to: before.records[question.member.id])
    XCTAssertEqual(SessionSnapshot(game), expected)
  }

  /// The first question of learn mode asks the first person met (the other two were shown
  /// last). Its answer taken back, the next step is still about someone else: the player did
  /// see that person last.
  func testAnAnswerTakenBackInLearnModeKeepsWhomThePlayerSawLast() throws {
    var (game, cards, now) = learnGameOnItsFirstQuestion()
    let question = try XCTUnwrap(game.answering?.question)
    XCTAssertEqual(question.member.id, cards[0])
    let before = game.memories
    now = now + .seconds(1)
    game.play(.answerChosen(question.correctIndex), at: now)
    XCTAssertNotEqual(game.memories, before, "the answer was taken in")
    var expected = SessionSnapshot(game)
    expected.memories = before
    game.uncount(try XCTUnwrap(game.state.recentResults.first))
    game.revertMemory(of: question.member.id, to: before.records[question.member.id])
    expected.upcomingMember = game.upcomingMember
    XCTAssertEqual(SessionSnapshot(game), expected)
    XCTAssertNotEqual(game.upcomingMember, cards[0])

    game.play(.clockTicked, at: now + Rules.standard.revealTime)
    XCTAssertNotEqual(game.state.phase.member?.id, cards[0], "\(game.state.phase)")
  }

  /// A card taken back makes its person new again: their card comes again next, as it was
  /// never seen.
  func testACardTakenBackMakesItsPersonNewAndTheirCardComesAgain() throws {
    var game = makeGame()
    game.play(.learnPressed, at: .zero)
    let first = try XCTUnwrap(game.state.phase.introduction?.member)
    XCTAssertNotEqual(game.memories, Memories(), "the card was taken in")
    var expected = SessionSnapshot(game)
    expected.memories = Memories()
    expected.upcomingMember = first.id
    game.revertMemory(of: first.id, to: nil)
    XCTAssertEqual(SessionSnapshot(game), expected)

    let upcoming = game.upcomingMember
    game.play(.nextPressed, at: .seconds(1))
    XCTAssertEqual(game.state.phase.introduction?.member.id, upcoming, "\(game.state.phase)")
  }

  /// Forgotten, everyone is new: learn mode introduces them again, and the member it says
  /// comes next (whose picture is prepared) is the one whose card comes.
  func testAfterForgettingTheUpcomingMemberIsTheNextCard() throws {
    var (game, _, now) = learnGameOnItsFirstQuestion()
    let question = try XCTUnwrap(game.answering?.question)
    now = now + .seconds(1)
    game.play(.answerChosen(question.correctIndex), at: now)
    game.forgetMemories()
    XCTAssertEqual(game.memories.records, [:])
    XCTAssertEqual(
      game.memories.guessTimes, GuessTimes(right: [1], wrong: []),
      "how the player answers is theirs")
    let upcoming = game.upcomingMember
    game.play(.clockTicked, at: now + Rules.standard.revealTime)
    XCTAssertEqual(game.state.phase.introduction?.member.id, upcoming, "\(game.state.phase)")
  }

  /// A game of learn mode on its first question, after the name cards before it (each read
  /// for a second): the session, the people met in order, and the instant.
  private func learnGameOnItsFirstQuestion() -> (Session, [MemberID], Instant) {
    var game = makeGame()
    var now = Instant.zero
    game.play(.learnPressed, at: now)
    var cards: [MemberID] = []
    while let introduction = game.state.phase.introduction {
      cards.append(introduction.member.id)
      now = now + .seconds(1)
      game.play(.nextPressed, at: now)
    }
    XCTAssertFalse(cards.isEmpty)
    return (game, cards, now)
  }
}
