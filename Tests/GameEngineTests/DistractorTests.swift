import GameEngine
import XCTest

/// Options that teach: the other names of a question are, in this order, people this player
/// has confused with the one asked (either way round), names that look alike, the same
/// group's, then anyone's; seeded, and never a name twice.
final class DistractorTests: XCTestCase {
  /// Twelve people whose names look nothing alike.
  private let roster = members([
    "Ada Brooks", "Bert Cole", "Cyril Dunn", "Dora Evans", "Emil Ford", "Fay Grant",
    "Gus Hale", "Hilda Ives", "Ivo Jones", "Jan Kerr", "Kim Lowe", "Lou Moss",
  ])

  private func others(of question: Question) -> Set<String> {
    Set(question.options.map(\.name)).subtracting([question.member.name])
  }

  func testPeopleConfusedWithTheOneAskedComeFirstEitherWayRound() throws {
    let (ada, emil, ivo, gus) = (roster[0].id, roster[4].id, roster[8].id, roster[6].id)
    // Ada was taken for Emil, and Ivo for Ada.
    let confusions = Confusions([(ada, emil), (ivo, ada)])
    var generator = try QuestionGenerator(members: roster, seed: 5)
    for number in 1...20 {
      let question = generator.question(about: ada, number: number, confusions: confusions)
      XCTAssertTrue(others(of: question).isSuperset(of: ["Emil Ford", "Ivo Jones"]))
      XCTAssertEqual(Set(question.options.map(\.name)).count, 4, "never a name twice")
    }
    let aboutEmil = generator.question(about: emil, number: 21, confusions: confusions)
    XCTAssertTrue(others(of: aboutEmil).contains("Ada Brooks"), "either way round")
    // Someone confused with no one gets uniformly chosen names, as before.
    var plain = try QuestionGenerator(members: roster, seed: 5)
    var tiered = try QuestionGenerator(members: roster, seed: 5)
    for number in 1...20 {
      XCTAssertEqual(
        plain.question(about: gus, number: number),
        tiered.question(about: gus, number: number, confusions: confusions))
    }
  }

  func testNamesThatLookAlikeComeNextThenTheGroupsThenAnyone() throws {
    let alike = members([
      "Ana Ruiz", "Ana Lopez", "Anna Ruiz", "Amy Rhodes", "Tom Baker", "Sue Chen", "Raj Patel",
      "Lea Wolf",
    ])
    var generator = try QuestionGenerator(members: alike, seed: 2)
    for number in 1...20 {
      let question = generator.question(about: alike[0].id, number: number)
      // The same first name, two slips apart, the same initial and length.
      XCTAssertEqual(others(of: question), ["Ana Lopez", "Anna Ruiz", "Amy Rhodes"])
    }
    let grouped = [
      Member(id: MemberID("a"), name: "Ada Brooks", group: "coaches"),
      Member(id: MemberID("b"), name: "Bert Cole", group: "coaches"),
      Member(id: MemberID("c"), name: "Cyril Dunn", group: "players"),
      Member(id: MemberID("d"), name: "Dora Evans", group: "players"),
      Member(id: MemberID("e"), name: "Emil Ford", group: "players"),
      Member(id: MemberID("f"), name: "Fay Grant", group: "players"),
    ]
    var byGroup = try QuestionGenerator(members: grouped, seed: 4)
    var seen = Set<String>()
    for number in 1...30 {
      let question = byGroup.question(about: MemberID("a"), number: number)
      XCTAssertTrue(others(of: question).contains("Bert Cole"), "the same group's first")
      seen.formUnion(others(of: question))
    }
    XCTAssertEqual(seen.count, 5, "then anyone: \(seen)")
  }

  /// In play, a wrong answer is counted at once: the next questions about either person offer
  /// the other's name.
  func testAWrongAnswerTeachesTheNextQuestions() throws {
    var game = makeGame(members: roster, seed: 8)
    game.play(.startPressed, at: .zero)
    let question = try XCTUnwrap(game.state.phase.question)
    let wrong = question.options[(question.correctIndex + 1) % 4]
    game.play(question.wrongAnswer, at: .seconds(1))
    XCTAssertEqual(game.confusions.count(question.member.id, wrong.member), 1)
    var now = Instant.seconds(1)
    for _ in 0..<30 {
      now = now + .seconds(2)
      game.play(.clockTicked, at: now)
      if case .finished = game.state.phase { game.play(.nextRoundPressed, at: now) }
      guard let next = game.state.phase.question, game.state.phase.reveal == nil else { continue }
      if next.member.id == question.member.id {
        XCTAssertTrue(next.options.contains(wrong), "\(next.options)")
      }
      if next.member.id == wrong.member {
        XCTAssertTrue(next.options.contains { $0.member == question.member.id })
      }
      game.play(next.rightAnswer, at: now)
    }
  }

  func testLookingAlikeIsTheSameFirstNameAnInitialAndLengthOrTwoSlips() {
    func alike(_ a: String, _ b: String) -> Bool {
      NameMatching.lookAlike(Spelling(a), Spelling(b))
    }
    XCTAssertTrue(alike("Ana Ruiz", "Ana Lopez"))
    XCTAssertTrue(alike("Ana Ruiz", "Amy Rhodes"))
    XCTAssertTrue(alike("Ana Ruiz", "Anna Ruis"))
    XCTAssertFalse(alike("Ana Ruiz", "Tom Baker"))
    XCTAssertFalse(alike("Ana Ruiz", "Anton Ruiz Garcia"))
  }
}
