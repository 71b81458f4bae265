import AppCore
import Foundation
import GameEngine
import History
import Roster

/// The history as the game uses it: opened before the game, its people matched with the
/// roster's members, and each revealed answer handed to it. When it cannot be kept, the game
/// plays on and the start screen says why, once.
package struct HistoryLink {
  let history: History?
  /// The history's person for each member, by the person's id.
  let people: [MemberID: Int64]
  /// What the history remembers of the members asked before.
  var memories: [MemberID: MemoryRecord] = [:]
  /// Their name cards and answers, in order: what a memory fitted anew replays.
  var taken: [MemberID: [Taken]] = [:]
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
  package var samePhotos: [[MemberID]] = []
  /// The history's path, and why it takes no answer, when it could not be opened to keep
  /// them (another program held it through the launch's wait; it is damaged, read-only or
  /// no history; or no home folder to keep one in): the answers then wait in the recorder,
  /// and are saved beside it (or in the temporary folder) as the game ends.
  var notKept: NotKept?

  /// The history held through the launch's wait, looked at again while the game plays and
  /// as it ends: once it opens, the answers are kept in it after all.
  var late: LateHistory?
  /// The roster itself, whose members' photos name them in answers saved outside the history.
  var photos: Roster?

  /// Opens the history in `folder` (nil: there is no home folder to keep it in), waiting up
  /// to `wait` seconds for another program that holds it (saying so on standard error).
  package static func open(folder: String?, roster: Roster, wait: Double = launchWait)
    -> HistoryLink
  {
    var link = opening(folder: folder, roster: roster, wait: wait)
    link.photos = roster
    return link
  }

  private static func opening(folder: String?, roster: Roster, wait: Double) -> HistoryLink {
    let key = roster.historyKey
    guard let folder else {
      // No history can be opened, but the answers are still saved as the game ends, in the
      // temporary folder, and the exit line names the file.
      let reason = "no HOME or XDG_DATA_HOME to keep it in"
      return HistoryLink(
        history: nil, people: [:], roster: key,
        notice: "History not kept: \(reason) (see --data-dir)", samePhotos: samePhotos(of: roster),
        notKept: NotKept(
          path: (PrivateFile.temporaryFolder as NSString).appendingPathComponent(History.fileName),
          reason: reason, place: "a history",
          advice: "move it into the folder a game's --data-dir names, or with HOME set into "
            + "~/.local/share/meet-the-members: the next game there keeps them"))
    }
    do {
      // A launch waits for another program that holds the history, and says so.
      let waiting = waiting(in: folder, limit: wait)
      let history = try History(folder: folder, waiting: waiting)
      let found = try history.people(
        photos(of: roster),
        roster: key)
      // Answers earlier games saved in a file beside the history (it could not take them
      // then) are kept in it now; their people's memories are replayed below.
      let readBack = UnkeptAnswers.readBack(
        into: history, roster: roster, key: key,
        people: Dictionary(
          zip(roster.entries.map(\.member.id), found.map(\.id)), uniquingKeysWith: { a, _ in a }))
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
        if let memory = person.memory, let last = person.lastAnswer,
          !readBack.replayed.contains(person.id)
        {
          memories[member] = MemoryRecord(
            memory: memory, lastAnswer: last,
            lastGrade: person.lastGrade.flatMap(Grade.init(rawValue:)) ?? .again,
            typed: person.typed, belief: person.belief)
        }
      }
      // Every answer is read once (a history may hold hundreds of thousands).
      let read = try history.readAnswers(roster: key.identity, members: members)
      let confusions = Confusions(
        read.confusions.compactMap { pair in
          guard let asked = members[pair.asked], let chosen = members[pair.chosen] else {
            return nil
          }
          return (asked, chosen)
        })
      let taken = Taken.byMember(read.events, members: members)
      let model = try history.memoryModel()
      let guessTimes = read.guessTimes
      // Someone met whose memory cannot be read (a belief damaged) is replayed from their
      // cards and answers: nothing they answered is lost.
      for (member, events) in taken where memories[member] == nil {
        memories[member] = Memories.record(
          replaying: events, model: model, guessTimes: guessTimes)
      }
      waiting.quiet()
      waiting.limit = playingWait
      let notices = [history.notice.map(TerminalText.escapingControls), readBack.notice]
        .compactMap { $0 }
      return HistoryLink(
        history: history, people: people, memories: memories, taken: taken, roster: key,
        notice: notices.isEmpty ? nil : notices.joined(separator: "; "), totals: read.totals,
        model: model, guessTimes: guessTimes, confusions: confusions,
        samePhotos: samePhotos.keys.sorted().compactMap { samePhotos[$0] })
    } catch  where error.isBusy {
      let path = (folder as NSString).appendingPathComponent(History.fileName)
      let reason = "another program held it at launch"
      return HistoryLink(
        history: nil, people: [:], roster: key,
        notice: "History not kept: \(TerminalText.escapingControls(error.description)) "
          + "(another program holds it); answers wait until it is free",
        samePhotos: samePhotos(of: roster), notKept: NotKept(path: path, reason: reason),
        late: LateHistory(
          folder: folder, roster: roster, key: key, held: Busy(description: reason),
          interval: lateInterval))
    } catch {
      // Damaged, read-only or no history: the file is left as it is, and the game's answers
      // are still saved as it ends.
      let path = (folder as NSString).appendingPathComponent(History.fileName)
      return HistoryLink(
        history: nil, people: [:], roster: key,
        notice: "History not kept: \(TerminalText.escapingControls(error.description))",
        samePhotos: samePhotos(of: roster),
        notKept: NotKept(path: path, reason: Self.why(error, path: path)))
    }
  }

  /// Why a history could not be opened, as the answers waiting say it: the error's reason
  /// without the file's path (the line that says it names the file) and without what is done
  /// with the file ("database disk image is malformed", "a folder, not a history").
  static func why(_ error: History.Unavailable, path: String) -> String {
    var reason = error.reason
    if reason.hasPrefix(path + ": ") { reason.removeFirst(path.count + 2) }
    if let kept = reason.range(of: "; it is kept as it is") { reason.removeSubrange(kept) }
    return TerminalText.escapingControls(reason.isEmpty ? "it could not be opened" : reason)
  }

  /// How long opening the history in `folder` waits for another program that holds it, saying
  /// so on standard error after a moment.
  static func waiting(in folder: String, limit: Double) -> History.Waiting {
    let file = TerminalText.escapingControls(
      (folder as NSString).appendingPathComponent(History.fileName))
    return History.Waiting(limit: limit) { words in
      LaunchNotice.say("Waiting for \(file): \(words) (Ctrl-C stops)\n")
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

  package static func unixSecondsNow() -> Double { Date().timeIntervalSince1970 }

  /// The memories recorded, with the game's clock set against the wall clock.
  package func setup(origin: Instant, unixSecondsAtOrigin: Double) -> HistorySetup {
    var setup = HistorySetup(
      memories: Memories(memories, model: model, guessTimes: guessTimes, taken: taken),
      wallClock: history == nil && notKept == nil
        ? nil
        : WallClock(
          origin: origin, unixSecondsAtOrigin: unixSecondsAtOrigin,
          utcOffset: History.utcOffset(atUnixSeconds: unixSecondsAtOrigin)),
      notice: notice)
    setup.totals = totals
    setup.confusions = confusions
    return setup
  }

  /// Keeps answers and people met, and forgets the roster's progress. A write the history
  /// cannot take now waits in the recorder (see `HistoryRecorder`), said in a short reason;
  /// the answers waiting are kept in a file beside the history while they wait, and stay
  /// there if the game ends with them waiting (`WaitingAnswers`).
  package func recorder() -> HistoryRecorder? {
    let (rosterKey, photos) = (roster, photos)
    guard let history else {
      return notKept.map(unkeptRecorder)
    }
    let people = people
    let identity = roster.identity
    return HistoryRecorder(
      place: TerminalText.escapingControls(history.path),
      answer: { answer in
        let kept = try Self.historyAnswer(answer, people: people, roster: identity)
        try Self.waiting { () throws(History.Unavailable) in
          try history.record(
            kept, memory: answer.memory, grade: answer.grade.rawValue, typed: answer.typed,
            belief: answer.belief)
        }
      },
      introduction: { member, record in
        guard let person = people[member] else { throw Self.missing(member.rawValue) }
        try Self.waiting { () throws(History.Unavailable) in
          try history.recordCard(
            person: person, roster: identity, memory: record.memory,
            grade: record.lastGrade.rawValue, belief: record.belief, at: record.lastAnswer)
        }
      },
      forget: {
        do {
          try history.forget(roster: identity)
          UnkeptAnswers.forget(rosterKey, besides: history.path)
          return nil
        } catch {
          return TerminalText.escapingControls("\(error)")
        }
      },
      fit: { time in (try? history.refitMemory(at: time))?.fitted?.memory },
      saveWaiting: WaitingAnswers(
        roster: rosterKey, photos: photos, besides: history.path,
        known: {
          // The photos' hashes as the history holds them (reading it, which a held or full
          // history still allows), rather than reading the photos again.
          let all = (try? history.photoHashes()) ?? [:]
          return people.compactMapValues { all[$0] }
        }
      ).keep,
      patience: { history.waiting.limit = Self.wait(for: $0) },
      close: { history.close() })
  }

  /// The history's answer for one the game revealed: the name chosen, or the text typed, and
  /// whose name it is, if anyone's. A member the history has no person for cannot be kept:
  /// said, not passed over.
  static func historyAnswer(
    _ answer: RecordedAnswer, people: [MemberID: Int64], roster identity: String
  ) throws(HistoryRecorder.Refusal) -> History.Answer {
    let result = answer.result
    guard let person = people[result.member.id] else { throw missing(result.member.name) }
    let option = result.chosenIndex.map { result.question.options[$0] }
    let chosenMember = result.typed?.other?.member ?? option?.member
    return History.Answer(
      person: person, roster: identity, mode: answer.mode,
      outcome: History.Outcome(result.outcome), chosen: result.typed?.text ?? option?.name,
      chosenPerson: chosenMember.flatMap { people[$0] }, seconds: result.answerTime.seconds,
      answeredAt: answer.answeredAt, kind: result.question.kind.rawValue,
      slip: result.typed?.match == .slip)
  }

  /// Why the write of a member the history has no person for is refused.
  static func missing(_ name: String) -> HistoryRecorder.Refusal {
    HistoryRecorder.Refusal(
      "\(TerminalText.escapingControls(name)): no one in the history to keep this for")
  }

  /// The roster's photos, as the history matches them with its people.
  static func photos(of roster: Roster) -> [History.Photo] {
    roster.entries.map { History.Photo(name: $0.member.name, path: $0.path, file: $0.file) }
  }

  /// How long the writes may wait for another program, as the recorder's `patience` says.
  static func wait(for patience: HistoryRecorder.Patience) -> Double {
    switch patience {
    case .first: playingWait
    case .again: 0
    case .last: endingWait
    }
  }

  /// How long a write waits for another program during the game (then it waits in the
  /// recorder, and the game goes on; tried again, it only looks), at launch (the screen says
  /// what it waits for), and as the game ends (its last try), in seconds; and how often a
  /// history held through the launch is looked at again (`LateHistory`).
  /// `MEET_THE_MEMBERS_HISTORY_WAITS` ("launch=0.2,late=0", in seconds) shortens the launch's
  /// wait and the time between late looks, for tests that cannot wait half a minute.
  static let playingWait = 1.0
  static let launchWait = testWaits["launch"] ?? 30
  static let endingWait = 3.0
  static let lateInterval = testWaits["late"] ?? 5
  private static let testWaits = TestTimes.named("MEET_THE_MEMBERS_HISTORY_WAITS")

  /// Runs a write of the history; its failure, in a short reason without the file's path
  /// (the line that says it names the file).
  static func waiting(_ write: () throws(History.Unavailable) -> Void) throws {
    do {
      try write()
    } catch {
      throw Busy(description: TerminalText.escapingControls(error.reason))
    }
  }

  /// Why the history cannot take a write now.
  struct Busy: Error, CustomStringConvertible {
    let description: String
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
