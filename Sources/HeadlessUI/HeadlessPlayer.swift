import AppCore
import Foundation
import GameEngine
import Pictures

/// `headless`: the game's model played with no terminal, one JSON object per line on
/// standard input and output, on a virtual clock that moves only when told to (`wait`). The
/// same model and effect runner as the terminal's loop; what the loop would draw is written
/// as events instead. Tests, bots and simulated players use it. Commands are
/// `HeadlessCommand`s, events `HeadlessEvent`s.
package struct HeadlessPlayer {
  private var runner: EffectRunner
  private var hands: HeadlessEffectHandlers
  /// The mode `start` plays when the command does not say.
  private let mode: PlayMode

  /// The window the model is told it has: the picture boxes follow from it, nothing else.
  static let nominalSize = CellSize(columns: 80, rows: 24)

  /// `history` gives the wall time of virtual instant zero: a `wait` of a day moves the
  /// history's clock a day on too.
  package init(
    session: Session, roster: RosterSummary, photos: [MemberID: PhotoFile],
    history: HistorySetup? = nil, recorder: HistoryRecorder? = nil, mode: PlayMode = .quiz,
    scores: ClubScores? = nil, write: @escaping (String) -> Void
  ) {
    runner = EffectRunner(
      AppModel(
        session: session, roster: roster, appearance: CellStyle(), size: Self.nominalSize,
        history: history, mode: mode, scores: scores))
    hands = HeadlessEffectHandlers(photos: photos, recorder: recorder, scores: scores, write: write)
    self.mode = mode
  }

  private var model: AppModel { runner.model }

  /// Whether the game was ended by another as its input ended (a signal's handler, which
  /// ends the process): `run`'s status is then no exit's.
  package var endedElsewhere: Bool { hands.endedElsewhere }

  /// Plays the lines of `input` in turn; returns the exit status once the game quits (the
  /// end of the input quits it).
  package mutating func run(lines input: () -> String?) -> Int32 {
    hands.emit(rosterEvent)
    send(.launched)
    hands.emit("ready")
    while hands.exitStatus == nil {
      guard let line = input() else {
        send(.act(.quit))
        break
      }
      for input in hands.retryHistory() { send(input) }
      if !line.allSatisfy(\.isWhitespace) {
        switch HeadlessCommand.parse(line) {
        case .success(let command): perform(command)
        case .failure(let error): hands.emitError(error.message)
        }
      }
      if hands.exitStatus == nil { hands.emit("ready") }
    }
    return hands.exitStatus ?? 0
  }

  /// The first event: the roster, what the history knows, its groups.
  private var rosterEvent: HeadlessEvent {
    let screen = model.screen
    var roster = HeadlessEvent.Roster(
      members: model.session.membersInPlay, folder: screen.roster.folder,
      skipped: Array(screen.roster.warnings.prefix(screen.roster.skipped)),
      warnings: screen.roster.skipped < screen.roster.warnings.count
        ? Array(screen.roster.warnings.dropFirst(screen.roster.skipped)) : nil,
      known: screen.progress?.known,
      recognised: screen.progress?.recognised, new: screen.progress?.new,
      due: screen.progress?.due, history: screen.historyNotice, notice: screen.roster.notice)
    if !screen.groups.isEmpty {
      roster.groups = screen.groups.dropFirst().map {
        HeadlessEvent.Roster.Group(name: $0.group ?? "", members: $0.members, known: $0.known)
      }
      roster.group = model.session.group
    }
    return hands.event("roster", roster)
  }

  // MARK: - Commands

  private mutating func perform(_ command: HeadlessCommand) {
    let phase = model.session.state.phase
    switch command {
    case .start(let mode, let group):
      if let group {
        // null is everyone; a name is matched as --group matches it.
        let session = model.session
        let line: Int?
        switch group {
        case .everyone: line = 0
        case .named(let name):
          line = session.group(named: name).flatMap(session.groups.firstIndex(of:)).map { $0 + 1 }
        }
        guard let line else {
          let groups =
            session.groups.isEmpty
            ? "the roster's groups (it has none)" : session.groups.joined(separator: ", ")
          return hands.emitError("start takes \"group\": null for everyone, or one of \(groups)")
        }
        guard !phase.isRunning else { return hands.emitError("a game is running: its group stays") }
        send(.press(.group(line)))
      }
      switch mode ?? self.mode {
      case .quiz: send(.press(.start))
      case .learn: send(.press(.learn))
      case .drill:
        guard phase.isRunning || !model.session.drillPairs.isEmpty else {
          return hands.emitError("no one was taken for another twice: nothing to drill")
        }
        send(.press(.drill))
      }
    case .answer(let option):
      guard case .answering(let answering) = phase else {
        return hands.emitError("no question is waiting for an answer")
      }
      guard answering.question.kind.isChosen else {
        return hands.emitError("this question's name is typed: use type")
      }
      send(.press(.option(option - 1)))
    case .type(let text):
      guard case .answering(let answering) = phase else {
        return hands.emitError("no question is waiting for an answer")
      }
      guard answering.question.kind == .typing else {
        let options = answering.question.kind == .face ? "faces" : "names"
        return hands.emitError("this question's \(options) are chosen: use answer")
      }
      guard !text.allSatisfy(\.isWhitespace) else {
        return hands.emitError("type needs a name, not nothing")
      }
      send(.typed(text))
    case .wait(let seconds):
      wait(until: hands.now + .nanoseconds(Int64((seconds * 1e9).rounded())))
    case .pause:
      guard phase.isRunning else { return hands.emitError("nothing to pause") }
      send(.press(.pause))
    case .resume:
      guard phase.isPaused else { return hands.emitError("the game is not paused") }
      if model.overlay != nil { send(.press(.close)) }
      if model.place != .quiz { return send(.press(.start)) }
      send(.press(.pause))
    case .next:
      switch phase {
      case .finished: send(.press(.nextRound))
      case .introducing(let introduction) where introduction.shownAt != nil:
        send(.press(.next))
      default: hands.emitError("no round has finished and no name card is on screen")
      }
    case .stats:
      send(.act(.open(.stats)))
      hands.emit(statsEvent)
      send(.press(.close))
    case .people(let order):
      send(.act(.open(.people)))
      if order == .weakest { send(.press(.sortPeople)) }
      if let people = model.screen.people { hands.emit(peopleEvent(people)) }
      send(.press(.close))
    case .forget:
      guard hands.recorder?.keepsHistory == true else {
        return hands.emitError("no history is kept: nothing to forget")
      }
      send(.act(.open(.people)))
      send(.press(.forgetProgress))
      send(.press(.forgetProgress))
      send(.press(.close))
    case .quit:
      send(.act(.quit))
    }
  }

  /// Moves the virtual clock on, handling every tick due on the way at its instant.
  private mutating func wait(until target: Instant) {
    while hands.exitStatus == nil, let due = hands.clock, due <= target {
      hands.now = max(hands.now, due)
      hands.clock = nil
      send(.tick)
    }
    hands.now = max(hands.now, target)
  }

  /// Hands an input to the runner at the virtual instant.
  private mutating func send(_ input: Input) {
    runner.send(input, at: hands.now, reason: .key, to: &hands)
  }

  // MARK: - The windows as events

  private var statsEvent: HeadlessEvent {
    let screen = model.screen
    let state = screen.game
    let allTime = screen.allTime.map { allTime in
      HeadlessEvent.Stats.AllTime(
        times: HeadlessEvent.Times(allTime.times), questions: allTime.questions,
        correct: allTime.correct, bestStreak: allTime.bestStreak,
        seconds: allTime.timeAnswering.seconds)
    }
    let recent = state.recentResults.map { result in
      var chose: String?
      if case .wrong(let chosen) = result.outcome { chose = chosen?.name }
      return HeadlessEvent.Stats.Recent(
        member: hands.describe(result.member), outcome: result.outcome.name, chose: chose,
        seconds: result.answerTime.seconds)
    }
    return hands.event(
      "stats",
      HeadlessEvent.Stats(
        times: HeadlessEvent.Times(state.times), allTime: allTime,
        score: state.score, streak: state.streak, longestStreak: state.longestStreak,
        questions: state.questionsPlayed, recent: recent))
  }

  /// The people window's rows, in its order.
  private func peopleEvent(_ people: PeopleList) -> HeadlessEvent {
    hands.event(
      "people",
      HeadlessEvent.People(
        order: people.order == .weakest ? "weakest" : "name",
        people: people.rows.map { row in
          HeadlessEvent.People.Person(
            name: row.name, recall: .init(row.recall), known: row.known,
            right: row.tally.right, wrong: row.tally.missed,
            averageSeconds: .init(row.tally.times.average?.seconds),
            seenSecondsAgo: .init(row.secondsSinceSeen), confusedWith: .init(row.confusedWith))
        }))
  }
}
