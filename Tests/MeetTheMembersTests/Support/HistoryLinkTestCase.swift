import AppCore
import Foundation
import GRDB
import GameEngine
import History
import Pictures
import Roster
import Synchronization
import SystemPackage
import TerminalUI
import XCTest

@testable import Launch
@testable import meet_the_members

/// What the tests of the game's link to the history share: a folder of their own, removed
/// after each test, a roster of four people, answers about them, and a history held by another
/// program through the launch.
class HistoryLinkTestCase: XCTestCase {
  var folder: String!

  override func setUp() {
    folder = NSTemporaryDirectory() + "mtm-link-\(UUID().uuidString)"
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func answer(_ member: Member, at time: Double, right: Bool = true) -> RecordedAnswer {
    let question = Question(
      number: 1, member: member,
      options: [member.name, "Bo", "Cy", "Di"].enumerated().map {
        NameOption(name: $0.element, member: $0.offset == 0 ? member.id : MemberID("m\($0.offset)"))
      }, correctIndex: 0)
    return RecordedAnswer(
      result: QuestionResult(
        question: question, outcome: right ? .correct : .wrong(chosen: question.options[1]),
        answerTime: .seconds(1)),
      answeredAt: time, memory: MemoryState(stability: 1, difficulty: 5), grade: .good,
      mode: "quiz")
  }

  /// A roster folder of four people's photos.
  /// The history in `data` (made first, if need be) held by another program, and a game's
  /// link to it that waited for it at launch (a moment).
  func heldThroughTheLaunch(_ data: String, _ roster: Roster) throws -> (
    HistoryHolder, HistoryLink
  ) {
    _ = HistoryLink.open(folder: data, roster: roster)
    let holder = HistoryHolder(data + "/" + History.fileName)
    try holder.hold()
    return (holder, HistoryLink.open(folder: data, roster: roster, wait: 0.2))
  }

  func fourPeople(_ names: [String] = ["Ada", "Bo", "Cy", "Di"]) throws -> Roster {
    let club = folder + "/club"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    for (index, name) in names.enumerated() {
      let image = RGBAImage(width: 16, height: 16, filledWith: (UInt8(index * 60), 0, 0, 255))
      try PictureFile.writeJPEG(image, to: FilePath("\(club)/\(name).jpg"))
    }
    return try Roster.load(club)
  }

  /// A history's folder for `roster` (opened once, so that it is there), the header of a file
  /// of saved answers, and a row of it: a right answer about Ada at the time given as written.
  func savedAnswers(of roster: Roster) -> (
    data: String, header: String, row: (String) -> String
  ) {
    let data = folder + "/data"
    HistoryLink.open(folder: data, roster: roster).recorder()?.close()
    let row = { (time: String) in
      "Ada,Ada.jpg,club,quiz,name,correct,Ada,1.0,\(time),\(roster.historyKey.identity),\r\n"
    }
    return (data, UnkeptAnswers.columns.joined(separator: ",") + "\r\n", row)
  }
}
