import Foundation
import Pictures
import SystemPackage
import XCTest

/// `--group` and the headless front end's groups, through the built binary, on a roster whose
/// subfolders are groups and where two people share a name.
final class GroupCommandTests: XCTestCase {
  private var club: String!

  override func setUpWithError() throws {
    club = NSTemporaryDirectory() + "mtm-groups-\(UUID().uuidString)"
    let image = RGBAImage(width: 32, height: 32, filledWith: (90, 120, 200, 255))
    let files = [
      "Ann Lee.jpg", "Bo Chen.jpg", "Alex Kim.jpg", "recruits/Cy Diaz.jpg", "recruits/Di Evans.jpg",
      "recruits/Ed Fox.jpg", "recruits/Alex Kim.jpg", "board/Fay Gao.jpg", "board/Gus Hill.jpg",
    ]
    for file in files {
      let path = "\(club!)/\(file)"
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try PictureFile.writeJPEG(image, to: FilePath(path))
    }
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: club)
  }

  private func play(_ commands: [String], _ arguments: [String]) throws -> [[String: Any]] {
    let result = try runMeetTheMembers(
      ["--headless", "--seed", "5", "--data-dir", club + "/data"] + arguments + [club],
      input: commands.map { $0 + "\n" }.joined())
    XCTAssertEqual(result.status, 0, result.errors)
    return result.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  /// Answers every question right for a round, and gives each question's member and options.
  private func playRound(_ arguments: [String], start: String = #"{"do":"start"}"#) throws
    -> (roster: [String: Any], questions: [(member: String, options: [String])])
  {
    var commands = [start]
    for _ in 0..<10 { commands += [#"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":2}"#] }
    let events = try play(commands, arguments)
    let questions = events.filter { $0["event"] as? String == "question" }.map {
      (
        member: ($0["member"] as? [String: Any])?["name"] as? String ?? "",
        options: $0["options"] as? [String] ?? []
      )
    }
    return (events.first ?? [:], questions)
  }

  func testGroupPlaysOnlyThatGroupWithItsOwnNames() throws {
    let recruits = ["Cy Diaz", "Di Evans", "Ed Fox", "Alex Kim (2)"]
    let (roster, questions) = try playRound(["--group", "Recruits"])
    XCTAssertEqual(roster["group"] as? String, "recruits")
    let groups = try XCTUnwrap(roster["groups"] as? [[String: Any]])
    XCTAssertEqual(groups.map { $0["name"] as? String }, ["board", "recruits"])
    XCTAssertEqual(groups.map { $0["members"] as? Int }, [2, 4])
    XCTAssertEqual(groups.map { $0["known"] as? Int }, [0, 0])
    XCTAssertEqual(questions.count, 10)
    for question in questions {
      XCTAssertTrue(recruits.contains(question.member), question.member)
      XCTAssertEqual(Set(question.options), Set(recruits), "four names: all the group's")
    }
  }

  func testASmallGroupTakesOtherNamesFromEveryone() throws {
    let (_, questions) = try playRound([], start: #"{"do":"start","group":"board"}"#)
    var offered = Set<String>()
    for question in questions {
      XCTAssertTrue(["Fay Gao", "Gus Hill"].contains(question.member), question.member)
      XCTAssertEqual(Set(question.options).count, 4)
      offered.formUnion(question.options)
    }
    XCTAssertTrue(offered.contains("Ann Lee") || offered.contains("Cy Diaz"), "\(offered)")
    XCTAssertTrue(offered.isDisjoint(with: ["Alex Kim"]), "the two Alex Kims are told apart")
  }

  func testAnUnknownGroupIsAOneLineErrorThatListsTheGroups() throws {
    let result = try runMeetTheMembers(["--headless", "--group", "coaches", club])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.errors,
      "Error: --group coaches: no such group in \(club!); its groups are board, recruits\n")
    let flat = try runMeetTheMembers(["--headless", "--group", "x", club + "/recruits"])
    XCTAssertTrue(flat.errors.contains("it has none (subfolders"), flat.errors)
    let refused = try runMeetTheMembers(["--check", "--group", "board", club])
    XCTAssertEqual(refused.status, 64)
    XCTAssertEqual(
      refused.errors, "Error: --group only applies to play and headless, not to check\n")
    let events = try play([#"{"do":"start","group":"nobody"}"#], [])
    let error = try XCTUnwrap(events.first { $0["event"] as? String == "error" })
    XCTAssertEqual(
      error["message"] as? String,
      #"start takes "group": null for everyone, or one of board, recruits"#)
  }
}
