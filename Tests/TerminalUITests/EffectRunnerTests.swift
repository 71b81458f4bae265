import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The one order in which effects are run, for the terminal, the headless front end and the
/// tests alike: asserted whole, call by call.
final class EffectRunnerTests: XCTestCase {
  /// What a front end was asked to do, in order.
  private enum Call: Equatable {
    case draw(FrameReason, Phase)
    case prepare(MemberID, PictureRequest.Purpose)
    case setClock(Instant?)
    case report(Transition.Kind)
    case keep(Effect)
    case suspend
    case quit(Int32)
  }

  /// A front end that has every picture at once (or none), and records its calls.
  private struct RecordingEffectHandlers: EffectHandlers {
    var calls: [Call] = []
    var now = Instant.zero
    var picturesAtOnce = true
    /// A face is drawn a little after it was asked for.
    var drawingTakes = Duration.milliseconds(3)
    /// What each history write comes back as.
    var kept: (Effect) -> [Input] = { [.historyFailed($0, reason: "disk full")] }

    mutating func draw(_ model: AppModel, reason: FrameReason) {
      calls.append(.draw(reason, model.session.state.phase))
      now = now + drawingTakes
    }

    mutating func preparePicture(_ request: PictureRequest, at now: Instant) -> Input? {
      calls.append(.prepare(request.member, request.purpose))
      guard picturesAtOnce else { return nil }
      return .pictureReady(request, fakePicture(in: request.box))
    }

    mutating func setClock(_ instant: Instant?) { calls.append(.setClock(instant)) }
    mutating func report(_ transition: Transition, model: AppModel) {
      calls.append(.report(transition.kind))
    }
    mutating func keep(_ write: Effect, at now: Instant) -> [Input] {
      calls.append(.keep(write))
      return kept(write)
    }
    mutating func suspend() { calls.append(.suspend) }
    mutating func quit(status: Int32, summary: String?, model: AppModel) {
      calls.append(.quit(status))
    }
  }

  private func runner(history: Bool = false) -> (EffectRunner, RecordingEffectHandlers) {
    let questions = try! QuestionGenerator(members: clubMembers, seed: 3)
    let setup = HistorySetup(
      memories: Memories(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0),
      notice: nil)
    let model = AppModel(
      session: Session(questions: questions), roster: sampleRoster, appearance: unicodeLook,
      size: CellSize(columns: 80, rows: 24), history: history ? setup : nil)
    var recorder = RecordingEffectHandlers()
    var runner = EffectRunner(model)
    runner.send(.launched, at: .zero, reason: .start, to: &recorder)
    return (runner, recorder)
  }

  /// Effects run in the order the model returns them; what they produce at once waits until
  /// they have all run, first in first out; a face is drawn before its question's clock
  /// starts (stamped with the front end's clock after the frame); the last frame at the end.
  func testEffectsRunInOrderAndTheirInputsFollowFirstInFirstOut() {
    var (runner, recorder) = runner()
    let first = runner.model.session.state.upcoming
    XCTAssertEqual(
      recorder.calls,
      [
        .prepare(first.member.id, .prefetch),
        .draw(.start, .start),
      ], "launching prefetches the first face and draws the start screen")

    recorder.calls = []
    recorder.now = .seconds(1)
    runner.send(.press(.start), at: .seconds(1), reason: .key, to: &recorder)
    let second = runner.model.session.state.upcoming
    let shownAt = Instant.seconds(1) + .milliseconds(3)
    guard case .answering(let answering) = runner.model.session.state.phase else {
      return XCTFail("\(runner.model.session.state.phase)")
    }
    XCTAssertEqual(
      recorder.calls,
      [
        .report(.questionPosed(first)),
        .prepare(first.member.id, .onScreen),
        .prepare(second.member.id, .prefetch),
        // The picture came at once: its frame is drawn before the face is confirmed.
        .draw(.question, .loading(first)),
        .report(.questionShown(first)),
        .setClock(shownAt + .seconds(1)),
        .draw(.question, .answering(answering)),
      ])
    XCTAssertEqual(answering.startedAt, shownAt, "the clock starts once the face is on screen")
  }

  /// An answer is kept before it is reported. A history write refused for good comes back as
  /// an input at once, after the effects of the answer; the memory it carried is taken back,
  /// and the notice is drawn in the answer's frame.
  func testARefusedWriteComesBackBeforeTheFrameAndItsMemoryIsTakenBack() {
    var (runner, recorder) = runner(history: true)
    runner.send(.press(.start), at: .seconds(1), reason: .key, to: &recorder)
    recorder.calls = []
    let question = runner.model.session.state.phase.question!
    runner.send(
      .press(.option(question.correctIndex)), at: .seconds(2), reason: .key, to: &recorder)
    guard case .revealing(let reveal) = runner.model.session.state.phase,
      let result = runner.model.session.results.last
    else { return XCTFail("\(runner.model.session.state.phase)") }
    let written = recorder.calls.compactMap { call -> RecordedAnswer? in
      if case .keep(.recordAnswer(let answer)) = call { return answer }
      return nil
    }
    XCTAssertEqual(written.map(\.result), [result])
    XCTAssertEqual(written.first?.previous, nil, "new before")
    XCTAssertEqual(
      recorder.calls,
      [
        .keep(.recordAnswer(written[0])),
        .report(.questionEnded(result)),
        .setClock(reveal.startedAt + .milliseconds(250)),
        .draw(.key, .revealing(reveal)),
      ])
    XCTAssertNil(runner.model.memories.records[question.member.id], "taken back: never met")
    XCTAssertEqual(runner.model.memories.guessTimes, GuessTimes(), "its time not counted")
    XCTAssertEqual(runner.model.screen.historyNotice, "History not kept: disk full")
  }

  /// A write the history cannot take now waits (see `HistoryRecorder`): the memory it carried
  /// stays, its time stays counted, and the quiz screen says that it waits, and why, in the
  /// answer's own frame; once none waits, the line goes.
  func testAWriteThatWaitsKeepsItsMemoryAndIsSaidOnTheQuizScreen() {
    var (runner, recorder) = runner(history: true)
    recorder.kept = { _ in
      [.historyWaiting(HistoryWaiting(writes: 1, reason: "database is locked"))]
    }
    runner.send(.press(.start), at: .seconds(1), reason: .key, to: &recorder)
    let question = runner.model.session.state.phase.question!
    runner.send(
      .press(.option(question.correctIndex)), at: .seconds(2), reason: .key, to: &recorder)
    XCTAssertNotNil(runner.model.memories.records[question.member.id], "kept: it will be written")
    XCTAssertNotEqual(runner.model.memories.guessTimes, GuessTimes(), "its time counted")
    XCTAssertEqual(runner.model.screen.historyNotice, nil)
    let frame = Renderer.render(runner.model.screen, size: CellSize(columns: 80, rows: 24))
    XCTAssertTrue(
      frame.text.contains("1 answer waiting to be kept: database is locked"), frame.text)
    // Name cards waiting are counted as such, not as answers.
    runner.send(
      .historyWaiting(HistoryWaiting(writes: 3, reason: "database is locked", answers: 1)),
      at: .seconds(2), reason: .history, to: &recorder)
    let cards = Renderer.render(runner.model.screen, size: CellSize(columns: 80, rows: 24))
    XCTAssertTrue(cards.text.contains("1 answer and 2 name cards waiting"), cards.text)

    runner.send(
      .historyWaiting(HistoryWaiting(writes: 0, reason: nil)), at: .seconds(3), reason: .history,
      to: &recorder)
    let after = Renderer.render(runner.model.screen, size: CellSize(columns: 80, rows: 24))
    XCTAssertFalse(after.text.contains("waiting"), after.text)
  }

  /// Ctrl-Z: the terminal is given back after everything else, the clock stopped; nothing is
  /// drawn for a terminal the shell has.
  func testSuspendingGivesTheTerminalBackLast() {
    var (runner, recorder) = runner()
    runner.send(.press(.start), at: .seconds(1), reason: .key, to: &recorder)
    recorder.calls = []
    runner.send(.suspended, at: .seconds(2), reason: .suspend, to: &recorder)
    guard case .paused(let paused) = runner.model.session.state.phase else {
      return XCTFail("\(runner.model.session.state.phase)")
    }
    XCTAssertEqual(
      recorder.calls,
      [.report(.paused(.screenLeft)), .setClock(nil), .suspend])
    XCTAssertEqual(paused.reason, .screenLeft)
  }
}
