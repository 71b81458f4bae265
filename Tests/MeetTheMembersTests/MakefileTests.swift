import Foundation
import XCTest

@testable import Launch
@testable import meet_the_members

/// `make run` and `make install`/`uninstall` as a user runs them, on temporary folders.
final class MakefileTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "mtm-make-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// `make run ROSTER=...` passes a folder whose name has spaces and a quote as one argument.
  /// `swift` is replaced by a script that runs the binary this test run built: a real
  /// `swift build` would wait for the `swift test` running this test to let go of `.build`.
  func testRunPlaysARosterFolderWithSpacesInItsName() throws {
    let club = "\(folder!)/My Club's \"Best\" $HOME"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    try copySamplePhotos(to: club)
    let swift = "\(folder!)/swift"
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    try """
    #!/bin/sh
    # `swift build ...` is done; `swift run [options] meet-the-members ARGS` runs the binary.
    [ "$1" = run ] || exit 0
    while [ "$1" != meet-the-members ]; do shift; done
    shift
    exec '\(binary)' "$@"
    """.write(toFile: swift, atomically: true, encoding: .utf8)
    XCTAssertEqual(chmod(swift, 0o755), 0)

    let result = try make(["run", "SWIFT=\(swift)", "ROSTER=\(club)", "ARGS=--list"])
    XCTAssertEqual(result.status, 0, result.log)
    XCTAssertTrue(result.log.contains("\nRoster \(club): 4 members\n"), result.log)
  }

  /// Every file lands where its tool looks under PREFIX, the installed binary plays the
  /// installed sample club, and uninstall takes away exactly what install put there.
  func testInstallPutsEachFileWhereItsToolLooksAndUninstallTakesThemAway() throws {
    let prefix = "\(folder!)/my prefix"
    let otherTool = "\(prefix)/bin/other-tool"
    try FileManager.default.createDirectory(
      atPath: "\(prefix)/bin", withIntermediateDirectories: true)
    try "#!/bin/sh\n".write(toFile: otherTool, atomically: true, encoding: .utf8)
    // `make install` builds for release, then installs with `install-files`: here the debug
    // binary this test run built, and the manual page scripts/test generated from the same
    // build (the `swift test` running this test holds `.build`: nothing may build in it).
    // `make test` names the page it made (MTM_MANUAL_PAGE): then it must be there. A bare
    // `swift test` makes none, and the test is skipped, saying so.
    guard let manual = ProcessInfo.processInfo.environment["MTM_MANUAL_PAGE"] else {
      throw XCTSkip("no manual page: `make test` (scripts/test) generates it")
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: manual), "no manual page at \(manual)")
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    let variables = ["PREFIX=\(prefix)", "BUILD_DIR=\(folder!)/build"]
    let install = try make(
      ["install-files", "BINARY=\(binary)", "MANUAL=\(manual)"] + variables)
    XCTAssertEqual(install.status, 0, install.log)
    let photos = try FileManager.default.contentsOfDirectory(
      atPath: packageDirectory.appendingPathComponent("Resources/sample-club").path)
    let installed: Set<String> = Set(
      [
        "bin/meet-the-members", "share/man/man1/meet-the-members.1",
        "share/bash-completion/completions/meet-the-members",
        "share/zsh/site-functions/_meet-the-members",
        "share/fish/vendor_completions.d/meet-the-members.fish",
      ] + photos.map { "share/meet-the-members/sample-club/\($0)" })
    XCTAssertEqual(photos.count, 18)
    XCTAssertEqual(try files(under: prefix), installed.union(["bin/other-tool"]))
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "\(prefix)/bin/meet-the-members"))

    let version = try runMeetTheMembers(["--version"], executable: "\(prefix)/bin/meet-the-members")
    XCTAssertEqual(version.output, "0.4.0\n", version.errors)
    let check = try runMeetTheMembers(["--check"], executable: "\(prefix)/bin/meet-the-members")
    XCTAssertEqual(check.status, 0, check.errors)
    XCTAssertTrue(
      check.output.hasPrefix("Roster \(prefix)/share/meet-the-members/sample-club: 18 members\n"),
      check.output)

    // man finds the page under PREFIX/share/man; bash takes the completion script.
    let man = try shell("MANPATH='\(prefix)/share/man' man -w meet-the-members")
    XCTAssertEqual(man.log, "\(prefix)/share/man/man1/meet-the-members.1\n")
    let page = try shell("MANWIDTH=80 man -l '\(prefix)/share/man/man1/meet-the-members.1'")
    // Every command, with each of its options.
    let words = Set(page.log.split { $0.isWhitespace || "[]<>,".contains($0) }.map(String.init))
    for command in OldSpellings.commandNames {
      XCTAssertTrue(words.contains(command), "\(command) missing from:\n\(page.log)")
      for option in OldSpellings.options(of: command) {
        XCTAssertTrue(words.contains(option), "\(command) \(option) missing from the page")
      }
    }
    let bash = try shell(
      "bash -c \". '\(prefix)/share/bash-completion/completions/meet-the-members'; "
        + "complete -p meet-the-members\"")
    XCTAssertEqual(bash.log, "complete -o filenames -F _meet-the-members meet-the-members\n")
    let zsh = try String(
      contentsOfFile: "\(prefix)/share/zsh/site-functions/_meet-the-members", encoding: .utf8)
    XCTAssertTrue(zsh.hasPrefix("#compdef meet-the-members\n"), zsh)
    let fish = try String(
      contentsOfFile: "\(prefix)/share/fish/vendor_completions.d/meet-the-members.fish",
      encoding: .utf8)
    XCTAssertTrue(fish.contains("\ncomplete -c 'meet-the-members' "), fish)

    let uninstall = try make(["uninstall"] + variables)
    XCTAssertEqual(uninstall.status, 0, uninstall.log)
    XCTAssertEqual(try files(under: prefix), ["bin/other-tool"])
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(prefix)/share/meet-the-members"))
    for shared in ["bin", "share/man/man1", "share/zsh/site-functions"] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: "\(prefix)/\(shared)"), shared)
    }
  }

  private func copySamplePhotos(to club: String) throws {
    let sample = packageDirectory.appendingPathComponent("Resources/sample-club").path
    for name in ["Amara Okafor.png", "Anna Kowalska.png", "Lars Eriksson.png", "Yuki Tanaka.png"] {
      try FileManager.default.copyItem(atPath: "\(sample)/\(name)", toPath: "\(club)/\(name)")
    }
  }

  /// Every file (not folder) under `root`, by its path inside it.
  private func files(under root: String) throws -> Set<String> {
    var found: Set<String> = []
    let walk = FileManager.default.enumerator(atPath: root)
    while let path = walk?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: "\(root)/\(path)", isDirectory: &isFolder),
        !isFolder.boolValue
      {
        found.insert(path)
      }
    }
    return found
  }

  private func make(_ arguments: [String]) throws -> (status: Int32, log: String) {
    try run("/usr/bin/make", ["-C", packageDirectory.path] + arguments)
  }

  private func shell(_ command: String) throws -> (status: Int32, log: String) {
    try run("/bin/sh", ["-c", command])
  }

  /// Runs a program with its output and errors in one log (a file, which cannot fill up and
  /// stall the program the way an unread pipe can).
  private func run(_ program: String, _ arguments: [String]) throws -> (
    status: Int32, log: String
  ) {
    let logPath = "\(folder!)/log-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = log
    process.standardError = log
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try log.close()
    return (process.terminationStatus, try String(contentsOfFile: logPath, encoding: .utf8))
  }
}
