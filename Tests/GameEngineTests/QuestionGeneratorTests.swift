import GameEngine
import XCTest

/// The question generator's rules, checked example by example and over many generated games.
final class QuestionGeneratorTests: XCTestCase {
  func testTooFewDifferentNamesIsAClearError() {
    let cases: [(name: String, roster: [Member], message: String)] = [
      ("an empty roster", [], "found 0 members; the game needs at least 4"),
      ("one member", club(1), "found 1 member; the game needs at least 4"),
      ("three members", club(3), "found 3 members; the game needs at least 4"),
      (
        "five members with three names",
        members(["Ann", "ann", "Bo", "Cy", "CY"]),
        "found 5 members but only 3 different names; the game needs at least 4"
      ),
    ]
    for testCase in cases {
      XCTAssertThrowsError(try QuestionGenerator(members: testCase.roster, seed: 1)) { error in
        XCTAssertEqual("\(error)", testCase.message, testCase.name)
      }
    }
    XCTAssertNoThrow(try QuestionGenerator(members: club(4), seed: 1))
  }

  func testNamesThatReadTheSameAreNeverTwoOptionsOfOneQuestion() {
    let roster = members([
      "Zo\u{EB}", "Zoe\u{308}", "Alex Kim", "alex kim", "ALEX KIM", "Stra\u{DF}e", "STRASSE",
      "Bo", "Cy",
    ])
    var generator = try! QuestionGenerator(members: roster, seed: 3)
    for _ in 0..<2_000 {
      let question = generator.next()
      let keys = Set(question.options.map { NameKey($0.name) })
      XCTAssertEqual(keys.count, 4, "\(question.options.map(\.name))")
    }
  }

  func testAMemberSharingANameIsStillAskedAndTheirOwnNameIsCorrect() {
    let roster = members(["Alex Kim", "Alex Kim", "Bo", "Cy", "Di"])
    var generator = try! QuestionGenerator(members: roster, seed: 9)
    let round = (0..<5).map { _ in generator.next() }
    XCTAssertEqual(Set(round.map(\.member.id)), Set(roster.map(\.id)))
    for question in round {
      XCTAssertEqual(question.correctOption.name, question.member.name)
    }
  }

  func testTheSameSeedPlaysTheSameGame() {
    var first = try! QuestionGenerator(members: club(30), seed: 42)
    var second = try! QuestionGenerator(members: club(30), seed: 42)
    var other = try! QuestionGenerator(members: club(30), seed: 43)
    let a = (0..<100).map { _ in first.next() }
    let b = (0..<100).map { _ in second.next() }
    let c = (0..<100).map { _ in other.next() }
    XCTAssertEqual(a, b)
    XCTAssertNotEqual(a, c)
  }

  func testQuestionsAreNumberedFromOne() {
    var generator = try! QuestionGenerator(members: club(4), seed: 1)
    XCTAssertEqual((0..<3).map { _ in generator.next().number }, [1, 2, 3])
  }

  func testTheMemberPickerIsReplaceable() {
    struct AlwaysTheFirstTwo: MemberPicker {
      func nextMember(
        of members: [Member], after previous: Int?, using random: inout SeededGenerator
      ) -> Int {
        previous == 0 ? 1 : 0
      }
    }
    var generator = try! QuestionGenerator(
      members: club(10), seed: 1, picker: AlwaysTheFirstTwo())
    let asked = (0..<6).map { _ in generator.next().member.name }
    XCTAssertEqual(asked, ["Member 1", "Member 2", "Member 1", "Member 2", "Member 1", "Member 2"])
  }

  /// A picker that always chooses the same place is given only those who can be asked: a
  /// withdrawn member is never asked, and choosing never loops waiting for someone else.
  func testAPickerChoosesOnlyAmongThoseInPlay() {
    struct AlwaysTheFirst: MemberPicker {
      func nextMember(
        of members: [Member], after previous: Int?, using random: inout SeededGenerator
      ) -> Int { 0 }
    }
    var generator = try! QuestionGenerator(members: club(6), seed: 1, picker: AlwaysTheFirst())
    XCTAssertEqual(generator.next().member.name, "Member 1")
    XCTAssertTrue(generator.withdraw(MemberID("m1")))
    XCTAssertEqual(
      (0..<3).map { _ in generator.next().member.name }, ["Member 2", "Member 2", "Member 2"])
  }

  /// Shuffled rounds pass over a member withdrawn in the middle of a round, and ask everyone
  /// else once before the round ends.
  func testShuffledRoundsPassOverSomeoneWithdrawnMidRound() {
    var generator = try! QuestionGenerator(members: club(8), seed: 4)
    let first = (0..<3).map { _ in generator.next().member.id }
    let gone = club(8).map(\.id).first { !first.contains($0) }!
    XCTAssertTrue(generator.withdraw(gone))
    let rest = (0..<4).map { _ in generator.next().member.id }
    XCTAssertEqual(Set(first + rest).count, 7, "everyone else once: \(first + rest)")
    XCTAssertFalse(rest.contains(gone))
  }

  /// Every generator rule over 10,000 questions for each of several seeds and roster sizes.
  func testGeneratedQuestionsKeepEveryRule() {
    for size in [4, 5, 50, 1_000] {
      // Enough for the chi-square checks of the small rosters; two rounds of the large one,
      // whose questions each weigh a thousand names.
      let questionsPerGame = size > 50 ? 2 * size : 10_000
      for seed: UInt64 in [1, 2, 2_026] {
        let roster = size == 5 ? members(["Ann", "ann", "Bo", "Cy", "Di"]) : club(size)
        var generator = try! QuestionGenerator(members: roster, seed: seed)
        let questions = (0..<questionsPerGame).map { _ in generator.next() }
        let label = "\(size) members, seed \(seed)"
        checkEachQuestion(questions, roster: roster, label: label)
        checkRounds(questions, roster: roster, label: label)
        checkCorrectPositionIsUniform(questions, label: label)
        if size <= 50 {
          checkDistractorsAreUniform(questions, roster: roster, label: label)
        }
      }
    }
  }

  /// Each question's rules, checked for all and asserted once with the first question that
  /// breaks one (an assertion per question made the test slow, not surer).
  private func checkEachQuestion(_ questions: [Question], roster: [Member], label: String) {
    let ids = Set(roster.map(\.id))
    let broken = questions.enumerated().lazy.compactMap { number, question -> String? in
      let keys = Set(question.options.map { NameKey($0.name) })
      let rightOnes = question.options.count { $0.name.nameKeyMatches(question.member.name) }
      if question.options.count != 4 || keys.count != 4 { return "four different names" }
      if question.correctOption.name != question.member.name { return "the right option" }
      if rightOnes != 1 { return "exactly one option is right" }
      if !question.options.allSatisfy({ ids.contains($0.member) }) { return "members" }
      if number > 0, questions[number - 1].member.id == question.member.id {
        return "never twice in a row"
      }
      return nil
    }.first
    XCTAssertNil(broken, label)
  }

  /// Everyone is asked once before anyone is asked again.
  private func checkRounds(_ questions: [Question], roster: [Member], label: String) {
    let everyone = Set(roster.map(\.id))
    var start = 0
    while start + roster.count <= questions.count {
      let round = questions[start..<(start + roster.count)].map(\.member.id)
      XCTAssertEqual(Set(round), everyone, "round from question \(start + 1): \(label)")
      start += roster.count
    }
  }

  /// The right name's position is uniform: chi-square with 3 degrees of freedom under the
  /// 0.1% critical value.
  private func checkCorrectPositionIsUniform(_ questions: [Question], label: String) {
    var counts = [0, 0, 0, 0]
    for question in questions { counts[question.correctIndex] += 1 }
    XCTAssertLessThan(chiSquare(counts), 16.27, "positions \(counts): \(label)")
  }

  /// Every other name is offered as a wrong option about equally often for each member.
  private func checkDistractorsAreUniform(
    _ questions: [Question], roster: [Member], label: String
  ) {
    let names = Array(Set(roster.map { NameKey($0.name) }))
    var countsByKey: [NameKey: [NameKey: Int]] = [:]
    for question in questions {
      let asked = NameKey(question.member.name)
      for (index, option) in question.options.enumerated() where index != question.correctIndex {
        countsByKey[asked, default: [:]][NameKey(option.name), default: 0] += 1
      }
    }
    for asked in names {
      let counts = names.filter { $0 != asked }.map { countsByKey[asked]?[$0] ?? 0 }
      // Critical values at 0.1% for 2 (size 4), 3 (size 5 with a shared name) and 48 (size 50)
      // degrees of freedom.
      let critical = [2: 13.82, 3: 16.27, 48: 85.35][counts.count - 1] ?? .infinity
      XCTAssertLessThan(chiSquare(counts), critical, "distractors \(counts): \(label)")
    }
  }

  private func chiSquare(_ counts: [Int]) -> Double {
    let expected = Double(counts.reduce(0, +)) / Double(counts.count)
    return counts.reduce(0) { $0 + pow(Double($1) - expected, 2) / expected }
  }
}

extension String {
  fileprivate func nameKeyMatches(_ other: String) -> Bool { NameKey(self) == NameKey(other) }
}
