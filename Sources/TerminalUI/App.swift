import Dispatch
import GameEngine
import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// The loop: one serial queue (the main queue) receives keys from standard input, signals,
/// the deadline clock and pictures prepared in the background; each goes through the model,
/// and the new frame goes to the terminal. The one place with side effects.
@MainActor
public final class App {
  /// What the game needs from the roster and the command line.
  public struct Setup {
    public var game: Game
    public var roster: RosterSummary
    /// Each member's photo.
    public var photos: [MemberID: Photo]
    public var choice: TerminalChoice
    public var trace: Trace?

    public init(
      game: Game, roster: RosterSummary, photos: [MemberID: Photo], choice: TerminalChoice,
      trace: Trace?
    ) {
      self.game = game
      self.roster = roster
      self.photos = photos
      self.choice = choice
      self.trace = trace
    }
  }

  /// A member's photo: where to open it, and its name inside the roster folder as the
  /// roster's warnings print it.
  public struct Photo: Sendable {
    public var path: String
    public var file: String

    public init(path: String, file: String) {
      self.path = path
      self.file = file
    }
  }

  private static let handledSignals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

  private var model: AppModel
  private let terminal: Terminal
  private let store: PictureStore
  private let photos: [MemberID: Photo]
  private let trace: Trace?
  private var sources: [any DispatchSourceProtocol] = []
  private let timer = DispatchSource.makeTimerSource(queue: .main)
  /// The deadline the clock is set for, if any.
  private var armedFor: Instant?
  private var pending: Set<String> = []
  private var isSuspended = false
  private var frame: Frame

  /// Takes the terminal (signals first, so that ncurses installs no handlers of its own).
  public init(_ setup: Setup) throws(TerminalError) {
    for signal in Self.handledSignals { _ = Glibc.signal(signal, SIG_IGN) }
    terminal = try Terminal(choice: setup.choice)
    model = AppModel(
      game: setup.game, roster: setup.roster, appearance: setup.choice.appearance,
      size: terminal.size)
    store = PictureStore(style: setup.choice.appearance)
    photos = setup.photos
    trace = setup.trace
    frame = Frame(size: terminal.size)
  }

  /// Plays until the player quits; never returns.
  public func run() -> Never {
    let input = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
    input.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.readInput() } }
    sources.append(input)
    for signal in Self.handledSignals {
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
      source.setEventHandler { [unowned self] in
        MainActor.assumeIsolated { self.handleSignal(signal) }
      }
      sources.append(source)
    }
    timer.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.clockFired() } }
    timer.schedule(deadline: .distantFuture)
    sources.append(timer)
    for source in sources { source.resume() }
    trace?.write(
      "start", at: MonotonicClock.now(),
      [
        "columns": .int(Int64(terminal.size.columns)), "rows": .int(Int64(terminal.size.rows)),
        "colors": .string(model.appearance.colors.rawValue),
        "symbols": .string(model.appearance.symbols == .unicode ? "unicode" : "ascii"),
        "pid": .int(Int64(getpid())),
      ])
    render(reason: "start", at: MonotonicClock.now())
    // The first question is known already: its picture is ready before Start is pressed.
    prefetchUpcoming()
    dispatchMain()
  }

  // MARK: - Events

  private func readInput() {
    let keys = terminal.readKeys()
    if keys.isEmpty, terminal.isHungUp { finish(status: 128 + SIGHUP, summary: false) }
    for key in keys {
      let now = MonotonicClock.now()
      trace?.write("key", at: now, ["key": .string(Self.name(of: key))])
      if case .click(let column, let row) = key {
        guard let control = frame.control(atColumn: column, row: row) else { continue }
        apply(.press(control), reason: "key", at: now)
      } else {
        apply(.key(key), reason: "key", at: now)
      }
    }
  }

  private func clockFired() {
    let now = MonotonicClock.now()
    let due = armedFor
    armedFor = nil
    trace?.write("tick", at: now, due.map { ["due": .int(MonotonicClock.microseconds($0))] } ?? [:])
    let reason = model.game.state.phase.isRevealing ? "flash" : "step"
    apply(.tick, reason: reason, at: now)
  }

  private func handleSignal(_ signal: Int32) {
    let now = MonotonicClock.now()
    trace?.write("signal", at: now, ["signal": .string(Self.name(ofSignal: signal))])
    switch signal {
    case SIGWINCH:
      let size = terminal.followResize()
      trace?.write(
        "resize", at: now,
        ["columns": .int(Int64(size.columns)), "rows": .int(Int64(size.rows))])
      apply(.resized(size), reason: "resize", at: now)
    case SIGINT:
      apply(.interrupt, reason: "key", at: now)
    case SIGTSTP:
      apply(.suspended, reason: "suspend", at: now)
      isSuspended = true
      armClock()
      terminal.suspend()
      // Stop for real (SIGTSTP is taken by this loop); `fg` sends SIGCONT.
      kill(getpid(), SIGSTOP)
    case SIGCONT:
      if isSuspended {
        isSuspended = false
        terminal.resume()
      } else {
        terminal.invalidate()
      }
      apply(.resized(terminal.followResize()), reason: "continue", at: MonotonicClock.now())
    default:  // SIGTERM, SIGHUP
      finish(status: 128 + signal, summary: false)
    }
  }

  /// Hands an input to the model, then ends the game or does what follows.
  private func apply(_ input: Input, reason: String, at now: Instant) {
    let transitions = model.handle(input, at: now)
    if model.wantsToQuit {
      record(transitions, at: now)
      finish(status: input == .interrupt ? 128 + SIGINT : 0, summary: true)
    }
    settle(after: transitions, reason: reason, at: now)
  }

  /// What follows any change of the model: the trace, pictures, the frame and the clock.
  private func settle(after transitions: [Transition], reason: String, at now: Instant) {
    record(transitions, at: now)
    if transitions.contains(where: \.isQuestionShown) { prefetchUpcoming() }
    requestPicture()
    guard !isSuspended else { return }
    // Why the frame changed, for the trace: a new question, another phase change, or the input.
    let cause =
      transitions.contains(where: \.isQuestionShown)
      ? "question" : transitions.isEmpty || reason == "key" ? reason : "phase"
    render(reason: cause, at: now)
    armClock()
  }

  private func record(_ transitions: [Transition], at now: Instant) {
    guard let trace else { return }
    for transition in transitions {
      var fields: KeyValuePairs<String, Trace.Value>
      let due = MonotonicClock.microseconds(transition.at)
      switch transition.kind {
      case .questionShown(let question):
        trace.write(
          "question", at: now,
          [
            "due": .int(due), "number": .int(Int64(question.number)),
            "member": .string(question.member.name),
            "options": .strings(question.options.map(\.name)),
            "correct": .int(Int64(question.correctIndex)),
          ])
        fields = ["phase": "answering", "due": .int(due)]
      case .questionEnded(let result):
        let outcome: String =
          switch result.outcome {
          case .correct: "correct"
          case .wrong: "wrong"
          case .timedOut: "timed out"
          }
        fields = ["phase": "revealing", "due": .int(due), "outcome": .string(outcome)]
      case .paused: fields = ["phase": "paused", "due": .int(due)]
      case .resumed: fields = ["phase": "resumed", "due": .int(due)]
      }
      trace.write("phase", at: now, fields)
    }
  }

  // MARK: - Pictures

  /// Asks the background queue for the picture the screen needs, unless it is cached.
  private func requestPicture() {
    guard let (member, box) = model.wantedPicture, let path = photos[member.id]?.path else {
      return
    }
    if let picture = store.cached(path, in: box) {
      trace?.write(
        "picture", at: MonotonicClock.now(),
        ["member": .string(member.name), "ok": .bool(true), "cached": .bool(true)])
      return model.setPicture(.ready(picture), for: member.id, box: box)
    }
    let key = "\(box) \(path)"
    guard pending.insert(key).inserted else { return }
    store.prepare(path, in: box, callbackQueue: .main) { [weak self] result in
      MainActor.assumeIsolated { self?.pictureArrived(result, for: member, box: box, key: key) }
    }
  }

  private func pictureArrived(
    _ result: Result<CellPicture, PictureError>, for member: Member, box: CellSize, key: String
  ) {
    pending.remove(key)
    // A picture for a member or size no longer on screen stays in the store's cache only.
    guard let wanted = model.wantedPicture, wanted.member.id == member.id, wanted.box == box
    else { return }
    let now = MonotonicClock.now()
    switch result {
    case .success(let picture):
      trace?.write("picture", at: now, ["member": .string(member.name), "ok": .bool(true)])
      model.setPicture(.ready(picture), for: member.id, box: box)
      settle(after: [], reason: "picture", at: now)
    case .failure(let error):
      trace?.write(
        "picture", at: now,
        ["member": .string(member.name), "ok": .bool(false), "error": .string("\(error)")])
      let transitions = model.pictureFailed(
        for: member.id, box: box, file: photos[member.id]?.file ?? member.name,
        reason: "\(error)", at: now)
      settle(after: transitions, reason: "picture", at: now)
    }
  }

  /// Prepares the next member's picture while this question is played.
  private func prefetchUpcoming() {
    let upcoming = model.game.state.upcoming.member
    guard let path = photos[upcoming.id]?.path else { return }
    let box = Layout.pictureBox(in: terminal.size)
    store.prepare(path, in: box, callbackQueue: .main) { _ in }
  }

  // MARK: - Output

  private func render(reason: String, at now: Instant) {
    frame = Renderer.render(model.screen, size: terminal.size)
    let before = trace == nil ? nil : WrittenBytes.total()
    terminal.draw(frame)
    guard let trace, let before, let after = WrittenBytes.total() else { return }
    trace.write(
      "frame", at: MonotonicClock.now(),
      [
        "bytes": .int(after - before), "reason": .string(reason),
        "step": .int(Int64(model.game.state.phase.progressStep)),
      ])
  }

  /// Sets the clock for the engine's next change; nothing ticks when nothing is due.
  private func armClock() {
    guard let next = model.game.nextChange, !isSuspended else {
      if armedFor != nil { timer.schedule(deadline: .distantFuture) }
      armedFor = nil
      return
    }
    guard next != armedFor else { return }
    armedFor = next
    let delay = max(Duration.zero, next - MonotonicClock.now())
    timer.schedule(
      deadline: .now() + .nanoseconds(Int(delay.wholeNanoseconds)), leeway: .nanoseconds(0))
  }

  private func finish(status: Int32, summary: Bool) -> Never {
    terminal.close()
    trace?.write("exit", at: MonotonicClock.now(), ["status": .int(Int64(status))])
    if summary {
      let state = model.game.state
      print(
        "Score \(state.score), longest streak \(state.longestStreak), "
          + "\(state.questionsPlayed) question\(state.questionsPlayed == 1 ? "" : "s") played.")
    }
    exit(status)
  }

  // MARK: - Names for the trace

  static func name(of key: Key) -> String {
    switch key {
    case .character(let character): String(character)
    case .click(let column, let row): "click \(column),\(row)"
    default: "\(key)"
    }
  }

  static func name(ofSignal signal: Int32) -> String {
    switch signal {
    case SIGWINCH: "SIGWINCH"
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    case SIGTSTP: "SIGTSTP"
    case SIGCONT: "SIGCONT"
    default: "signal \(signal)"
    }
  }
}

extension Transition {
  fileprivate var isQuestionShown: Bool {
    if case .questionShown = kind { return true }
    return false
  }
}

extension Phase {
  fileprivate var isRevealing: Bool {
    if case .revealing = self { return true }
    return false
  }
}
