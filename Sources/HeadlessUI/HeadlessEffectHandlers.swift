import AppCore
import Foundation
import GameEngine
import Pictures

/// What the headless front end does with each effect: nothing is drawn; pictures are only
/// checked; the history is kept before the events that follow are written, so a `result`
/// line on standard output is on disk; the game's changes become events.
struct HeadlessEffectHandlers: EffectHandlers {
  let photos: [MemberID: PhotoFile]
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
  /// Whether another ended the game (a signal's handler) as its input ended: no `exit` event,
  /// and the process is that other's to end.
  var endedElsewhere = false

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
    if let score {
      // Kept before a signal's ending closes the history (which waits for it); a round
      // that ends after the game did is not the game's.
      if let recorder {
        recorder.duringTheGame(()) { scores.keep(score) }
      } else {
        scores.keep(score)
      }
    }
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
    let ending = recorder?.end()
    // A signal's handler ended the game as its input ended: it says what is to be said, and
    // ends the process.
    if ending == .endedBefore {
      endedElsewhere = true
      exitStatus = status
      return
    }
    let history: String? = if case .ended(let line) = ending { line } else { nil }
    let status = recorder?.exitStatus(status) ?? status
    emit(
      event(
        "exit",
        HeadlessEvent.Exit(
          status: Int(status), score: state.score, longestStreak: state.longestStreak,
          questions: state.questionsPlayed, history: .init(history))))
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
                seconds: $0.timePlayed.seconds, learnt: $0.learnt,
                newlyRecognised: $0.newlyRecognised, known: $0.knownAfter,
                recognised: $0.recognisedAfter, learning: $0.learningAfter, new: $0.newAfter)
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
