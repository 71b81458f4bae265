import GameEngine
import XCTest

/// Questions of faces: a name and four faces, four people with four names and four photos.
final class FaceQuestionTests: XCTestCase {
  private func generator(
    _ members: [Member], seed: UInt64 = 3, samePhotos: [[MemberID]] = []
  ) -> QuestionGenerator {
    try! QuestionGenerator(members: members, seed: seed, samePhotos: samePhotos)
  }

  func testFourPeopleFourNamesFourPhotos() {
    // m1 to m4 share a placeholder; m5 and m6 another; and two people are called Ana Ruiz.
    var names = club(12).map(\.name)
    names[7] = "Ana Ruiz"
    names[8] = "Ana Ruiz"
    let roster = members(names)
    let placeholders = [["m1", "m2", "m3", "m4"], ["m5", "m6"]].map { $0.map(MemberID.init) }
    var questions = generator(roster, samePhotos: placeholders)
    let photo: (MemberID) -> String = { id in
      placeholders.first { $0.contains(id) }?.first?.rawValue ?? id.rawValue
    }
    for _ in 0..<300 {
      let question = questions.next(kinds: .faces)
      XCTAssertEqual(question.kind, .face)
      let people = question.options.map(\.member)
      XCTAssertEqual(Set(people).count, 4, "\(question)")
      XCTAssertEqual(Set(question.options.map { NameKey($0.name) }).count, 4, "\(question)")
      XCTAssertEqual(Set(people.map(photo)).count, 4, "a photo offered twice: \(question)")
      XCTAssertEqual(question.correctOption.member, question.member.id)
      // Each face is offered under its own member's name.
      for option in question.options {
        XCTAssertEqual(roster.first { $0.id == option.member }?.name, option.name)
      }
    }
  }

  func testWithoutThreeOtherPhotosTheNameIsAsked() {
    // Everyone but m1 shares one photo: a question about m1 has one other face to offer.
    let roster = club(6)
    let shared = [roster.dropFirst().map(\.id)]
    var questions = generator(roster, samePhotos: shared)
    let question = questions.question(about: MemberID("m1"), number: 1, kind: .face)
    XCTAssertEqual(question.kind, .name)
    XCTAssertEqual(Set(question.options.map(\.name)).count, 4)
  }

  func testAFaceOfSomeoneConfusedIsOfferedFirst() {
    var questions = generator(club(30), seed: 9)
    let confusions = Confusions([(MemberID("m1"), MemberID("m17"))])
    for number in 1...20 {
      let question = questions.question(
        about: MemberID("m1"), number: number, confusions: confusions, kind: .face)
      XCTAssertTrue(question.options.contains { $0.member == MemberID("m17") }, "\(question)")
    }
  }

  /// The face of the very person confused is offered, not a namesake's; two who share a
  /// photo are not drilled.
  func testTheConfusedPersonsOwnFaceIsOffered() {
    var names = club(12).map(\.name)
    names[1] = "Alex Kim"
    names[4] = "Alex Kim"
    var questions = generator(members(names), seed: 5)
    let confusions = Confusions([(MemberID("m1"), MemberID("m5"))])
    for number in 1...20 {
      let question = questions.question(
        about: MemberID("m1"), number: number, confusions: confusions, kind: .face)
      XCTAssertTrue(question.options.contains { $0.member == MemberID("m5") }, "\(question)")
      XCTAssertFalse(question.options.contains { $0.member == MemberID("m2") }, "\(question)")
    }
    var session = Session(
      questions: generator(club(8), samePhotos: [[MemberID("m1"), MemberID("m2")]]))
    session.restore(
      Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0),
      confusions: Confusions(
        [("m1", "m2"), ("m2", "m1"), ("m3", "m4"), ("m4", "m3")].map {
          (MemberID($0.0), MemberID($0.1))
        }))
    XCTAssertEqual(session.drillPairs.map { [$0.0, $0.1] }, [[MemberID("m3"), MemberID("m4")]])
  }

  func testAFaceIsChosenByItsIndexAndCountsAsRecognised() throws {
    var game = makeGame(rules: Rules(questionKinds: .faces))
    game.play(.startPressed, at: .zero)
    let question = try XCTUnwrap(game.state.phase.question)
    XCTAssertEqual(question.kind, .face)
    game.play(.answerChosen(question.correctIndex), at: .seconds(1))
    let reveal = try XCTUnwrap(game.state.phase.reveal)
    XCTAssertEqual(reveal.outcome, .correct)
    let record = try XCTUnwrap(game.memories.records[question.member.id])
    XCTAssertFalse(record.typed, "a face picked is recognition, not recall")
    // The typed answer of a question of faces is ignored.
    var other = makeGame(rules: Rules(questionKinds: .faces))
    other.play(.startPressed, at: .zero)
    let name = try XCTUnwrap(other.state.phase.question).member.name
    other.play(.answerTyped(name, spelling: name), at: .seconds(1))
    XCTAssertNotNil(other.answering)
  }

  func testWithoutRoomForFacesTheNamesAreAsked() throws {
    var game = makeGame(rules: Rules(questionKinds: .faces))
    game.play(.roomForFaces(false), at: .zero)
    XCTAssertTrue(game.asksFaces == false, "nothing is played yet")
    game.play(.startPressed, at: .zero)
    XCTAssertTrue(game.asksFaces)
    var now = Instant.zero
    var kinds: [QuestionKind] = []
    for step in 0..<4 {
      if step == 2 { game.play(.roomForFaces(true), at: now) }
      kinds.append(try XCTUnwrap(game.answerRight(at: &now)).kind)
    }
    // The question on screen when the room comes back stays as it was posed.
    XCTAssertEqual(kinds, [.name, .name, .name, .face])
  }

  func testAFaceThatCannotBeShownGivesWay() throws {
    var game = makeGame(members: club(8), rules: Rules(questionKinds: .faces))
    game.handle(.startPressed, at: .zero)
    guard case .loading(let question) = game.state.phase else {
      return XCTFail("no question loading")
    }
    XCTAssertEqual(question.kind, .face)
    let other = question.options[(question.correctIndex + 1) % 4].member
    game.handle(.memberWithdrawn(other), at: .seconds(1))
    let next = try XCTUnwrap(game.state.phase.question)
    XCTAssertEqual(next.number, question.number)
    XCTAssertFalse(next.options.contains { $0.member == other }, "\(next)")
    XCTAssertFalse(game.state.upcoming.shows(other))
  }
}
