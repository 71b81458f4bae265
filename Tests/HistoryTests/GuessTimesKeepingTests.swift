import Foundation
import GameEngine
import XCTest

@testable import History

/// How quickly the player answers when they know a name and when they guess is read from
/// every answer recorded, in every roster, so that a new launch starts knowing it.
final class GuessTimesKeepingTests: RosterFolderTestCase {
  func testTheAnswersChosenOfEveryRosterAreCountedQuickAndSlow() throws {
    let history = try History(folder: folder + "/data")
    XCTAssertEqual(try history.readAnswers().guessTimes, GuessTimes())
    let club = RosterKey.folder(folder + "/club")
    let team = RosterKey.folder(folder + "/team")
    let ada = try history.people(photos(["Ada"], in: "club"), roster: club)[0]
    let bo = try history.people(photos(["Bo"], in: "team"), roster: team)[0]
    let answers: [(Int64, RosterKey, History.Outcome, Double, String)] = [
      (ada.id, club, .correct, 1.5, "name"),
      (ada.id, club, .correct, 3.0, "face"),
      (ada.id, club, .wrong, 4.0, "name"),
      (bo.id, team, .wrong, 2.5, "name"),  // a span's end is in it
      (bo.id, team, .wrong, 3.5, "face"),
      (bo.id, team, .correct, 2.0, "name"),
      // Not counted: a timeout chooses nothing, a name typed cannot be a guess.
      (bo.id, team, .timeout, 5.0, "name"),
      (ada.id, club, .correct, 7.0, "typing"),
      (ada.id, club, .wrong, 9.0, "typing"),
    ]
    for (index, (person, roster, outcome, seconds, kind)) in answers.enumerated() {
      try history.record(
        History.Answer(
          person: person, roster: roster.identity, mode: "learn", outcome: outcome,
          chosen: nil, seconds: seconds, answeredAt: Double(index), kind: kind),
        memory: MemoryState(stability: 1, difficulty: 5), grade: 1)
    }
    // Spans: up to 1.5 s, to 2.5, to 3.5, longer.
    let expected = GuessTimes(right: [1, 1, 1, 0], wrong: [0, 1, 1, 1])
    XCTAssertEqual(try History(folder: folder + "/data").readAnswers().guessTimes, expected)

    try history.forget(roster: team.identity)
    XCTAssertEqual(
      try history.readAnswers().guessTimes, GuessTimes(right: [1, 0, 1, 0], wrong: [0, 0, 0, 1]),
      "a roster forgotten takes its answers with it")
  }
}
