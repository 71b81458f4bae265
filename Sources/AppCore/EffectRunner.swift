import GameEngine

/// What a front end does with each effect: draw a frame, make a picture, set its clock, keep
/// the history, and so on. The terminal's loop, the headless front end and the tests each
/// have one; `EffectRunner` calls them in its one order.
///
/// An effect that has its result at once returns it as an input (a picture in the cache, a
/// history write that failed on the spot); one whose result comes later returns nil, and the
/// front end sends its result to the runner when it comes.
public protocol EffectHandlers {
  /// Called before each effect is performed (the tests keep a log of them).
  mutating func willPerform(_ effect: Effect)
  /// The instant now on the front end's clock: a face confirmed drawn is stamped with it.
  var now: Instant { get }
  /// Draws the model's screen; `reason` says why, for the trace.
  mutating func draw(_ model: AppModel, reason: FrameReason)
  mutating func preparePicture(_ request: PictureRequest, at now: Instant) -> Input?
  mutating func setClock(_ instant: Instant?)
  mutating func report(_ transition: Transition, model: AppModel)
  /// Performs `.recordAnswer`, `.recordIntroduction`, `.forgetProgress` or `.fitMemory`:
  /// what came of it at once (see `HistoryRecorder.perform`).
  mutating func keep(_ write: Effect, at now: Instant) -> [Input]
  mutating func memberWithdrawn(_ member: Member, file: String, reason: String, at now: Instant)
  /// Keeps a setting in the settings file: `.settingSaved`.
  mutating func saveSetting(key: String, value: String?) -> Input
  /// Sends a score to the club: `.scoresSent` at once, or later.
  mutating func sendScores(_ score: RoundScore?) -> Input?
  /// Gives the terminal back to the shell and stops until continued.
  mutating func suspend()
  /// Restores the terminal and ends: the terminal's loop exits the process.
  mutating func quit(status: Int32, summary: String?, model: AppModel)
}

extension EffectHandlers {
  public mutating func willPerform(_ effect: Effect) {}
  public mutating func draw(_ model: AppModel, reason: FrameReason) {}
  public mutating func memberWithdrawn(
    _ member: Member, file: String, reason: String, at now: Instant
  ) {}
  public mutating func suspend() {}
  public mutating func saveSetting(key: String, value: String?) -> Input {
    .settingSaved(key: key, value: value, failure: "no settings file here")
  }
  public mutating func sendScores(_ score: RoundScore?) -> Input? { nil }
}

/// Why a frame is drawn, as the trace records it.
public enum FrameReason: String, Hashable, Sendable {
  case start, key, step, flash, picture, question, phase, resize, signal, suspend
  /// After `fg`.
  case `continue`
  case history
}

/// Runs the model for a front end. Every input goes to the model, which returns effects;
/// they are performed in the order returned, and the inputs they produce at once are queued
/// and handled, first in first out, at the instant of the input that led to them, once the
/// effects before them have all run. A frame is owed when any effect asks to render, and is
/// drawn once the queue is empty, or earlier where an effect needs the screen up to date: a
/// face to confirm (its question's clock starts once it is on screen) and a suspension (the
/// last frame before the shell takes the terminal).
public struct EffectRunner: Sendable {
  public private(set) var model: AppModel
  private var frameOwed = false

  public init(_ model: AppModel) {
    self.model = model
  }

  /// Handles `input`, which happened at `now`, and everything it leads to at once. Returns
  /// the effects of `input` itself (the follow-ups' go to `handlers` too).
  @discardableResult
  public mutating func send<Handlers: EffectHandlers>(
    _ input: Input, at now: Instant, reason: FrameReason, to handlers: inout Handlers
  ) -> [Effect] {
    var queue = [(input, now)]
    var first: [Effect]?
    var cause = reason
    while !queue.isEmpty {
      let (next, instant) = queue.removeFirst()
      let effects = model.handle(next, at: instant)
      if first == nil { first = effects }
      if effects.contains(where: \.posesQuestion) {
        cause = .question
      } else if reason != .key, cause == reason, effects.contains(where: \.isReport) {
        cause = .phase
      }
      for effect in effects {
        queue += perform(effect, at: instant, cause: cause, handlers: &handlers)
      }
    }
    drawIfOwed(cause, handlers: &handlers)
    return first ?? []
  }

  private mutating func perform<Handlers: EffectHandlers>(
    _ effect: Effect, at now: Instant, cause: FrameReason, handlers: inout Handlers
  ) -> [(Input, Instant)] {
    handlers.willPerform(effect)
    switch effect {
    case .render:
      frameOwed = true
    case .confirmFaceDrawn(let member):
      drawIfOwed(cause, handlers: &handlers)
      return [(.faceDrawn(member), handlers.now)]
    case .setClock(let instant):
      handlers.setClock(instant)
    case .report(let transition):
      handlers.report(transition, model: model)
    case .recordAnswer, .recordIntroduction, .forgetProgress, .fitMemory:
      return handlers.keep(effect, at: now).map { ($0, now) }
    case .saveSetting(let key, let value):
      return [(handlers.saveSetting(key: key, value: value), now)]
    case .sendScores(let score):
      return handlers.sendScores(score).map { [($0, now)] } ?? []
    case .memberWithdrawn(let member, let file, let reason):
      handlers.memberWithdrawn(member, file: file, reason: reason, at: now)
    case .preparePicture(let request):
      return handlers.preparePicture(request, at: now).map { [($0, now)] } ?? []
    case .suspend:
      drawIfOwed(cause, handlers: &handlers)
      handlers.suspend()
    case .quit(let status, let summary):
      handlers.quit(status: status, summary: summary, model: model)
    }
    return []
  }

  private mutating func drawIfOwed<Handlers: EffectHandlers>(
    _ reason: FrameReason, handlers: inout Handlers
  ) {
    guard frameOwed else { return }
    frameOwed = false
    handlers.draw(model, reason: reason)
  }
}

extension Effect {
  fileprivate var posesQuestion: Bool {
    if case .report(let transition) = self, case .questionPosed = transition.kind { return true }
    return false
  }

  fileprivate var isReport: Bool {
    if case .report = self { return true }
    return false
  }
}
