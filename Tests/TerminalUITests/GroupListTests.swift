import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The start screen's list of groups: chosen with Up and Down or a click, played by Start
/// and Learn, with each group's members and, with a history, how many of them are known.
final class GroupListTests: XCTestCase {
  /// Nine members: four recruits, two on the board, three in no group.
  static let members: [Member] = {
    let people: [(String, String?)] = [
      ("Kofi Mensah", "recruits"), ("Zoë Laurent", "board"), ("田中 美咲", nil),
      ("Mateus Costa", "recruits"), ("Ada Obi", nil), ("Bo Chan", "board"),
      ("Cy Diaz", "recruits"), ("Di Park", nil), ("Nguyễn Thị Hoa", "recruits"),
    ]
    return people.enumerated().map {
      Member(id: MemberID("m\($0.offset)"), name: $0.element.0, group: $0.element.1)
    }
  }()

  private func recruits() -> Set<MemberID> {
    Set(Self.members.filter { $0.group == "recruits" }.map(\.id))
  }

  func testTheStartScreenListsEveryoneThenEachGroup() {
    var model = makeModel(members: Self.members)
    model.handle(.tick, at: .zero)
    XCTAssertEqual(
      model.model.screen.groups,
      [
        GroupLine(group: nil, members: 9, known: nil),
        GroupLine(group: "board", members: 2, known: nil),
        GroupLine(group: "recruits", members: 4, known: nil),
      ])
    assertSnapshot(model.frame, named: "start-groups-80x24")
    var small = makeModel(size: Layout.minimum, members: Self.members)
    small.handle(.key(.down), at: .zero)
    small.handle(.key(.down), at: .zero)
    assertSnapshot(small.frame, named: "start-groups-minimum")
    assertFrameIsInside(small.frame)
  }

  func testUpAndDownChooseTheGroupThatStartPlays() {
    var model = makeModel(members: Self.members)
    model.handle(.key(.down), at: .zero)
    XCTAssertEqual(model.game.group, "board")
    model.handle(.key(.down), at: .zero)
    model.handle(.key(.down), at: .zero)
    XCTAssertEqual(model.game.group, "recruits", "the list's end stops it")
    XCTAssertEqual(model.focus, .start, "the buttons keep their focus")
    model.handle(.key(.tab), at: .zero)
    XCTAssertEqual(model.focus, .learn)
    model.handle(.key(.enter), at: .zero)
    var asked = Set<MemberID>()
    var now = Instant.zero
    for _ in 0..<40 {
      now = now + .seconds(1)
      switch model.game.state.phase {
      case .introducing: model.handle(.press(.next), at: now)
      case .answering:
        asked.insert(model.question.member.id)
        model.handle(.press(.option(model.question.correctIndex)), at: now)
      default: model.handle(.tick, at: now + .seconds(3))
      }
      now = now + .seconds(3)
    }
    XCTAssertEqual(asked, recruits())
  }

  func testAClickOnALineChoosesItsGroup() throws {
    var model = makeModel(members: Self.members)
    let frame = model.frame
    let (column, row) = try XCTUnwrap(cell(of: "recruits", in: frame))
    XCTAssertEqual(frame.control(atColumn: column, row: row), .group(2))
    model.handle(.press(.group(2)), at: .zero)
    XCTAssertEqual(model.game.group, "recruits")
    model.handle(.press(.group(0)), at: .zero)
    XCTAssertNil(model.game.group)
    model.startQuiz()
    model.handle(.press(.group(1)), at: .seconds(1))
    XCTAssertNil(model.game.group, "not while a game runs")
  }

  func testWithAHistoryEachGroupSaysHowManyAreKnown() {
    let record = MemoryRecord(
      memory: MemoryState(stability: 100, difficulty: 5), lastAnswer: 86_000, lastGrade: .good,
      typed: true)
    let memories = Memories(
      Dictionary(uniqueKeysWithValues: ["m0", "m3", "m1"].map { (MemberID($0), record) }))
    let history = HistorySetup(
      memories: memories, wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 86_400),
      notice: nil)
    var model = TestModel(
      model: AppModel(
        session: Session(questions: try! QuestionGenerator(members: Self.members, seed: 3)),
        roster: sampleRoster, appearance: unicodeLook, size: CellSize(columns: 80, rows: 24),
        history: history),
      suppliesPictures: true)
    model.handle(.launched, at: .zero)
    XCTAssertEqual(model.model.screen.groups.map(\.known), [3, 1, 2])
    XCTAssertNotNil(row(of: "recruits  4 · 2 known", in: model.frame))
  }

  func testARosterWithoutGroupsShowsNoList() {
    var model = makeModel()
    model.handle(.key(.down), at: .zero)
    XCTAssertEqual(model.model.screen.groups, [])
    XCTAssertEqual(model.focus, .learn, "Down moves between the buttons as before")
  }
}
