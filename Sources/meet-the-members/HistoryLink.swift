import Foundation
import GameEngine
import History
import Roster
import TerminalUI

/// The history as the game uses it: opened before the game, its people matched with the
/// roster's members, and each revealed answer handed to it. When it cannot be kept, the game
/// plays on and the start screen says why, once.
struct HistoryLink {
  let history: History?
  /// The history's person for each member, by the person's id.
  let people: [MemberID: Int64]
  /// What the history remembers of the members asked before.
  var memories: [MemberID: MemoryRecord] = [:]
  /// The roster's name (its folder's, or its club's), which the history records with each
  /// answer.
  let rosterName: String
  /// What cannot be kept and why.
  let notice: String?
  /// Everything recorded for the roster when the game began.
  var totals = Totals()

  /// Opens the history in `folder` (nil: there is no home folder to keep it in).
  static func open(folder: String?, roster: Roster) -> HistoryLink {
    let rosterName = roster.name
    guard let folder else {
      return HistoryLink(
        history: nil, people: [:], rosterName: rosterName,
        notice: "History not kept: no HOME or XDG_DATA_HOME to keep it in (see --data-dir)")
    }
    do {
      let history = try History(folder: folder)
      let found = try history.people(
        roster.entries.map { History.Photo(name: $0.member.name, path: $0.path, file: $0.file) },
        roster: rosterName)
      // Only what the game asks of each person is kept, made once the history's own work is
      // done: a roster of thousands is in memory several times over while it opens.
      var people: [MemberID: Int64] = [:]
      people.reserveCapacity(roster.entries.count)
      var members: [Int64: MemberID] = [:]
      members.reserveCapacity(roster.entries.count)
      var memories: [MemberID: MemoryRecord] = [:]
      for (entry, person) in zip(roster.entries, found) {
        let member = entry.member.id
        people[member] = person.id
        members[person.id] = member
        if let memory = person.memory, let last = person.lastAnswer {
          memories[member] = MemoryRecord(
            memory: memory, lastAnswer: last,
            lastGrade: person.lastGrade.flatMap(Grade.init(rawValue:)) ?? .again)
        }
      }
      return HistoryLink(
        history: history, people: people, memories: memories, rosterName: rosterName,
        notice: nil, totals: try history.totals(roster: rosterName, members: members))
    } catch {
      return HistoryLink(
        history: nil, people: [:], rosterName: rosterName,
        notice: "History not kept: \(TerminalText.escapingControls(error.description))")
    }
  }

  /// `--forget`: asks on standard error, reads the answer from standard input, and clears the
  /// roster's history if it is yes.
  static func forget(roster: Roster, dataFolder: String?) throws {
    let rosterName = roster.name
    let shown = TerminalText.escapingControls(rosterName)
    guard let dataFolder,
      FileManager.default.fileExists(
        atPath: (dataFolder as NSString).appendingPathComponent(History.fileName))
    else { return print("Nothing recorded for \(shown).") }
    do {
      let history = try History(folder: dataFolder)
      let recorded = try history.recorded(roster: rosterName)
      guard recorded.answers > 0 || recorded.people > 0 else {
        return print("Nothing recorded for \(shown).")
      }
      let question =
        "Forget everything recorded for \(shown) (\(recorded.people) "
        + "\(recorded.people == 1 ? "person" : "people"), \(recorded.answers) "
        + "answer\(recorded.answers == 1 ? "" : "s"))? [y/N] "
      FileHandle.standardError.write(Data(question.utf8))
      let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else { return print("Nothing forgotten.") }
      try history.forget(roster: rosterName)
      print("Forgotten: \(shown) starts again from nothing.")
    } catch {
      throw CommandError(TerminalText.escapingControls("\(error)"))
    }
  }

  static func unixSecondsNow() -> Double { Date().timeIntervalSince1970 }

  /// The memories recorded, with the game's clock set against the wall clock.
  func setup(origin: Instant, unixSecondsAtOrigin: Double) -> HistorySetup {
    var setup = HistorySetup(
      memories: Memories(memories),
      wallClock: history == nil
        ? nil : WallClock(origin: origin, unixSecondsAtOrigin: unixSecondsAtOrigin),
      notice: notice)
    setup.totals = totals
    return setup
  }

  /// Keeps answers and people met, and forgets the roster's progress; each returns why it
  /// could not.
  func recorder() -> HistoryRecorder? {
    guard let history else { return nil }
    let people = people
    let rosterName = rosterName
    /// Why the history could not do something, in one line; nil when it did.
    @Sendable func failure(_ body: () throws -> Void) -> String? {
      do {
        try body()
        return nil
      } catch {
        return TerminalText.escapingControls("\(error)")
      }
    }
    return HistoryRecorder(
      answer: { answer in
        guard let person = people[answer.result.member.id] else { return nil }
        let result = answer.result
        let chosen = result.chosenIndex.map { result.question.options[$0].name }
        return failure {
          try history.record(
            History.Answer(
              person: person, roster: rosterName, mode: answer.mode,
              outcome: result.outcome.name, chosen: chosen, seconds: result.answerTime.seconds,
              answeredAt: answer.answeredAt),
            memory: answer.memory, grade: answer.grade.rawValue)
        }
      },
      introduction: { member, record in
        guard let person = people[member] else { return nil }
        return failure {
          try history.remember(
            person: person, memory: record.memory, grade: record.lastGrade.rawValue,
            at: record.lastAnswer)
        }
      },
      forget: { failure { try history.forget(roster: rosterName) } })
  }
}
