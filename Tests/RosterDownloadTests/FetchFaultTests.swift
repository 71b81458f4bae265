import Foundation
import LoopbackServer
import SystemPackage
import XCTest

@testable import RosterDownload

/// Servers that fail, slow ones and rosters too large: each a clear line, and the cache as it
/// was.
extension FetchTests {
  // MARK: - Servers that fail

  /// A way a server fails, and what the error must say.
  struct Fault: Sendable {
    var name: String
    var expected: String
    var serve: @Sendable (LoopbackServer) throws -> Void
  }

  static let bomb = Data(count: 30 << 20)

  /// A manifest whose `download-name` is `url`, a port no request can go to.
  static func zipAt(_ url: String, port: String) -> Fault {
    Fault(
      name: "zip at \(url)",
      expected: "its download-name \"\(url)\" cannot be used: its port \(port) is beyond 65535"
    ) {
      $0["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: Data(), name: url))
    }
  }

  static let faults: [Fault] = [
    Fault(name: "manifest 404", expected: "the server answered 404 Not Found") {
      $0["/roster.json"] = .status(404)
    },
    Fault(name: "manifest 500", expected: "the server answered 500 Internal Server Error") {
      $0["/roster.json"] = .status(500)
    },
    Fault(name: "zip 404", expected: "club.zip: the server answered 404 Not Found") {
      let zip = try RosterPublishing.zip(photos)
      $0["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
      $0["/club.zip"] = .status(404)
    },
    Fault(name: "not JSON", expected: "not a roster manifest: it is not a JSON object") {
      $0["/roster.json"] = .body(Data("<html>Welcome</html>".utf8))
    },
    Fault(name: "no size", expected: "not a roster manifest: it has no download-size") {
      $0["/roster.json"] = .body(
        RosterPublishing.manifest(version: "22", zip: Data(), changing: ["download-size": NSNull()])
      )
    },
    Fault(name: "no checksum", expected: "it has no download-sha256 (nor download-md5)") {
      $0["/roster.json"] = .body(
        RosterPublishing.manifest(
          version: "22", zip: Data(), changing: ["download-sha256": NSNull()]))
    },
    Fault(name: "bad size", expected: "its download-size \"12 MB\" is not a number of bytes") {
      $0["/roster.json"] = .body(
        RosterPublishing.manifest(version: "22", zip: Data(), changing: ["download-size": "12 MB"]))
    },
    Fault(
      name: "larger, announced",
      expected: "the server sends 101 bytes where the manifest announced 100"
    ) {
      let zip = Data(count: 101)
      $0["/roster.json"] = .body(
        RosterPublishing.manifest(version: "22", zip: zip, changing: ["download-size": 100]))
      $0["/club.zip"] = .body(zip)
    },
    Fault(
      name: "larger, chunked",
      expected: "the download is larger than the 100 bytes the manifest announced"
    ) {
      let zip = Data(count: 5000)
      $0["/roster.json"] = .body(
        RosterPublishing.manifest(version: "22", zip: zip, changing: ["download-size": 100]))
      $0["/club.zip"] = .chunked(zip)
    },
    Fault(name: "wrong checksum", expected: "the download's SHA-256 is ") {
      let zip = try RosterPublishing.zip(photos)
      $0["/roster.json"] = .body(
        RosterPublishing.manifest(
          version: "22", zip: zip, changing: ["download-sha256": String(repeating: "ab", count: 32)]
        ))
      $0["/club.zip"] = .body(zip)
    },
    Fault(name: "dropped", expected: "the download ended after 100 of the") {
      let zip = try RosterPublishing.zip(photos)
      $0["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
      $0["/club.zip"] = .cut(zip.prefix(100), announcing: zip.count)
    },
    Fault(name: "zip slip", expected: "\"../evil.jpg\", whose path leads outside its folder") {
      try serveZip(
        $0, [.file("Ann Lee.jpg", Data(count: 5)), .file("../evil.jpg", Data(count: 5))])
    },
    Fault(name: "absolute path", expected: "\"/tmp/evil.jpg\", whose path leads outside its folder")
    {
      try serveZip($0, [.file("/tmp/evil.jpg", Data(count: 5))])
    },
    Fault(name: "link", expected: "it holds a link, \"Ann Lee.jpg\"") {
      try serveZip($0, [.link("Ann Lee.jpg", target: "/etc/passwd")])
    },
    Fault(name: "bomb", expected: "(a decompression bomb)") {
      try serveZip($0, [.file("Ann Lee.jpg", bomb)])
    },
    Fault(name: "bomb that lies", expected: "\"Ann Lee.jpg\" swells past the size the zip declares")
    {
      let zip = try RosterPublishing.zip([.file("Ann Lee.jpg", Data(count: 400_000))])
      let lying = RosterPublishing.declaring(1000, in: zip)
      $0["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: lying))
      $0["/club.zip"] = .body(lying)
    },
    Fault(
      name: "not a zip",
      expected: "not a roster zip: it is not a zip file (no zip directory at its end)"
    ) {
      let zip = Data("PK but not really".utf8)
      $0["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
      $0["/club.zip"] = .body(zip)
    },
    Fault(name: "redirect loop", expected: "its redirects go round in a loop") {
      $0["/roster.json"] = .redirect("/elsewhere.json")
      $0["/elsewhere.json"] = .redirect("/roster.json")
    },
    // Six redirects, one more than a roster may take.
    Fault(name: "redirects", expected: "it redirects too many times") { server in
      server["/roster.json"] = .redirect("/1.json")
      for step in 1...5 { server["/\(step).json"] = .redirect("/\(step + 1).json") }
      server["/6.json"] = .body(Data())
    },
    // AsyncHTTPClient traps on an IP address with a port beyond 65535: the game checks every
    // URL first, a redirect's target, the zip's and the scores' among them.
    Fault(
      name: "redirect to no port",
      expected: "it redirects to \"http://127.0.0.1:99999/roster.json\": its port 99999 is beyond "
        + "65535"
    ) {
      $0["/roster.json"] = .redirect("http://127.0.0.1:99999/roster.json")
    },
    // A port too large for an integer is none to Foundation: the request would go to port 80.
    zipAt("http://127.0.0.1:99999999999999999999/club.zip", port: "99999999999999999999"),
    zipAt("http://[::1]:65536/club.zip", port: "65536"),
    Fault(name: "stall", expected: "the server took too long to answer") {
      $0["/roster.json"] = .silence
    },
    // Headers, then a byte every 100 ms: never silent long enough for a read to time out,
    // the whole manifest has a deadline.
    Fault(name: "slow manifest", expected: "the server took too long to answer (2 s for the") {
      let zip = try RosterPublishing.zip(photos)
      $0["/roster.json"] = .slow(
        RosterPublishing.manifest(version: "22", zip: zip), fast: 10, every: .milliseconds(100))
      $0["/club.zip"] = .body(zip)
    },
    // A zip at a rate that would need longer than a download may take is given up on once
    // its rate is judged, not when the time is up.
    Fault(name: "slow zip", expected: "club.zip: too slow: at ") {
      let zip = try RosterPublishing.zip(photos)
      $0["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
      $0["/club.zip"] = .slow(zip, fast: 100, every: .milliseconds(100))
    },
    Fault(
      name: "too large",
      expected: "club.zip: its 107 GB are more than the 2.0 GB a download may be (the setting "
        + "largest-download, in MB, raises it)"
    ) {
      let zip = try RosterPublishing.zip(photos)
      $0["/roster.json"] = .body(
        RosterPublishing.manifest(
          version: "22", zip: zip, changing: ["download-size": 107_000_000_000]))
      $0["/club.zip"] = .body(zip)
    },
    Fault(name: "stall mid-way", expected: "the server stopped sending (timed out)") {
      let zip = try RosterPublishing.zip(photos)
      $0["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
      $0["/club.zip"] = .paused(zip, after: 100, gate: Gate())
    },
  ]

  static func serveZip(_ server: LoopbackServer, _ entries: [RosterPublishing.Entry]) throws {
    let zip = try RosterPublishing.zip(entries)
    server["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
    server["/club.zip"] = .body(zip)
  }

  /// Short waits, so that the stalls end in a moment. Silence ends a stalled manifest before
  /// its deadline: the player is told the same either way.
  var impatient: RosterFetcher {
    var limits = DownloadLimits()
    limits.manifest = .seconds(2)
    limits.silence = .milliseconds(300)
    limits.longest = .seconds(5)
    limits.judgedAfter = .milliseconds(500)
    return RosterFetcher(cache: RosterCache(folder: cacheFolder), limits: limits)
  }

  /// A download that fits under the largest allowed but not on the disk (with room to spare
  /// for the photos beside the zip) is refused before its first byte, saying so.
  func testADownloadLargerThanTheFreeSpaceIsRefusedBeforeItsFirstByte() async throws {
    let zip = try RosterPublishing.zip(Self.photos)
    let size: Int64 = 1_000_000_000_000_000  // a petabyte
    server["/roster.json"] = .body(
      RosterPublishing.manifest(version: "22", zip: zip, changing: ["download-size": size]))
    server["/club.zip"] = .body(zip)
    var limits = DownloadLimits(largestMegabytes: 1_000_000_000)
    limits.spare = 500_000_000
    let fetcher = RosterFetcher(cache: RosterCache(folder: cacheFolder), limits: limits)
    do {
      _ = try await fetcher.fetch(server.url("/roster.json"))
      XCTFail("a petabyte downloaded")
    } catch {
      XCTAssertTrue(
        error.description.contains(
          "club.zip: its 1000000 GB need 2000001 GB free in \(cacheFolder!)/"), error.description)
      XCTAssertTrue(
        error.description.contains("(the zip, its photos and 500 MB to spare), and "),
        error.description)
      XCTAssertTrue(error.description.hasSuffix(" are free"), error.description)
    }
    XCTAssertEqual(server.requests, ["/roster.json"], "not a byte of the zip asked for")
    XCTAssertEqual(cacheContents(), [:])
  }

  /// A game waiting for another's download of the same roster stops waiting when it is
  /// cancelled (Ctrl-C), at once: a blocking lock held it until the other game was done.
  func testCancellingTheWaitForAnotherGameEndsItAtOnce() throws {
    _ = try publish("22")
    let url = server.url("/roster.json")
    let slot = RosterCache(folder: cacheFolder).slot(for: url)
    try slot.create()
    let lock = open(slot.folder.appending(".lock").string, O_RDWR | O_CREAT, 0o600)
    XCTAssertEqual(flock(lock, LOCK_EX), 0)
    defer { close(lock) }
    let events = EventLog()
    let outcome = Outcome()
    let fetcher = fetcher
    let task = Task {
      do {
        _ = try await fetcher.fetch(url) { events.add($0) }
        outcome.set("fetched")
      } catch let error as FetchError {
        outcome.set(error.stopped ? "stopped" : error.description)
      } catch {
        outcome.set("\(error)")
      }
    }
    XCTAssertTrue(events.waitUntilWaiting(ceiling: .seconds(30)), "it never said it waits")
    task.cancel()
    XCTAssertEqual(outcome.wait(ceiling: .seconds(30)), "stopped")
  }

  func testEachFaultWithoutACacheIsAClearErrorAndLeavesNothing() async throws {
    for fault in Self.faults {
      try fault.serve(server)
      do {
        let roster = try await impatient.fetch(server.url("/roster.json"))
        XCTFail("\(fault.name): fetched \(roster)")
      } catch {
        XCTAssertTrue(
          error.description.contains(fault.expected), "\(fault.name): \(error.description)")
        XCTAssertFalse(error.description.contains("\n"), fault.name)
        XCTAssertFalse(error.stopped)
      }
      XCTAssertEqual(cacheContents(), [:], fault.name)
    }
  }

  func testEachFaultWithACacheWarnsAndPlaysTheCachedVersionUntouched() async throws {
    _ = try publish("21")
    let cached = try await impatient.fetch(server.url("/roster.json"))
    let before = cacheContents()
    for fault in Self.faults {
      try fault.serve(server)
      let roster = try await impatient.fetch(server.url("/roster.json"))
      XCTAssertEqual(roster.folder, cached.folder, fault.name)
      XCTAssertEqual(roster.version, "21", fault.name)
      XCTAssertFalse(roster.downloaded, fault.name)
      let warning = try XCTUnwrap(roster.warning, fault.name)
      XCTAssertTrue(warning.contains(fault.expected), "\(fault.name): \(warning)")
      XCTAssertTrue(warning.hasSuffix("; playing version 21 from the cache"), warning)
      XCTAssertEqual(cacheContents(), before, fault.name)
    }
  }

  func testAZipOfMoreFilesThanTheLimitIsRefused() async throws {
    _ = try publish("22")
    var limits = DownloadLimits()
    limits.files = 3
    let fetcher = RosterFetcher(cache: RosterCache(folder: cacheFolder), limits: limits)
    do {
      _ = try await fetcher.fetch(server.url("/roster.json"))
      XCTFail("four entries extracted under a limit of three")
    } catch {
      XCTAssertTrue(
        error.description.hasSuffix("club.zip: not a roster zip: it holds more than 3 files"),
        error.description)
    }
    XCTAssertEqual(cacheContents(), [:])
  }

  func testOfflineTheCachedVersionPlaysWithAWarningAndWithoutOneItIsAnError() async throws {
    _ = try publish("21")
    let url = server.url("/roster.json")
    _ = try await fetcher.fetch(url)
    server.stop()
    let offline = try await fetcher.fetch(url)
    XCTAssertEqual(offline.version, "21")
    let warning = try XCTUnwrap(offline.warning)
    XCTAssertTrue(warning.hasPrefix("\(url): cannot reach the server ("), warning)
    XCTAssertTrue(warning.lowercased().contains("connection refused"), warning)

    try FileManager.default.removeItem(atPath: cacheFolder.string)
    do {
      _ = try await fetcher.fetch(url)
      XCTFail("fetched without a server or a cache")
    } catch {
      XCTAssertTrue(error.description.contains("cannot reach the server ("), error.description)
    }
  }

  func testCancellingTheDownloadStopsItAndKeepsThePreviousVersion() async throws {
    _ = try publish("21")
    let fetcher = fetcher
    let url = server.url("/roster.json")
    let cached = try await fetcher.fetch(url)
    let before = cacheContents()
    let zip = try RosterPublishing.zip(
      Self.photos + [.file("Example Club/Di Ek.jpg", Data(count: 9))])
    server["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
    let gate = Gate()
    server["/club.zip"] = .paused(zip, after: 500, gate: gate)
    let started = EventLog()
    let task = Task { try await fetcher.fetch(url) { started.add($0) } }
    // The fetch's own progress, looked at as it comes; the ceiling only ends a wait for a
    // fetch that never gets there.
    let ceiling = ContinuousClock.now + .seconds(60)
    while started.progress.last?.received ?? 0 < 500 {
      guard ContinuousClock.now < ceiling else { return XCTFail("no 500 bytes in 60 s") }
      try await Task.sleep(for: .milliseconds(10))
    }
    task.cancel()
    // Stopped, the fetch gives the version the cache holds, and says it was stopped.
    let stopped = try await task.value
    XCTAssertEqual(stopped.problem?.stopped, true, "\(stopped)")
    XCTAssertEqual(stopped.folder, cached.folder)
    XCTAssertEqual(stopped.version, "21")
    gate.open()
    XCTAssertEqual(cacheContents(), before)
    server["/roster.json"] = .status(503)
    let after = try await fetcher.fetch(url)
    XCTAssertEqual(after.folder, cached.folder)
  }
}
