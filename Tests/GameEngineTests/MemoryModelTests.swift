import Foundation
import GameEngine
import XCTest

/// FSRS-6 against values computed by py-fsrs 6.3.2 (`scripts/fsrs-reference` wrote them).
final class MemoryModelTests: XCTestCase {
  struct Reference: Decodable {
    struct Review: Decodable {
      let days: Double?
      let grade: Int
      let stability: Double
      let difficulty: Double
    }
    struct Recall: Decodable {
      let stability: Double
      let days: Double
      let recall: Double
    }
    let parameters: [Double]
    let sequences: [[Review]]
    let recall: [Recall]
  }

  let reference: Reference = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Data/fsrs-reference.json")
    return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
  }()

  func testTheDefaultParametersAreFSRS6s() {
    XCTAssertEqual(MemoryModel.defaultParameters, reference.parameters)
  }

  func testEveryReviewMatchesTheReference() throws {
    let model = MemoryModel.standard
    var reviews = 0
    for (number, sequence) in reference.sequences.enumerated() {
      var memory: MemoryState?
      for (step, review) in sequence.enumerated() {
        let grade = try XCTUnwrap(Grade(rawValue: review.grade))
        memory = model.remember(memory, grade: grade, afterDays: review.days)
        let label = "sequence \(number), review \(step): \(grade) after \(review.days ?? 0) days"
        XCTAssertEqual(memory!.stability, review.stability, accuracy: 1e-9, label)
        XCTAssertEqual(memory!.difficulty, review.difficulty, accuracy: 1e-9, label)
        reviews += 1
      }
    }
    XCTAssertGreaterThan(reviews, 150)
  }

  func testRecallFadesAsTheReferenceSays() {
    for point in reference.recall {
      let memory = MemoryState(stability: point.stability, difficulty: 5)
      XCTAssertEqual(
        MemoryModel.standard.recall(of: memory, afterDays: point.days), point.recall,
        accuracy: 1e-12, "stability \(point.stability), \(point.days) days")
    }
  }

  func testRecallIsCountedInFractionalDays() {
    // py-fsrs rounds down to whole days: an hour after an answer it would still say 1.0.
    let memory = MemoryState(stability: 0.5, difficulty: 5)
    let anHourLater = MemoryModel.standard.recall(of: memory, afterDays: 1.0 / 24)
    XCTAssertLessThan(anHourLater, 1)
    XCTAssertGreaterThan(anHourLater, 0.98)
    // Recall is 0.9 after `stability` days, and the interval for 0.9 is the stability.
    XCTAssertEqual(MemoryModel.standard.recall(of: memory, afterDays: 0.5), 0.9, accuracy: 1e-12)
    XCTAssertEqual(MemoryModel.standard.interval(of: memory), 0.5, accuracy: 1e-12)
  }
}
