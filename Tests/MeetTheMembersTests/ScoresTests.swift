import Foundation
import LoopbackServer
import XCTest

/// Scores sent to the club, through the built binary and a real HTTP server on 127.0.0.1: the
/// manifest's `scores-url`, nothing without the player's yes, the document as the README and
/// `docs/score.schema.json` give it, and a score the server did not take sent again at the
/// next launch.
final class ScoresTests: XCTestCase {
  var club: ClubServer!
  var folder: String!

  override func setUpWithError() throws {
    club = try ClubServer()
    folder = NSTemporaryDirectory() + "mtm-scores-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let zip = try ClubServer.zip(photos: 6)
    club.server["/roster.json"] = .body(
      RosterPublishing.manifest(version: "3", zip: zip, changing: ["scores-url": "scores"]))
    club.server["/club.zip"] = .body(zip)
    club.server["/scores"] = .status(204)
  }

  override func tearDown() {
    club = nil
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The settings file with these lines.
  private func settings(_ text: String) throws -> String {
    let path = folder + "/config.toml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The score server as the `send-scores` setting names it: the loopback server's host and
  /// port.
  private var host: String { "127.0.0.1:\(club.server.port)" }

  /// A headless launch on the club's roster with the settings at `config`: `rounds` rounds of
  /// one question each played, then the game quit. Returns its events.
  private func launch(config: String, rounds: Int = 1) throws -> [[String: Any]] {
    let round = [#"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":3}"#]
    let commands =
      rounds == 0
      ? []
      : [#"{"do":"start"}"#] + round
        + Array(Array(repeating: [#"{"do":"next"}"#] + round, count: rounds - 1).joined())
    let run = try runMeetTheMembers(
      [
        club.url, "--headless", "--round", "1", "--seed", "1", "--config", config,
        "--data-dir", folder + "/data", "--clock", "2027-01-01T10:00:00Z",
      ], environment: club.environment, input: commands.joined(separator: "\n") + "\n")
    XCTAssertEqual(run.status, 0, run.errors)
    return run.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  private func scoresEvents(_ events: [[String: Any]]) -> [[String: Any]] {
    events.filter { $0["event"] as? String == "scores" }
  }

  private var posted: [LoopbackServer.Request] {
    club.server.received.filter { $0.path == "/scores" }
  }

  func testAYesSendsEachRoundAsTheSchemaSays() throws {
    let config = try settings("send-scores = \"\(host)\"\nplayer = \"Ana Ruiz\"\n")
    let events = try launch(config: config, rounds: 2)
    XCTAssertEqual(scoresEvents(events).map { $0["waiting"] as? Int }, [0, 0], "\(events)")
    XCTAssertEqual(posted.count, 2, "each round")
    let request = try XCTUnwrap(posted.first)
    XCTAssertEqual(request.method, "POST")
    XCTAssertEqual(request.contentType, "application/json")
    let document = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
    try assertFollowsTheSchema(document)
    XCTAssertEqual(document["player"] as? String, "Ana Ruiz")
    XCTAssertEqual(document["roster"] as? String, "Example Club")
    XCTAssertEqual(document["version"] as? String, "3")
    XCTAssertEqual(document["roster-url"] as? String, club.url)
    XCTAssertEqual(document["mode"] as? String, "quiz")
    XCTAssertEqual(document["questions"] as? Int, 1)
    XCTAssertEqual(document["members"] as? Int, 6)
    let finished = try XCTUnwrap(events.first { $0["event"] as? String == "finished" })
    XCTAssertEqual(document["right"] as? Int, finished["correct"] as? Int)
    XCTAssertEqual(document["known"] as? Int, 0)
    let ended = try XCTUnwrap(document["ended"] as? String)
    XCTAssertTrue(ended.hasPrefix("2027-01-01T10:00:0") && ended.hasSuffix("Z"), ended)
    XCTAssertGreaterThan(try XCTUnwrap(document["seconds"] as? Double), 0)
  }

  func testNothingIsSentWithoutAYes() throws {
    for lines in [
      "", "send-scores = false\n", "player = \"Ana\"\n", "send-scores = \"club.example.net\"\n",
    ] {
      let events = try launch(config: try settings(lines))
      XCTAssertTrue(scoresEvents(events).isEmpty, "\(lines): \(events)")
      XCTAssertTrue(events.contains { $0["event"] as? String == "finished" })
    }
    XCTAssertEqual(posted.count, 0)
  }

  /// A 500, then a connection dropped: the score waits, with its reason, and goes at the
  /// launch after, the same document (its id) each time.
  func testAScoreTheServerDidNotTakeIsSentAgainAtTheNextLaunch() throws {
    let config = try settings("send-scores = true\nplayer = \"Ana\"\n")
    club.server["/scores"] = .status(500)
    let first = scoresEvents(try launch(config: config))
    XCTAssertEqual(first.count, 1)
    XCTAssertEqual(first.first?["waiting"] as? Int, 1)
    XCTAssertEqual(
      first.first?["failure"] as? String, "the server answered 500 Internal Server Error")
    XCTAssertTrue(first.first?["last_sent"] is NSNull)

    club.server["/scores"] = .drop
    let second = scoresEvents(try launch(config: config, rounds: 0))
    XCTAssertEqual(second.count, 1, "sent again as the game begins")
    XCTAssertEqual(second.first?["waiting"] as? Int, 1)
    XCTAssertEqual(second.first?["failure"] as? String, "the server closed the connection")

    club.server["/scores"] = .status(200)
    let third = scoresEvents(try launch(config: config, rounds: 0))
    XCTAssertEqual(third.count, 1)
    XCTAssertEqual(third.first?["waiting"] as? Int, 0)
    XCTAssertTrue(third.first?["failure"] is NSNull)
    XCTAssertNotNil(third.first?["last_sent"] as? Double)

    XCTAssertEqual(posted.count, 3)
    XCTAssertEqual(Set(posted.map(\.body)).count, 1, "the same document, the same id")
    // Nothing waits any more: a launch sends nothing.
    XCTAssertTrue(scoresEvents(try launch(config: config, rounds: 0)).isEmpty)
    XCTAssertEqual(posted.count, 3)
  }

  /// A score the server refuses (a 4xx) is not sent again; one waiting is not sent once the
  /// player said no.
  func testARefusedScoreIsNotSentAgainNorAWaitingOneAfterANo() throws {
    let yes = try settings("send-scores = \"\(host)\"\n")
    club.server["/scores"] = .status(422)
    let refused = scoresEvents(try launch(config: yes))
    XCTAssertEqual(refused.first?["waiting"] as? Int, 0)
    XCTAssertEqual(
      refused.first?["failure"] as? String, "the server answered 422 Unprocessable Entity")
    club.server["/scores"] = .status(503)
    let waiting = scoresEvents(try launch(config: yes))
    XCTAssertEqual(waiting.first?["waiting"] as? Int, 1, "the refused one is not tried")
    XCTAssertEqual(posted.count, 2)

    club.server["/scores"] = .status(200)
    _ = try launch(config: try settings("send-scores = false\n"), rounds: 0)
    XCTAssertEqual(posted.count, 2, "nothing goes after a no")
  }

  /// The document's keys and types as `docs/score.schema.json` gives them: its required keys
  /// there, no key it does not list, each of its type.
  private func assertFollowsTheSchema(
    _ document: [String: Any], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let schema = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(
          contentsOf: packageDirectory.appendingPathComponent("docs/score.schema.json")))
        as? [String: Any])
    let properties = try XCTUnwrap(schema["properties"] as? [String: [String: Any]])
    let required = try XCTUnwrap(schema["required"] as? [String])
    XCTAssertEqual(
      Set(required).subtracting(document.keys), [], "required keys missing", file: file,
      line: line)
    XCTAssertEqual(
      Set(document.keys).subtracting(properties.keys), [], "keys the schema does not list",
      file: file, line: line)
    for (key, value) in document {
      guard let property = properties[key] else { continue }
      switch property["type"] as? String {
      case "string": XCTAssertTrue(value is String, key, file: file, line: line)
      case "integer", "number":
        // A number, not true or false (whose NSNumber is of C's char); an integer whole.
        let number = value as? NSNumber
        XCTAssertTrue(
          number.map { String(cString: $0.objCType) != "c" } ?? false, key, file: file,
          line: line)
        if property["type"] as? String == "integer" {
          XCTAssertEqual(
            number?.doubleValue.rounded(), number?.doubleValue, key, file: file, line: line)
        }
        if let minimum = property["minimum"] as? Double {
          XCTAssertGreaterThanOrEqual(
            number?.doubleValue ?? -1, minimum, key, file: file, line: line)
        }
      default: break
      }
      if let values = property["enum"] as? [String] {
        XCTAssertTrue(values.contains(value as? String ?? ""), key, file: file, line: line)
      }
      if let constant = property["const"] as? Int {
        XCTAssertEqual(value as? Int, constant, key, file: file, line: line)
      }
    }
    let id = try XCTUnwrap(document["id"] as? String)
    XCTAssertNotNil(UUID(uuidString: id), id, file: file, line: line)
  }
}
