import Foundation
import XCTest

/// `meet-the-members publish`, end to end: a folder published, its output served by the
/// loopback server, the roster played by URL; published again with a photo more, and the
/// game fetches version 2.
final class PublishTests: XCTestCase {
  var club: ClubServer!
  var folder: String!

  override func setUpWithError() throws {
    club = try ClubServer()
    folder = NSTemporaryDirectory() + "mtm-publish-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: folder + "/club/coaches", withIntermediateDirectories: true)
  }

  override func tearDown() {
    club = nil
    try? FileManager.default.removeItem(atPath: folder)
  }

  private let sample = packageDirectory.appendingPathComponent("Resources/sample-club").path

  private func copy(_ name: String, to path: String) throws {
    try FileManager.default.copyItem(atPath: "\(sample)/\(name)", toPath: "\(folder!)/\(path)")
  }

  /// Serves every file of `out` at its name, as a static web server would.
  private func serve(_ out: String) throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: out) {
      club.server["/\(name)"] = .body(try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)")))
    }
  }

  private func rosterEvent(_ url: String) throws -> [String: Any] {
    let run = try runMeetTheMembers(
      [url, "--headless", "--data-dir", folder + "/data"], environment: club.environment,
      input: "")
    XCTAssertEqual(run.status, 0, run.errors)
    let line = try XCTUnwrap(run.output.split(separator: "\n").first)
    return try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  func testAPublishedFolderPlaysByURLAndPublishingAgainMakesVersionTwo() throws {
    try copy("Aiyana Redcloud.png", to: "club/Aiyana Redcloud.png")
    try copy("Amara Okafor.png", to: "club/Amara Okafor.png")
    try copy("Anna Kowalska.png", to: "club/coaches/Anna Kowalska.png")
    try copy("Diego Ramírez.png", to: "club/Diego Ramírez.png")
    try "file,name\nAiyana Redcloud.png,Aiyana R. Redcloud\nNobody.png,Nobody\n".write(
      toFile: folder + "/club/members.csv", atomically: true, encoding: .utf8)
    try "not a photo".write(toFile: folder + "/club/Broken.jpg", atomically: true, encoding: .utf8)
    let out = folder + "/site"
    let first = try publish(to: out)
    XCTAssertEqual(first.status, 0, first.errors)
    XCTAssertEqual(
      first.output,
      "Published Example Club version 1: 4 members, \(out)/example-club-1.zip "
        + "(\(try size(of: "\(out)/example-club-1.zip")) bytes) and \(out)/roster.json.\n")
    // A file left out says so; a warning of what is published does not.
    XCTAssertEqual(
      first.errors,
      "Warning: Broken.jpg: not a JPEG or PNG image (left out)\n"
        + "Warning: members.csv: line 3: no usable photo called Nobody.png\n")
    let manifest = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: out + "/roster.json")))
        as? [String: String])
    XCTAssertEqual(manifest["version"], "1")
    XCTAssertEqual(manifest["name"], "Example Club")
    XCTAssertEqual(manifest["download-name"], "example-club-1.zip")
    XCTAssertEqual(manifest["download-size"], "\(try size(of: "\(out)/example-club-1.zip"))")
    XCTAssertEqual(manifest["download-sha256"]?.count, 64)
    XCTAssertEqual(manifest["download-md5"]?.count, 32)

    try serve(out)
    let played = try rosterEvent(club.url)
    XCTAssertEqual(played["members"] as? Int, 4)
    XCTAssertEqual(
      (played["groups"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["coaches"],
      "the groups are kept")
    let list = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertTrue(list.output.contains("Aiyana R. Redcloud"), "members.csv is kept: \(list.output)")

    // A photo more: version 2, which the game fetches.
    try copy("Zoë Laurent.png", to: "club/Zoë Laurent.png")
    let second = try publish(to: out, ["--scores-url", "https://scores.example.org/club"])
    XCTAssertEqual(second.status, 0, second.errors)
    XCTAssertTrue(second.output.hasPrefix("Published Example Club version 2: 5 members"))
    let announced = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: out + "/roster.json")))
    XCTAssertEqual(
      (announced as? [String: String])?["scores-url"], "https://scores.example.org/club")
    // Published again without it: kept, and said.
    try copy("Mei Lin Chen.png", to: "club/Mei Lin Chen.png")
    let third = try publish(to: out)
    XCTAssertTrue(
      third.output.hasSuffix("; scores go to https://scores.example.org/club.\n"), third.output)
    XCTAssertEqual(
      (try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: out + "/roster.json"))) as? [String: String])?[
          "scores-url"], "https://scores.example.org/club")
    let refused = try publish(to: out, ["--scores-url", "club.example.org"])
    XCTAssertEqual(refused.status, 64)
    XCTAssertTrue(
      refused.errors.hasPrefix(
        "Error: --scores-url must be an http or https URL, not club.example.org\n"),
      refused.errors)
    let noPort = try publish(to: out, ["--scores-url", "http://127.0.0.1:99999/scores"])
    XCTAssertEqual(noPort.status, 64)
    XCTAssertTrue(
      noPort.errors.hasPrefix(
        "Error: --scores-url http://127.0.0.1:99999/scores cannot be used: its port 99999 is "
          + "beyond 65535\n"), noPort.errors)
    try serve(out)
    XCTAssertEqual(try rosterEvent(club.url)["members"] as? Int, 6, "version 3")
  }

  /// A folder that cannot be played is not published; a manifest whose version is not a
  /// number is not overwritten; each says why in one line.
  func testAFolderThatCannotBePlayedIsRefusedAndNothingIsWritten() throws {
    try copy("Aiyana Redcloud.png", to: "club/Aiyana Redcloud.png")
    try copy("Amara Okafor.png", to: "club/Amara Okafor.png")
    let out = folder + "/site"
    assertRefused(
      try publish(to: out),
      "\(folder!)/club: cannot be played, so it is not published: found 2 members; the "
        + "game needs at least 4")
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))

    try copy("Anna Kowalska.png", to: "club/Anna Kowalska.png")
    try copy("Diego Ramírez.png", to: "club/Diego Ramírez.png")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try #"{"version": "spring"}"#.write(
      toFile: out + "/roster.json", atomically: true, encoding: .utf8)
    assertRefused(
      try publish(to: out),
      "\(out)/roster.json: its version spring is not a whole number, so the next "
        + "cannot follow it")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["roster.json"])
  }

  /// `meet-the-members publish` of the club folder as Example Club into `out`.
  private func publish(to out: String, _ options: [String] = []) throws -> RunResult {
    try runMeetTheMembers(
      ["publish", folder + "/club", "--name", "Example Club", "--out", out] + options)
  }

  /// Asserts that `run` failed (status 1) saying only `message`, as an error.
  private func assertRefused(
    _ run: RunResult, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(run.status, 1, file: file, line: line)
    XCTAssertEqual(run.errors, "Error: \(message)\n", file: file, line: line)
  }

  private func size(of path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
  }
}
