import Foundation
import GameEngine
import Pictures
import TerminalUI

/// `--headless`: the game's model played with no terminal, one JSON object per line on
/// standard input and output, on a virtual clock that moves only when told to (`wait`). The
/// same model and effect runner as the terminal's loop; what the loop would draw is written
/// as events instead. Tests, bots and simulated players use it. Commands are
/// `HeadlessCommand`s, events `HeadlessEvent`s.
struct HeadlessPlayer {
  /// A member's photo: where to open it and its name inside the roster folder.
  typealias Photo = App.Photo

  private var runner: EffectRunner
  private var hands: Hands
  /// The mode `start` plays when the command does not say.
  private let mode: PlayMode

  /// The window the model is told it has: the picture boxes follow from it, nothing else.
  static let nominalSize = CellSize(columns: 80, rows: 24)

  /// `history` gives the wall time of virtual instant zero: a `wait` of a day moves the
  /// history's clock a day on too.
  init(
    session: Session, roster: RosterSummary, photos: [MemberID: Photo],
    history: HistorySetup? = nil, recorder: HistoryRecorder? = nil, mode: PlayMode = .quiz,
    scores: ClubScores? = nil, write: @escaping (String) -> Void
  ) {
    runner = EffectRunner(
      AppModel(
        session: session, roster: roster, appearance: CellStyle(), size: Self.nominalSize,
        history: history, mode: mode, scores: scores))
    hands = Hands(photos: photos, recorder: recorder, scores: scores, write: write)
    self.mode = mode
  }

  private var model: AppModel { runner.model }

  /// Plays the lines of `input` in turn; returns the exit status once the game quits (the
  /// end of the input quits it).
  mutating func run(lines input: () -> String?) -> Int32 {
    hands.emit(rosterEvent)
    send(.launched)
    hands.emit("ready")
    while hands.exitStatus == nil {
      guard let line = input() else {
        send(.key(.character("q")))
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
      skipped: screen.roster.warnings, known: screen.progress?.known,
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
      send(.key(.character("s")))
      hands.emit(statsEvent)
      send(.press(.close))
    case .people(let order):
      send(.key(.character("m")))
      if order == .weakest { send(.press(.sortPeople)) }
      if let people = model.screen.people { hands.emit(peopleEvent(people)) }
      send(.press(.close))
    case .forget:
      guard hands.recorder != nil else {
        return hands.emitError("no history is kept: nothing to forget")
      }
      send(.key(.character("m")))
      send(.press(.forgetProgress))
      send(.press(.forgetProgress))
      send(.press(.close))
    case .quit:
      send(.key(.character("q")))
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
        times: HeadlessEvent.Times(state.game?.times ?? AnswerTimes()), allTime: allTime,
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

/// What the headless front end does with each effect: nothing is drawn; pictures are only
/// checked; the history is kept before the events that follow are written, so a `result`
/// line on standard output is on disk; the game's changes become events.
private struct Hands: EffectHandlers {
  let photos: [MemberID: HeadlessPlayer.Photo]
  let recorder: HistoryRecorder?
  let scores: ClubScores?
  let write: (String) -> Void
  /// Decodes each photo once and remembers those that fail.
  let store = PictureStore()
  /// The virtual clock.
  var now = Instant.zero
  /// When the model's clock is set to fire.
  var clock: Instant?
  var exitStatus: Int32?

  mutating func setClock(_ instant: Instant?) {
    clock = instant
  }

  /// There is no picture to draw, but a photo that cannot be decoded still takes its member
  /// out: an empty picture stands for a good one.
  func preparePicture(_ request: PictureRequest, at now: Instant) -> Input? {
    let photo = photos[request.member] ?? .init(path: "", file: request.member.rawValue)
    if let failure = store.check(photo.path) {
      return .pictureFailed(request, file: photo.file, reason: "\(failure)")
    }
    return .pictureReady(request, CellPicture(size: CellSize(columns: 0, rows: 0), cells: []))
  }

  func keep(_ write: Effect, at now: Instant) -> [Input] {
    guard let recorder else { return [] }
    let inputs = recorder.perform(write)
    if write == .forgetProgress, inputs.isEmpty { emit("forgotten") }
    said(inputs)
    return inputs
  }

  /// Tries the writes waiting for the history again (before each command); the inputs for
  /// what came of it.
  func retryHistory() -> [Input] {
    guard let recorder, recorder.isWaiting else { return [] }
    let inputs = recorder.retry()
    said(inputs)
    return inputs
  }

  /// The events of the history's inputs: a write refused, the writes waiting.
  private func said(_ inputs: [Input]) {
    for input in inputs {
      switch input {
      case .historyFailed(_, let message):
        emit(event("history_error", HeadlessEvent.Message(message: message)))
      case .historyWaiting(let waiting):
        emit(
          event(
            "history_waiting",
            HeadlessEvent.HistoryWaiting(writes: waiting.writes, reason: .init(waiting.reason))))
      default:
        break
      }
    }
  }

  /// A score is kept and sent before the events that follow are written; a `scores` event
  /// says how it went.
  func sendScores(_ score: RoundScore?) -> Input? {
    guard let scores else { return nil }
    if let score { scores.keep(score) }
    let status = scores.sendWaiting()
    emit(
      event(
        "scores",
        HeadlessEvent.Scores(
          lastSent: .init(status.lastSent), failure: .init(status.failure),
          waiting: status.waiting)))
    return .scoresSent(status)
  }

  func memberWithdrawn(_ member: Member, file: String, reason: String, at now: Instant) {
    emit(
      event(
        "withdrawn", HeadlessEvent.Withdrawn(member: describe(member), file: file, reason: reason))
    )
  }

  mutating func quit(status: Int32, summary: String?, model: AppModel) {
    let state = model.session.state
    emit(
      event(
        "exit",
        HeadlessEvent.Exit(
          status: Int(status), score: state.score, longestStreak: state.longestStreak,
          questions: state.questionsPlayed, history: .init(recorder?.finish()))))
    exitStatus = status
  }

  func report(_ transition: Transition, model: AppModel) {
    let at = transition.at
    switch transition.kind {
    case .questionShown(let question):
      emit(
        event(
          "question",
          HeadlessEvent.Question(
            number: question.number, kind: question.kind.rawValue,
            member: describe(question.member),
            options: options(of: question),
            correct: question.kind.isChosen ? question.correctIndex : nil), at: at))
    case .questionEnded(let result):
      let typing = result.question.kind == .typing
      emit(
        event(
          "result",
          HeadlessEvent.Result(
            number: result.question.number, outcome: result.outcome.name,
            chosen: typing ? nil : .init(result.chosenIndex),
            correct: typing ? nil : result.question.correctIndex,
            typed: result.typed?.text, match: result.typed?.match.rawValue,
            score: model.session.state.score, seconds: result.answerTime.seconds), at: at))
    case .paused(let reason):
      emit(event("paused", HeadlessEvent.Paused(reason: reason.name), at: at))
    case .resumed:
      emit(event("resumed", HeadlessEvent.Score(score: model.session.state.score), at: at))
    case .roundFinished(let summary):
      emit(
        event(
          "finished",
          HeadlessEvent.Finished(
            round: summary.number, correct: summary.correct, questions: summary.results.count,
            word: summary.verdict, longestStreak: summary.longestStreak,
            missed: summary.missed.map(describe),
            averageSeconds: .init(summary.averageAnswerTime?.seconds),
            dueTomorrow: model.screen.progress?.dueTomorrow,
            sitting: summary.sitting.map {
              HeadlessEvent.Finished.Sitting(
                seconds: $0.timePlayed.seconds, learnt: $0.learnt, known: $0.knownAfter,
                recognised: $0.recognisedAfter)
            }), at: at))
    case .introduced(let member):
      emit(event("intro", HeadlessEvent.Introduced(member: describe(member)), at: at))
    case .pairShown(let member, let partner):
      emit(
        event("pair", HeadlessEvent.Pair(members: [describe(member), describe(partner)]), at: at))
    case .questionPosed, .introductionPosed, .memberWithdrawn:
      break  // a question counts once its face is shown; a withdrawal has its own event
    }
  }

  func describe(_ member: Member) -> HeadlessEvent.MemberRef {
    describe(member.id, name: member.name)
  }

  func describe(_ member: MemberID, name: String) -> HeadlessEvent.MemberRef {
    HeadlessEvent.MemberRef(name: name, file: photos[member]?.file ?? member.rawValue)
  }

  /// The options a question offers: its names, the members whose faces it offers, or none
  /// for a name typed.
  func options(of question: Question) -> HeadlessEvent.Options? {
    switch question.kind {
    case .name: .names(question.options.map(\.name))
    case .face: .faces(question.options.map { describe($0.member, name: $0.name) })
    case .typing: nil
    }
  }

  /// An event stamped with `instant`, or with the virtual clock's now.
  func event(_ name: String, _ fields: any Encodable, at instant: Instant? = nil)
    -> HeadlessEvent
  {
    HeadlessEvent(name, at: (instant ?? now).sinceOrigin.seconds, fields)
  }

  func emit(_ name: String) {
    emit(event(name, HeadlessEvent.Empty()))
  }

  func emitError(_ message: String) {
    emit(event("error", HeadlessEvent.Message(message: message)))
  }

  /// Writes one event line (see `HeadlessEvent.line`).
  func emit(_ event: HeadlessEvent) {
    write(event.line)
  }
}
