import AppCore
import Foundation
import GameEngine
import SystemPackage
import XCTest

@testable import HeadlessUI

/// The headless front end played in this process: its commands in, its events out, the
/// photos of the bundled sample club decoded as the game decodes them.
final class HeadlessInProcessTests: XCTestCase {
  /// The sample club's first members, with their photos.
  private func sampleClub(count: Int) throws -> (members: [Member], photos: [MemberID: PhotoFile]) {
    let folder = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Resources/sample-club")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".png") }.sorted().prefix(count)
    XCTAssertEqual(files.count, count, "the sample club has \(count) photos")
    var members: [Member] = []
    var photos: [MemberID: PhotoFile] = [:]
    for (index, file) in files.enumerated() {
      let name = String(file.dropLast(4))
      let member = Member(id: MemberID("m\(index)"), name: name, spelling: LatinSpelling.of(name))
      members.append(member)
      photos[member.id] = PhotoFile(
        path: FilePath(folder.appendingPathComponent(file).path), file: file)
    }
    return (members, photos)
  }

  /// Plays `commands` and returns every event written, decoded.
  private func play(_ commands: [String], rules: Rules) throws -> [[String: Any]] {
    let club = try sampleClub(count: 5)
    let session = Session(
      questions: try QuestionGenerator(members: club.members, seed: 7), rules: rules)
    var lines: [String] = []
    var player = HeadlessPlayer(
      session: session,
      roster: RosterSummary(members: club.members.count, folder: "sample-club", warnings: []),
      photos: club.photos, write: { lines.append($0) })
    var input = commands.makeIterator()
    let status = player.run { input.next() }
    XCTAssertEqual(status, 0)
    return try lines.map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], $0)
    }
  }

  func testAGameIsPlayedAndEndsWithTheEndOfItsInput() throws {
    let events = try play(
      [#"{"do":"start"}"#, #"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":10}"#],
      rules: Rules(questionKinds: .names))
    let names = events.compactMap { $0["event"] as? String }
    XCTAssertEqual(names.first, "roster")
    XCTAssertGreaterThanOrEqual(names.filter { $0 == "question" }.count, 2, "\(names)")
    XCTAssertEqual(names.last, "exit")
    let result = try XCTUnwrap(events.first { $0["event"] as? String == "result" })
    XCTAssertEqual(result["chosen"] as? Int, 0)
  }

  /// The statistics, the people window and quitting are actions, not keys: while a name is
  /// typed, every letter is part of the name, and `stats` must still open the statistics
  /// and leave the name being typed as it was.
  func testWindowsOpenByTheirActionsWhileANameIsTyped() throws {
    let events = try play(
      [
        #"{"do":"start"}"#, #"{"do":"stats"}"#, #"{"do":"people"}"#, #"{"do":"resume"}"#,
        #"{"do":"type","text":"Someone"}"#, #"{"do":"quit"}"#,
      ], rules: Rules(questionKinds: .typing))
    let names = events.compactMap { $0["event"] as? String }
    XCTAssertFalse(names.contains("error"), "\(events)")
    // The statistics opened: the running game paused for them, then they were written.
    let paused = try XCTUnwrap(names.firstIndex(of: "paused"), "\(names)")
    XCTAssertEqual(events[paused]["reason"] as? String, "screen left")
    XCTAssertEqual(names[paused + 1], "stats", "\(names)")
    XCTAssertTrue(names.contains("people"), "\(names)")
    let result = try XCTUnwrap(events.first { $0["event"] as? String == "result" }, "\(names)")
    XCTAssertEqual(result["typed"] as? String, "Someone")
    XCTAssertEqual(names.last, "exit")
  }
}
