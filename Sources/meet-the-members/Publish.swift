import ArgumentParser
import Foundation
import GameEngine
import Launch
import Roster
import RosterDownload

/// `meet-the-members publish`: a roster folder written as a club's server serves it, for the
/// club's organiser. It is checked as `check` checks it first, and refused if it cannot be
/// played.
struct Publish: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "publish",
    abstract: "Write a roster folder as a club's server serves it: a zip and roster.json.",
    discussion: """
      The zip holds the folder's photos and members.csv (groups are its subfolders, or the \
      group column of members.csv); roster.json gives its version (one more than the roster.json \
      already in the output folder, else 1), size, SHA-256 and MD5. Any static web server can \
      serve the output folder; players give the game roster.json's URL.
      """)

  @Argument(help: "The roster folder to publish.", completion: .directory)
  var folder: String

  @Option(help: "The club's name, as players see it.")
  var name: String

  @Option(
    help: ArgumentHelp("The folder to write roster.json and the zip to.", valueName: "folder"),
    completion: .directory)
  var out: String

  @Option(
    help: ArgumentHelp(
      "Where the zip will be served from, when not beside roster.json.", valueName: "url"))
  var baseURL: String?

  @Option(
    help: ArgumentHelp(
      "Where players who say yes send their scores (a POST of JSON a round; see docs/scores.md); "
        + "kept from the roster.json already in the output folder when not given.",
      valueName: "url"))
  var scoresURL: String?

  func validate() throws {
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw ValidationError("--name needs the club's name")
    }
    for (option, url) in [("--base-url", baseURL), ("--scores-url", scoresURL)] {
      guard let url else { continue }
      guard let parsed = URL(string: url), WebAddress.isHTTP(parsed), parsed.host?.isEmpty == false
      else {
        throw ValidationError("\(option) must be an http or https URL, not \(url)")
      }
      if let problem = WebAddress.problem(with: parsed) {
        throw ValidationError("\(option) \(url) cannot be used: \(problem)")
      }
    }
  }

  func run() throws {
    let safe = TerminalText.escapingControls
    var roster: Roster
    do {
      roster = try Roster.load(folder)
    } catch let error as RosterError {
      throw CommandError("\(error)")
    }
    roster.verifyEveryPhoto()
    for warning in roster.warnings {
      let leftOut = warning.skipsFile ? " (left out)" : ""
      FileHandle.standardError.write(Data("Warning: \(warning)\(leftOut)\n".utf8))
    }
    do {
      _ = try QuestionGenerator(members: roster.members, seed: 0)
    } catch {
      throw CommandError("\(safe(folder)): cannot be played, so it is not published: \(error)")
    }
    var files = roster.entries.map(\.file)
    let manifest = (folder as NSString).appendingPathComponent(Roster.membersCSVName)
    if FileManager.default.fileExists(atPath: manifest) { files.append(Roster.membersCSVName) }
    let published: RosterPublisher.Published
    do {
      published = try RosterPublisher.publish(
        folder: folder, files: files, name: name, to: out, baseURL: baseURL,
        scoresURL: scoresURL)
    } catch let error as RosterPublisher.PublishError {
      throw CommandError(safe(error.description))
    }
    print(
      "Published \(safe(name)) version \(published.version): \(counted(roster.entries.count, "member")), "
        + "\(safe((out as NSString).appendingPathComponent(published.zip))) "
        + "(\(published.size) bytes) and \(safe(published.manifest))"
        + (published.scoresURL.map { "; scores go to \(safe($0))" } ?? "") + ".")
  }
}
