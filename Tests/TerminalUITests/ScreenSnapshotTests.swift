import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// Every screen rendered as text at 80x24, 160x50, the minimum size and below it.
final class ScreenSnapshotTests: XCTestCase {
  static let sizes: [(String, CellSize)] = [
    ("80x24", CellSize(columns: 80, rows: 24)),
    ("160x50", CellSize(columns: 160, rows: 50)),
    ("minimum", Layout.minimum),
  ]

  /// The model on each screen, at a size.
  static func screens(at size: CellSize) -> [(String, TestModel)] {
    var start = makeModel(size: size)
    var answering = start
    answering.startQuiz()
    answering.handle(.tick, at: .seconds(2.5))
    var right = answering
    right.handle(.key(.character(Character("\(right.question.correctIndex + 1)"))), at: .seconds(3))
    var wrong = answering
    wrong.handle(
      .key(.character(Character("\((wrong.question.correctIndex + 1) % 4 + 1)"))), at: .seconds(3))
    var timedOut = answering
    timedOut.handle(.tick, at: .seconds(5.1))
    var paused = answering
    paused.handle(.key(.character("p")), at: .seconds(3))
    var stats = right
    stats.handle(.key(.character("s")), at: .seconds(3.1))
    var help = answering
    help.handle(.key(.character("?")), at: .seconds(3))
    var warnings = start
    warnings.handle(.key(.character("w")), at: .zero)
    var nameCard = start
    nameCard.handle(.press(.learn), at: .zero)
    nameCard.handle(.tick, at: .seconds(2.5))
    start.handle(.tick, at: .zero)
    return [
      ("start", start), ("name-question", answering), ("right", right), ("wrong", wrong),
      ("timed-out", timedOut), ("paused", paused), ("stats", stats), ("help", help),
      ("warnings", warnings), ("name-card", nameCard),
    ]
  }

  func testEveryScreenAtEverySize() {
    for (sizeName, size) in Self.sizes {
      for (screenName, model) in Self.screens(at: size) {
        assertSnapshot(model.frame, named: "\(screenName)-\(sizeName)")
      }
    }
  }

  /// Text and styles, as sent to a 256-colour and to a direct-colour terminal.
  func testTheStartAndQuizStylesIn240ColoursAndTruecolor() {
    for (modeName, colors) in [("240", ColorMode.colors240), ("truecolor", .truecolor)] {
      var model = makeModel(appearance: CellStyle(colors: colors, symbols: .unicode))
      model.handle(.tick, at: .zero)
      assertSnapshot(model.frame, named: "start-styles-\(modeName)", withStyles: colors)
      model.startQuiz()
      // The first Tab shows the focus on the first name, the second moves it on.
      model.handle(.key(.tab), at: .seconds(1))
      model.handle(.key(.tab), at: .seconds(1))
      model.handle(.tick, at: .seconds(2.5))
      assertSnapshot(model.frame, named: "name-question-styles-\(modeName)", withStyles: colors)
      model.handle(
        .key(.character(Character("\((model.question.correctIndex + 1) % 4 + 1)"))),
        at: .seconds(3))
      assertSnapshot(model.frame, named: "wrong-styles-\(modeName)", withStyles: colors)
    }
  }

  /// With a history: the statistics add the all-time figures, counting this session's answers.
  func testTheStatisticsShowAllTimeFiguresWithAHistory() {
    var history = HistorySetup(
      memories: Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0),
      notice: nil)
    history.totals = Totals(
      questions: 340, correct: 265, bestStreak: 21, timeAnswering: .seconds(4_330),
      times: AnswerTimes(answered: 320, total: .seconds(736), fastestRight: .seconds(0.9)))
    let questions = try! QuestionGenerator(members: clubMembers, seed: 3)
    var model = TestModel(
      model: AppModel(
        session: Session(questions: questions), roster: sampleRoster, appearance: unicodeLook,
        size: CellSize(columns: 80, rows: 24), history: history),
      suppliesPictures: true)
    model.handle(.launched, at: .zero)
    // Before any answer: none in this session, though the history holds hundreds.
    var before = model
    before.handle(.key(.character("s")), at: .seconds(0.5))
    XCTAssertNotNil(row(of: "No answers yet in this session.", in: before.frame))
    model.startQuiz()
    model.handle(
      .key(.character(Character("\(model.question.correctIndex + 1)"))), at: .seconds(1.2))
    model.handle(.key(.character("s")), at: .seconds(1.5))
    assertSnapshot(model.frame, named: "stats-all-time-80x24")
    XCTAssertNotNil(row(of: "All time: 341 questions, 78% right, best streak 21", in: model.frame))
    XCTAssertNotNil(
      row(of: "average 2.3 s, fastest right 0.9 s · 1 h 12 min on faces", in: model.frame))
    XCTAssertNotNil(row(of: "This session: 1 question, longest streak 1", in: model.frame))
    XCTAssertNotNil(row(of: "average 1.2 s, fastest right 1.2 s", in: model.frame))
    XCTAssertNotNil(row(of: "Names: 0 of 6 known · 1 learning · 5 new", in: model.frame))
    // A narrow window breaks the names' line between its parts (a play-test's window of 60
    // columns cut it at "8…").
    model.handle(.resized(CellSize(columns: 40, rows: 24)), at: .seconds(2))
    let first = row(of: "Names: 0 of 6 known · 1 learning ·", in: model.frame)
    XCTAssertNotNil(first, model.frame.text)
    XCTAssertEqual(row(of: "  5 new", in: model.frame), first.map { $0 + 1 }, model.frame.text)
    // At every width each line fits, the separator that ends it included (a review found a
    // line that filled its width cut by it), and every part is whole.
    let parts = ["Names: 12 of 18 known", "3 recognised", "2 learning", "1 new", "4 due today"]
    for width in 24...80 {
      let lines = Renderer.packed(parts, separator: " · ", in: width)
      XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
      XCTAssertEqual(
        lines.joined(separator: " ").split(separator: " ").joined(separator: " "),
        parts.joined(separator: " · "), "\(width)")
    }
  }

  /// With a history: the days practised, and in a tall window the calendar of the last
  /// eight weeks, this game's answer among them.
  func testTheStatisticsShowTheDaysPractised() {
    // Friday 2027-01-01, 10:00 UTC.
    let start = 20_819.0 * 86_400 + 36_000
    var history = HistorySetup(
      memories: Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: start),
      notice: nil)
    for day in [20_819 - 40, 20_819 - 3, 20_819 - 2, 20_819 - 1] {
      history.totals.days.answered(on: day)
    }
    for (size, name) in [
      (CellSize(columns: 80, rows: 24), "stats-days-80x24"),
      (CellSize(columns: 120, rows: 40), "stats-days-120x40"),
    ] {
      let questions = try! QuestionGenerator(members: clubMembers, seed: 3)
      var model = TestModel(
        model: AppModel(
          session: Session(questions: questions), roster: sampleRoster,
          appearance: unicodeLook, size: size, history: history),
        suppliesPictures: true)
      model.handle(.launched, at: .zero)
      model.startQuiz()
      model.handle(.key(.character("1")), at: .seconds(1))
      model.handle(.key(.character("s")), at: .seconds(1.5))
      assertSnapshot(model.frame, named: name)
      XCTAssertNotNil(
        row(of: "Practised: 4 days in a row, 5 days in the last 8 weeks", in: model.frame), name)
    }
  }

  func testAsciiScreensForNonUTF8Locales() {
    let look = CellStyle(colors: .monochrome, symbols: .ascii)
    var model = makeModel(appearance: look)
    model.startQuiz()
    model.handle(
      .key(.character(Character("\((model.question.correctIndex + 1) % 4 + 1)"))), at: .seconds(1.2)
    )
    let frame = model.frame
    assertSnapshot(frame, named: "wrong-ascii-80x24")
    // Everything but the (stand-in) picture is ASCII, names included: spelt in Latin letters.
    for cell in frame.cells where cell.style.background != .palette(17) {
      XCTAssertTrue(cell.text.allSatisfy(\.isASCII), "\(cell.text) in\n\(frame.text)")
    }
    XCTAssertNotNil(row(of: "Nguyen Thi Hoa", in: frame))
  }

  func testBelowTheMinimumTheTooSmallScreenSaysTheSizeNeeded() {
    var model = makeModel(size: CellSize(columns: 39, rows: 16))
    model.startQuiz()
    model.handle(.resized(CellSize(columns: 39, rows: 16)), at: .seconds(1))
    assertSnapshot(model.frame, named: "too-small-39x16")
    XCTAssertTrue(model.frame.text.contains("39x16 now, 40x16 needed"))
    XCTAssertTrue(model.game.state.phase.isPaused)
    for size in [
      CellSize(columns: 80, rows: 15), CellSize(columns: 1, rows: 1), CellSize(columns: 0, rows: 0),
      CellSize(columns: 12, rows: 3),
    ] {
      model.handle(.resized(size), at: .seconds(2))
      let frame = model.frame
      XCTAssertEqual(frame.size, size)
      assertFrameIsInside(frame)
    }
    // Where both sizes do not fit, the size needed does.
    model.handle(.resized(CellSize(columns: 20, rows: 5)), at: .seconds(3))
    XCTAssertTrue(model.frame.text.contains("40x16 needed"), model.frame.text)
    assertSnapshot(
      Renderer.render(model.screen, size: CellSize(columns: 1, rows: 1)), named: "too-small-1x1")
  }

  func testNothingDrawsOutsideTheWindowAtAnySize() {
    for columns in [1, 2, 10, 39, 40, 41, 57, 80, 101, 160, 250] {
      for rows in [1, 3, 15, 16, 17, 24, 51] {
        let size = CellSize(columns: columns, rows: rows)
        for (name, model) in Self.screens(at: size) {
          let frame = Renderer.render(model.screen, size: size)
          XCTAssertEqual(frame.cells.count, columns * rows, "\(name) \(size)")
          assertFrameIsInside(frame)
        }
      }
    }
  }
}
