import GameEngine
import XCTest

/// Learn mode is played in sittings measured in minutes, not rounds of questions: no finished
/// scene breaks the flow until the sitting's time is up.
final class SittingTests: XCTestCase {
  /// A sitting of learn mode on `members`, two minutes long, each answer right after 1 s.
  private func sitting(members: [Member] = club(8), minutes: Int = 2) -> Session {
    var game = Session(
      questions: try! QuestionGenerator(members: members, seed: 3),
      rules: Rules(sittingLength: .seconds(60 * minutes)))
    game.play(.learnPressed, at: .zero)
    return game
  }

  /// Plays on from `now` (cards gone on after 2 s, right answers after 1 s) until the
  /// finished scene or `until`; returns the instant it stopped at.
  @discardableResult
  private func play(_ game: inout Session, from now: Instant, until: Instant) -> Instant {
    var now = now
    while now < until {
      switch game.state.phase {
      case .introducing:
        now = now + .seconds(2)
        game.play(.nextPressed, at: now)
      case .answering(let answering):
        now = now + .seconds(1)
        game.play(answering.question.rightAnswer, at: now)
      case .revealing:
        now = now + .seconds(2)
        game.play(.clockTicked, at: now)
      default:
        return now
      }
    }
    return now
  }

  func testASittingEndsAtTheFirstRevealAfterItsMinutesNotAfterTenQuestions() throws {
    var game = sitting()
    let end = play(&game, from: .zero, until: .seconds(600))
    guard case .finished(let summary) = game.state.phase else {
      return XCTFail("\(game.state.phase)")
    }
    XCTAssertGreaterThan(summary.results.count, 10, "more than a quiz's round")
    let sitting = try XCTUnwrap(summary.sitting)
    XCTAssertGreaterThanOrEqual(sitting.timePlayed, .seconds(120))
    XCTAssertLessThan(sitting.timePlayed, .seconds(123), "the reveal that ended it: 2 s")
    XCTAssertEqual(end, .zero + sitting.timePlayed)
    XCTAssertEqual(sitting.knownBefore, 0)
    XCTAssertEqual(sitting.total, 8)
    XCTAssertEqual(sitting.learnt, sitting.knownAfter)
    XCTAssertGreaterThan(sitting.learnt, 0, "names answered right are known")
  }

  func testPausesDoNotCountTowardsTheSittingsMinutes() throws {
    var game = sitting()
    var now = play(&game, from: .zero, until: .seconds(60))
    game.play(.pausePressed, at: now)
    now = now + .seconds(3_600)
    game.play(.resumePressed, at: now)
    play(&game, from: now, until: now + .seconds(600))
    let summary = try XCTUnwrap(game.state.phase.finishedSummary)
    let sitting = try XCTUnwrap(summary.sitting)
    XCTAssertLessThan(sitting.timePlayed, .seconds(123), "the hour paused left out")
  }

  func testTheQuizStillPlaysRoundsOfQuestionsWithNoSitting() throws {
    var game = Session(
      questions: try! QuestionGenerator(members: club(8), seed: 3),
      rules: Rules(roundLength: .questions(3), sittingLength: .seconds(60)))
    game.play(.startPressed, at: .zero)
    play(&game, from: .zero, until: .seconds(600))
    let summary = try XCTUnwrap(game.state.phase.finishedSummary)
    XCTAssertEqual(summary.results.count, 3)
    XCTAssertNil(summary.sitting)
  }
}

extension Phase {
  fileprivate var finishedSummary: RoundSummary? {
    if case .finished(let summary) = self { return summary }
    return nil
  }
}
