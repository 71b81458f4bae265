import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

extension Array where Element == Effect {
  /// The pictures asked for to be put on screen.
  var onScreenRequests: [PictureRequest] {
    compactMap {
      guard case .preparePicture(let request) = $0, request.purpose == .onScreen else {
        return nil
      }
      return request
    }
  }
}

/// The effects every input returns, asserted whole: an effect nobody expected fails the test.
final class EffectTests: XCTestCase {
  private let size = CellSize(columns: 80, rows: 24)
  private var box: CellSize { Layout.pictureBox(in: size) }

  private func request(_ member: Member, _ purpose: PictureRequest.Purpose) -> PictureRequest {
    PictureRequest(member: member.id, box: box, style: unicodeLook, purpose: purpose)
  }

  func testLaunchDrawsTheStartScreenAndPrefetchesTheFirstQuestionsPicture() {
    let questions = try! QuestionGenerator(members: clubMembers, seed: 3)
    var model = AppModel(
      session: Session(questions: questions), roster: sampleRoster, appearance: unicodeLook,
      size: size)
    let first = model.session.state.upcoming
    XCTAssertEqual(
      model.handle(.launched, at: .zero),
      [.preparePicture(request(first.member, .prefetch)), .render])
    XCTAssertEqual(model.handle(.tick, at: .seconds(1)), [], "nothing changes, nothing to do")
  }

  func testAQuestionWaitsForItsFaceBeforeItsClockRuns() {
    var model = makeModel(suppliesPictures: false)
    let first = model.game.state.upcoming
    var effects = model.handle(.press(.start), at: .seconds(1))
    let second = model.game.state.upcoming
    XCTAssertEqual(
      effects,
      [
        .report(Transition(kind: .questionPosed(first), at: .seconds(1))),
        .preparePicture(request(first.member, .onScreen)),
        .preparePicture(request(second.member, .prefetch)),
        .render,
      ])
    XCTAssertEqual(model.game.state.phase, .loading(first))
    XCTAssertTrue(model.frame.text.contains("Loading the photo"), model.frame.text)

    XCTAssertEqual(model.handle(.tick, at: .seconds(30)), [], "no clock runs while it loads")
    model.handle(.press(.option(first.correctIndex)), at: .seconds(30))
    XCTAssertEqual(model.game.state.questionsPlayed, 0, "no answer before the face is shown")

    let picture = fakePicture(in: box)
    effects = model.handleAlone(
      .pictureReady(request(first.member, .onScreen), picture), at: .seconds(31))
    XCTAssertEqual(effects, [.render, .confirmFaceDrawn(first.member.id)])
    XCTAssertEqual(model.model.screen.picture, .ready(picture))

    effects = model.handleAlone(.faceDrawn(first.member.id), at: .seconds(31.002))
    XCTAssertEqual(
      effects,
      [
        .report(Transition(kind: .questionShown(first), at: .seconds(31.002))),
        .render,
        .setClock(.seconds(32.002)),
      ], "the face was drawn already: the clock starts")
  }

  func testAPictureAlreadyPrefetchedPutsTheFaceOnScreenWithTheQuestion() {
    var model = makeModel(suppliesPictures: false)
    let first = model.game.state.upcoming
    model.handle(.pictureReady(request(first.member, .prefetch), fakePicture(in: box)), at: .zero)
    model.handle(.press(.start), at: .seconds(1))
    guard case .loading = model.game.state.phase else { return XCTFail("not loading") }
    // The loop finds the picture in its store and hands it in at once.
    model.supply(request(first.member, .onScreen), at: .seconds(1))
    XCTAssertEqual(model.game.state.phase.question, first)
    XCTAssertNotNil(model.game.nextChange, "its clock runs")
    XCTAssertTrue(model.log.contains(.confirmFaceDrawn(first.member.id)))
  }

  func testAnAnswerRevealsAndSetsTheClockForTheFlash() {
    var model = makeModel()
    model.startQuiz()
    let question = model.question
    let effects = model.handle(.press(.option(question.correctIndex)), at: .seconds(1))
    XCTAssertEqual(
      effects,
      [
        .report(
          Transition(
            kind: .questionEnded(
              QuestionResult(question: question, outcome: .correct, answerTime: .seconds(1))),
            at: .seconds(1))),
        .render,
        .setClock(.seconds(1.25)),
      ])
  }

  func testPauseStopsTheClockAndResumeSetsItAgain() {
    var model = makeModel()
    model.startQuiz()
    XCTAssertEqual(
      model.handle(.key(.character("p")), at: .seconds(1.5)),
      [.report(Transition(kind: .paused(.player), at: .seconds(1.5))), .render, .setClock(nil)])
    XCTAssertEqual(
      model.handle(.key(.character("p")), at: .seconds(9)),
      [.report(Transition(kind: .resumed, at: .seconds(9))), .render, .setClock(.seconds(9.5))])
  }

  func testQuittingSaysTheStatusAndTheSummary() {
    let summary = "0 questions played, 0 right, longest streak 0."
    let cases: [(name: String, input: Input, effect: Effect)] = [
      ("q", .key(.character("q")), .quit(status: 0, summary: summary)),
      ("the Quit button", .press(.quit), .quit(status: 0, summary: summary)),
      ("Ctrl-C", .interrupt, .quit(status: 130, summary: summary)),
      (
        "SIGTERM: nobody reads a summary", .terminated(signal: 15), .quit(status: 143, summary: nil)
      ),
      ("SIGHUP", .terminated(signal: 1), .quit(status: 129, summary: nil)),
    ]
    for testCase in cases {
      var model = makeModel()
      XCTAssertEqual(model.handle(testCase.input, at: .zero), [testCase.effect], testCase.name)
      XCTAssertEqual(model.handle(.tick, at: .seconds(1)), [], "nothing after quitting")
    }
  }

  func testSuspendingStopsTheClockThenGivesTheTerminalBackAndContinuingRedraws() {
    var model = makeModel()
    model.startQuiz()
    XCTAssertEqual(
      model.handle(.suspended, at: .seconds(2)),
      [.report(Transition(kind: .paused(.screenLeft), at: .seconds(2))), .setClock(nil), .suspend])
    XCTAssertEqual(
      model.handle(.key(.character("p")), at: .seconds(3)), [], "the shell has the keys")
    XCTAssertEqual(model.handle(.continued(size), at: .seconds(5)), [.render])
    XCTAssertTrue(model.game.state.phase.isPaused, "back paused, as the rules say")
  }

  func testInTheBackgroundNothingIsDrawn() {
    var model = makeModel()
    model.startQuiz()
    XCTAssertEqual(
      model.handle(.backgrounded, at: .seconds(2)),
      [.report(Transition(kind: .paused(.screenLeft), at: .seconds(2))), .setClock(nil)])
    XCTAssertEqual(model.handle(.resized(size), at: .seconds(3)), [])
    XCTAssertEqual(model.handle(.continued(size), at: .seconds(4)), [.render])
  }

  func testAPrefetchThatFailsTakesTheMemberOutBeforeTheirQuestion() {
    var model = makeModel(suppliesPictures: false)
    let first = model.game.state.upcoming
    let effects = model.handle(
      .pictureFailed(request(first.member, .prefetch), file: "m.jpg", reason: "damaged: bad"),
      at: .seconds(1))
    let next = model.game.state.upcoming
    XCTAssertNotEqual(next.member, first.member)
    XCTAssertEqual(next.number, 1)
    XCTAssertEqual(
      effects,
      [
        .report(Transition(kind: .memberWithdrawn(first.member), at: .seconds(1))),
        .memberWithdrawn(first.member, file: "m.jpg", reason: "damaged: bad"),
        .preparePicture(request(next.member, .prefetch)),
        .render,
      ])
    XCTAssertTrue(model.frame.text.contains("5 members"), model.frame.text)
    XCTAssertTrue(model.frame.text.contains("3 files skipped"), model.frame.text)
  }

  /// A photo that fails in the game is said on the quiz screen ("Left out: file: why") from
  /// then through the next question posed and its reveal.
  func testAPhotoLeftOutInTheGameIsSaidThroughTheNextQuestion() {
    // Found before Start (0), while question 1 is answered (1) or revealed (2); the last
    // question that says it.
    for (found, last) in [(0, 1), (1, 2), (2, 2)] {
      var model = makeModel()
      func fail(at time: Instant) {
        model.handle(
          .pictureFailed(
            request(model.game.state.upcoming.member, .prefetch), file: "m.jpg",
            reason: "damaged"),
          at: time)
      }
      if found == 0 { fail(at: .zero) }
      model.startQuiz()
      if found == 1 { fail(at: .seconds(0.5)) }
      model.handle(.press(.option(0)), at: .seconds(1))
      if found == 2 { fail(at: .seconds(2.9)) }
      XCTAssertTrue(model.frame.text.contains("Left out: m.jpg: damaged"), "found \(found)")
      var now = Instant.seconds(3)
      for number in 2...3 {
        model.handle(.tick, at: now)
        XCTAssertEqual(model.question.number, number)
        let said = number <= last
        XCTAssertEqual(model.frame.text.contains("Left out"), said, "found \(found), \(number)")
        model.handle(.press(.option(0)), at: now + .seconds(1))
        XCTAssertEqual(model.frame.text.contains("Left out"), said, "\(number) revealed")
        now = now + .seconds(3)
      }
    }
  }

  func testAPhotoThatFailsOnScreenGivesWayUnderTheSameNumber() {
    var model = makeModel(suppliesPictures: false)
    model.handle(.press(.start), at: .zero)
    let failed = model.question
    let effects = model.handle(
      .pictureFailed(request(failed.member, .onScreen), file: "late.jpg", reason: "damaged"),
      at: .seconds(1))
    XCTAssertEqual(model.question.number, 1, "the question in its place keeps its number")
    XCTAssertNotEqual(model.question.member, failed.member)
    let next = model.question
    XCTAssertEqual(
      effects,
      [
        .report(Transition(kind: .memberWithdrawn(failed.member), at: .seconds(1))),
        .report(Transition(kind: .questionPosed(next), at: .seconds(1))),
        .memberWithdrawn(failed.member, file: "late.jpg", reason: "damaged"),
        .preparePicture(request(next.member, .onScreen)),
        .preparePicture(request(model.game.state.upcoming.member, .prefetch)),
        .render,
      ])
    XCTAssertEqual(model.screen.roster.warnings.last, "late.jpg: damaged")
    XCTAssertEqual(model.screen.roster.members, clubMembers.count - 1)
  }

  func testAPhotoTheGameCannotSpareSaysWhyAndItsQuestionPlaysOn() {
    let four = Array(clubMembers.prefix(4))
    let questions = try! QuestionGenerator(members: four, seed: 3)
    var model = AppModel(
      session: Session(questions: questions), roster: sampleRoster, appearance: unicodeLook,
      size: size)
    _ = model.handle(.launched, at: .zero)
    _ = model.handle(.press(.start), at: .zero)
    let member = model.session.state.phase.question!.member
    let effects = model.handle(
      .pictureFailed(request(member, .onScreen), file: "x.jpg", reason: "damaged"), at: .zero)
    XCTAssertEqual(effects, [.render, .confirmFaceDrawn(member.id)])
    XCTAssertEqual(model.screen.picture, .failed("damaged"))
    XCTAssertTrue(
      Renderer.render(model.screen, size: size).text.contains("This photo cannot be shown"))
  }

  func testAResizeAsksForThePictureInTheNewBox() {
    var model = makeModel(suppliesPictures: false)
    model.startQuiz()
    let bigger = CellSize(columns: 120, rows: 40)
    let effects = model.handle(.resized(bigger), at: .seconds(1))
    XCTAssertEqual(
      effects,
      picturesMadeAgain(model, box: Layout.pictureBox(in: bigger), style: unicodeLook))
  }

  /// A font zoom changes the cells' pixels: the face is made again for them, and a face
  /// made for the old cells that arrives late is not shown.
  func testNewCellPixelsAskForTheFaceAgain() {
    let sixels = CellStyle(
      colors: .truecolor,
      pixels: PixelMode(graphics: .sixel, cellPixels: PixelSize(width: 10, height: 20)))
    var model = makeModel(appearance: sixels, suppliesPictures: false)
    model.startQuiz()
    let member = model.question.member.id
    let box = Layout.pictureBox(in: model.size)
    let old = PictureRequest(member: member, box: box, style: sixels, purpose: .onScreen)
    model.handle(.pictureReady(old, fakePicture(in: box)), at: .zero)
    XCTAssertEqual(model.screen.picture, .ready(fakePicture(in: box)))

    let zoomed = PixelSize(width: 12, height: 24)
    let effects = model.handle(.cellsResized(zoomed), at: .seconds(1))
    let style = CellStyle(
      colors: .truecolor, pixels: PixelMode(graphics: .sixel, cellPixels: zoomed))
    XCTAssertEqual(model.appearance, style)
    XCTAssertEqual(style.cellAspect, 0.5)
    XCTAssertEqual(
      effects, picturesMadeAgain(model, box: box, style: style) + [.setClock(.seconds(2))])

    XCTAssertEqual(model.screen.picture, .loading)
    model.handle(.pictureReady(old, fakePicture(in: box)), at: .seconds(1))
    XCTAssertEqual(model.screen.picture, .loading, "a face made for the old cells, late")
    let new = PictureRequest(member: member, box: box, style: style, purpose: .onScreen)
    model.handle(.pictureReady(new, fakePicture(in: box)), at: .seconds(1))
    XCTAssertEqual(model.screen.picture, .ready(fakePicture(in: box)))

    // The same pixels again, or symbols: nothing changes.
    XCTAssertEqual(model.handle(.cellsResized(zoomed), at: .seconds(2)), [])
    var symbols = makeModel(suppliesPictures: false)
    symbols.startQuiz()
    XCTAssertEqual(symbols.handle(.cellsResized(zoomed), at: .seconds(2)), [])
    XCTAssertEqual(symbols.appearance, unicodeLook)
  }

  // MARK: - Defects found by playing

  func testAClickInsideAWindowPressesNothingBehindIt() {
    for overlay in ["s", "?"] {
      var model = makeModel()
      model.handle(.key(.character(Character(overlay))), at: .zero)
      for control in [Control.quit, .start, .stats, .option(0), .pause] {
        XCTAssertEqual(model.handle(.press(control), at: .zero), [], "\(overlay) \(control)")
      }
      XCTAssertEqual(model.place, .start)
      XCTAssertNotNil(model.overlay)
      model.handle(.press(.close), at: .zero)
      XCTAssertNil(model.overlay)
    }
  }

  func testLeftAndRightMoveWithinARowOfButtons() {
    let cases: [(from: Control, key: Key, to: Control)] = [
      (.option(0), .right, .option(1)),
      (.option(1), .right, .option(1)),
      (.option(1), .left, .option(0)),
      (.option(0), .left, .option(0)),
      (.option(2), .right, .option(3)),
      (.option(3), .right, .option(3)),
      (.option(3), .left, .option(2)),
      (.pause, .right, .stats),
      (.stats, .right, .stats),
      (.stats, .left, .pause),
    ]
    for testCase in cases {
      var model = makeModel()
      model.startQuiz()
      model.handle(.key(.character("p")), at: .zero)  // focus on Pause, and frozen
      while model.focus != testCase.from { model.handle(.key(.tab), at: .zero) }
      model.handle(.key(testCase.key), at: .zero)
      XCTAssertEqual(model.focus, testCase.to, "\(testCase.key) from \(testCase.from)")
    }
  }

  func testThreeTimeOutsWithNoKeyPressedPauseTheGame() {
    var model = makeModel()
    model.startQuiz()
    var now = Instant.zero
    for _ in 1...3 {
      guard case .answering(let answering) = model.game.state.phase else {
        return XCTFail("\(model.game.state.phase)")
      }
      now = answering.startedAt + .seconds(5)
      model.handle(.tick, at: now)
      if model.game.state.phase.isPaused { break }
      model.handle(.tick, at: now + .seconds(2))
    }
    XCTAssertEqual(model.game.state.questionsPlayed, 3)
    guard case .paused(let paused) = model.game.state.phase else { return XCTFail("not paused") }
    XCTAssertEqual(paused.reason, .playerAway)
    guard case .revealing = paused.interrupted else { return XCTFail("the answer stays shown") }
  }

  func testAKeyBetweenTimeOutsMeansSomeoneIsPlaying() {
    var model = makeModel()
    model.startQuiz()
    for round in 1...4 {
      guard case .answering(let answering) = model.game.state.phase else {
        return XCTFail("round \(round): \(model.game.state.phase)")
      }
      if round == 3 { model.handle(.key(.tab), at: answering.startedAt + .seconds(1)) }
      model.handle(.tick, at: answering.startedAt + .seconds(5))
      model.handle(.tick, at: answering.startedAt + .seconds(7))
    }
    XCTAssertFalse(model.game.state.phase.isPaused, "\(model.game.state.phase)")
  }
}
