import AppCore
import Dispatch
import GameEngine
import Pictures
import Synchronization
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// The loop: one serial queue (the main queue) receives keys from standard input, signals,
/// the deadline clock, pictures prepared in the background and the history's failures. Each
/// becomes an `Input` for the `EffectRunner`, which runs the model and hands this loop the
/// effects to perform: drawing, pictures, the clock, the history (on a queue of its own),
/// suspending and quitting. The model decides; this is the one place with side effects.
@MainActor
public final class App {
  /// What the game needs from the roster and the command line.
  public struct Setup {
    public var session: Session
    public var roster: RosterSummary
    /// Each member's photo.
    public var photos: [MemberID: PhotoFile]
    public var choice: TerminalChoice
    public var trace: Trace?
    /// The history's memories and clock, if one is kept.
    public var history: HistorySetup?
    /// Keeps answers and people met; nil when no history is kept.
    public var recorder: HistoryRecorder?
    /// The mode the start screen offers first; nil for the game's choice (see `AppModel`).
    public var mode: PlayMode?
    /// The roster as the settings would keep it, when the start screen offers to make it the
    /// player's club ("Make this your club" saves it as the `roster` setting); nil when it is
    /// the club already, or came from the settings.
    public var clubRoster: String?
    /// The settings file, for the settings window, and what keeps a setting in it (its key,
    /// its value as typed, or nil to take it out; nil, or why not).
    public var settings: SettingsFile?
    public var saveSetting: (@Sendable (String, String?) -> String?)?
    /// What is wrong with the settings file, a line each (said on standard error too, where
    /// the game's screen hides it).
    public var settingsWarnings: [String]
    /// The club's scores, when its server collects them.
    public var scores: ClubScores?

    public init(
      session: Session, roster: RosterSummary, photos: [MemberID: PhotoFile],
      choice: TerminalChoice, trace: Trace?, history: HistorySetup? = nil,
      recorder: HistoryRecorder? = nil, mode: PlayMode? = nil,
      clubRoster: String? = nil,
      settings: SettingsFile? = nil, saveSetting: (@Sendable (String, String?) -> String?)? = nil,
      settingsWarnings: [String] = [], scores: ClubScores? = nil
    ) {
      self.scores = scores
      self.settingsWarnings = settingsWarnings
      self.clubRoster = clubRoster
      self.settings = settings
      self.saveSetting = saveSetting
      self.session = session
      self.roster = roster
      self.photos = photos
      self.choice = choice
      self.trace = trace
      self.history = history
      self.recorder = recorder
      self.mode = mode
    }
  }

  /// The model, run by the one effect runner.
  private(set) var runner: EffectRunner
  var model: AppModel { runner.model }
  let terminal: Terminal
  private let store: PictureStore
  private let photos: [MemberID: PhotoFile]
  let trace: Trace?
  private let recorder: HistoryRecorder?
  private let settingSaver: (@Sendable (String, String?) -> String?)?
  /// History writes wait here, never on the main queue: a database another process holds, or
  /// a slow disk, delays no key and no frame.
  private let historyQueue = DispatchQueue(label: "meet-the-members.history", qos: .utility)
  /// Whether a try of the writes waiting for the history is set on its queue.
  private let retryPending = Atomic(false)
  /// Scores wait for the club's server here, one send at a time.
  private let scoresQueue = DispatchQueue(label: "meet-the-members.scores", qos: .utility)
  private let scores: ClubScores?
  var sources: [any DispatchSourceProtocol] = []
  let input: any DispatchSourceRead
  private let timer = DispatchSource.makeTimerSource(queue: .main)
  /// The frame on screen, for finding the button under a click; nil when the terminal must
  /// be drawn anew.
  var drawn: Frame?
  /// Whether the terminal is given back to the shell (suspended, or in the background).
  var terminalReleased = false

  /// Takes the terminal (signals first, so that ncurses installs no handlers of its own).
  public init(_ setup: Setup) throws(TerminalError) {
    Self.ignoreHandledSignals()
    terminal = try Terminal(choice: setup.choice)
    runner = EffectRunner(
      AppModel(
        session: setup.session, roster: setup.roster, appearance: setup.choice.appearance,
        size: terminal.size, history: setup.history, mode: setup.mode,
        settings: setup.settings, clubRoster: setup.clubRoster,
        settingsWarnings: setup.settingsWarnings, scores: setup.scores))
    scores = setup.scores
    recorder = setup.recorder
    settingSaver = setup.saveSetting
    store = PictureStore()
    photos = setup.photos
    trace = setup.trace
    input = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
  }

  /// Plays until the player quits; never returns.
  public func run() -> Never {
    input.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.readInput() } }
    sources.append(input)
    watchSignals()
    timer.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.clockFired() } }
    timer.schedule(deadline: .distantFuture)
    sources.append(timer)
    for source in sources { source.resume() }
    // A signal sent once the game has started is not lost while Dispatch arms its sources.
    SignalSources.awaitArmed(Self.handledSignals)
    trace?.recordStart(size: model.size, appearance: model.appearance, at: MonotonicClock.now())
    send(.launched, reason: .start)
    dispatchMain()
  }

  // MARK: - Inputs

  private func readInput() {
    let keys = terminal.readKeys()
    if keys.isEmpty, terminal.isHungUp { send(.terminated(signal: SIGHUP), reason: .signal) }
    for key in keys {
      let now = MonotonicClock.now()
      trace?.recordKey(key, at: now)
      if case .click(let column, let row) = key {
        guard let control = drawn?.control(atColumn: column, row: row) else { continue }
        send(.press(control), reason: .key, at: now)
      } else {
        send(.key(key), reason: .key, at: now)
      }
    }
  }

  private func clockFired() {
    let now = MonotonicClock.now()
    trace?.recordTick(at: now)
    let reason: FrameReason = model.session.state.phase.isRevealing ? .flash : .step
    send(.tick, reason: reason, at: now)
  }

  /// Hands an input to the effect runner, which runs the model and this loop's effects.
  func send(_ input: Input, reason: FrameReason, at now: Instant = MonotonicClock.now()) {
    var hands = TerminalEffectHandlers(app: self)
    runner.send(input, at: now, reason: reason, to: &hands)
  }

  /// What this loop does with each effect.
  private struct TerminalEffectHandlers: EffectHandlers {
    unowned let app: App

    var now: Instant { MonotonicClock.now() }

    func draw(_ model: AppModel, reason: FrameReason) {
      MainActor.assumeIsolated { app.draw(model, reason: reason) }
    }

    func preparePicture(_ request: PictureRequest, at now: Instant) -> Input? {
      MainActor.assumeIsolated { app.preparePicture(request) }
    }

    func setClock(_ instant: Instant?) {
      MainActor.assumeIsolated { app.setClock(instant) }
    }

    func report(_ transition: Transition, model: AppModel) {
      MainActor.assumeIsolated { app.trace?.record(transition, at: transition.at) }
    }

    func keep(_ write: Effect, at now: Instant) -> [Input] {
      MainActor.assumeIsolated { app.keep(write) }
      return []
    }

    func memberWithdrawn(_ member: Member, file: String, reason: String, at now: Instant) {
      MainActor.assumeIsolated {
        app.trace?.recordWithdrawal(member, file: file, reason: reason, at: now)
      }
    }

    func saveSetting(key: String, value: String?) -> Input {
      MainActor.assumeIsolated {
        guard let saver = app.settingSaver else {
          return .settingSaved(key: key, value: value, failure: "no settings file here")
        }
        return .settingSaved(key: key, value: value, failure: saver(key, value))
      }
    }

    func sendScores(_ score: RoundScore?) -> Input? {
      MainActor.assumeIsolated { app.sendScores(score) }
      return nil
    }

    func suspend() {
      MainActor.assumeIsolated {
        app.releaseTerminal()
        // Stop for real (SIGTSTP is taken by this loop); `fg` sends SIGCONT.
        kill(getpid(), SIGSTOP)
      }
    }

    func quit(status: Int32, summary: String?, model: AppModel) {
      MainActor.assumeIsolated { app.finish(status: status, summary: summary) }
    }
  }

  private func draw(_ model: AppModel, reason: FrameReason) {
    guard !terminalReleased else { return }
    let frame = Renderer.render(model.screen, size: model.size)
    if frame == drawn { return }
    drawn = frame
    let before = trace == nil ? nil : WrittenBytes.total()
    terminal.draw(frame)
    guard let before, let after = WrittenBytes.total() else { return }
    trace?.recordFrame(
      bytes: after - before, reason: reason.rawValue, step: model.session.state.phase.progressStep,
      images: frame.images, imageBytes: terminal.imageBytes, at: MonotonicClock.now())
  }

  // MARK: - History

  /// Keeps an answer, a card or a forgetting on the history's queue; what came of it (a write
  /// refused, writes waiting for the history) comes back to the loop as inputs. While writes
  /// wait, they are tried again every `retryInterval`.
  private func keep(_ write: Effect) {
    guard let recorder else { return }
    historyQueue.async { [weak self] in
      self?.historyDone(recorder.perform(write), recorder: recorder)
    }
  }

  /// How often writes that wait for the history are tried again.
  nonisolated static let retryInterval = DispatchTimeInterval.seconds(1)

  /// On the history's queue: hands the inputs to the loop, and tries the writes waiting again
  /// in a moment while there are any (one try pending at a time).
  private nonisolated func historyDone(_ inputs: [Input], recorder: HistoryRecorder) {
    if !inputs.isEmpty {
      DispatchQueue.main.async {
        MainActor.assumeIsolated { [weak self] in
          for input in inputs { self?.send(input, reason: .history) }
        }
      }
    }
    guard recorder.isWaiting, !retryPending.exchange(true, ordering: .relaxed) else { return }
    historyQueue.asyncAfter(deadline: .now() + Self.retryInterval) { [weak self] in
      guard let self else { return }
      retryPending.store(false, ordering: .relaxed)
      historyDone(recorder.retry(), recorder: recorder)
    }
  }

  // MARK: - Scores

  /// Keeps the score (if any) on the history's queue (the game waits for it as it ends),
  /// then sends it with any waiting, one send at a time; how they went comes back to the
  /// loop.
  private func sendScores(_ score: RoundScore?) {
    guard let scores else { return }
    let scoresQueue = scoresQueue
    historyQueue.async {
      if let score { scores.keep(score) }
      scoresQueue.async {
        let status = scores.sendWaiting()
        DispatchQueue.main.async {
          MainActor.assumeIsolated { [weak self] in
            self?.send(.scoresSent(status), reason: .history)
          }
        }
      }
    }
  }

  // MARK: - Pictures

  /// Runs a picture request: the store's picture at once when it has it (the frame it
  /// completes is drawn for the same reason as the input that asked), else on a background
  /// queue, whose result comes back later.
  private func preparePicture(_ request: PictureRequest) -> Input? {
    guard let photo = photos[request.member] else { return nil }
    if let picture = store.cached(photo.path, in: request.box, style: request.style) {
      trace?.recordPicture(request, ok: true, cached: true, at: MonotonicClock.now())
      return .pictureReady(request, picture)
    }
    store.prepare(
      photo.path, in: request.box, style: request.style, priority: request.purpose,
      callbackQueue: .main
    ) { [weak self] result in
      MainActor.assumeIsolated { self?.pictureArrived(result, for: request, file: photo.file) }
    }
    return nil
  }

  private func pictureArrived(
    _ result: Result<CellPicture, PictureError>, for request: PictureRequest, file: String
  ) {
    let now = MonotonicClock.now()
    switch result {
    case .success(let picture):
      trace?.recordPicture(request, ok: true, cached: false, at: now)
      send(.pictureReady(request, picture), reason: .picture, at: now)
    case .failure(let error):
      trace?.recordPicture(request, ok: false, error: "\(error)", at: now)
      send(.pictureFailed(request, file: file, reason: "\(error)"), reason: .picture, at: now)
    }
  }

  // MARK: - Clock and the end

  private func setClock(_ instant: Instant?) {
    guard let instant else { return timer.schedule(deadline: .distantFuture) }
    trace?.expectTick(due: instant)
    let delay = max(Duration.zero, instant - MonotonicClock.now())
    timer.schedule(
      deadline: .now() + .nanoseconds(Int(delay.wholeNanoseconds)), leeway: .nanoseconds(0))
  }

  private func finish(status: Int32, summary: String?) -> Never {
    terminal.close()
    // Every answer given is on disk before the game ends, or, if the history cannot take
    // the last of them, in a file the line names.
    let recorder = recorder
    if recorder?.isWaiting == true {
      // The last try may wait a few seconds for the history: said, not a blank pause.
      _ = try? FileDescriptor.standardError.writeAll(
        "History: trying once more to keep the writes that wait...\n".utf8)
    }
    let history = historyQueue.sync { recorder?.finish() }
    let status = recorder?.exitStatus(status) ?? status
    trace?.recordExit(status: status, at: MonotonicClock.now())
    if let summary { print(summary) }
    if let history { _ = try? FileDescriptor.standardError.writeAll((history + "\n").utf8) }
    if let failure = trace?.failure {
      _ = try? FileDescriptor.standardError.writeAll("Warning: \(failure)\n".utf8)
    }
    exit(status)
  }
}

extension Phase {
  fileprivate var isRevealing: Bool {
    if case .revealing = self { return true }
    return false
  }
}
