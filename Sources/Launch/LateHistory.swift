import AppCore
import Foundation
import GameEngine
import History
import Roster
import Synchronization

/// A history another program held through the launch's wait, opened again later in the same
/// game: looked at while it plays (with the recorder's tries, at most every `interval`
/// seconds, without waiting) and as it ends (3 s in all). Once it opens, the writes that
/// waited are kept in it in order, and so is every write after them, as answers saved by an
/// earlier game are (`History.keepSaved`): the memory of each person they are about is
/// replayed by the next launch from all their cards and answers, not taken from the game,
/// which began without the history (its memories started from nothing). A name card the game
/// showed only for that reason, of someone the history knows, is not kept.
final class LateHistory: Sendable {
  private struct Opened {
    let history: History
    /// The history's person for each member.
    let people: [MemberID: Int64]
    /// The members the history has met (a card or an answer).
    let known: Set<MemberID>
  }

  private struct State {
    var opened: Opened?
    /// When it was last looked at (`ProcessInfo.systemUptime`); nil: not yet.
    var lastTry: Double?
  }

  private let folder: String
  private let roster: Roster
  private let key: RosterKey
  private let interval: Double
  private let state = Mutex(State())
  /// Why a write waits while the history is held.
  private let held: any Error

  init(folder: String, roster: Roster, key: RosterKey, held: any Error, interval: Double) {
    self.folder = folder
    self.roster = roster
    self.key = key
    self.held = held
    self.interval = interval
  }

  /// Looks at the history again before the writes that follow, as the recorder's `patience`
  /// says (the last try, as the game ends, waits a moment; the others not at all), then sets
  /// how long its writes may wait.
  func patience(_ patience: HistoryRecorder.Patience) {
    state.withLock { state in
      if state.opened == nil {
        let now = ProcessInfo.processInfo.systemUptime
        guard patience == .last || state.lastTry.map({ now - $0 >= interval }) ?? true else {
          return
        }
        state.lastTry = now
        state.opened = try? open(waiting: patience == .last ? HistoryLink.endingWait : 0)
      }
      state.opened?.history.waiting.limit = HistoryLink.wait(for: patience)
    }
  }

  /// The history opened, and its people matched with the roster's members: no more (the
  /// game has its memories already; the next launch reads the rest).
  private func open(waiting: Double) throws -> Opened {
    // As the game ends, a moment in all, not for each statement of opening.
    let history = try History(
      folder: folder,
      waiting: waiting > 0 ? History.Waiting(inAll: waiting) : History.Waiting(limit: 0))
    let found = try history.people(HistoryLink.photos(of: roster), roster: key)
    var people: [MemberID: Int64] = [:]
    var known: Set<MemberID> = []
    for (entry, person) in zip(roster.entries, found) {
      people[entry.member.id] = person.id
      if person.lastAnswer != nil { known.insert(entry.member.id) }
    }
    return Opened(history: history, people: people, known: known)
  }

  /// Keeps `answer` in the history, once open (its person's memory replayed next launch).
  func answer(_ answer: RecordedAnswer) throws {
    try state.withLock { state in
      guard let opened = state.opened else { throw held }
      let kept = try HistoryLink.historyAnswer(
        answer, people: opened.people, roster: key.identity)
      try HistoryLink.waiting { () throws(History.Unavailable) in
        _ = try opened.history.keepSaved([kept])
      }
    }
  }

  /// Keeps a name card of `member` seen at `record.lastAnswer` in the history, once open,
  /// unless the history knows them: the game showed it only because it began without the
  /// history, and kept, it would count as a lapse.
  func introduction(_ member: MemberID, _ record: MemoryRecord) throws {
    try state.withLock { state in
      guard let opened = state.opened else { throw held }
      guard !opened.known.contains(member) else { return }
      guard let person = opened.people[member] else {
        throw HistoryLink.missing(member.rawValue)
      }
      let card = History.SavedCard(person: person, roster: key.identity, at: record.lastAnswer)
      try HistoryLink.waiting { () throws(History.Unavailable) in
        _ = try opened.history.keepSaved([], cards: [card])
      }
    }
  }

  /// Closes the history, if it opened.
  func close() {
    state.withLock { $0.opened?.history.close() }
  }
}
