import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The finished scene after a round: what it says and what its keys do.
final class FinishedSceneTests: XCTestCase {
  /// A model on the finished scene of a round of three: right, wrong, time out.
  private func finishedModel(size: CellSize = CellSize(columns: 80, rows: 24)) -> TestModel {
    var model = makeModel(size: size, rules: Rules(roundLength: .questions(3)))
    model.startQuiz()
    let first = model.question
    model.handle(.press(.option(first.correctIndex)), at: .seconds(1.5))
    model.handle(.tick, at: .seconds(3.5))
    let second = model.question
    model.handle(.press(.option((second.correctIndex + 1) % 4)), at: .seconds(4))
    model.handle(.tick, at: .seconds(6))
    model.handle(.tick, at: .seconds(11))
    model.handle(.tick, at: .seconds(13))
    return model
  }

  func testTheSceneSaysHowTheRoundWentAndWhoWasMissed() {
    let model = finishedModel()
    guard case .finished(let summary) = model.game.state.phase else {
      return XCTFail("\(model.game.state.phase)")
    }
    XCTAssertEqual(model.focus, .nextRound)
    let text = model.frame.text
    for expected in [
      "Round 1 finished", "1 of 3 · Keep going", "Longest streak 1", "Average answer time 1.0 s",
      "Missed:", "✗ \(summary.results[1].member.name)", "✗ \(summary.results[2].member.name)",
      "[ Next round ]", "[ Menu ]",
    ] {
      XCTAssertTrue(text.contains(expected), "\(expected) missing:\n\(text)")
    }
    assertSnapshot(model.frame, named: "finished-80x24")
    let small = finishedModel(size: CellSize(columns: 40, rows: 16)).frame
    assertFrameIsInside(small)
    XCTAssertTrue(small.text.contains("✗ \(summary.results[1].member.name)"), small.text)
  }

  /// The people missed beyond the faces shown are named whole, as many as the line holds,
  /// then counted (a play-test saw "Rafael Ben-…").
  func testThePeopleMissedBeyondTheFacesAreNamedWholeThenCounted() throws {
    for columns in [80, 60, 44] {
      var model = makeModel(
        size: CellSize(columns: columns, rows: 30), rules: Rules(roundLength: .questions(10)))
      model.startQuiz()
      var now = Instant.seconds(1)
      while case .answering = model.game.state.phase {
        model.answerWrong(at: now)
        now = now + .seconds(3)
        model.handle(.tick, at: now)
      }
      guard case .finished(let summary) = model.game.state.phase else {
        return XCTFail("\(model.game.state.phase)")
      }
      let line = try XCTUnwrap(
        model.frame.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
          .first { $0.hasPrefix("and ") }, model.frame.text)
      XCTAssertFalse(line.contains("…"), line)
      let named = line.dropFirst("and ".count).components(separatedBy: " and ")[0]
        .components(separatedBy: ", ").filter { !$0.hasSuffix(" more") }
      let names = Set(summary.missed.map(\.name))
      for name in named { XCTAssertTrue(names.contains(name), "\(name) in \(line)") }
      if columns == 44 { XCTAssertTrue(line.hasSuffix(" more"), line) }
    }
  }

  func testTheFacesOfThePeopleMissedAreAskedForAndShown() {
    let model = finishedModel()
    guard case .finished(let summary) = model.game.state.phase else { return XCTFail() }
    let box = CellSize(columns: 20, rows: 10)
    let asked = model.log.onScreenRequests.filter { $0.box == box }.map(\.member)
    XCTAssertEqual(asked, summary.missed.map(\.id))
    XCTAssertEqual(Set(model.model.screen.faces.keys), Set(summary.missed.map(\.id)))
    let frame = model.frame
    XCTAssertTrue(frame.text.contains("▚▞▚▞"), "the faces are drawn:\n\(frame.text)")
    // No room for faces in the smallest window: no requests, the names are listed.
    var small = makeModel(
      size: CellSize(columns: 40, rows: 16), rules: Rules(roundLength: .questions(1)))
    small.startQuiz()
    small.handle(.tick, at: .seconds(7))
    XCTAssertEqual(small.log.onScreenRequests.count, 1, "only the question's picture")
  }

  func testEnterPlaysTheNextRoundAndEscapeGoesToTheStartScreen() {
    var next = finishedModel()
    XCTAssertEqual(next.handle(.key(.character("1")), at: .seconds(14)).count, 0)
    XCTAssertEqual(next.handle(.key(.character("p")), at: .seconds(14)).count, 0)
    next.handle(.key(.enter), at: .seconds(20))
    XCTAssertEqual(next.question.number, 4)
    XCTAssertEqual(next.focus, .option(0))
    XCTAssertEqual(next.game.state.game?.round, 2)

    var menu = finishedModel()
    menu.handle(.key(.escape), at: .seconds(20))
    XCTAssertEqual(menu.place, .start)
    menu.handle(.key(.enter), at: .seconds(21))
    XCTAssertEqual(menu.game.state.game?.number, 2, "Start there begins a new game")

    var tabbed = finishedModel()
    tabbed.handle(.key(.right), at: .seconds(20))
    XCTAssertEqual(tabbed.focus, .menu)
    tabbed.handle(.key(.enter), at: .seconds(20))
    XCTAssertEqual(tabbed.place, .start)
  }

  /// With a history: the start screen says who is due now, and the end of a round who will be
  /// tomorrow.
  func testTheStartScreenSaysWhoIsDueAndTheRoundsEndWhoWillBeTomorrow() {
    let day = 86_400.0
    // Two people last answered long ago: their recall has fallen below 0.9.
    let old = MemoryRecord(
      memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: 0, lastGrade: .good)
    var model = recordingModel(
      Memories([clubMembers[0].id: old, clubMembers[1].id: old]), unixSecondsAtZero: 30 * day)
    XCTAssertNotNil(row(of: "0 of 6 known · 2 learning · 4 new · 2 due today", in: model.frame))
    let asked = playARoundOfThree(&model)
    guard case .finished = model.game.state.phase else {
      return XCTFail("\(model.game.state.phase)")
    }
    // Everyone asked has a memory of hours, and the two from before are due still.
    let due = Set(asked + [clubMembers[0].id, clubMembers[1].id]).count
    XCTAssertEqual(model.model.screen.progress?.dueTomorrow, due)
    XCTAssertNotNil(
      row(of: "Come back tomorrow: \(due) names will be due", in: model.frame), model.frame.text)
  }

  /// A round's end has the player's memory fitted again to every answer (at the round's
  /// last reveal, on the wall clock); the numbers found are what recall follows from then on,
  /// and each person's answers are taken in again by them.
  func testARoundsEndFitsThePlayersMemoryAndTheGameAdoptsIt() {
    var model = recordingModel(Memories(), unixSecondsAtZero: 1_000)
    _ = playARoundOfThree(&model)
    XCTAssertEqual(model.log.filter { $0 == .fitMemory(at: 1_009) }.count, 1, "\(model.log)")
    let fitted = PlayerMemory(firstLearning: 200, learningGain: 9, learningDecay: 0.25)
    let member = model.game.results[0].member.id
    let before = model.model.memories
    model.handle(.memoryFitted(fitted), at: .seconds(10))
    XCTAssertEqual(model.model.memories.model, fitted.model)
    XCTAssertEqual(
      model.model.memories.records[member], before.replayed(with: fitted.model).records[member])
    XCTAssertNotEqual(
      model.model.memories.records[member], before.records[member],
      "replayed by the new numbers")
    XCTAssertEqual(model.model.memories.taken, before.taken, "the same answers")
  }

  /// Within a launch, the memory is fitted again once the answers recorded reach the fit's
  /// least (`MemoryFit.minimumAnswers`) and again at twice, four times ... as many, so that a
  /// long round learns the player before it ends.
  func testTheMemoryIsFittedAgainAsTheAnswersOfALaunchDouble() {
    var model = quizWithAHistory(roundLength: 1_000)
    var fittedAfter: [Int] = []
    var second = 1.0
    func fits() -> Int { model.log.count { if case .fitMemory = $0 { true } else { false } } }
    for answer in 1...(3 * MemoryFit.minimumAnswers + 10) {
      let before = fits()
      model.handle(.press(.option(model.question.correctIndex)), at: .seconds(second))
      if fits() > before { fittedAfter.append(answer) }
      model.handle(.tick, at: .seconds(second + 2))
      second += 3
    }
    let least = MemoryFit.minimumAnswers
    XCTAssertEqual(fittedAfter, [least, 2 * least])
  }

  /// Each round's end fits the memory again, but not when its last answer was just fitted:
  /// four rounds of ten are four fits, the 30th answer's and the third round's end being one.
  func testARoundWhoseLastAnswerWasJustFittedIsNotFittedAgain() {
    var model = quizWithAHistory(roundLength: 10)
    XCTAssertEqual(MemoryFit.minimumAnswers % 10, 0, "a round of ten ends at the first fit")
    var second = 1.0
    for round in 1...(MemoryFit.minimumAnswers / 10 + 1) {
      if round > 1 {
        model.handle(.press(.nextRound), at: .seconds(second))
        second += 1
      }
      for _ in 1...10 {
        model.handle(.press(.option(model.question.correctIndex)), at: .seconds(second))
        model.handle(.tick, at: .seconds(second + 2))
        second += 3
      }
    }
    let fits = model.log.count { if case .fitMemory = $0 { true } else { false } }
    XCTAssertEqual(fits, MemoryFit.minimumAnswers / 10 + 1, "\(model.log)")
  }

  /// A quiz of rounds of `roundLength` under way, its history empty, its clock at zero.
  private func quizWithAHistory(roundLength: Int) -> TestModel {
    let questions = try! QuestionGenerator(members: clubMembers, seed: 3)
    var model = TestModel(
      model: AppModel(
        session: Session(questions: questions, rules: Rules(roundLength: .questions(roundLength))),
        roster: sampleRoster, appearance: unicodeLook, size: CellSize(columns: 80, rows: 24),
        history: HistorySetup(
          memories: Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0),
          notice: nil)),
      suppliesPictures: true)
    model.handle(.launched, at: .zero)
    model.startQuiz()
    return model
  }

  /// A model with a history whose clock reads `unixSecondsAtZero` at instant zero.
  private func recordingModel(_ memories: Memories, unixSecondsAtZero: Double) -> TestModel {
    let history = HistorySetup(
      memories: memories,
      wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: unixSecondsAtZero), notice: nil)
    let questions = try! QuestionGenerator(members: clubMembers, seed: 3)
    var model = TestModel(
      model: AppModel(
        session: Session(questions: questions, rules: Rules(roundLength: .questions(3))),
        roster: sampleRoster, appearance: unicodeLook, size: CellSize(columns: 80, rows: 24),
        history: history),
      suppliesPictures: true)
    model.handle(.launched, at: .zero)
    return model
  }

  /// Answers a round of three right, at seconds 1, 4 and 7, each reveal over two seconds
  /// later; returns who was asked.
  /// A sitting left before its end is fitted as the player quits (after the answers, before
  /// the game ends); quitting with nothing answered since the last fit, or being killed, fits
  /// nothing.
  func testQuittingInTheMiddleOfARoundFitsTheAnswersGiven() {
    var model = recordingModel(Memories(), unixSecondsAtZero: 1_000)
    model.startQuiz()
    model.handle(.press(.option(model.question.correctIndex)), at: .seconds(1))
    model.handle(.tick, at: .seconds(3))
    model.handle(.press(.quit), at: .seconds(4))
    XCTAssertEqual(
      Array(model.log.drop { $0 != .fitMemory(at: 1_004) }.prefix(2)),
      [.fitMemory(at: 1_004), .quit(status: 0, summary: model.model.summaryLine)],
      "\(model.log)")

    var untouched = recordingModel(Memories(), unixSecondsAtZero: 1_000)
    untouched.handle(.press(.quit), at: .seconds(1))
    var killed = recordingModel(Memories(), unixSecondsAtZero: 1_000)
    killed.startQuiz()
    killed.handle(.press(.option(killed.question.correctIndex)), at: .seconds(1))
    killed.handle(.terminated(signal: 15), at: .seconds(2))
    for log in [untouched.log, killed.log] {
      XCTAssertFalse(log.contains { if case .fitMemory = $0 { true } else { false } }, "\(log)")
    }
  }

  /// Plays a sitting of learn mode from the start screen, every answer right, until its
  /// scene: the sitting and the instant of the scene; nil if no scene came in ten minutes.
  private func playASitting(_ model: inout TestModel, missing: Bool = false) -> (
    RoundSummary.Sitting, Instant
  )? {
    model.handle(.press(.learn), at: .zero)
    var now = Instant.zero
    while now < .seconds(600) {
      switch model.game.state.phase {
      case .introducing: model.handle(.press(.next), at: now)
      case .answering where missing: model.answerWrong(at: now)
      case .answering: model.answerRight(at: now)
      case .finished(let summary): return summary.sitting.map { ($0, now) }
      default: break
      }
      now = now + .seconds(1)
      model.handle(.tick, at: now)
    }
    return nil
  }

  private func playARoundOfThree(_ model: inout TestModel) -> Set<MemberID> {
    model.startQuiz()
    var asked: Set<MemberID> = []
    for second in [1.0, 4, 7] {
      asked.insert(model.question.member.id)
      model.handle(.press(.option(model.question.correctIndex)), at: .seconds(second))
      model.handle(.tick, at: .seconds(second + 2))
    }
    return asked
  }

  /// A sitting that only picks names (`--kind names`) teaches recognition: its scene says
  /// how many are recognised, beside the none known by typing.
  func testASittingThatOnlyPicksNamesSaysHowManyAreRecognised() {
    var model = makeModel(rules: Rules(sittingLength: .seconds(60), questionKinds: .names))
    guard let (sitting, _) = playASitting(&model) else {
      return XCTFail("\(model.game.state.phase)")
    }
    XCTAssertEqual(sitting.knownAfter, 0)
    XCTAssertGreaterThan(sitting.recognisedAfter, 0)
    // What it taught leads, not "0 names learnt" (a play-test read that as failure).
    XCTAssertEqual(sitting.newlyRecognised, sitting.recognisedAfter)
    XCTAssertTrue(
      model.frame.text.contains(
        "\(sitting.recognisedAfter) names newly recognised · 0 of 6 known · "
          + "\(sitting.recognisedAfter) recognised · 1 min"),
      model.frame.text)
    XCTAssertFalse(model.frame.text.contains("learnt"), model.frame.text)
  }

  /// Everyone is counted where they stand at a sitting's end, in the start screen's words:
  /// those met and missed are learning, those never met are new.
  func testASittingsSceneCountsThoseLearningAndThoseNew() {
    var model = makeModel(rules: Rules(sittingLength: .seconds(30)))
    guard let (sitting, _) = playASitting(&model, missing: true) else {
      return XCTFail("\(model.game.state.phase)")
    }
    let new = sitting.newAfter
    XCTAssertGreaterThan(new, 0)
    XCTAssertLessThan(new, 6)
    // Nothing taught, nothing said of it: the line starts where everyone stands.
    let line = model.frame.text.split(separator: "\n").first { $0.contains("known") }
    XCTAssertTrue(
      line?.trimmingCharacters(in: .whitespaces)
        .hasPrefix("0 of 6 known · \(6 - new) learning · \(new) new · ") == true,
      model.frame.text)
  }

  /// A sitting of learn mode ends with its own scene: the names it taught, the time spent,
  /// and Go on for another sitting.
  func testASittingOfLearnModeEndsWithWhatItTaught() {
    var model = makeModel(rules: Rules(sittingLength: .seconds(60)))
    guard let (sitting, now) = playASitting(&model) else {
      return XCTFail("\(model.game.state.phase)")
    }
    assertSnapshot(model.frame, named: "finished-sitting-80x24")
    let text = model.frame.text
    for expected in [
      "Sitting finished",
      "\(sitting.learnt) names learnt · \(sitting.knownAfter) of 6 known · 1 min",
      "[ Go on ]", "[ Menu ]",
    ] {
      XCTAssertTrue(text.contains(expected), "\(expected) missing:\n\(text)")
    }
    model.handle(.key(.enter), at: now)
    XCTAssertNotNil(model.game.state.phase.member, "Go on: another sitting")
  }
}
