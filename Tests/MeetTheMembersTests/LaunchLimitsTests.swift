import Foundation
import LoopbackServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// What bounds a launch from a server, through the built binary: a manifest that comes a byte
/// at a time, a zip too slow to finish, a zip too large, a game waiting for another's
/// download. The waits are shortened with `MEET_THE_MEMBERS_DOWNLOAD_TIMES` so that each
/// test takes a few seconds; the README's figures are `DownloadLimits.standard`'s.
final class LaunchLimitsTests: XCTestCase {
  var club: ClubServer!

  override func setUpWithError() throws { club = try ClubServer() }
  override func tearDown() { club = nil }

  /// The club's environment with the download's times shortened ("manifest=1,...").
  func environment(times: String) -> [String: String] {
    var environment = club.environment
    environment["MEET_THE_MEMBERS_DOWNLOAD_TIMES"] = times
    return environment
  }

  /// Headers, then a byte every 200 ms: no read ever times out, yet the manifest has a
  /// deadline for the whole of it; the cached version plays, with a warning that says why.
  func testASlowManifestIsGivenUpOnAtItsDeadlineAndTheCachedVersionPlays() throws {
    club.publish("22", try ClubServer.zip(photos: 5))
    let first = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertEqual(first.status, 0, first.errors)
    let manifest = try XCTUnwrap(
      club.server["/roster.json"].flatMap { if case .body(let data) = $0 { data } else { nil } })
    club.server["/roster.json"] = .slow(manifest, fast: 5, every: .milliseconds(200))

    let slow = try runMeetTheMembers(
      ["--list", club.url], environment: environment(times: "manifest=1"),
      deadline: .seconds(60))
    club.assertListedFromTheCache(
      slow, problem: "the server took too long to answer (1 s for the manifest)", members: 5)
  }

  /// A zip at a few bytes a second: its rate says it would take hours, and it is given up
  /// on in one line that says so, once the rate is judged (not when the hour is up).
  func testAZipTooSlowToFinishIsGivenUpOnInOneLine() throws {
    let zip = try ClubServer.zip(photos: 5)
    club.server["/roster.json"] = .body(RosterPublishing.manifest(version: "22", zip: zip))
    club.server["/club.zip"] = .slow(zip, fast: 100, every: .milliseconds(200))
    let result = try runMeetTheMembers(
      ["--list", club.url], environment: environment(times: "longest=60,judged-after=0.5"),
      deadline: .seconds(60))
    XCTAssertEqual(result.status, 1, result.errors)
    let last = result.errors.split(separator: "\n").last.map(String.init) ?? ""
    XCTAssertTrue(
      last.hasPrefix("Error: \(club.server.url("/club.zip")): too slow: at "), result.errors)
    XCTAssertTrue(
      last.hasSuffix(", longer than the 1 min a download may take"), result.errors)
    XCTAssertTrue(last.contains(" would take "), last)
    XCTAssertEqual(club.contents(), [:], "nothing kept")
  }

  /// A manifest announcing 107 GB is refused before the zip's first byte: by the largest
  /// download the settings allow (2 GB unless `largest-download` raises it), then, raised, by
  /// the free space on the cache's disk. Each in one line that says which.
  func testAZipLargerThanAllowedOrThanTheFreeSpaceIsRefusedBeforeItsFirstByte() throws {
    let zip = try ClubServer.zip(photos: 5)
    club.server["/roster.json"] = .body(
      RosterPublishing.manifest(
        version: "22", zip: zip, changing: ["download-size": 107_000_000_000]))
    club.server["/club.zip"] = .body(zip)
    let refused = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertEqual(refused.status, 1, refused.errors)
    XCTAssertEqual(
      refused.errors,
      "Error: \(club.server.url("/club.zip")): its 107 GB are more than the 2.0 GB a download may "
        + "be (the setting largest-download, in MB, raises it)\n")

    // Raised as far as it goes, a petabyte is more than any disk here has free.
    club.server["/roster.json"] = .body(
      RosterPublishing.manifest(
        version: "22", zip: zip, changing: ["download-size": 1_000_000_000_000_000]))
    let settings = club.cache + "/config/meet-the-members"
    try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
    try "largest-download = 1000000000\n".write(
      toFile: settings + "/config.toml", atomically: true, encoding: .utf8)
    var environment = club.environment
    environment["XDG_CONFIG_HOME"] = club.cache + "/config"
    let full = try runMeetTheMembers(["--list", club.url], environment: environment)
    XCTAssertEqual(full.status, 1, full.errors)
    XCTAssertTrue(
      full.errors.hasPrefix(
        "Error: \(club.server.url("/club.zip")): its 1000000 GB need 2000001 GB free in "),
      full.errors)
    XCTAssertTrue(
      full.errors.contains("(the zip, its photos and 500 MB to spare), and "), full.errors)
    XCTAssertTrue(full.errors.hasSuffix(" are free\n"), full.errors)
    XCTAssertEqual(full.errors.filter { $0 == "\n" }.count, 1, full.errors)
    XCTAssertFalse(club.server.requests.contains("/club.zip"), "not a byte of the zip asked for")
  }

  /// A second game waiting for another's download of the same roster ends at Ctrl-C (130)
  /// and at SIGTERM (143), at once, saying so; it held on until the other game was done.
  func testAGameWaitingForAnothersDownloadEndsAtCtrlCAndSIGTERM() throws {
    // This test holds the roster's lock, as a game fetching it does, all along.
    let lock = try club.holdingTheRostersLock()
    defer { close(lock) }
    for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143)] {
      let errors = Pipe()
      let process = try club.startList(errorsTo: errors)
      // A game that holds on is killed by the watchdog, which fails the test.
      let watchdog = killing(process, after: 30)
      defer { watchdog.cancel() }
      assertWaitingForAnotherGame(errors)
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      let rest = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      XCTAssertEqual(process.terminationReason, .exit, "signal \(signal)")
      XCTAssertEqual(process.terminationStatus, status, "signal \(signal): \(rest)")
      XCTAssertEqual(rest, "Stopped waiting for the other game: the cache keeps what it held.\n")
    }
  }
}

extension GameInTmuxTests {
  /// Publishes version 22 of the club, its manifest held after 3 bytes until `gate` opens,
  /// and starts a game of it in tmux.
  private func playWhileTheManifestIsHeld(_ club: ClubServer, by gate: Gate) throws {
    club.publish("22", try ClubServer.zip())
    let manifest = try XCTUnwrap(
      club.server["/roster.json"].flatMap { if case .body(let data) = $0 { data } else { nil } })
    club.server["/roster.json"] = .paused(manifest, after: 3, gate: gate)
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    tmux.typeLine(
      "XDG_CACHE_HOME='\(club.cache)' '\(binary)' --trace trace.jsonl --seed 5 --mode quiz "
        + "'\(club.url)'")
  }

  /// A server slow to send the manifest left the screen blank: after a moment the terminal
  /// says what the game waits for, how long it may, and how to stop it. A key typed at the
  /// wait (a `q`) is dropped as the game starts: the start screen stays.
  func testAServerSlowToAnswerIsSaidOnTheScreenWhileTheGameWaits() throws {
    let club = try ClubServer()
    let gate = Gate()
    defer { gate.open() }
    try playWhileTheManifestIsHeld(club, by: gate)
    // 83 columns: the dots go on the next line.
    tmux.waitForScreen(
      showing: ["Waiting for 127.0.0.1 to send the roster's manifest (30 s at most; Ctrl-C stops)"])
    tmux.press("q")
    gate.open()
    tmux.waitForScreen(showing: ["18 members from Example Club, version 22", "[ Start ]"])
    tmux.press("q")
    waitForTheShell()
  }

  /// A server slow to send the manifest of a roster the cache holds: the wait says that
  /// Ctrl-C plays the cached version, and Ctrl-C does (it does not end the game).
  func testCtrlCWhileAServerIsSlowPlaysTheCachedVersion() throws {
    let club = try ClubServer()
    let gate = Gate()
    defer { gate.open() }
    club.publish("21", try ClubServer.zip(photos: 5))
    _ = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    try playWhileTheManifestIsHeld(club, by: gate)
    tmux.waitForScreen(
      showing: [
        "Waiting for 127.0.0.1 to send the roster's manifest (30 s at most; Ctrl-C plays",
        "from the cache)...",
      ])
    tmux.press("C-c")
    tmux.waitForScreen(showing: ["5 members from Example Club, version 21", "[ Start ]"])
    tmux.press("q")
    waitForTheShell()
  }

  /// A roster folder slow to read says so (here at once: the notice's delay is set to 0).
  func testReadingARosterFolderIsSaidOnTheScreen() throws {
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    let sample = packageDirectory.appendingPathComponent("Resources/sample-club").path
    tmux.typeLine("MEET_THE_MEMBERS_NOTICE_AFTER=0 '\(binary)' --list '\(sample)' | tail -1")
    tmux.waitForScreen(showing: ["Reading the roster folder \(sample)..."])
  }
}
