import Foundation
import LoopbackServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A club's server on 127.0.0.1 publishing the sample club as a zip, and a cache folder of
/// the test's own.
final class ClubServer {
  let server: LoopbackServer
  let cache = NSTemporaryDirectory() + "mtm-cache-\(UUID().uuidString)"

  init() throws { server = try LoopbackServer() }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(atPath: cache)
  }

  var url: String { server.url("/roster.json").absoluteString }

  /// The environment the binary runs in: this cache, and the tests' history folder.
  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache
    return environment
  }

  /// The sample club's photos (`count` of them) in a zip under "Example Club/".
  static func zip(photos count: Int = 18) throws -> Data {
    let sample = packageDirectory.appendingPathComponent("Resources/sample-club")
    let names = try FileManager.default.contentsOfDirectory(atPath: sample.path).sorted()
      .prefix(count)
    return try RosterPublishing.zip(
      try names.map {
        .file("Example Club/\($0)", try Data(contentsOf: sample.appendingPathComponent($0)))
      })
  }

  /// Starts `--list` of this club's URL; standard error goes to `errors` (a Pipe or a
  /// FileHandle).
  func startList(errorsTo errors: Any) throws -> Process {
    try start(["--list", url], errorsTo: errors)
  }

  /// The binary started with `arguments` in this club's environment, its input a pipe never
  /// written to, its output thrown away.
  func start(_ arguments: [String], errorsTo errors: Any) throws -> Process {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("meet-the-members")
    process.arguments = arguments
    process.environment = environment
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = Pipe()
    try process.run()
    return process
  }

  /// Publishes a roster of four, fetches it once, and takes its lock in the cache as a game
  /// fetching it does; returns the lock's descriptor (closing it lets the lock go).
  func holdingTheRostersLock() throws -> Int32 {
    publish("22", try ClubServer.zip(photos: 4))
    _ = try runMeetTheMembers(["--list", url], environment: environment)
    let lock = open("\(try slot())/.lock", O_RDWR)
    XCTAssertEqual(flock(lock, LOCK_EX), 0)
    return lock
  }

  /// Checks a `--list` of this club that played version `version` from the cache: `problem`
  /// warned of on standard error, and `members` listed.
  func assertListedFromTheCache(
    _ run: RunResult, problem: String, version: String = "22", members: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(run.status, 0, run.errors, file: file, line: line)
    XCTAssertEqual(
      run.errors, "Warning: \(url): \(problem); playing version \(version) from the cache\n",
      file: file, line: line)
    XCTAssertTrue(
      run.output.hasPrefix("Roster Example Club, version \(version): \(members) members\n"),
      run.output, file: file, line: line)
  }

  /// The cache's folder of this club's roster, once a launch fetched it.
  func slot() throws -> String {
    let rosters = cache + "/meet-the-members/rosters"
    return rosters + "/"
      + (try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: rosters).first))
  }

  /// Serves `zip` as version `version`, paused after half of it until `gate` opens when given.
  func publish(_ version: String, _ zip: Data, pausedBy gate: Gate? = nil) {
    server["/roster.json"] = .body(RosterPublishing.manifest(version: version, zip: zip))
    server["/club.zip"] = gate.map { .paused(zip, after: zip.count / 2, gate: $0) } ?? .body(zip)
  }

  /// Every file in the cache with its contents, but the locks.
  func contents() -> [String: Data] { RosterPublishing.contents(of: cache) }

}

/// Rosters from a server through the built binary: `--list`, `--check`, headless, offline,
/// Ctrl-C.
final class ServerRosterTests: XCTestCase {
  var club: ClubServer!

  override func setUpWithError() throws { club = try ClubServer() }
  override func tearDown() { club = nil }

  /// Starts `--list` of the club's URL, for a test that acts while it runs; standard error
  /// goes to `errors` (a Pipe or a FileHandle).
  func startList(errorsTo errors: Any) throws -> Process {
    try club.startList(errorsTo: errors)
  }

  func testListAndCheckTakeAURLAndTheSecondRunDownloadsNothing() throws {
    club.publish("22", try ClubServer.zip())
    let first = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertEqual(first.status, 0, first.errors)
    XCTAssertTrue(
      first.output.hasPrefix("Roster Example Club, version 22: 18 members\n"), first.output)
    XCTAssertTrue(first.output.contains("  Kofi Mensah       kofi_mensah.png\n"), first.output)
    // Standard error is not a terminal: plain lines, no bar.
    let lines = first.errors.split(separator: "\n")
    XCTAssertTrue(
      lines.first?.hasPrefix("Downloading version 22 of Example Club (") ?? false, first.errors)
    XCTAssertTrue(lines.contains { $0.hasPrefix("  100% (") }, first.errors)
    XCTAssertEqual(lines.count, 8, first.errors)  // and 0% to 100%, a line at each quarter
    XCTAssertTrue(
      lines[5].hasPrefix("Downloaded ") && lines[5].hasSuffix("; its SHA-256 is right"),
      first.errors)
    XCTAssertEqual(lines[6], "Extracting the photos...")
    XCTAssertTrue(lines[7].hasPrefix("Extracted 18 files ("), first.errors)
    XCTAssertFalse(first.errors.contains("\r"), first.errors)

    let second = try runMeetTheMembers(["--check", club.url], environment: club.environment)
    XCTAssertEqual(second.status, 0, second.errors)
    XCTAssertEqual(second.errors, "")
    XCTAssertTrue(second.output.hasPrefix("Roster Example Club, version 22: 18 members\n"))
    XCTAssertEqual(club.server.requests, ["/roster.json", "/club.zip", "/roster.json"])
  }

  func testOfflineTheCachedVersionPlaysWithAWarningThatTheGameShowsToo() throws {
    club.publish("22", try ClubServer.zip(photos: 6))
    _ = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    club.server.stop()
    let offline = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    club.assertListedFromTheCache(
      offline, problem: "cannot reach the server (connection refused)", members: 6)

    let headless = try runMeetTheMembers(["--headless", club.url], environment: club.environment)
    let roster = try XCTUnwrap(
      headless.output.split(separator: "\n").first.flatMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      })
    XCTAssertEqual(
      roster["notice"] as? String, "Cached version 22: cannot reach the server (connection refused)"
    )
    XCTAssertEqual(roster["folder"] as? String, "Example Club, version 22")
    XCTAssertEqual(roster["members"] as? Int, 6)
  }

  /// Offline, a cached version with a photo gone plays what is left, and says what is missing;
  /// a cached record that cannot be read leaves the photos in the cache (nothing plays, but a
  /// later launch online finds them replaced, not lost offline).
  func testOfflineADamagedCacheSaysWhatIsMissingAndKeepsWhatIsLeft() throws {
    club.publish("22", try ClubServer.zip(photos: 6))
    _ = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    club.server.stop()
    let slot = try club.slot()
    let version = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: slot).first { $0.hasPrefix("v-") })
    let photos = slot + "/" + version + "/Example Club"
    let photo = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: photos).sorted().first)
    try FileManager.default.removeItem(atPath: photos + "/" + photo)
    let offline = try runMeetTheMembers(
      ["--list", club.url], environment: club.environment)
    club.assertListedFromTheCache(
      offline,
      problem: "cannot reach the server (connection refused); the cached copy has 5 of its 6 "
        + "files", members: 5)

    try Data("{garbled".utf8).write(to: URL(fileURLWithPath: slot + "/roster.json"))
    let unreadable = try runMeetTheMembers(
      ["--list", club.url], environment: club.environment)
    XCTAssertEqual(unreadable.status, 1, unreadable.errors)
    XCTAssertTrue(FileManager.default.fileExists(atPath: photos), "the cached photos are kept")
  }

  /// `forget` of a club's URL asks nothing of its server (a silent one would hold it up to
  /// 30 s): the history knows the roster by its URL, and names it by the club's name.
  func testForgetOfAURLAsksNothingOfTheServer() throws {
    club.publish("22", try ClubServer.zip(photos: 4))
    let data = NSTemporaryDirectory() + "mtm-forget-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let game = try runMeetTheMembers(
      ["--headless", club.url, "--seed", "1", "--data-dir", data], environment: club.environment,
      input: #"{"do":"start"}"# + "\n" + #"{"do":"answer","option":1}"# + "\n")
    XCTAssertEqual(game.status, 0, game.errors)
    let asked = club.server.requests
    // The URL written otherwise: the one the history knows is named.
    let slash = try runMeetTheMembers(
      ["forget", club.url + "/", "--data-dir", data], environment: club.environment, input: "y\n")
    XCTAssertEqual(
      slash.output,
      "Nothing recorded for \(club.url)/. The history knows it as \(club.url): forget that.\n")
    let nowhere = try runMeetTheMembers(["forget", "https://", "--data-dir", data])
    XCTAssertEqual(nowhere.status, 1)
    XCTAssertEqual(nowhere.errors, "Error: https://: not a URL to fetch a roster from\n")
    // An answer saved by a version that kept no roster identity names the club.
    let columns = "name,file,roster,mode,kind,outcome,chosen,seconds,answered_at"
    try Data(
      (columns + "\r\nKofi Mensah,kofi_mensah.png,Example Club,quiz,name,correct,Kofi Mensah,1.0,"
        + "2026-01-01T00:00:00.000Z\r\n").utf8
    ).write(to: URL(fileURLWithPath: data + "/unkept-answers-old.csv"))
    let yes = try runMeetTheMembers(
      ["forget", club.url, "--data-dir", data], environment: club.environment, input: "y\n")
    XCTAssertEqual(yes.status, 0, yes.errors)
    XCTAssertEqual(
      yes.errors, "Forget everything recorded for Example Club (1 person, 2 answers)? [y/N] ")
    XCTAssertFalse(FileManager.default.fileExists(atPath: data + "/unkept-answers-old.csv"))
    XCTAssertEqual(yes.output, "Forgotten: Example Club starts again from nothing.\n")
    XCTAssertEqual(club.server.requests, asked, "nothing asked of the server")
    let again = try runMeetTheMembers(
      ["forget", club.url, "--data-dir", data], environment: club.environment, input: "y\n")
    XCTAssertEqual(again.output, "Nothing recorded for Example Club.\n")
  }

  func testWithoutACacheOrAServerTheErrorIsOneLine() throws {
    club.server.stop()
    let result = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.errors, "Error: \(club.url): cannot reach the server (connection refused)\n")
    XCTAssertEqual(result.output, "")
  }

  /// A URL with a name and password (`user:password@`) fetches with them (HTTP basic
  /// authentication, each request), and is shown without the password: on the download's line
  /// and in an error.
  func testAPasswordInTheURLIsSentButNeverShown() throws {
    // One zip throughout: a zip made again a second later differs (its files' times).
    let zip = try ClubServer.zip()
    club.publish("22", zip)
    let secret = club.url.replacingOccurrences(of: "http://", with: "http://ann:s3cret@")
    let list = try runMeetTheMembers(["--list", secret], environment: club.environment)
    XCTAssertEqual(list.status, 0, list.errors)
    let shown = club.url.replacingOccurrences(of: "http://", with: "http://ann@")
    XCTAssertTrue(
      list.errors.contains(
        "from \(shown.replacingOccurrences(of: "roster.json", with: "club.zip"))"),
      list.errors)
    let missing = secret.replacingOccurrences(of: "roster.json", with: "none.json")
    let error = try runMeetTheMembers(["--list", missing], environment: club.environment)
    XCTAssertEqual(error.status, 1)
    XCTAssertTrue(
      error.errors.hasPrefix(
        "Error: \(shown.replacingOccurrences(of: "roster.json", with: "none.json")): "),
      error.errors)
    XCTAssertFalse((list.errors + list.output + error.errors).contains("s3cret"))
    // A warning of the manifest's names the roster as shown too.
    club.server["/roster.json"] = .body(
      RosterPublishing.manifest(
        version: "22", zip: zip,
        changing: ["scores-url": "mailto:club@example.org"]))
    let warned = try runMeetTheMembers(["--list", secret], environment: club.environment)
    XCTAssertTrue(warned.errors.contains("Warning: \(shown): its scores-url"), warned.errors)
    XCTAssertFalse(warned.errors.contains("s3cret"), warned.errors)
    club.publish("22", zip)
    let basic = "Basic " + Data("ann:s3cret".utf8).base64EncodedString()
    XCTAssertEqual(
      Set(club.server.received.map(\.authorization)), [basic], "the manifest's and the zip's")
    // A redirect to the same server by an absolute URL keeps them (to another server, not:
    // `FetchTests.testCredentialsFollowARedirectToTheSameServerOnly`).
    club.server["/moved.json"] = .redirect(club.url)
    let moved = secret.replacingOccurrences(of: "roster.json", with: "moved.json")
    let followed = try runMeetTheMembers(["--list", moved], environment: club.environment)
    XCTAssertEqual(followed.status, 0, followed.errors)
    XCTAssertEqual(Set(club.server.received.map(\.authorization)), [basic])
    // The history knows the roster by its URL without the password (the password given or
    // not), and neither it nor the cache keeps the password in any file.
    let data = NSTemporaryDirectory() + "mtm-password-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    // The version in use recorded as an older version recorded it: with the password.
    let rosters = club.cache + "/meet-the-members/rosters"
    var older = 0
    for folder in try FileManager.default.contentsOfDirectory(atPath: rosters) {
      let record = URL(fileURLWithPath: "\(rosters)/\(folder)/roster.json")
      guard
        var recorded = (try? Data(contentsOf: record)).flatMap({
          try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
        }), recorded["url"] as? String == shown
      else { continue }
      recorded["url"] = secret
      try JSONSerialization.data(withJSONObject: recorded).write(to: record)
      older += 1
    }
    XCTAssertEqual(older, 1)
    // Scores go to a URL read relative to the manifest's: sent with no name or password, it
    // keeps none.
    club.server["/roster.json"] = .body(
      RosterPublishing.manifest(
        version: "22", zip: zip, changing: ["scores-url": "scores/in"]))
    let game = try runMeetTheMembers(
      ["headless", secret, "--seed", "1", "--data-dir", data], environment: club.environment,
      input: #"{"do":"start"}"# + "\n" + #"{"do":"answer","option":1}"# + "\n")
    XCTAssertEqual(game.status, 0, game.errors)
    let history = try runMeetTheMembers(
      ["history", club.url, "--data-dir", data], environment: club.environment)
    XCTAssertTrue(
      history.errors.hasPrefix("Warning: nothing recorded for \(club.url); recorded: \(shown)"),
      history.errors)
    for given in [shown, secret] {
      let answers = try runMeetTheMembers(
        ["history", given, "--data-dir", data], environment: club.environment)
      XCTAssertEqual(answers.output.components(separatedBy: "\r\n").count, 3, answers.errors)
    }
    let forget = try runMeetTheMembers(
      ["forget", missing, "--data-dir", data], environment: club.environment, input: "n\n")
    XCTAssertTrue(forget.output.hasPrefix("Nothing recorded for http://ann@"), forget.output)
    XCTAssertFalse((game.output + game.errors + history.errors + forget.output).contains("s3cret"))
    for folder in [data, club.cache] {
      let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: folder))
      XCTAssertFalse(files.isEmpty)
      for file in files {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))) ?? Data()
        XCTAssertNil(bytes.range(of: Data("s3cret".utf8)), file)
      }
    }
  }

  /// Too few files allowed open to fetch a roster (the HTTP client's event loops would stop
  /// the program) is one line, before any request.
  func testTooFewOpenFilesToFetchIsSaidInOneLine() throws {
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    let result = try runMeetTheMembers(
      ["-c", "ulimit -n 13; exec \"$0\" check \"$1\"", binary, club.url],
      executable: "/bin/sh")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.errors,
      "Error: only 13 files may be open at once: fetching a roster needs 32 (ulimit -n 32)\n")
    XCTAssertEqual(club.server.requests, [], "nothing asked")
  }

  func testAURLOfAnotherKindIsRefusedByName() throws {
    let result = try runMeetTheMembers(["--list", "ftp://club.example.org/roster.json"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.errors,
      "Error: ftp://club.example.org/roster.json: a roster is fetched by http or https, not ftp\n")
    // A port no request can go to, on which the HTTP client would stop the program.
    let port = try runMeetTheMembers(["check", "http://127.0.0.1:99999/roster.json"])
    XCTAssertEqual(port.status, 1)
    XCTAssertEqual(
      port.errors,
      "Error: http://127.0.0.1:99999/roster.json: not a URL to fetch a roster from (its port "
        + "99999 is beyond 65535)\n")
  }

  /// Two games on one roster: the second says it waits for the first's fetch, then plays.
  func testASecondGameWaitsForTheFirstToFetchTheRoster() throws {
    // This test holds the roster's lock, as a game fetching it does.
    let lock = try club.holdingTheRostersLock()
    let errors = Pipe()
    let process = try startList(errorsTo: errors)
    // A game that says nothing would wait for the lock for ever: killed, it fails the test.
    let watchdog = killing(process, after: 30)
    defer { watchdog.cancel() }
    assertWaitingForAnotherGame(errors)
    XCTAssertTrue(process.isRunning)
    close(lock)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }

  /// A game plays on while another launch installs the club's newer version: the version it
  /// plays stays in the cache (its photos are read as it asks), and a launch after it has
  /// ended removes it.
  func testANewerVersionInstalledByAnotherLaunchLeavesAPlayingGamesPhotos() throws {
    club.publish("1", try ClubServer.zip(photos: 6))
    _ = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    let slot = try club.slot()
    let versions = {
      try FileManager.default.contentsOfDirectory(atPath: slot).filter { $0.hasPrefix("v-") }
    }
    let playing = try XCTUnwrap(try versions().first)
    let game = try HeadlessGame(
      [club.url, "--seed", "1", "--mode", "quiz", "--round", "6"],
      environment: ["XDG_CACHE_HOME": club.cache])
    club.publish("2", try ClubServer.zip(photos: 5))
    let newer = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertTrue(newer.output.hasPrefix("Roster Example Club, version 2: 5 members"), newer.output)
    XCTAssertEqual(Set(try versions()).count, 2, "the version played stays beside the newer")
    XCTAssertTrue(try versions().contains(playing))
    // Every one of the six is still asked, none withdrawn for a photo gone.
    var events = try game.send(#"{"do":"start"}"#)
    for _ in 0..<6 {
      events += try game.send(#"{"do":"answer","option":\#(try game.correctOption())}"#)
      events += try game.send(#"{"do":"wait","seconds":3}"#)
    }
    XCTAssertEqual(game.events("withdrawn", in: events).count, 0, "\(events)")
    XCTAssertEqual(game.events("question", in: events).count, 6)
    _ = try game.quit()
    _ = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertEqual(try versions().count, 1, "removed once no game plays it")
    XCTAssertFalse(try versions().contains(playing))
  }

  /// Ctrl-C stops a download of a new version; a game then plays the version the cache
  /// holds, where a command that is not a game (list) ends (130), as SIGTERM ends either
  /// (143). Either way the cache is left as it was.
  func testCtrlCStopsTheDownloadAndKeepsThePreviousVersion() throws {
    club.publish("21", try ClubServer.zip(photos: 5))
    _ = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    let before = club.contents()
    let gate = Gate()
    defer { gate.open() }
    club.publish("22", try ClubServer.zip(), pausedBy: gate)

    for (signal, status, last, game) in [
      (SIGINT, Int32(0), "Download stopped: playing version 21 from the cache.", true),
      (SIGINT, 130, "Download stopped: the cache keeps what it held.", false),
      (SIGTERM, 143, "Download stopped: the cache keeps what it held.", true),
    ] {
      let errors = NSTemporaryDirectory() + "mtm-errors-\(UUID().uuidString)"
      _ = FileManager.default.createFile(atPath: errors, contents: nil)
      defer {
        try? FileManager.default.removeItem(atPath: errors)
        try? FileManager.default.removeItem(atPath: errors + "-data")
      }
      // A game (headless, its input never ending), or list.
      let process = try club.start(
        game ? ["headless", "--data-dir", errors + "-data", club.url] : ["--list", club.url],
        errorsTo: try FileHandle(forWritingTo: URL(fileURLWithPath: errors)))
      // Waits (polling a real process, as the tmux tests do) until half the zip has come.
      let deadline = Date().addingTimeInterval(30)
      func progressLines() -> Int {
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasSuffix(")") && $0.contains("% (") }
          .count
      }
      while progressLines() < 2 {
        guard Date() < deadline, process.isRunning else {
          process.terminate()
          return XCTFail(
            "no progress: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
        }
        usleep(20_000)
      }
      kill(process.processIdentifier, signal)
      // A game that plays on ends with its input.
      try (process.standardInput as? Pipe)?.fileHandleForWriting.close()
      process.waitUntilExit()
      let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      XCTAssertEqual(process.terminationStatus, status, said)
      XCTAssertTrue(said.hasSuffix("\n\(last)\n"), said)
      XCTAssertEqual(club.contents(), before)
    }

    club.server["/roster.json"] = .status(500)
    let after = try runMeetTheMembers(["--list", club.url], environment: club.environment)
    XCTAssertTrue(
      after.output.hasPrefix("Roster Example Club, version 21: 5 members\n"), after.output)
    XCTAssertTrue(
      after.errors.contains("the server answered 500 Internal Server Error"), after.errors)
  }
}

extension GameInTmuxTests {
  /// The whole way a player meets a server's roster: the bar while it downloads, the game,
  /// and a second launch that downloads nothing.
  func testARosterFromAServerShowsItsProgressThenPlaysAndTheSecondLaunchSkipsTheDownload()
    throws
  {
    let club = try ClubServer()
    let gate = Gate()
    defer { gate.open() }
    club.publish("22", try ClubServer.zip(), pausedBy: gate)
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    let command =
      "XDG_CACHE_HOME='\(club.cache)' '\(binary)' --trace trace.jsonl --seed 5 --mode quiz "
      + "'\(club.url)'"
    tmux.typeLine(command)
    // Half the zip has come and the server waits: the bar, half full, with its figures, the
    // rate and the time left (redrawn while no bytes come).
    tmux.waitForScreen(
      showing: [
        "Downloading version 22 of Example Club (", "█░", " kB  ", "% ", " kB/s  ", " left",
      ])
    gate.open()
    tmux.waitForScreen(showing: ["18 members from Example Club, version 22", "[ Start ]"])
    let question = startGame()
    tmux.press("\(question.correct + 1)")
    tmux.waitForScreen(showing: ["Right!"])
    tmux.press("q")
    waitForTheShell()
    XCTAssertEqual(club.server.requests, ["/roster.json", "/club.zip"])

    tmux.typeLine("clear; \(command)")
    tmux.waitForScreen(showing: ["18 members from Example Club, version 22", "[ Start ]"])
    XCTAssertFalse(tmux.screen().contains("Downloading"))
    XCTAssertEqual(club.server.requests, ["/roster.json", "/club.zip", "/roster.json"])
  }
}

/// Kills `process` (SIGKILL) should it still run after `seconds`, which fails the test that
/// waits for it; cancel the returned item once the process has ended.
func killing(_ process: Process, after seconds: Double) -> DispatchWorkItem {
  let watchdog = DispatchWorkItem { [process] in
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
  return watchdog
}

/// The first thing a game waiting for another's download says on `errors`.
func assertWaitingForAnotherGame(
  _ errors: Pipe, file: StaticString = #filePath, line: UInt = #line
) {
  let said = errors.fileHandleForReading.availableData
  XCTAssertEqual(
    String(decoding: said, as: UTF8.self),
    "Another game is fetching this roster; waiting for it...\n", file: file, line: line)
}
