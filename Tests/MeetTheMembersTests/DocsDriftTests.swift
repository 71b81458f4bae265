import Foundation
import Settings
import XCTest

@testable import HeadlessUI
@testable import Launch
@testable import meet_the_members

/// The docs say what the code does: the headless protocol's commands and events, the
/// settings' keys, every command with its options, every source file in docs/map.md, and
/// every file the docs name (and every doc the sources name) there. A change to either side
/// alone fails.
final class DocsDriftTests: XCTestCase {
  private func read(_ path: String) throws -> String {
    try String(
      contentsOf: packageDirectory.appendingPathComponent(path), encoding: .utf8)
  }

  /// The rows of the table under `heading` whose header starts with `header` (up to the end
  /// of the table).
  private func rows(of text: String, after heading: String, header: String) -> [String] {
    guard let start = text.range(of: heading) else { return [] }
    let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
    guard let top = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
    return lines[(top + 2)...].prefix { $0.hasPrefix("| ") }.map(String.init)
  }

  /// The first cells of those rows.
  private func firstCells(of text: String, after heading: String, header: String) -> [String] {
    rows(of: text, after: heading, header: header).map {
      String($0.dropFirst(2).prefix { $0 != "|" })
    }
  }

  /// Every word in backticks in `cell` that starts with `prefix` (its first word only:
  /// "`--seed N`" is "--seed").
  private func words(in cell: String, startingWith prefix: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
      $0.offset % 2 == 1
    }.map {
      String($0.element.split(separator: " ").first ?? "")
    }.filter { $0.hasPrefix(prefix) }
  }

  /// Each command of docs/headless.md is one the game takes, and each it takes is there.
  func testTheHeadlessCommandsAreDocumented() throws {
    let doc = try read("docs/headless.md")
    let rows = firstCells(of: doc, after: "# Playing without a terminal", header: "| command |")
    var documented: Set<String> = []
    for row in rows {
      for example in row.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter({ $0.offset % 2 == 1 })
      {
        // N and S stand for numbers.
        let line = String(example.element).replacingOccurrences(of: ":N}", with: ":1}")
          .replacingOccurrences(of: ":S}", with: ":1}")
        guard line.hasPrefix("{") else { continue }
        let name = try XCTUnwrap(
          (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["do"]
            as? String, line)
        documented.insert(name)
        if case .failure(let error) = HeadlessCommand.parse(line) {
          XCTFail("\(line): \(error.message)")
        }
      }
    }
    let taken = HeadlessCommand.names.replacingOccurrences(of: " or ", with: ", ")
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    XCTAssertEqual(documented, Set(taken))
    for name in taken {
      if case .failure(let error) = HeadlessCommand.parse(#"{"do":"\#(name)"}"#) {
        XCTAssertFalse(error.message.hasPrefix("unknown command"), "\(name): \(error.message)")
      }
    }
  }

  /// Each event the headless game writes is in docs/headless.md's table, and each there is
  /// written: the names are read from the sources that write them.
  func testTheHeadlessEventsAreDocumented() throws {
    let doc = try read("docs/headless.md")
    let rows = firstCells(of: doc, after: "Every event has", header: "| event |")
    let documented = Set(rows.flatMap { words(in: $0, startingWith: "") })
    var written: Set<String> = []
    let pattern = try NSRegularExpression(
      pattern: #"(?:event|emit|HeadlessEvent)\(\s*"([a-z_]+)""#)
    for file in ["HeadlessPlayer.swift", "HeadlessEffectHandlers.swift", "HeadlessEvent.swift"] {
      let source = try read("Sources/HeadlessUI/\(file)")
      for match in pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
        written.insert((source as NSString).substring(with: match.range(at: 1)))
      }
    }
    XCTAssertTrue(written.contains("history_waiting"), "\(written)")
    XCTAssertEqual(documented, written)
    // The exit event's fields, history among them.
    let exit = try XCTUnwrap(rows.first { $0.hasPrefix("`exit`") })
    XCTAssertTrue(
      doc.contains(
        "| `exit` | the game quits | `status`, `score`, `longest_streak`, `questions`, `history`"),
      exit)
  }

  /// docs/command-line.md's table of settings is the code's table, row for row; the README's
  /// example sets only settings there are.
  func testTheSettingsAreDocumented() throws {
    let doc = try read("docs/command-line.md")
    var rows: [String] = []
    for setting in SettingsTable.standard.settings {
      let takes =
        setting.range
        ?? (setting.kind == .name ? "a name" : "a folder or a roster's URL")
      let option = setting.isOption ? "`\(setting.option)`" : "file only"
      rows.append(
        "| `\(setting.key)` | \(option) | \(takes) | \(setting.shownDefault) | "
          + "\(setting.label ?? "not shown") |")
    }
    let documented = self.rows(of: doc, after: "## The settings file", header: "| key |")
    XCTAssertEqual(documented, rows)
    let readme = try read("README.md")
    let example = try XCTUnwrap(readme.components(separatedBy: "```toml\n").dropFirst().first)
    for line in example.prefix(while: { $0 != "`" }).split(separator: "\n") {
      let key = line.prefix { $0 != " " && $0 != "=" }
      guard !key.isEmpty, !key.hasPrefix("#") else { continue }
      XCTAssertNotNil(SettingsTable.standard[String(key)], "README sets \(key)")
    }
  }

  /// docs/command-line.md has a section for each command, listing exactly its options.
  func testEachCommandAndItsOptionsAreDocumented() throws {
    let doc = try read("docs/command-line.md")
    for command in OldSpellings.commandNames {
      XCTAssertTrue(doc.contains("\n### \(command)\n"), "no section for \(command)")
      let rows = firstCells(of: doc, after: "\n### \(command)\n", header: "| option |")
      let documented = Set(rows.flatMap { words(in: $0, startingWith: "--") })
      let taken = OldSpellings.options(of: command).subtracting(["--help", "--version"])
      XCTAssertEqual(documented, taken, command)
    }
  }

  /// docs/map.md names every Swift file of `Sources/` once, under its module's heading (or
  /// as `Module/File.swift` in a section of several modules), and names no file that is not
  /// there: a file added, moved or removed fails until the map says so.
  func testTheMapNamesEverySourceFile() throws {
    let map = try read("docs/map.md")
    var module: String?
    var mapped: [String] = []
    for line in map.split(separator: "\n") {
      if line.hasPrefix("## ") {
        module = line.hasPrefix("## `") ? String(line.dropFirst(4).prefix { $0 != "`" }) : nil
      } else if line.hasPrefix("| `") {
        let cell = String(line.dropFirst(2).prefix { $0 != "|" })
        for file in words(in: cell, startingWith: "") where file.hasSuffix(".swift") {
          mapped.append(file.contains("/") ? file : "\(module ?? "?")/\(file)")
        }
      }
    }
    let sources = packageDirectory.appendingPathComponent("Sources")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
    XCTAssertEqual(Set(files).subtracting(mapped).sorted(), [], "not in docs/map.md")
    XCTAssertEqual(Set(mapped).subtracting(files).sorted(), [], "in docs/map.md, not in Sources/")
    XCTAssertEqual(mapped.count, Set(mapped).count, "named twice in docs/map.md")
  }

  /// Every test target (a folder of `Tests/`) is named in docs/map.md's table of the tests,
  /// as `Tests/Name` or, in a list after one, `Name`.
  func testTheMapNamesEveryTestTarget() throws {
    let map = try read("docs/map.md")
    let tests = packageDirectory.appendingPathComponent("Tests")
    let targets = try FileManager.default.contentsOfDirectory(atPath: tests.path).filter {
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(
        atPath: tests.appendingPathComponent($0).path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
    XCTAssertFalse(targets.isEmpty)
    for target in targets.sorted() {
      XCTAssertTrue(
        map.contains("`Tests/\(target)`") || map.contains(", `\(target)`"),
        "docs/map.md does not name Tests/\(target)")
    }
  }

  /// Every Swift file that docs/architecture.md, docs/history.md or the README names by its
  /// path (`Module/File.swift`, in `Sources/`, or `Tests/...`) exists.
  func testTheSourceFilesTheDocsNameExist() throws {
    for doc in ["docs/architecture.md", "README.md", "docs/history.md", "docs/map.md"] {
      let text = try read(doc)
      for path in words(in: text, startingWith: "") where path.hasSuffix(".swift") {
        guard path.contains("/"), !path.contains("*") else { continue }
        let inPackage = path.hasPrefix("Tests/") || path.hasPrefix("Sources/")
        let file = packageDirectory.appendingPathComponent(inPackage ? path : "Sources/" + path)
        XCTAssertTrue(
          FileManager.default.fileExists(atPath: file.path), "\(doc) names \(path)")
      }
    }
  }

  /// A comment or a help text in `Sources/` that sends its reader to a doc names one that
  /// exists (`docs/scores.md`), and none sends them to the README, whose sections moved into
  /// docs/.
  func testTheDocsTheSourcesNameExist() throws {
    let sources = packageDirectory.appendingPathComponent("Sources")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
      .filter { $0.hasSuffix(".swift") }
    let docName = try Regex(#"docs/[A-Za-z0-9-]+(\.[a-z]+)+"#)
    for file in files {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: docName) {
        let doc = String(text[match.range])
        XCTAssertTrue(
          FileManager.default.fileExists(
            atPath: packageDirectory.appendingPathComponent(doc).path),
          "\(file) names \(doc)")
      }
      XCTAssertNil(text.range(of: "README"), "\(file) sends its reader to the README")
    }
  }
}
