import AppCore
import Foundation
import GameEngine
import History
import Roster
import URLText

/// The `forget` command's work: a roster's history forgotten, after a question.
extension HistoryLink {
  /// `forget`: asks on standard error, reads the answer from standard input, and clears the
  /// roster's history if it is yes. The roster's answers saved in unkept-answers files
  /// beside the history are forgotten with it (and counted in the question), even where the
  /// history holds none.
  package static func forget(roster: Roster, dataFolder: String?) throws {
    try forget(key: roster.historyKey, dataFolder: dataFolder)
  }

  /// `forget` of a club's roster from its server, by its manifest's URL: nothing is fetched
  /// (the history knows the roster by its URL, and the club's name), so that a silent server
  /// holds nothing up.
  package static func forget(serverURL: String, dataFolder: String?) throws {
    guard let url = URL(string: serverURL), url.host?.isEmpty == false else {
      throw CommandError(
        "\(TerminalText.escapingControls(URLText.withoutPassword(serverURL))): not a URL to fetch a roster from"
      )
    }
    // Named, where the history knows no club's name, by the URL without its password.
    let key = RosterKey.server(url: serverURL, club: URLText.withoutPassword(serverURL))
    try forget(key: key, dataFolder: dataFolder) { history in
      // Named by the club's name the history recorded: answers saved before the roster's
      // identity was kept with them name it so.
      let club = try history.rosterName(key.identity)
      // The same URL written otherwise (its case, its port, a last slash) is another
      // identity: the one the history knows is named.
      let url = key.serverURL ?? serverURL
      let same = try history.serverURLs().filter { $0 != url && normalized($0) == normalized(url) }
      return (club.map { .server(url: serverURL, club: $0) }, same.first)
    }
  }

  /// A URL as the server takes it: its scheme and host in lower case, no default port, no
  /// last slash.
  static func normalized(_ url: String) -> String {
    guard var parts = URLComponents(string: url) else { return url }
    parts.scheme = parts.scheme?.lowercased()
    parts.host = parts.host?.lowercased()
    if (parts.scheme, parts.port) == ("http", 80) || (parts.scheme, parts.port) == ("https", 443) {
      parts.port = nil
    }
    while parts.path.count > 1, parts.path.hasSuffix("/") { parts.path.removeLast() }
    return parts.string ?? url
  }

  /// `named`: the roster's key as the history names it, and another way the history knows
  /// it, to say when nothing is recorded under this one.
  private static func forget(
    key given: RosterKey, dataFolder: String?,
    named: (History) throws -> (key: RosterKey?, otherwise: String?) = { _ in (nil, nil) }
  ) throws {
    var key = given
    guard let dataFolder else {
      return print("Nothing recorded for \(TerminalText.escapingControls(key.name)).")
    }
    let path = (dataFolder as NSString).appendingPathComponent(History.fileName)
    do {
      // A history another program holds is waited for, as a launch waits, and said.
      let history =
        FileManager.default.fileExists(atPath: path)
        ? try History(
          folder: dataFolder, waiting: waiting(in: dataFolder, limit: launchWait))
        : nil
      let (recordedKey, otherwise) = try history.map(named) ?? (nil, nil)
      key = recordedKey ?? key
      let shown = TerminalText.escapingControls(key.name)
      let saved = UnkeptAnswers.saved(about: key, besides: path)
      let recorded = try history?.recorded(roster: key.identity) ?? (people: 0, answers: 0)
      guard recorded.answers + saved > 0 || recorded.people > 0 else {
        let known = otherwise.map {
          " The history knows it as \(TerminalText.escapingControls($0)): forget that."
        }
        return print("Nothing recorded for \(shown).\(known ?? "")")
      }
      let question =
        "Forget everything recorded for \(shown) (\(recorded.people) "
        + "\(recorded.people == 1 ? "person" : "people"), "
        + "\(counted(recorded.answers + saved, "answer")))? [y/N] "
      FileHandle.standardError.write(Data(question.utf8))
      let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else { return print("Nothing forgotten.") }
      try history?.forget(roster: key.identity)
      UnkeptAnswers.forget(key, besides: path)
      print("Forgotten: \(shown) starts again from nothing.")
    } catch {
      throw CommandError(TerminalText.escapingControls("\(error)"))
    }
  }
}
