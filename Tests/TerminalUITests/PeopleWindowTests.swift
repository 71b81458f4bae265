import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The people window: everyone with how well the player knows them, sorted, scrolled, and
/// "Forget my progress" with its second press.
final class PeopleWindowTests: XCTestCase {
  /// A model with a history: `totals` were recorded before, and the wall clock starts at a
  /// day's seconds.
  func makeRecordingModel(
    size: CellSize = CellSize(columns: 80, rows: 24), members: [Member] = clubMembers,
    totals: Totals = Totals(), memories: Memories = Memories()
  ) -> TestModel {
    var history = HistorySetup(
      memories: memories, wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 86_400),
      notice: nil)
    history.totals = totals
    let questions = try! QuestionGenerator(members: members, seed: 3)
    var model = TestModel(
      model: AppModel(
        session: Session(questions: questions), roster: sampleRoster, appearance: unicodeLook,
        size: size, history: history),
      suppliesPictures: true)
    model.handle(.launched, at: .zero)
    return model
  }

  /// One model says recall everywhere: at every question of learn mode, the person asked is
  /// the first of the people window's "weakest first" who was not among the last three shown.
  func testWeakestFirstIsTheOrderLearnModeAsksIn() throws {
    let members = clubMembers
    var game = Session(questions: try QuestionGenerator(members: members, seed: 7))
    game.restore(Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0))
    var now = Instant.zero
    /// The event, then the face shown at once.
    func play(_ event: Event) {
      _ = game.handle(event, at: now)
      _ = game.handle(.faceShown, at: now)
    }
    play(.learnPressed)
    var shown: [String] = []
    var questions = 0
    for step in 0..<150 {
      if let introduction = game.state.phase.introduction {
        shown.append(introduction.member.name)
        now = now + .seconds(2)
        play(.nextPressed)
        continue
      }
      if case .finished = game.state.phase {
        play(.nextRoundPressed)
        continue
      }
      let question = try XCTUnwrap(game.state.phase.question, "step \(step)")
      let rows = PeopleList.rows(
        of: members, memories: game.memories, tallies: [:],
        at: game.wallClock.unixSeconds(at: now), order: .weakest)
      let met = rows.count { $0.recall != nil }
      let recent = Set(shown.suffix(min(3, met - 1)))
      XCTAssertEqual(
        rows.first { $0.recall != nil && !recent.contains($0.name) }?.name, question.member.name,
        "step \(step)")
      questions += 1
      shown.append(question.member.name)
      now = now + .milliseconds(1_500 + 700 * (step % 4))
      let wrong = step % 5 == 0
      let answer = (question.correctIndex + (wrong ? 1 : 0)) % 4
      if question.kind == .typing {
        let name = question.options[answer].name
        play(.answerTyped(name, spelling: LatinSpelling.of(name)))
      } else {
        play(.answerChosen(answer))
      }
      now = now + Rules.standard.revealTime
      play(.clockTicked)
    }
    XCTAssertGreaterThan(questions, 100)
  }

  /// Answers the question on screen right (or wrongly) at `answer`, and lets its reveal end.
  func answer(_ model: inout TestModel, right: Bool, at answer: Instant) {
    let correct = model.question.correctIndex
    let chosen = right ? correct : (correct + 1) % 4
    model.handle(.key(.character(Character("\(chosen + 1)"))), at: answer)
    model.handle(.tick, at: answer + .seconds(2))
  }

  func testThePeopleWindowPausesTheGameAndListsEveryoneWithTheirAnswers() {
    var model = makeRecordingModel()
    model.startQuiz()
    let first = model.question.member
    answer(&model, right: true, at: .seconds(1.2))
    let second = model.question.member
    answer(&model, right: false, at: .seconds(5))
    model.handle(.tick, at: .seconds(8))
    XCTAssertTrue(model.game.state.phase.isRunning)
    model.handle(.key(.character("m")), at: .seconds(8))
    XCTAssertEqual(model.overlay, .people)
    XCTAssertTrue(model.game.state.phase.isPaused, "opening the window pauses the game")
    model.handle(.tick, at: .seconds(90))

    let people = try! XCTUnwrap(model.screen.people)
    XCTAssertEqual(
      people.rows.map(\.name), clubMembers.map(\.name).sorted { NameKey($0) < NameKey($1) })
    let byName = Dictionary(uniqueKeysWithValues: people.rows.map { ($0.name, $0) })
    XCTAssertEqual(byName[first.name]?.tally.right, 1)
    XCTAssertEqual(byName[first.name]?.tally.missed, 0)
    XCTAssertEqual(byName[first.name]?.tally.times.average, .milliseconds(1_200))
    XCTAssertEqual(byName[second.name]?.tally.missed, 1)
    XCTAssertEqual(byName[second.name]?.known, false)
    XCTAssertEqual(
      byName[second.name]?.secondsSinceSeen ?? 0, 85, accuracy: 0.01,
      "last seen at its answer, 5 s in")
    let others = people.rows.filter { $0.name != first.name && $0.name != second.name }
    XCTAssertTrue(others.allSatisfy { $0.recall == nil && $0.secondsSinceSeen == nil })

    // The name chosen for the second is who they were taken for, either way round.
    let partner = try! XCTUnwrap(byName[second.name]?.confusedWith)
    XCTAssertEqual(byName[partner]?.confusedWith, second.name)
    XCTAssertNil(byName[first.name]?.confusedWith)

    let frame = model.frame
    assertSnapshot(frame, named: "people-80x24")
    XCTAssertNotNil(row(of: "Confused with", in: frame))
    XCTAssertNotNil(row(of: "People · by name", in: frame))
    XCTAssertNotNil(row(of: "[ Weakest first ] [ Forget my progress ] [ Close ]", in: frame))
    XCTAssertNotNil(row(of: "1 min ago", in: frame))

    model.handle(.key(.escape), at: .seconds(91))
    XCTAssertNil(model.overlay)
    XCTAssertTrue(model.game.state.phase.isPaused, "closing it leaves the game paused")
  }

  func testWeakestFirstIsByRecallWithTheNewLast() {
    // The history's clock starts at day 1: Zoë was recalled 20 days before (recall now below
    // 0.9, and below Kofi's, recalled yesterday), Mateus missed a week before (his name was
    // being learnt again, and is nearly gone); the rest are new.
    let memory = MemoryState(stability: 10, difficulty: 5)
    var missed = memory
    missed.learning = MemoryModel.defaultFirstLearning
    let memories = Memories([
      clubMembers[0].id: MemoryRecord(memory: memory, lastAnswer: 0, lastGrade: .good, typed: true),
      clubMembers[1].id: MemoryRecord(
        memory: memory, lastAnswer: -1_641_600, lastGrade: .good, typed: true),
      clubMembers[3].id: MemoryRecord(memory: missed, lastAnswer: -518_400, lastGrade: .again),
    ])
    var model = makeRecordingModel(memories: memories)
    model.handle(.key(.character("m")), at: .zero)
    XCTAssertEqual(model.screen.people?.order, .name)
    model.handle(.press(.sortPeople), at: .zero)
    let people = try! XCTUnwrap(model.screen.people)
    XCTAssertEqual(people.order, .weakest)
    XCTAssertEqual(
      people.rows.map(\.name),
      ["Mateus Costa", "Zoë Laurent", "Kofi Mensah"]
        + ["Bartholomew Maximilian Fitzgerald-Worthington", "Nguyễn Thị Hoa", "田中 美咲"])
    XCTAssertLessThan(people.rows[0].recall!, people.rows[1].recall!)
    XCTAssertLessThan(people.rows[1].recall!, people.rows[2].recall!)
    XCTAssertEqual(people.rows.map(\.known), [false, false, true, false, false, false])
    assertSnapshot(model.frame, named: "people-weakest-80x24", withStyles: .colors240)
    XCTAssertNotNil(row(of: "People · weakest first", in: model.frame))
    XCTAssertNotNil(row(of: "[ By name ]", in: model.frame))
    model.handle(.key(.enter), at: .seconds(11))
    XCTAssertEqual(model.screen.people?.order, .name, "the focused button sorts back")
  }

  func testALongListScrollsWithArrowsPagesHomeAndEnd() {
    let members = (1...30).map { Member(id: MemberID("p\($0)"), name: "Person \($0 + 10)") }
    var model = makeRecordingModel(size: Layout.minimum, members: members)
    model.handle(.key(.character("m")), at: .zero)
    let shown = PeopleLayout.visibleRows(of: 30, in: Layout.minimum)
    XCTAssertEqual(shown, 6)
    XCTAssertEqual(model.screen.people?.first, 0)
    model.handle(.key(.down), at: .zero)
    model.handle(.key(.down), at: .zero)
    XCTAssertEqual(model.screen.people?.first, 2)
    model.handle(.key(.pageDown), at: .zero)
    XCTAssertEqual(model.screen.people?.first, 2 + shown)
    model.handle(.key(.end), at: .zero)
    XCTAssertEqual(model.screen.people?.first, 30 - shown)
    model.handle(.key(.down), at: .zero)
    XCTAssertEqual(model.screen.people?.first, 30 - shown, "never past the end")
    assertSnapshot(model.frame, named: "people-minimum")
    XCTAssertNotNil(row(of: "25–30 of 30", in: model.frame))
    model.handle(.key(.pageUp), at: .zero)
    XCTAssertEqual(model.screen.people?.first, 30 - 2 * shown)
    model.handle(.key(.home), at: .zero)
    XCTAssertEqual(model.screen.people?.first, 0)
    model.handle(.key(.up), at: .zero)
    XCTAssertEqual(model.screen.people?.first, 0)
  }

  func testForgetMyProgressTakesASecondPressAndClearsTheRostersProgress() {
    var model = makeRecordingModel(
      totals: Totals(
        questions: 40, correct: 30, bestStreak: 9, timeAnswering: .seconds(100),
        members: [clubMembers[0].id: Tally(right: 5, missed: 2)]))
    model.startQuiz()
    answer(&model, right: true, at: .seconds(1.2))
    model.handle(.key(.character("m")), at: .seconds(4))
    model.handle(.key(.left), at: .seconds(4))
    XCTAssertEqual(model.windowFocus, .forgetProgress, "arrows move within the window")

    var effects = model.handle(.key(.enter), at: .seconds(5))
    XCTAssertFalse(effects.contains(.forgetProgress), "one press does not forget")
    XCTAssertEqual(model.screen.people?.forgetArmed, true)
    XCTAssertNotNil(row(of: "Press again to forget", in: model.frame))
    model.handle(.key(.down), at: .seconds(6))
    XCTAssertEqual(model.screen.people?.forgetArmed, false, "any other key lets it go")
    XCTAssertNotNil(row(of: "Forget my progress", in: model.frame))

    model.handle(.key(.enter), at: .seconds(7))
    effects = model.handle(.key(.enter), at: .seconds(8))
    XCTAssertEqual(effects.filter { $0 == .forgetProgress }.count, 1, "the second press forgets")
    XCTAssertTrue(model.memories.records.isEmpty)
    XCTAssertEqual(model.allTime, Totals())
    XCTAssertTrue(
      model.screen.people?.rows.allSatisfy { $0.recall == nil && $0.tally == Tally() } ?? false)
    model.handle(.key(.character("s")), at: .seconds(9))
    XCTAssertEqual(model.screen.progress, Progress(known: 0, new: 6, total: 6))
    XCTAssertEqual(model.game.state.questionsPlayed, 1, "this game's score and questions stay")
  }

  func testWithoutAHistoryThereIsNothingToForget() {
    var model = makeModel()
    model.startQuiz()
    model.handle(.key(.character("m")), at: .seconds(1))
    XCTAssertEqual(model.screen.people?.canForget, false)
    XCTAssertNil(row(of: "Forget", in: model.frame))
    model.handle(.press(.forgetProgress), at: .seconds(1))
    XCTAssertEqual(
      model.handle(.press(.forgetProgress), at: .seconds(1)), [], "not a button of this window")
  }

  func testTheStatisticsOpenThePeopleWindow() {
    var model = makeRecordingModel()
    let focus = model.focus
    model.handle(.key(.character("s")), at: .zero)
    XCTAssertEqual(model.windowFocus, .close)
    model.handle(.key(.left), at: .zero)
    XCTAssertEqual(model.windowFocus, .people)
    model.handle(.key(.enter), at: .zero)
    XCTAssertEqual(model.overlay, .people)
    XCTAssertEqual(model.focus, focus, "the start screen's focus is kept under the window")
    XCTAssertEqual(model.screen.people?.rows.count, clubMembers.count)
  }
}
