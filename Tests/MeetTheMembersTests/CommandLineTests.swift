import Foundation
import XCTest

@testable import Launch
@testable import meet_the_members

/// The built executable's command line, run as a user would run it.
final class CommandLineTests: XCTestCase {
  /// The help lists every command; each command's help lists its own options.
  func testHelpListsTheCommandsAndEachCommandItsOptions() throws {
    let result = try runMeetTheMembers(["--help"])
    XCTAssertEqual(result.status, 0)
    for command in [
      "play", "headless", "check", "list", "preview", "forget", "history", "publish",
    ] {
      XCTAssertTrue(result.output.contains("  \(command)"), "\(command) missing:\n\(result.output)")
    }
    let cases: [(command: String, options: [String])] = [
      (
        "play",
        [
          "--seed", "--answer-seconds", "--reveal-seconds", "--colors", "--graphics", "--trace",
          "--config", "roster-folder",
        ]
      ),
      ("preview", ["--size", "--colors", "--graphics", "<photo>"]),
      ("headless", ["--seed", "--clock", "--data-dir"]),
    ]
    for (command, options) in cases {
      let help = try runMeetTheMembers([command, "--help"])
      XCTAssertEqual(help.status, 0, command)
      for option in options {
        XCTAssertTrue(help.output.contains(option), "\(option) missing from:\n\(help.output)")
      }
    }
  }

  /// The completions of bash, zsh and fish offer every command and each of its options.
  func testTheCompletionsOfferEveryCommandAndItsOptions() throws {
    XCTAssertEqual(
      OldSpellings.commandNames,
      ["play", "headless", "check", "list", "preview", "forget", "history", "publish"])
    for shell in ["bash", "zsh", "fish"] {
      let script = try runMeetTheMembers(["--generate-completion-script", shell])
      XCTAssertEqual(script.status, 0, script.errors)
      for command in OldSpellings.commandNames {
        XCTAssertTrue(script.output.contains(command), "\(shell): no \(command)")
        for option in OldSpellings.options(of: command) {
          XCTAssertTrue(
            script.output.contains(String(option.dropFirst(2))), "\(shell): \(command) \(option)")
        }
      }
    }
    XCTAssertEqual(
      Set(OldSpellings.options(of: "forget")), ["--data-dir", "--config", "--help"])
  }

  func testVersionPrintsTheVersion() throws {
    let result = try runMeetTheMembers(["--version"])
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.output, "0.4.0\n")
  }

  /// Each refused value is one line naming the option, its range and the value, with the exit
  /// status of a usage error. A value may start with "-": it is still the option's value.
  func testBadValuesAreOneLineErrorsThatNameTheRange() throws {
    let seeds = "--seed must be a whole number from 0 to 18446744073709551615"
    let sizes = "--size must be COLSxROWS with each from 1 to 1000"
    let cases: [(arguments: [String], message: String)] = [
      (["--answer-seconds", "0"], "--answer-seconds must be between 0.1 and 600, not 0.0"),
      (["--round", "0"], "--round must be a whole number from 1 to 10000, or all, not 0"),
      (["--round", "-3"], "--round must be a whole number from 1 to 10000, or all, not -3"),
      (["--round", "some"], "--round must be a whole number from 1 to 10000, or all, not some"),
      (["--mode", "cram"], "--mode must be quiz or learn, not cram"),
      (["--mode", "drill"], "--mode must be quiz or learn, not drill"),
      (["--kind", "face"], "--kind must be names, faces, typing or mixed, not face"),
      (["--type-seconds", "0"], "--type-seconds must be between 0.1 and 600, not 0.0"),
      (["--order", "alphabetical"], "--order must be shuffled or random, not alphabetical"),
      (["--answer-seconds", "-1"], "--answer-seconds must be between 0.1 and 600, not -1.0"),
      (["--answer-seconds", "nan"], "--answer-seconds must be between 0.1 and 600, not nan"),
      (["--answer-seconds", "soon"], "--answer-seconds must be between 0.1 and 600, not soon"),
      (["--reveal-seconds=-1"], "--reveal-seconds must be between 0 and 600, not -1.0"),
      (["--reveal-seconds", "-0.5"], "--reveal-seconds must be between 0 and 600, not -0.5"),
      (["--reveal-seconds", "601"], "--reveal-seconds must be between 0 and 600, not 601.0"),
      (["--seed", "-5"], "\(seeds), not -5"),
      (["--seed=-3"], "\(seeds), not -3"),
      (["--seed", "seven"], "\(seeds), not seven"),
      (["--seed", "18446744073709551616"], "\(seeds), not 18446744073709551616"),
      (["--preview", "x.jpg", "--size", "-5x10"], "\(sizes), not -5x10"),
      (["--preview", "x.jpg", "--size=10x-5"], "\(sizes), not 10x-5"),
      (["--preview", "x.jpg", "--size", "0x10"], "\(sizes), not 0x10"),
      (["--preview", "x.jpg", "--size", "1001x10"], "\(sizes), not 1001x10"),
      (["--preview", "x.jpg", "--size", "wide"], "\(sizes), not wide"),
      (
        ["--preview", "x.jpg", "--graphics", "png"],
        "--graphics must be auto, kitty, sixel, iterm2 or symbols, not png"
      ),
      (
        ["--colors", "rainbow"], "--colors must be truecolor, 256, 240, 16, 8 or none, not rainbow"
      ),
      (
        ["--clock", "soon", "--headless"],
        "--clock must be a time such as 2027-01-01T10:00:00Z (ISO 8601, with its zone), not soon"
      ),
    ]
    for testCase in cases {
      let result = try runMeetTheMembers(testCase.arguments)
      XCTAssertEqual(result.status, 64, "\(testCase.arguments)")
      XCTAssertEqual(result.errors, "Error: \(testCase.message)\n", "\(testCase.arguments)")
      XCTAssertEqual(result.output, "", "\(testCase.arguments)")
    }
  }

  /// Each command takes only its own options (and the old flags, each its command, one at a
  /// time): an option that another command takes is refused in one line that says which.
  func testAnOptionOfAnotherCommandIsRefusedInOneLineThatSaysWhichTakeIt() throws {
    let cases: [(arguments: [String], message: String)] = [
      (
        ["--forget", "--graphics", "kitty"],
        "--graphics only applies to play and preview, not to forget"
      ),
      (
        ["forget", "--graphics", "kitty"],
        "--graphics only applies to play and preview, not to forget"
      ),
      (["--check", "--list"], "--check and --list cannot be used together"),
      (["--headless", "--check"], "--headless and --check cannot be used together"),
      (["--headless", "--trace", "t.jsonl"], "--trace only applies to play, not to headless"),
      (
        ["--headless", "--colors", "8"],
        "--colors only applies to play and preview, not to headless"
      ),
      (["--list", "--round", "3"], "--round only applies to play and headless, not to list"),
      (["--check", "--mode", "learn"], "--mode only applies to play and headless, not to check"),
      (["--size", "30x15"], "--size only applies to preview, not to play"),
      (["--check", "--size", "30x15"], "--size only applies to preview, not to check"),
      (
        ["--headless", "--graphics", "kitty"],
        "--graphics only applies to play and preview, not to headless"
      ),
      (
        ["--list", "--graphics", "sixel"],
        "--graphics only applies to play and preview, not to list"
      ),
      (["--preview", "x.jpg", "--check"], "--preview and --check cannot be used together"),
      (["--list", "--preview", "x.jpg"], "--list and --preview cannot be used together"),
      (["--preview", "x.jpg", "/some/club"], "Unexpected argument '/some/club'"),
      (["--check", "--seed", "3"], "--seed only applies to play and headless, not to check"),
      (
        ["--list", "--answer-seconds", "3"],
        "--answer-seconds only applies to play and headless, not to list"
      ),
      (
        ["--preview=x.jpg", "--reveal-seconds", "1"],
        "--reveal-seconds only applies to play and headless, not to preview"
      ),
      (["--check", "--trace", "t.jsonl"], "--trace only applies to play, not to check"),
      (
        ["--preview", "x.jpg", "--trace", "t.jsonl"], "--trace only applies to play, not to preview"
      ),
      (["--list", "--colors", "16"], "--colors only applies to play and preview, not to list"),
      (["--forget", "--headless"], "--forget and --headless cannot be used together"),
      (
        ["--forget", "--data-dir", "d", "--seed", "2"],
        "--seed only applies to play and headless, not to forget"
      ),
      (["--clock", "2027-01-01T10:00:00Z"], "--clock only applies to headless, not to play"),
      (["--seeds", "3"], "Unknown option '--seeds'. Did you mean '--seed'?"),
      (["--versoin"], "Unknown option '--versoin'. Did you mean '--version'?"),
      (["history", "--hepl"], "Unknown option '--hepl'. Did you mean '--help'?"),
      // A misspelt command is not taken for a roster folder that does not exist.
      (["chek", "mixed"], "chek: no such folder or command (did you mean check?)"),
      (["histroy"], "histroy: no such folder or command (did you mean history?)"),
      (["plya", "--seed", "3"], "plya: no such folder or command (did you mean play?)"),
      // A command after the options: play would take it for its roster folder.
      (
        ["--data-dir", "d", "history"],
        "history: a command comes before its options (meet-the-members history --data-dir d)"
      ),
      (
        ["--seed", "3", "--kind", "names", "plya"],
        "plya: no such folder or command (did you mean play?)"
      ),
      // A command after play's roster: play takes one roster.
      (
        ["club", "history"],
        "history: a command comes before its options (meet-the-members history club)"
      ),
      (["club", "--seed", "3", "chek"], "chek: no such folder or command (did you mean check?)"),
      (["help", "chek"], "chek: no such command (did you mean check?)"),
      (
        ["help", "scores"],
        "scores: no such command (the commands are play, headless, check, list, preview, "
          + "forget, history and publish)"
      ),
      (["--chek"], "Unknown option '--chek'. Did you mean '--check' (the command check)?"),
      // Two slips from an old flag, or after a command's name: ArgumentParser's own word.
      (["history", "--formet", "csv"], "Unknown option '--formet'. Did you mean '--format'?"),
      (["history", "--chek"], "Unknown option '--chek'"),
      // ArgumentParser's own refusals, in the game's words.
      (["history", "--format", "xml"], "--format must be csv or json, not xml"),
      (["--round"], "--round needs a value (n|all)"),
      (["history", "--format"], "--format needs a value"),
      (
        ["--headles"],
        "Unknown option '--headles'. Did you mean '--headless' (the command headless)?"
      ),
    ]
    for testCase in cases {
      let result = try runMeetTheMembers(testCase.arguments)
      XCTAssertEqual(result.status, 64, "\(testCase.arguments)")
      XCTAssertEqual(result.errors, "Error: \(testCase.message)\n", "\(testCase.arguments)")
      XCTAssertEqual(result.output, "", "\(testCase.arguments)")
    }
  }

  /// A folder here whose name is a command's but for a slip is the roster typed, not a
  /// misspelt command.
  func testAFolderNamedLikeACommandIsPlayed() throws {
    let here = FileManager.default.temporaryDirectory
      .appendingPathComponent("mtm-near-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: here.appendingPathComponent("chek"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: here) }
    let result = try runMeetTheMembers(["chek"], currentDirectory: here.path)
    XCTAssertEqual(result.status, 1, result.errors)
    XCTAssertTrue(result.errors.hasPrefix("Error: chek: found 0 members"), result.errors)
  }

  /// Every spelling that worked before the commands still runs the same command: the old
  /// flags anywhere among the options, `--preview=PHOTO`, and the commands by name.
  func testTheOldSpellingsRunTheirCommands() throws {
    let sample = packageDirectory.appendingPathComponent("Resources/sample-club").path
    let photo = "\(sample)/Yuki Tanaka.png"
    let cases: [(arguments: [String], output: String)] = [
      (["--check"], "Roster \(sample): 18 members\n"),
      ([sample, "--list"], "Roster \(sample): 18 members\n"),
      (["list", sample], "Roster \(sample): 18 members\n"),
      (["--headless", "--seed", "3"], #""event":"roster""#),
      ([sample, "--seed", "3", "--headless"], #""event":"roster""#),
      (["headless", "--seed", "3"], #""event":"roster""#),
      (["--preview", photo, "--size", "4x2", "--colors", "none"], ""),
      (["--size", "4x2", "--preview=\(photo)", "--graphics", "symbols"], ""),
      (["preview", photo, "--size", "4x2", "--colors", "none"], ""),
    ]
    for (arguments, output) in cases {
      let result = try runMeetTheMembers(arguments, input: "")
      XCTAssertEqual(result.status, 0, "\(arguments): \(result.errors)")
      // A sound roster is said so at the end (the sample club has no warning).
      if output.hasPrefix("Roster ") {
        XCTAssertTrue(
          result.output.hasSuffix(
            !Set(arguments).isDisjoint(with: ["check", "--check"])
              ? "\nEvery photo decodes: ready to play.\n"
              : "\nReady to play (check decodes every photo).\n"),
          "\(arguments): \(result.output)")
      }
      XCTAssertTrue(
        output.contains("event") ? result.output.contains(output) : result.output.hasPrefix(output),
        "\(arguments): \(result.output)")
      XCTAssertEqual(result.errors, "", "\(arguments)")
    }
    let preview = try runMeetTheMembers(["preview", photo, "--size", "4x2", "--colors", "none"])
    let old = try runMeetTheMembers(["--preview", photo, "--size", "4x2", "--colors", "none"])
    XCTAssertEqual(old.output, preview.output)
    XCTAssertEqual(old.output.split(separator: "\n").count, 2, old.output)
  }

  /// `help` is the help, as with any command that has subcommands; a folder called help is
  /// still played as ./help.
  func testHelpPrintsTheHelpAndAFolderCalledHelpIsDotSlashHelp() throws {
    let help = try runMeetTheMembers(["--help"])
    let word = try runMeetTheMembers(["help"])
    XCTAssertEqual(word.status, 0, word.errors)
    XCTAssertEqual(word.errors, "")
    XCTAssertEqual(word.output, help.output)

    let folder = NSTemporaryDirectory() + "mtm-help-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let club = "\(folder)/help"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    let sample = packageDirectory.appendingPathComponent("Resources/sample-club").path
    for name in ["Amara Okafor.png", "Anna Kowalska.png", "Lars Eriksson.png", "Yuki Tanaka.png"] {
      try FileManager.default.copyItem(atPath: "\(sample)/\(name)", toPath: "\(club)/\(name)")
    }
    let played = try runMeetTheMembers(["--check", "./help"], currentDirectory: folder)
    XCTAssertEqual(played.status, 0, played.errors)
    XCTAssertTrue(played.output.hasPrefix("Roster ./help: 4 members\n"), played.output)
  }

  /// Nothing points a copied binary at the source tree it was built in: without a sample club
  /// beside it, it says where it looked; with one there, it plays it.
  func testACopiedBinarySaysWhereItLookedForTheSampleClub() throws {
    let folder = NSTemporaryDirectory() + "mtm-copy-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(
      atPath: "\(folder)/bin", withIntermediateDirectories: true)
    let copy = "\(folder)/bin/meet-the-members"
    try FileManager.default.copyItem(
      atPath: productsDirectory.appendingPathComponent("meet-the-members").path, toPath: copy)
    let club = "\(folder)/share/meet-the-members/sample-club"
    for arguments in [[], ["--check"]] {
      let result = try runMeetTheMembers(arguments, executable: copy)
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertEqual(
        result.errors,
        "Error: the sample club is not installed beside this program (looked in \(club)): "
          + "give a roster folder\n", "\(arguments)")
    }

    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    let sample = packageDirectory.appendingPathComponent("Resources/sample-club").path
    for name in ["Amara Okafor.png", "Anna Kowalska.png", "Lars Eriksson.png", "Yuki Tanaka.png"] {
      try FileManager.default.copyItem(atPath: "\(sample)/\(name)", toPath: "\(club)/\(name)")
    }
    let result = try runMeetTheMembers(["--check"], executable: copy)
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertTrue(result.output.hasPrefix("Roster \(club): 4 members\n"), result.output)
  }
}
