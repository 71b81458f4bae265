import Foundation
import LoopbackServer
import SystemPackage
import XCTest

@testable import RosterDownload

/// Rosters fetched from a real HTTP server on 127.0.0.1 into a real cache folder.
final class FetchTests: XCTestCase {
  var server: LoopbackServer!
  var cacheFolder: FilePath!

  override func setUpWithError() throws {
    server = try LoopbackServer()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-cache-\(UUID().uuidString)")
    cacheFolder = FilePath(folder.path)
  }

  override func tearDown() {
    server.stop()
    try? FileManager.default.removeItem(atPath: cacheFolder.string)
  }

  var fetcher: RosterFetcher { RosterFetcher(cache: RosterCache(folder: cacheFolder)) }

  /// A club of three, in a top folder as zipping a folder makes it.
  static let photos: [RosterPublishing.Entry] = [
    .folder("Example Club/"),
    .file("Example Club/Ann Lee.jpg", Data(repeating: 0xA1, count: 3000)),
    .file("Example Club/Juniors/Bo Chan.jpg", Data(repeating: 0xB2, count: 2000)),
    .file("Example Club/Juniors/Cy Dee.png", Data((0..<1500).map { UInt8($0 % 251) })),
  ]

  /// Serves version `version` of the club's roster at /roster.json and /club.zip.
  func publish(_ version: String, _ entries: [RosterPublishing.Entry] = photos) throws -> Data {
    let zip = try RosterPublishing.zip(entries)
    server["/roster.json"] = .body(RosterPublishing.manifest(version: version, zip: zip))
    server["/club.zip"] = .body(zip)
    return zip
  }

  func files(in folder: FilePath) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.string)
    return (enumerator?.allObjects as? [String] ?? []).sorted()
  }

  func cacheContents() -> [String: Data] { RosterPublishing.contents(of: cacheFolder.string) }

  func testARosterIsDownloadedCheckedAndExtractedIntoTheCache() async throws {
    let zip = try publish("22")
    let events = EventLog()
    let roster = try await fetcher.fetch(server.url("/roster.json")) { events.add($0) }
    XCTAssertTrue(roster.downloaded)
    XCTAssertEqual(roster.version, "22")
    XCTAssertEqual(roster.name, "Example Club")
    XCTAssertNil(roster.warning)
    // The zip's top folder is the roster folder; its subfolders stay groups.
    XCTAssertEqual(
      files(in: roster.folder),
      ["Ann Lee.jpg", "Juniors", "Juniors/Bo Chan.jpg", "Juniors/Cy Dee.png"])
    XCTAssertEqual(
      FileManager.default.contents(atPath: roster.folder.appending("Juniors/Cy Dee.png").string),
      Data((0..<1500).map { UInt8($0 % 251) }))
    // The zip is deleted and nothing else is left beside the version in use.
    let slot = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: cacheFolder.string).first)
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: cacheFolder.appending(slot).string)
    XCTAssertEqual(kept.filter { !$0.hasPrefix("v-") }.sorted(), [".lock", "roster.json"])
    XCTAssertEqual(kept.filter { $0.hasPrefix("v-") }.count, 1)
    // Progress from nothing to the whole zip, then the extraction.
    let downloads = events.progress
    XCTAssertEqual(downloads.first?.received, 0)
    XCTAssertEqual(downloads.last?.received, Int64(zip.count))
    XCTAssertTrue(downloads.allSatisfy { $0.total == Int64(zip.count) })
    XCTAssertEqual(events.downloaded, Int64(zip.count))
    XCTAssertEqual(events.extracted?.files, 3)
    XCTAssertEqual(events.extracted?.bytes, 6500)
  }

  /// The docs' figures (docs/rosters.md, and the settings in docs/command-line.md) are the
  /// standard limits.
  func testTheDocsFiguresAreTheStandardLimits() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs").standardized
    let text = try ["rosters.md", "command-line.md"].map {
      try String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8)
    }.joined(separator: "\n").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let limits = DownloadLimits.standard
    let seconds = { (duration: Duration) in duration.components.seconds }
    for phrase in [
      "a server silent for \(seconds(limits.silence)) seconds (\(seconds(limits.connect)) to connect)",
      "a manifest not whole within \(seconds(limits.manifest)) seconds",
      "a zip not whole within \(seconds(limits.longest) / 3600) hour",
      "judged after its first \(seconds(limits.judgedAfter)) seconds",
      "larger than \(limits.largest / 1_000_000_000) GB (the setting `largest-download`",
      "and \(limits.spare / 1_000_000) MB to spare",
      "more than \(limits.redirects) redirects",
      "(\(seconds(limits.manifest)) s at most; Ctrl-C stops)",
      "| `largest-download` | file only | 1 to 1000000000 | \(limits.largest / 1_000_000) |",
    ] {
      XCTAssertTrue(text.contains(phrase), phrase)
    }
  }

  func testTheCacheIsUnderXDGCacheHomeElseHome() {
    XCTAssertEqual(
      RosterCache.standard(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"])?.folder,
      "/x/cache/meet-the-members/rosters")
    XCTAssertEqual(
      RosterCache.standard(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"])?.folder,
      "/home/a/.cache/meet-the-members/rosters")
    XCTAssertNil(RosterCache.standard(environment: [:]))
  }

  /// A cache that cannot be made is said in the system's words (not Foundation's sentence).
  func testACacheThatCannotBeMadeIsSaidInTheSystemsWords() async throws {
    _ = try publish("22")
    XCTAssertTrue(FileManager.default.createFile(atPath: cacheFolder.string, contents: Data()))
    do {
      _ = try await fetcher.fetch(server.url("/roster.json"))
      XCTFail("a cache under a file was used")
    } catch {
      XCTAssertTrue(error.problem.hasPrefix("the cache cannot be used: "), error.problem)
      XCTAssertTrue(error.problem.hasSuffix(": Not a directory"), error.problem)
    }
  }

  func testTheSecondFetchOfTheSameVersionDownloadsNothing() async throws {
    _ = try publish("22")
    let first = try await fetcher.fetch(server.url("/roster.json"))
    let second = try await fetcher.fetch(server.url("/roster.json"))
    XCTAssertFalse(second.downloaded)
    XCTAssertEqual(second.folder, first.folder)
    XCTAssertEqual(server.requests, ["/roster.json", "/club.zip", "/roster.json"])
  }

  func testACacheMissingAFileIsDownloadedAgain() async throws {
    _ = try publish("22")
    let first = try await fetcher.fetch(server.url("/roster.json"))
    try FileManager.default.removeItem(atPath: first.folder.appending("Ann Lee.jpg").string)
    let second = try await fetcher.fetch(server.url("/roster.json"))
    XCTAssertTrue(second.downloaded)
    XCTAssertEqual(files(in: second.folder).count, 4)
    XCTAssertFalse(FileManager.default.fileExists(atPath: first.folder.string))
  }

  func testANewVersionReplacesThePreviousOne() async throws {
    _ = try publish("22")
    let first = try await fetcher.fetch(server.url("/roster.json"))
    _ = try publish("23", Self.photos + [.file("Example Club/Di Ek.jpg", Data(count: 10))])
    let second = try await fetcher.fetch(server.url("/roster.json"))
    XCTAssertTrue(second.downloaded)
    XCTAssertEqual(second.version, "23")
    XCTAssertTrue(files(in: second.folder).contains("Di Ek.jpg"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: first.folder.string))
  }

  func testManifestValuesMayBeNumbersTheZipMayBeElsewhereAndMD5Does() async throws {
    let zip = try RosterPublishing.zip(Self.photos)
    server["/files/club-22.zip"] = .body(zip)
    server["/roster.json"] = .body(
      RosterPublishing.manifest(
        version: "ignored", zip: zip, name: "files/club-22.zip", md5: true,
        changing: [
          "version": 22, "download-size": zip.count, "mirrors": ["a", "b"], "name": NSNull(),
        ]))
    let roster = try await fetcher.fetch(server.url("/roster.json"))
    XCTAssertEqual(roster.version, "22")
    XCTAssertEqual(roster.name, "127.0.0.1")
    XCTAssertEqual(files(in: roster.folder).count, 4)
  }

  /// A manifest's `scores-url` is read relative to it, changes without a new version, and is
  /// remembered by the cache for a launch offline.
  func testTheScoresURLIsReadRelativeToTheManifestAndTheCacheKeepsIt() async throws {
    let zip = try RosterPublishing.zip(Self.photos)
    server["/club.zip"] = .body(zip)
    let manifest = { (scores: Any) in
      RosterPublishing.manifest(version: "4", zip: zip, changing: ["scores-url": scores])
    }
    let url = server.url("/roster.json")
    server["/roster.json"] = .body(manifest(NSNull()))
    let none = try await fetcher.fetch(url)
    XCTAssertNil(none.scores)
    server["/roster.json"] = .body(manifest("scores/in"))
    let relative = try await fetcher.fetch(url)
    XCTAssertFalse(relative.downloaded, "the same version")
    XCTAssertEqual(relative.scores, server.url("/scores/in"))
    server["/roster.json"] = .body(manifest("https://scores.example.org/club"))
    let absolute = try await fetcher.fetch(url)
    XCTAssertEqual(absolute.scores, URL(string: "https://scores.example.org/club"))
    // One that cannot be used is said, and the roster plays all the same.
    server["/roster.json"] = .body(manifest("mailto:club@example.org"))
    let unusable = try await fetcher.fetch(url)
    XCTAssertNil(unusable.scores)
    XCTAssertNil(unusable.problem)
    XCTAssertEqual(
      unusable.scoresProblem,
      "its scores-url \"mailto:club@example.org\" is not an http or https URL; no score is sent")
    // Nor is one whose port no request can go to (the client would stop the game on it).
    server["/roster.json"] = .body(manifest("http://127.0.0.1:99999/scores"))
    let noPort = try await fetcher.fetch(url)
    XCTAssertNil(noPort.scores)
    XCTAssertEqual(
      noPort.scoresProblem,
      "its scores-url \"http://127.0.0.1:99999/scores\" cannot be used: its port 99999 is beyond "
        + "65535; no score is sent")
    server["/roster.json"] = .body(manifest("https://scores.example.org/club"))
    _ = try await fetcher.fetch(url)
    server.stop()
    let offline = try await fetcher.fetch(url)
    XCTAssertNotNil(offline.problem)
    XCTAssertEqual(offline.scores, URL(string: "https://scores.example.org/club"))
  }

  func testAZipWithoutATopFolderIsTheRosterFolderItself() async throws {
    _ = try publish(
      "1", [.file("Ann Lee.jpg", Data(count: 5)), .file("Bo Chan.jpg", Data(count: 5))])
    let roster = try await fetcher.fetch(server.url("/roster.json"))
    XCTAssertEqual(files(in: roster.folder), ["Ann Lee.jpg", "Bo Chan.jpg"])
  }

  /// A URL's password names no folder of the cache: a roster's folder is its URL's without
  /// the password (the same whatever password is given), and one that an earlier version
  /// named by the URL with it is renamed to it, its roster kept.
  func testAPasswordNamesNoFolderOfTheCache() async throws {
    _ = try publish("1")
    let plain = server.url("/roster.json").absoluteString
    let url = try XCTUnwrap(
      URL(string: plain.replacingOccurrences(of: "//", with: "//ann:s3cret@")))
    let other = try XCTUnwrap(URL(string: plain.replacingOccurrences(of: "//", with: "//ann:new@")))
    let cache = RosterCache(folder: cacheFolder)
    let slot = cache.slot(for: url).folder
    XCTAssertEqual(cache.slot(for: other).folder, slot)
    XCTAssertEqual(
      slot,
      cache.folder(named: plain.replacingOccurrences(of: "//", with: "//ann@"), host: url.host))
    let first = try await fetcher.fetch(url)
    XCTAssertTrue(first.downloaded)
    let older = cache.folder(named: url.absoluteString, host: url.host)
    XCTAssertNotEqual(older, slot)
    try FileManager.default.moveItem(atPath: slot.string, toPath: older.string)
    // While a game plays from it (its version held, as `PlayedVersions` holds it), it stays.
    let extracted = try XCTUnwrap(CacheSlot(folder: older).current()?.extracted)
    let hold = open(older.appending(extracted).string, O_RDONLY)
    XCTAssertEqual(flock(hold, LOCK_SH), 0)
    XCTAssertEqual(cache.slot(for: url).folder, slot)
    XCTAssertTrue(FileManager.default.fileExists(atPath: older.string), "left to the game")
    XCTAssertFalse(FileManager.default.fileExists(atPath: slot.string))
    close(hold)
    let again = try await fetcher.fetch(url)
    XCTAssertFalse(again.downloaded, "the version kept")
    XCTAssertTrue(again.folder.string.hasPrefix(slot.string), again.folder.string)
    XCTAssertFalse(FileManager.default.fileExists(atPath: older.string))
    // Made again beside the new one while a game held it (this one downloaded afresh), it goes
    // at the next launch once the game let go.
    try FileManager.default.copyItem(atPath: slot.string, toPath: older.string)
    let held = open(older.appending(extracted).string, O_RDONLY)
    XCTAssertEqual(flock(held, LOCK_SH), 0)
    _ = try await fetcher.fetch(url)
    XCTAssertTrue(FileManager.default.fileExists(atPath: older.string), "left to the game")
    close(held)
    _ = try await fetcher.fetch(url)
    XCTAssertFalse(FileManager.default.fileExists(atPath: older.string))
  }

  func testARedirectIsFollowed() async throws {
    _ = try publish("22")
    server["/old/roster.json"] = .redirect(server.url("/roster.json").absoluteString)
    let roster = try await fetcher.fetch(server.url("/old/roster.json"))
    XCTAssertEqual(files(in: roster.folder).count, 4)
  }

  /// A URL's name and password go with a redirect to the same server (scheme, host and port),
  /// never to another.
  func testCredentialsFollowARedirectToTheSameServerOnly() throws {
    let from = try XCTUnwrap(URL(string: "http://ann:p%40ss@club.example.org:8080/roster.json"))
    func user(after target: String) throws -> String? {
      let url = RosterFetcher.keepingCredentials(of: from, in: try XCTUnwrap(URL(string: target)))
      let parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
      return parts?.user.map { "\($0):\(parts?.password ?? "")" }
    }
    XCTAssertEqual(try user(after: "http://club.example.org:8080/new.json"), "ann:p@ss")
    XCTAssertEqual(try user(after: "HTTP://Club.Example.org:8080/new.json"), "ann:p@ss")
    XCTAssertNil(try user(after: "http://club.example.org/new.json"), "another port")
    XCTAssertNil(try user(after: "https://club.example.org:8080/new.json"), "another scheme")
    XCTAssertNil(try user(after: "http://elsewhere.example.org:8080/new.json"), "another host")
    XCTAssertEqual(
      try user(after: "http://bo:x@club.example.org:8080/new.json"), "bo:x", "its own kept")
  }

  /// Five redirects are followed (a sixth is refused: `FetchTests.faults`), each read
  /// relative to the one before, and the zip's `download-name` relative to the last.
  func testFiveRedirectsAreFollowedEachReadRelativeToTheLast() async throws {
    _ = try publish("22")
    server["/a/1.json"] = .redirect("2.json")
    server["/a/2.json"] = .redirect("/b/3.json")
    server["/b/3.json"] = .redirect("4.json")
    server["/b/4.json"] = .redirect("../a/5.json")
    server["/a/5.json"] = .redirect("../roster.json")
    let roster = try await fetcher.fetch(server.url("/a/1.json"))
    XCTAssertEqual(files(in: roster.folder).count, 4, "club.zip, beside /roster.json")
  }
}
