import Foundation
import GameEngine
import History
import TerminalUI
import XCTest

@testable import meet_the_members

/// The game's link to the history: what it keeps, and what it says when it cannot.
final class HistoryLinkTests: XCTestCase {
  /// A member the history has no person for is not counted as kept: the recorder says why,
  /// and nothing is written.
  func testAMemberWithoutAPersonIsAFailureNotARecord() throws {
    let folder = NSTemporaryDirectory() + "mtm-link-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let history = try History(folder: folder)
    let link = HistoryLink(
      history: history, people: [:], roster: .folder(folder), notice: nil)
    let recorder = try XCTUnwrap(link.recorder())
    let ada = Member(id: MemberID("ada"), name: "Ada Obi")
    let question = Question(
      number: 1, member: ada,
      options: ["Ada Obi", "Bo", "Cy", "Di"].enumerated().map {
        NameOption(name: $0.element, member: MemberID("m\($0.offset)"))
      }, correctIndex: 0)
    let answer = RecordedAnswer(
      result: QuestionResult(question: question, outcome: .correct, answerTime: .seconds(1)),
      answeredAt: 10, memory: MemoryState(stability: 1, difficulty: 5), grade: .good,
      mode: "quiz")
    XCTAssertEqual(recorder.answer(answer), "Ada Obi: no one in the history to keep this for")
    XCTAssertEqual(
      recorder.introduction(
        ada.id,
        MemoryRecord(
          memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: 10, lastGrade: .again)),
      "ada: no one in the history to keep this for")
    XCTAssertEqual(try history.answers(), [])
  }
}
