import GameEngine
import XCTest

/// `--order random`: anyone at any time, never the same person twice in a row.
final class UniformChoiceTests: XCTestCase {
  func testEveryoneIsAskedAboutEquallyOftenAndNeverTwiceInARow() throws {
    var questions = try QuestionGenerator(members: club(5), seed: 9, picker: UniformChoice())
    var counts: [MemberID: Int] = [:]
    var previous: MemberID?
    for _ in 0..<5_000 {
      let member = questions.next().member.id
      XCTAssertNotEqual(member, previous)
      counts[member, default: 0] += 1
      previous = member
    }
    XCTAssertEqual(counts.count, 5)
    for count in counts.values { XCTAssertEqual(Double(count), 1_000, accuracy: 120) }
    // Not rounds: someone is asked twice before someone else once.
    var rounds = try QuestionGenerator(members: club(5), seed: 9, picker: UniformChoice())
    let first = (0..<5).map { _ in rounds.next().member.id }
    XCTAssertLessThan(Set(first).count, 5)
  }
}
