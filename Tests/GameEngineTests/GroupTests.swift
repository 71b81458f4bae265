import GameEngine
import XCTest

/// Playing one group of the roster: who is asked, and where the other names come from.
final class GroupTests: XCTestCase {
  /// Ten members: four recruits, two on the board, four in no group.
  private let roster: [Member] = {
    let groups: [String?] = [
      "recruits", "board", nil, "recruits", nil, "board", "recruits", nil, nil, "recruits",
    ]
    return groups.enumerated().map { index, group in
      Member(id: MemberID("m\(index)"), name: "Member \(index)", group: group)
    }
  }()

  private func ids(in group: String) -> Set<MemberID> {
    Set(roster.filter { $0.group == group }.map(\.id))
  }

  func testTheGroupsAreListedByName() throws {
    let generator = try QuestionGenerator(members: roster, seed: 1)
    XCTAssertEqual(generator.groups, ["board", "recruits"])
    XCTAssertNil(generator.group)
  }

  func testOnlyTheGroupIsAskedAndItsOwnNamesAreTheOptions() throws {
    var generator = try QuestionGenerator(members: roster, seed: 4)
    XCTAssertTrue(generator.choose(group: "recruits"))
    let recruits = ids(in: "recruits")
    var asked = Set<MemberID>()
    var previous: MemberID?
    for _ in 0..<400 {
      let question = generator.next()
      XCTAssertTrue(recruits.contains(question.member.id), "\(question.member)")
      XCTAssertNotEqual(question.member.id, previous, "never the same member twice in a row")
      XCTAssertEqual(
        Set(question.options.map(\.member)), recruits, "four recruits: the options are theirs")
      asked.insert(question.member.id)
      previous = question.member.id
    }
    XCTAssertEqual(asked, recruits)
  }

  func testASmallGroupTakesItsOtherNamesFromEveryone() throws {
    var generator = try QuestionGenerator(members: roster, seed: 5)
    XCTAssertTrue(generator.choose(group: "board"))
    let board = ids(in: "board")
    var offered = Set<MemberID>()
    for _ in 0..<400 {
      let question = generator.next()
      XCTAssertTrue(board.contains(question.member.id))
      XCTAssertEqual(Set(question.options.map(\.name)).count, 4)
      XCTAssertEqual(question.options[question.correctIndex].member, question.member.id)
      offered.formUnion(question.options.map(\.member))
    }
    XCTAssertEqual(offered.count, roster.count, "every name is offered in time")
  }

  func testEveryoneAgainAfterAGroup() throws {
    var generator = try QuestionGenerator(members: roster, seed: 6)
    XCTAssertTrue(generator.choose(group: "board"))
    XCTAssertTrue(generator.choose(group: nil))
    let asked = Set((0..<200).map { _ in generator.next().member.id })
    XCTAssertEqual(asked.count, roster.count)
  }

  func testAGroupWithNobodyInPlayIsRefused() throws {
    var generator = try QuestionGenerator(members: roster, seed: 7)
    XCTAssertFalse(generator.choose(group: "nobody"))
    XCTAssertTrue(generator.withdraw(MemberID("m1")))
    XCTAssertTrue(generator.choose(group: "board"))
    XCTAssertEqual(generator.askableInPlay.map(\.id), [MemberID("m5")])
    // The group's last member withdrawn: everyone is asked again.
    XCTAssertTrue(generator.withdraw(MemberID("m5")))
    XCTAssertNil(generator.group)
    XCTAssertFalse(generator.choose(group: "board"))
    XCTAssertEqual(generator.askableInPlay.count, 8)
  }

  func testASessionChoosesBetweenGamesOnly() throws {
    var session = Session(questions: try QuestionGenerator(members: roster, seed: 8))
    XCTAssertEqual(session.groups, ["board", "recruits"])
    XCTAssertTrue(session.choose(group: "board"))
    XCTAssertTrue(ids(in: "board").contains(session.state.upcoming.member.id))
    session.play(.startPressed, at: .zero)
    XCTAssertTrue(ids(in: "board").contains(session.state.phase.question!.member.id))
    XCTAssertFalse(session.choose(group: "recruits"), "not while a game runs")
    XCTAssertEqual(session.group, "board")
    session.handle(.screenLeft, at: .seconds(1))
    XCTAssertTrue(session.choose(group: "recruits"), "a paused game: the next one plays it")
    XCTAssertEqual(Set(session.membersToAsk.map(\.id)), ids(in: "recruits"))
  }

  func testAGroupRoundOfEveryoneIsTheGroupOnce() throws {
    var rules = Rules.standard
    rules.roundLength = .everyone
    var session = Session(questions: try QuestionGenerator(members: roster, seed: 9), rules: rules)
    XCTAssertTrue(session.choose(group: "recruits"))
    session.play(.startPressed, at: .zero)
    var asked: [MemberID] = []
    var now = Instant.zero
    while case .answering = session.state.phase {
      asked.append(session.state.phase.question!.member.id)
      now = now + .seconds(1)
      session.play(.answerChosen(session.correctIndex), at: now)
      now = now + .seconds(3)
      session.play(.clockTicked, at: now)
    }
    XCTAssertEqual(asked.count, 4)
    XCTAssertEqual(Set(asked), ids(in: "recruits"))
    guard case .finished = session.state.phase else { return XCTFail("\(session.state.phase)") }
  }

  func testLearnModeIntroducesOnlyTheGroup() throws {
    var session = Session(questions: try QuestionGenerator(members: roster, seed: 10))
    XCTAssertTrue(session.choose(group: "recruits"))
    session.play(.learnPressed, at: .zero)
    var shown = Set<MemberID>()
    var now = Instant.zero
    for _ in 0..<60 {
      now = now + .seconds(1)
      switch session.state.phase {
      case .introducing(let card):
        shown.insert(card.member.id)
        session.play(.nextPressed, at: now)
      case .answering:
        shown.insert(session.state.phase.question!.member.id)
        session.play(.answerChosen(session.correctIndex), at: now)
      default:
        session.play(.clockTicked, at: now + .seconds(3))
        now = now + .seconds(3)
      }
    }
    XCTAssertEqual(shown, ids(in: "recruits"))
  }
}
