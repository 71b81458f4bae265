import GameEngine
import Synchronization

/// What keeps the history: each function keeps one thing. The front end calls `perform` on a
/// queue of its own (the terminal) or before it writes the events that follow (headless).
///
/// An answer revealed is never lost while the game runs: an answer or a name card the history
/// cannot take now (another program holds it, the disk is full) waits here, in memory, in
/// order, and is written before anything after it, at the next write or `retry`, once the
/// history can take it again. The answers waiting are also kept in a file the composition
/// names (`saveWaiting`), written again as they change and removed once none waits, so that
/// a game killed with answers waiting (SIGKILL, where nothing runs as it ends) loses none
/// that the file could take: the next launch keeps them. `finish` writes what it can as the
/// game ends; the answers still waiting then stay in that file, and the exit names it.
public struct HistoryRecorder: Sendable {
  /// What can never be kept (no one in the history to keep it for): said once, not tried
  /// again. Any other error a function throws is taken to pass: the write waits.
  public struct Refusal: Error, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
  }

  public var answer: @Sendable (RecordedAnswer) throws -> Void
  /// A member met on a name card, with their memory after it.
  public var introduction: @Sendable (MemberID, MemoryRecord) throws -> Void
  /// Everything recorded for the roster, forgotten; why not, in one line, or nil.
  public var forget: @Sendable () -> String?
  /// The player's memory fitted again and kept; nil while there are too few answers (or it
  /// could not be kept: the model the game has stays, and nothing is lost).
  public var fit: @Sendable (Double) -> PlayerMemory?
  /// Keeps the answers waiting now in a file, in the history export's format, replacing what
  /// it held (none: the file removed); returns its path, nil for none. Its second argument
  /// says it is the last time, as the game ends (where nothing can be written then, the
  /// answers go where they can still be seen).
  public var saveWaiting: @Sendable ([RecordedAnswer], Bool) throws -> String?
  /// Closes the history once the game's last write is done (as the game ends).
  public var close: @Sendable () -> Void
  /// How long the next writes may wait for another program that holds the history.
  public enum Patience: Sendable {
    /// A write with nothing waiting before it: a moment (then it waits in memory).
    case first
    /// Writes that wait, tried again: a look, no wait, so that a history held long costs
    /// the game nothing more.
    case again
    /// The last try, as the game ends: a few seconds.
    case last
  }

  /// Sets how long the writes that follow may wait (see `Patience`).
  public var patience: @Sendable (Patience) -> Void
  /// Where the history is, for the words said at the end.
  public var place: String
  /// Whether a history is open to keep the writes; false where none could be opened, and the
  /// answers only wait, to be saved in a file as the game ends (nothing to forget then).
  public var keepsHistory = true
  private let backlog = Backlog()
  private let turns = Turns()

  public init(
    place: String = "the history",
    answer: @escaping @Sendable (RecordedAnswer) throws -> Void,
    introduction: @escaping @Sendable (MemberID, MemoryRecord) throws -> Void,
    forget: @escaping @Sendable () -> String?,
    fit: @escaping @Sendable (Double) -> PlayerMemory? = { _ in nil },
    saveWaiting: @escaping @Sendable ([RecordedAnswer], Bool) throws -> String? = {
      answers, _ in
      guard answers.isEmpty else { throw Refusal("nowhere to save them") }
      return nil
    },
    patience: @escaping @Sendable (Patience) -> Void = { _ in },
    close: @escaping @Sendable () -> Void = {}
  ) {
    self.place = place
    self.answer = answer
    self.introduction = introduction
    self.forget = forget
    self.fit = fit
    self.saveWaiting = saveWaiting
    self.patience = patience
    self.close = close
  }

  /// Runs the effect if it is one of the history's; returns the inputs for what came of it:
  /// a write refused, the writes waiting now (when that changed), the model fitted again.
  public func perform(_ effect: Effect) -> [Input] {
    // Once the game has ended, nothing is written; a forgetting asked for then is said not
    // done, rather than done.
    let refused: [Input] =
      if case .forgetProgress = effect {
        [.historyFailed(effect, reason: "the game has ended")]
      } else { [] }
    return turns.unlessEnded(refused) { run(effect) }
  }

  /// `body`'s result, run as the history's one user, as `perform` is: the game's end (a
  /// signal's, on a thread of its own) waits for it, so that what it keeps in the history
  /// (a round's score) is kept before the history closes; `otherwise` once the game has ended.
  public func duringTheGame<T: Sendable>(_ otherwise: T, _ body: () -> T) -> T {
    turns.unlessEnded(otherwise, body)
  }

  private func run(_ effect: Effect) -> [Input] {
    switch effect {
    case .recordAnswer, .recordIntroduction:
      return backlog.keep(effect, patience: patience, write: write, save: saveWaiting)
    case .forgetProgress:
      // What waits to be written is the roster's too: forgotten with it, not written after.
      let dropped = backlog.drop(save: saveWaiting)
      return dropped + (forget().map { [.historyFailed(effect, reason: $0)] } ?? [])
    case .fitMemory(let time):
      return fit(time).map { [.memoryFitted($0)] } ?? []
    default:
      return []
    }
  }

  /// Tries the writes waiting again; the inputs for what came of it (none when nothing
  /// changed).
  public func retry() -> [Input] {
    turns.unlessEnded([]) { backlog.keep(nil, patience: patience, write: write, save: saveWaiting) }
  }

  /// Whether writes wait to be tried again.
  public var isWaiting: Bool { backlog.isWaiting }

  /// As the game ends: the last try, then the answers still waiting saved to a file. Returns
  /// what to say, in one line, when any write had to wait; nil when none did, or when the game
  /// had ended already (see `end`).
  public func finish() -> String? {
    if case .ended(let said) = end() { said } else { nil }
  }

  /// How `end` found the game.
  public enum Ending: Equatable, Sendable {
    /// Ended by this call, with what to say (as `finish` returns it).
    case ended(String?)
    /// Ended before, by another: a headless game's signal handler, on a thread of its own,
    /// and its input's end may both end it; the one that ended it ends the process.
    case endedBefore
  }

  /// `finish`, once: it waits for a write or a fit underway, and after it the recorder does
  /// nothing more (the history is closed).
  public func end() -> Ending {
    turns.end {
      _ = backlog.keep(nil, patience: patience, last: true, write: write, save: saveWaiting)
      // Still held after its last try: closing the history does not wait for it once more.
      if backlog.isWaiting { patience(.again) }
      defer { close() }
      return .ended(backlog.ended(place: place, save: saveWaiting))
    } ?? .endedBefore
  }

  /// The exit status of a game whose history did not take every answer (saved in a file, or
  /// printed, or refused): sysexits.h's EX_IOERR, apart from 1 (a command that could not be
  /// done), so that a program that runs the game knows the history is not whole.
  public static let answersUnkeptStatus: Int32 = 74

  /// The exit status of a game that would end with `status`, once `finish` has run:
  /// `answersUnkeptStatus` in place of 0 where an answer could not be kept in the history.
  /// (A name card not kept is said, but tells nothing the player answered.)
  public func exitStatus(_ status: Int32) -> Int32 {
    status == 0 && backlog.answersUnkept ? Self.answersUnkeptStatus : status
  }

  private func write(_ effect: Effect) throws {
    switch effect {
    case .recordAnswer(let recorded): try answer(recorded)
    case .recordIntroduction(let member, let record, _): try introduction(member, record)
    default: break
    }
  }
}

/// The history's writes waiting, how many it has kept after a wait, and why the last one
/// waited.
public struct HistoryWaiting: Hashable, Sendable {
  /// Answers and name cards waiting, in order.
  public var writes: Int
  /// How many of them are answers (the rest are name cards).
  public var answers: Int
  /// Why the history cannot take them, in one line; nil once none waits.
  public var reason: String?

  /// `answers`: nil for as many as `writes` (no name card among them).
  public init(writes: Int, reason: String?, answers: Int? = nil) {
    self.writes = writes
    self.answers = answers ?? writes
    self.reason = reason
  }
}

/// The history's one user at a time, until the game ends: the queue that writes, and whatever
/// ends the game (a signal's handler ends a headless game on a thread of its own).
private final class Turns: Sendable {
  private let ended = Mutex(false)

  /// `body`'s result, or `otherwise` once the game has ended.
  func unlessEnded<T: Sendable>(_ otherwise: T, _ body: () -> T) -> T {
    ended.withLock { ended in ended ? otherwise : body() }
  }

  /// Ends the game with `body`: its result, or nil when the game had ended already.
  func end<T: Sendable>(_ body: () -> T) -> T? {
    ended.withLock { ended in
      guard !ended else { return nil }
      ended = true
      return body()
    }
  }
}

/// The writes waiting, shared by the queue that writes and the one that ends the game.
private final class Backlog: Sendable {
  private struct State {
    var waiting: [Effect] = []
    var reason: String?
    /// Writes kept after they had waited.
    var keptAfterWaiting = 0
    /// Answers refused (no one in the history to keep them for).
    var answersRefused = 0
    /// What the model was last told.
    var told = HistoryWaiting(writes: 0, reason: nil)
    /// Whether the answers waiting changed since they were last kept in their file.
    var changed = false
  }

  private let state = Mutex(State())

  var isWaiting: Bool { state.withLock { !$0.waiting.isEmpty } }

  /// Whether an answer was refused, or waits still.
  var answersUnkept: Bool {
    state.withLock { state in
      state.answersRefused > 0
        || state.waiting.contains { if case .recordAnswer = $0 { true } else { false } }
    }
  }

  /// Adds `effect` (if any) after the writes waiting, and writes them all in order until one
  /// cannot be written; `patience` is told first how long they may wait (the `last` try
  /// as the game ends). The answers waiting then, when they changed, are kept with `save`
  /// (a file that cannot be written now is tried again at the next change, and as the game
  /// ends).
  func keep(
    _ effect: Effect?, patience: (HistoryRecorder.Patience) -> Void, last: Bool = false,
    write: (Effect) throws -> Void, save: ([RecordedAnswer], Bool) throws -> String?
  ) -> [Input] {
    state.withLock { state in
      patience(last ? .last : state.waiting.isEmpty ? .first : .again)
      var inputs: [Input] = []
      var fresh = effect
      while let next = state.waiting.first ?? fresh {
        let waited = !state.waiting.isEmpty
        do {
          try write(next)
          if waited { state.keptAfterWaiting += 1 }
        } catch let refusal as HistoryRecorder.Refusal {
          if case .recordAnswer = next { state.answersRefused += 1 }
          inputs.append(.historyFailed(next, reason: refusal.reason))
        } catch {
          state.reason = "\(error)"
          if let fresh {
            state.waiting.append(fresh)
            if case .recordAnswer = fresh { state.changed = true }
          }
          break
        }
        if waited {
          if case .recordAnswer = state.waiting.removeFirst() { state.changed = true }
        } else {
          fresh = nil
        }
      }
      if state.changed, !last {
        do {
          _ = try save(Self.answers(in: state.waiting), false)
          state.changed = false
        } catch {
          // Not written now (the disk full): tried again with the next try of the writes.
        }
      }
      if state.waiting.isEmpty { state.reason = nil }
      let now = HistoryWaiting(
        writes: state.waiting.count, reason: state.reason,
        answers: state.waiting.count { if case .recordAnswer = $0 { true } else { false } })
      if now != state.told {
        state.told = now
        inputs.append(.historyWaiting(now))
      }
      return inputs
    }
  }

  /// Drops the writes waiting (the roster's progress is forgotten) and their file; the input
  /// that says none waits now, when any did.
  func drop(save: ([RecordedAnswer], Bool) throws -> String?) -> [Input] {
    state.withLock { state in
      guard !state.waiting.isEmpty else { return [] }
      state.waiting = []
      state.reason = nil
      _ = try? save([], false)
      state.changed = false
      state.told = HistoryWaiting(writes: 0, reason: nil)
      return [.historyWaiting(state.told)]
    }
  }

  /// The answers among `writes`.
  private static func answers(in writes: [Effect]) -> [RecordedAnswer] {
    writes.compactMap { effect -> RecordedAnswer? in
      if case .recordAnswer(let answer) = effect { return answer }
      return nil
    }
  }

  /// What to say as the game ends (after its last try), the answers still waiting saved (the
  /// file of those that waited removed where none waits now).
  func ended(place: String, save: ([RecordedAnswer], Bool) throws -> String?) -> String? {
    state.withLock { state in
      let answers = Self.answers(in: state.waiting)
      let cards = state.waiting.count - answers.count
      let kept = state.keptAfterWaiting
      if answers.isEmpty { _ = try? save([], true) }
      guard !state.waiting.isEmpty else {
        guard kept > 0 else { return nil }
        return "History: \(counted(kept, "write")) waited for \(place) and "
          + "\(kept == 1 ? "is" : "are") kept."
      }
      let reason = state.reason.map { " (\($0))" } ?? ""
      let writes = [(answers.count, "answer"), (cards, "name card")].filter { $0.0 > 0 }
      var line = "History: " + writes.map { counted($0.0, $0.1) }.joined(separator: " and ")
      line += " could not be kept in \(place)\(reason)"
      if kept > 0 { line += "; \(kept) that waited are kept" }
      guard !answers.isEmpty else { return line + "." }
      do {
        return line + "; the answers are saved in \(try save(answers, true) ?? "no file")."
      } catch {
        return line + "; no file could hold them (\(error))."
      }
    }
  }
}
