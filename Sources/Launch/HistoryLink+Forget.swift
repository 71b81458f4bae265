import AppCore
import Foundation
import GameEngine
import History
import Roster

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
    try forget(key: .server(url: serverURL, club: serverURL), dataFolder: dataFolder)
  }

  private static func forget(key: RosterKey, dataFolder: String?) throws {
    var shown = TerminalText.escapingControls(key.name)
    guard let dataFolder else { return print("Nothing recorded for \(shown).") }
    let path = (dataFolder as NSString).appendingPathComponent(History.fileName)
    let saved = UnkeptAnswers.saved(about: key, besides: path)
    do {
      // A history another program holds is waited for, as a launch waits, and said.
      let history =
        FileManager.default.fileExists(atPath: path)
        ? try History(
          folder: dataFolder, waiting: waiting(in: dataFolder, limit: launchWait))
        : nil
      if let name = try history?.rosterName(key.identity) {
        shown = TerminalText.escapingControls(name)
      }
      let recorded = try history?.recorded(roster: key.identity) ?? (people: 0, answers: 0)
      guard recorded.answers + saved > 0 || recorded.people > 0 else {
        return print("Nothing recorded for \(shown).")
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
