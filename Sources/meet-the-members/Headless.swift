import Foundation
import GameEngine
import Pictures
import TerminalUI

/// `--headless`: the game's model played with no terminal, one JSON object per line on
/// standard input and output, on a virtual clock that moves only when told to (`wait`). The
/// same inputs and effects as the terminal's loop; what the loop would draw is written as
/// events instead. Tests, bots and simulated players use it.
struct HeadlessPlayer {
  /// A member's photo: where to open it and its name inside the roster folder.
  typealias Photo = App.Photo

  private var model: AppModel
  private let photos: [MemberID: Photo]
  /// The virtual clock.
  private var now = Instant.zero
  /// When the model's clock is set to fire.
  private var clock: Instant?
  /// Photos already checked: nil when one decodes, else why it does not.
  private var checked: [MemberID: String?] = [:]
  private let write: (String) -> Void
  private let recorder: HistoryRecorder?
  /// The mode `start` plays when the command does not say.
  private let mode: PlayMode
  private var exitStatus: Int32?

  /// The window the model is told it has: the picture boxes follow from it, nothing else.
  static let nominalSize = CellSize(columns: 80, rows: 24)

  /// `history` gives the wall time of virtual instant zero: a `wait` of a day moves the
  /// history's clock a day on too.
  init(
    session: Session, roster: RosterSummary, photos: [MemberID: Photo],
    history: HistorySetup? = nil, recorder: HistoryRecorder? = nil, mode: PlayMode = .quiz,
    write: @escaping (String) -> Void
  ) {
    model = AppModel(
      session: session, roster: roster, appearance: CellStyle(), size: Self.nominalSize,
      history: history, mode: mode)
    self.photos = photos
    self.recorder = recorder
    self.mode = mode
    self.write = write
  }

  /// Plays the lines of `input` in turn; returns the exit status once the game quits (the
  /// end of the input quits it).
  mutating func run(lines input: () -> String?) -> Int32 {
    let screen = model.screen
    var fields: [String: Any] = [
      "members": model.session.membersInPlay, "folder": screen.roster.folder,
      "skipped": screen.roster.warnings,
    ]
    if let progress = screen.progress {
      fields["known"] = progress.known
      fields["new"] = progress.new
    }
    if let notice = screen.historyNotice { fields["history"] = notice }
    if let notice = screen.roster.notice { fields["notice"] = notice }
    if !screen.groups.isEmpty {
      fields["groups"] = screen.groups.dropFirst().map { line -> [String: Any] in
        var group: [String: Any] = ["name": line.group ?? "", "members": line.members]
        if let known = line.known { group["known"] = known }
        return group
      }
      if let group = model.session.group { fields["group"] = group }
    }
    emit("roster", fields)
    send(.launched)
    emit("ready")
    while exitStatus == nil {
      guard let line = input() else {
        send(.key(.character("q")))
        break
      }
      handle(line: line)
      if exitStatus == nil { emit("ready") }
    }
    return exitStatus ?? 0
  }

  // MARK: - Commands

  private mutating func handle(line: String) {
    guard !line.allSatisfy(\.isWhitespace) else { return }
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
      let command = object as? [String: Any]
    else { return error("not a JSON object: \(line.prefix(80))") }
    guard let name = command["do"] as? String else {
      return error(
        "a command needs \"do\": \(Self.commands)")
    }
    let phase = model.session.state.phase
    switch name {
    case "start":
      var mode = self.mode
      if let name = command["mode"] {
        guard let name = name as? String, let chosen = PlayMode(rawValue: name) else {
          return error("start takes \"mode\": quiz or learn")
        }
        mode = chosen
      }
      if let group = command["group"] {
        // null is everyone; a name is matched as --group matches it.
        let session = model.session
        let groups = session.groups
        let line =
          group is NSNull
          ? 0
          : (group as? String).flatMap(session.group(named:)).flatMap(groups.firstIndex(of:))
            .map { $0 + 1 }
        guard let line else {
          return error(
            "start takes \"group\": null for everyone, or one of "
              + "\(groups.isEmpty ? "the roster's groups (it has none)" : groups.joined(separator: ", "))"
          )
        }
        guard !phase.isRunning else { return error("a game is running: its group stays") }
        send(.press(.group(line)))
      }
      send(.press(mode == .learn ? .learn : .start))
    case "answer":
      guard let option = command["option"] as? Int,
        (1...model.session.rules.optionCount).contains(option)
      else {
        return error("answer needs \"option\": 1 to \(model.session.rules.optionCount)")
      }
      guard case .answering = phase else { return error("no question is waiting for an answer") }
      send(.press(.option(option - 1)))
    case "wait":
      guard let seconds = (command["seconds"] as? NSNumber)?.doubleValue, seconds.isFinite,
        (0...86_400).contains(seconds)
      else { return error("wait needs \"seconds\": 0 to 86400") }
      wait(until: now + .nanoseconds(Int64((seconds * 1e9).rounded())))
    case "pause":
      guard phase.isRunning else { return error("nothing to pause") }
      send(.press(.pause))
    case "resume":
      guard phase.isPaused else { return error("the game is not paused") }
      if model.overlay != nil { send(.press(.close)) }
      if model.place != .quiz { return send(.press(.start)) }
      send(.press(.pause))
    case "next":
      switch phase {
      case .finished: send(.press(.nextRound))
      case .introducing(let introduction) where introduction.shownAt != nil:
        send(.press(.next))
      default: error("no round has finished and no name card is on screen")
      }
    case "stats":
      send(.key(.character("s")))
      emitStats()
      send(.press(.close))
    case "people":
      var order = PeopleList.Order.name
      if let name = command["order"] {
        guard let name = name as? String, ["name", "weakest"].contains(name) else {
          return error("people takes \"order\": name or weakest")
        }
        order = name == "weakest" ? .weakest : .name
      }
      send(.key(.character("m")))
      if order == .weakest { send(.press(.sortPeople)) }
      emitPeople()
      send(.press(.close))
    case "forget":
      guard recorder != nil else { return error("no history is kept: nothing to forget") }
      send(.key(.character("m")))
      send(.press(.forgetProgress))
      send(.press(.forgetProgress))
      send(.press(.close))
    case "quit":
      send(.key(.character("q")))
    default:
      error("unknown command \(name): \(Self.commands)")
    }
  }

  /// Moves the virtual clock on, handling every tick due on the way at its instant.
  private mutating func wait(until target: Instant) {
    while exitStatus == nil, let due = clock, due <= target {
      now = max(now, due)
      clock = nil
      send(.tick)
    }
    now = max(now, target)
  }

  // MARK: - Effects

  /// Hands an input to the model at the virtual instant and runs the effects it returns; the
  /// inputs those effects produce follow, in order, once they have all run.
  private mutating func send(_ input: Input) {
    var inputs = [input]
    while !inputs.isEmpty {
      for effect in model.handle(inputs.removeFirst(), at: now) {
        perform(effect, then: &inputs)
      }
    }
  }

  private mutating func perform(_ effect: Effect, then inputs: inout [Input]) {
    switch effect {
    case .render, .suspend:
      break  // nothing to draw, no terminal to give back
    case .confirmFaceDrawn(let member):
      inputs.append(.faceDrawn(member))
    case .setClock(let instant):
      clock = instant
    case .preparePicture(let request):
      inputs.append(prepare(request))
    case .report(let transition):
      report(transition)
    case .recordAnswer, .recordIntroduction, .forgetProgress:
      // Kept before its result is written: a result line on standard output is on disk.
      if let failure = recorder?.perform(effect) {
        if case .historyFailed(let message) = failure {
          emit("history_error", ["message": message])
        }
        inputs.append(failure)
      } else if effect == .forgetProgress {
        emit("forgotten", [:])
      }
    case .memberWithdrawn(let member, let file, let reason):
      emit("withdrawn", ["member": describe(member), "file": file, "reason": reason])
    case .quit(let status, _):
      let state = model.session.state
      emit(
        "exit",
        [
          "status": Int(status), "score": state.score, "longest_streak": state.longestStreak,
          "questions": state.questionsPlayed,
        ])
      exitStatus = status
    }
  }

  /// There is no picture to draw, but a photo that cannot be decoded still takes its member
  /// out: each photo is decoded once, and an empty picture stands for a good one.
  private mutating func prepare(_ request: PictureRequest) -> Input {
    let photo = photos[request.member] ?? Photo(path: "", file: request.member.rawValue)
    let failure: String?
    if let known = checked[request.member] {
      failure = known
    } else {
      do {
        _ = try PictureFile.decode(photo.path, size: .atLeast(PixelSize(width: 1, height: 1)))
        failure = nil
      } catch {
        failure = "\(error)"
      }
      checked[request.member] = failure
    }
    if let failure { return .pictureFailed(request, file: photo.file, reason: failure) }
    return .pictureReady(request, CellPicture(size: CellSize(columns: 0, rows: 0), cells: []))
  }

  // MARK: - Events

  private func report(_ transition: Transition) {
    switch transition.kind {
    case .questionShown(let question):
      emit(
        "question",
        [
          "number": question.number, "member": describe(question.member),
          "options": question.options.map(\.name), "correct": question.correctIndex,
        ], at: transition.at)
    case .questionEnded(let result):
      emit(
        "result",
        [
          "number": result.question.number, "outcome": result.outcome.name,
          "chosen": result.chosenIndex.map { $0 as Any } ?? NSNull(),
          "correct": result.question.correctIndex, "score": model.session.state.score,
          "seconds": seconds(result.answerTime),
        ], at: transition.at)
    case .paused(let reason):
      emit("paused", ["reason": reason.name], at: transition.at)
    case .resumed:
      emit("resumed", ["score": model.session.state.score], at: transition.at)
    case .roundFinished(let summary):
      var fields: [String: Any] = [
        "round": summary.number, "correct": summary.correct, "questions": summary.results.count,
        "word": summary.verdict, "longest_streak": summary.longestStreak,
        "missed": summary.missed.map(describe),
      ]
      fields["average_seconds"] = summary.averageAnswerTime.map(seconds) ?? NSNull()
      emit("finished", fields, at: transition.at)
    case .introduced(let member):
      emit("intro", ["member": describe(member)], at: transition.at)
    case .questionPosed, .introductionPosed, .memberWithdrawn:
      break  // a question counts once its face is shown; a withdrawal has its own event
    }
  }

  static let commands =
    "start, answer, wait, next, pause, resume, stats, people, forget or quit"

  /// The people window's rows, in its order.
  private func emitPeople() {
    guard let people = model.screen.people else { return }
    emit(
      "people",
      [
        "order": people.order == .weakest ? "weakest" : "name",
        "people": people.rows.map { row -> [String: Any] in
          [
            "name": row.name, "recall": row.recall ?? NSNull(), "known": row.known,
            "right": row.tally.right, "wrong": row.tally.missed,
            "average_seconds": row.tally.times.average.map(seconds) ?? NSNull(),
            "seen_seconds_ago": row.secondsSinceSeen ?? NSNull(),
          ]
        },
      ])
  }

  private func emitStats() {
    let screen = model.screen
    let state = screen.game
    var fields = times(state.game?.times ?? AnswerTimes())
    if let allTime = screen.allTime {
      var all = times(allTime.times)
      all["questions"] = allTime.questions
      all["correct"] = allTime.correct
      all["best_streak"] = allTime.bestStreak
      all["seconds"] = seconds(allTime.timeAnswering)
      fields["all_time"] = all
    }
    emit(
      "stats",
      fields.merging([
        "score": state.score, "streak": state.streak, "longest_streak": state.longestStreak,
        "questions": state.questionsPlayed,
        "recent": state.recentResults.map { result -> [String: Any] in
          var entry: [String: Any] = [
            "member": describe(result.member), "outcome": result.outcome.name,
          ]
          if case .wrong(let chosen) = result.outcome { entry["chose"] = chosen.name }
          entry["seconds"] = seconds(result.answerTime)
          return entry
        },
      ]) { $1 })
  }

  /// `average_seconds` and `fastest_seconds` (of a right answer), null before any.
  private func times(_ times: AnswerTimes) -> [String: Any] {
    [
      "average_seconds": times.average.map(seconds) ?? NSNull(),
      "fastest_seconds": times.fastestRight.map(seconds) ?? NSNull(),
    ]
  }

  private func error(_ message: String) {
    emit("error", ["message": message])
  }

  private func describe(_ member: Member) -> [String: Any] {
    ["name": member.name, "file": photos[member.id]?.file ?? member.id.rawValue]
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.wholeNanoseconds) / 1e9
  }

  /// Writes one event line, stamped with the virtual time in seconds.
  private func emit(_ event: String, _ fields: [String: Any] = [:], at instant: Instant? = nil) {
    var object = fields
    object["event"] = event
    object["t"] = seconds((instant ?? now).sinceOrigin)
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return }
    write(String(decoding: data, as: UTF8.self))
  }
}
