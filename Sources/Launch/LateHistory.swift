import AppCore
import Foundation
import GameEngine
import Roster
import Synchronization

/// A history another program held through the launch's wait, opened again later in the same
/// game: looked at while it plays (with the recorder's tries, at most every `interval`
/// seconds, without waiting) and as it ends (up to the ending's few seconds). Once it opens,
/// the writes that waited are kept in it in order, and so is every write after them: each
/// person's memory is taken in from what the history holds of them, not the game's (the game
/// began without the history, so its memories start from nothing).
final class LateHistory: Sendable {
  private struct State {
    /// The history's recorder and memories, once it opened.
    var opened: (recorder: HistoryRecorder, memories: Memories)?
    /// When it was last looked at (`ProcessInfo.systemUptime`); nil: not yet.
    var lastTry: Double?
  }

  private let folder: String
  private let roster: Roster
  private let interval: Double
  private let state = Mutex(State())
  /// Why a write waits while the history is held.
  private let held: any Error

  init(folder: String, roster: Roster, held: any Error, interval: Double = 5) {
    self.folder = folder
    self.roster = roster
    self.held = held
    self.interval = interval
  }

  /// Looks at the history again before the writes that follow, as the recorder's `patience`
  /// says: the last try (as the game ends) waits up to `HistoryLink.endingWait`, the others
  /// not at all; then tells the history's own recorder how long its writes may wait.
  func patience(_ patience: HistoryRecorder.Patience) {
    state.withLock { state in
      if state.opened == nil {
        let now = ProcessInfo.processInfo.systemUptime
        guard patience == .last || state.lastTry.map({ now - $0 >= interval }) ?? true else {
          return
        }
        state.lastTry = now
        let link = HistoryLink.open(
          folder: folder, roster: roster, wait: patience == .last ? HistoryLink.endingWait : 0,
          saying: false)
        guard link.history != nil, let recorder = link.recorder() else { return }
        state.opened = (
          recorder,
          Memories(link.memories, model: link.model, guessTimes: link.guessTimes, taken: link.taken)
        )
      }
      state.opened?.recorder.patience(patience)
    }
  }

  /// Keeps `answer` in the history, once open, with the memory the history's own record of
  /// the person leaves after it.
  func answer(_ answer: RecordedAnswer) throws {
    try state.withLock { state in
      guard var (recorder, memories) = state.opened else { throw held }
      let member = answer.result.member.id
      let previous = memories.records[member]
      let record = memories.remember(answer.result, at: answer.answeredAt)
      try recorder.answer(
        RecordedAnswer(
          result: answer.result, answeredAt: answer.answeredAt, memory: record.memory,
          grade: record.lastGrade, typed: record.typed, mode: answer.mode, previous: previous,
          belief: record.belief))
      state.opened = (recorder, memories)
    }
  }

  /// Keeps a name card of `member` seen at `record.lastAnswer` in the history, once open, as
  /// `answer` keeps an answer.
  func introduction(_ member: MemberID, _ record: MemoryRecord) throws {
    try state.withLock { state in
      guard var (recorder, memories) = state.opened else { throw held }
      try recorder.introduction(member, memories.introduce(member, at: record.lastAnswer))
      state.opened = (recorder, memories)
    }
  }

  /// Closes the history, if it opened.
  func close() {
    state.withLock { $0.opened?.recorder.close() }
  }
}
