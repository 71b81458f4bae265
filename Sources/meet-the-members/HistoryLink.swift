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
  /// How the history knows the roster: its folder's real path, or its server's URL.
  let roster: RosterKey
  /// What cannot be kept and why.
  let notice: String?
  /// Everything recorded for the roster when the game began.
  var totals = Totals()
  /// The player's memory as last fitted to their answers (the defaults before there were
  /// enough of them).
  var model = MemoryModel.standard
  /// How quickly the player answers when they know a name and when they guess.
  var guessTimes = GuessTimes()
  /// Who the player took for whom in the roster's answers.
  var confusions = Confusions()
  /// The sets of members whose photos are one file (see `QuestionGenerator`).
  var samePhotos: [[MemberID]] = []

  /// Opens the history in `folder` (nil: there is no home folder to keep it in).
  static func open(folder: String?, roster: Roster) -> HistoryLink {
    let key = roster.historyKey
    guard let folder else {
      return HistoryLink(
        history: nil, people: [:], roster: key,
        notice: "History not kept: no HOME or XDG_DATA_HOME to keep it in (see --data-dir)",
        samePhotos: samePhotos(of: roster))
    }
    do {
      let history = try History(folder: folder)
      let found = try history.people(
        roster.entries.map { History.Photo(name: $0.member.name, path: $0.path, file: $0.file) },
        roster: key)
      // Only what the game asks of each person is kept, made once the history's own work is
      // done: a roster of thousands is in memory several times over while it opens.
      var people: [MemberID: Int64] = [:]
      people.reserveCapacity(roster.entries.count)
      var members: [Int64: MemberID] = [:]
      members.reserveCapacity(roster.entries.count)
      var memories: [MemberID: MemoryRecord] = [:]
      var samePhotos: [Int: [MemberID]] = [:]
      for (entry, person) in zip(roster.entries, found) {
        let member = entry.member.id
        people[member] = person.id
        if let first = person.samePhotoAs {
          samePhotos[first, default: [roster.entries[first].member.id]].append(member)
        }
        members[person.id] = member
        if let memory = person.memory, let last = person.lastAnswer {
          memories[member] = MemoryRecord(
            memory: memory, lastAnswer: last,
            lastGrade: person.lastGrade.flatMap(Grade.init(rawValue:)) ?? .again,
            typed: person.typed, belief: person.belief)
        }
      }
      let confusions = Confusions(
        try history.confusions(roster: key.identity).compactMap { pair in
          guard let asked = members[pair.asked], let chosen = members[pair.chosen] else {
            return nil
          }
          return (asked, chosen)
        })
      return HistoryLink(
        history: history, people: people, memories: memories, roster: key,
        notice: nil, totals: try history.totals(roster: key.identity, members: members),
        model: try history.memoryModel(), guessTimes: try history.guessTimes(),
        confusions: confusions,
        samePhotos: samePhotos.keys.sorted().compactMap { samePhotos[$0] })
    } catch {
      return HistoryLink(
        history: nil, people: [:], roster: key,
        notice: "History not kept: \(TerminalText.escapingControls(error.description))",
        samePhotos: samePhotos(of: roster))
    }
  }

  /// The sets of members whose photos are one file, found without the history's hashes: the
  /// files of one size compared byte for byte (most photos differ in size, and are not read).
  static func samePhotos(of roster: Roster) -> [[MemberID]] {
    var bySize: [UInt64: [RosterEntry]] = [:]
    for entry in roster.entries {
      let attributes = try? FileManager.default.attributesOfItem(atPath: entry.path.string)
      guard let size = (attributes?[.size] as? NSNumber)?.uint64Value else { continue }
      bySize[size, default: []].append(entry)
    }
    var sets: [[MemberID]] = []
    for entries in bySize.values where entries.count > 1 {
      var byContents: [Data: [MemberID]] = [:]
      for entry in entries {
        guard let data = FileManager.default.contents(atPath: entry.path.string) else { continue }
        byContents[data, default: []].append(entry.member.id)
      }
      sets += byContents.values.filter { $0.count > 1 }
    }
    return sets
  }

  /// `--forget`: asks on standard error, reads the answer from standard input, and clears the
  /// roster's history if it is yes.
  static func forget(roster: Roster, dataFolder: String?) throws {
    let key = roster.historyKey
    let shown = TerminalText.escapingControls(key.name)
    guard let dataFolder,
      FileManager.default.fileExists(
        atPath: (dataFolder as NSString).appendingPathComponent(History.fileName))
    else { return print("Nothing recorded for \(shown).") }
    do {
      let history = try History(folder: dataFolder)
      let recorded = try history.recorded(roster: key.identity)
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
      try history.forget(roster: key.identity)
      print("Forgotten: \(shown) starts again from nothing.")
    } catch {
      throw CommandError(TerminalText.escapingControls("\(error)"))
    }
  }

  static func unixSecondsNow() -> Double { Date().timeIntervalSince1970 }

  /// The memories recorded, with the game's clock set against the wall clock.
  func setup(origin: Instant, unixSecondsAtOrigin: Double) -> HistorySetup {
    var setup = HistorySetup(
      memories: Memories(memories, model: model, guessTimes: guessTimes),
      wallClock: history == nil
        ? nil
        : WallClock(
          origin: origin, unixSecondsAtOrigin: unixSecondsAtOrigin,
          utcOffset: History.utcOffset(atUnixSeconds: unixSecondsAtOrigin)),
      notice: notice)
    setup.totals = totals
    setup.confusions = confusions
    return setup
  }

  /// Keeps answers and people met, and forgets the roster's progress; each returns why it
  /// could not.
  func recorder() -> HistoryRecorder? {
    guard let history else { return nil }
    let people = people
    let identity = roster.identity
    /// Why the history could not do something, in one line; nil when it did.
    /// A member the history has no person for cannot be kept: said, not passed over.
    @Sendable func missing(_ member: Member) -> String { missing(member.name) }
    @Sendable func missing(_ name: String) -> String {
      "\(TerminalText.escapingControls(name)): no one in the history to keep this for"
    }
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
        guard let person = people[answer.result.member.id] else {
          return missing(answer.result.member)
        }
        let result = answer.result
        // The name chosen, or the text typed and whose name it is, if anyone's.
        let option = result.chosenIndex.map { result.question.options[$0] }
        let chosen = result.typed?.text ?? option?.name
        let chosenMember = result.typed?.other?.member ?? option?.member
        return failure {
          try history.record(
            History.Answer(
              person: person, roster: identity, mode: answer.mode,
              outcome: History.Outcome(result.outcome), chosen: chosen,
              chosenPerson: chosenMember.flatMap { people[$0] },
              seconds: result.answerTime.seconds, answeredAt: answer.answeredAt,
              kind: result.question.kind.rawValue),
            memory: answer.memory, grade: answer.grade.rawValue, typed: answer.typed,
            belief: answer.belief)
        }
      },
      introduction: { member, record in
        guard let person = people[member] else { return missing(member.rawValue) }
        return failure {
          try history.recordCard(
            person: person, roster: identity, memory: record.memory,
            grade: record.lastGrade.rawValue, belief: record.belief, at: record.lastAnswer)
        }
      },
      forget: { failure { try history.forget(roster: identity) } },
      fit: { time in (try? history.refitMemory(at: time))?.memory })
  }
}

extension Roster {
  /// How the history knows this roster: by its server's URL, else by its folder's real path.
  var historyKey: RosterKey {
    serverURL.map { .server(url: $0, club: name) } ?? .folder(folder)
  }
}

extension History.Outcome {
  init(_ outcome: GameEngine.Outcome) {
    switch outcome {
    case .correct: self = .correct
    case .wrong: self = .wrong
    case .timedOut: self = .timeout
    }
  }
}
