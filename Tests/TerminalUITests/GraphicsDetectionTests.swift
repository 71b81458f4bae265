import AppCore
import CPseudoTerminal
import Foundation
import Pictures
import TerminalUI
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Finding out at start-up whether the terminal shows pixels: its answers as recorded from
/// real terminals, and the questions asked over a real pseudo-terminal.
final class GraphicsDetectionTests: XCTestCase {
  private let escape = "\u{1B}"

  private func answers(_ text: String) -> TerminalAnswers {
    TerminalAnswers(parsing: Array(text.utf8))
  }

  private func mode(_ text: String, environment: [String: String] = [:]) -> GraphicsMode {
    GraphicsDetection.choose(requested: nil, answers: answers(text), environment: environment)
  }

  func testKittyAnswersItsGraphicsQueryAndItsCellSize() {
    let kitty = answers("\(escape)_Gi=31;OK\(escape)\\\(escape)[6;20;10t\(escape)[?62;52;c")
    XCTAssertEqual(
      kitty,
      TerminalAnswers(
        kittyGraphics: true, deviceAttributes: [62, 52],
        cellPixels: PixelSize(width: 10, height: 20)))
    XCTAssertTrue(kitty.isComplete)
    XCTAssertEqual(
      GraphicsDetection.choose(requested: nil, answers: kitty, environment: [:]), .kitty)
  }

  func testSixelIsAttributeFourOfTheDeviceAttributes() {
    // xterm -ti vt340.
    XCTAssertEqual(mode("\(escape)[?63;1;2;4;6;9;15;16;22;28c"), .sixel)
    // Attribute 14, 24 or 42 is not 4.
    XCTAssertEqual(mode("\(escape)[?62;14;24;42c"), .symbols)
    // Plain xterm.
    XCTAssertEqual(mode("\(escape)[?65;1;9c"), .symbols)
  }

  func testARefusalOrAnotherImagesAnswerIsNoKittyGraphics() {
    XCTAssertFalse(
      answers("\(escape)_Gi=31;ENOTSUPPORTED:no\(escape)\\\(escape)[?62c").kittyGraphics)
    XCTAssertFalse(answers("\(escape)_Gi=7;OK\(escape)\\\(escape)[?62c").kittyGraphics)
    XCTAssertFalse(answers("\(escape)_Xi=31;OK\(escape)\\\(escape)[?62c").kittyGraphics)
  }

  func testNoAnswerAPartialOneAndNoiseLeaveSymbols() {
    let none = answers("")
    XCTAssertEqual(none, TerminalAnswers())
    XCTAssertFalse(none.isComplete)
    XCTAssertEqual(mode(""), .symbols)
    // Cut short in the middle of kitty's answer, then of DA1.
    XCTAssertEqual(answers("\(escape)_Gi=31;O"), TerminalAnswers())
    XCTAssertEqual(
      answers("\(escape)_Gi=31;OK\(escape)\\\(escape)[?62;4"), TerminalAnswers(kittyGraphics: true))
    // Keys pressed meanwhile and noise around the answers.
    let noisy = answers(
      "q\u{00}\(escape)\(escape)[A\(escape)[6;x;9t\(escape)[6;0;9t\u{FF}\(escape)[?64;4c")
    XCTAssertEqual(noisy, TerminalAnswers(deviceAttributes: [64, 4]))
    XCTAssertEqual(mode("q\u{7F}\(escape)[?64;4c"), .sixel)
  }

  func testTheRequestTmuxAndITerm2ComeBeforeTheAnswers() {
    let kitty = "\(escape)_Gi=31;OK\(escape)\\\(escape)[?62c"
    XCTAssertEqual(
      GraphicsDetection.choose(requested: .symbols, answers: answers(kitty), environment: [:]),
      .symbols)
    XCTAssertEqual(
      GraphicsDetection.choose(requested: .sixel, answers: TerminalAnswers(), environment: [:]),
      .sixel)
    XCTAssertEqual(mode(kitty, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]), .symbols)
    XCTAssertEqual(mode("", environment: ["TERM_PROGRAM": "iTerm.app"]), .iterm2)
    XCTAssertEqual(mode(kitty, environment: ["TERM_PROGRAM": "WezTerm"]), .kitty)
    // Where the environment decides, the terminal is not asked at all.
    XCTAssertFalse(
      GraphicsDetection.answersMatter(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]))
    XCTAssertFalse(GraphicsDetection.answersMatter(environment: ["TERM_PROGRAM": "iTerm.app"]))
    XCTAssertTrue(GraphicsDetection.answersMatter(environment: ["TERM": "xterm-kitty"]))
  }

  // MARK: - Inside tmux

  /// tmux's answer about its pane: passthrough, the outside terminal and where the pane is.
  func testTmuxsAnswerIsRead() throws {
    let client = try XCTUnwrap(
      TmuxClient(answer: "1|xterm-kitty|RGB,sixel,title|3|40|on|bottom\n"))
    XCTAssertEqual(
      client,
      TmuxClient(
        passthrough: true, terminalName: "xterm-kitty", features: ["RGB", "sixel", "title"],
        paneTop: 3, paneLeft: 40))
    XCTAssertEqual(TmuxClient(answer: "0|xterm|||||")?.passthrough, nil, "no pane corner")
    XCTAssertEqual(TmuxClient(answer: "0|xterm||0|0|on|bottom")?.passthrough, false)
    XCTAssertEqual(TmuxClient(answer: "all|xterm||0|0|on|bottom")?.passthrough, true)
    // Status lines at the top push the pane down on the terminal.
    XCTAssertEqual(TmuxClient(answer: "1|xterm||2|0|on|top")?.paneTop, 3)
    XCTAssertEqual(TmuxClient(answer: "1|xterm||2|0|3|top")?.paneTop, 5)
    XCTAssertEqual(TmuxClient(answer: "1|xterm||2|0|off|top")?.paneTop, 2)
    XCTAssertNil(TmuxClient(answer: "no server running on /tmp/tmux-0/default"))
  }

  /// Pixels inside tmux only when it passes them through, in the outside terminal's protocol;
  /// a mode asked for without passthrough would show nothing, so symbols stand in.
  func testInsideTmuxPixelsNeedPassthrough() {
    func client(_ passthrough: Bool, _ name: String, _ features: [String] = []) -> TmuxClient {
      TmuxClient(
        passthrough: passthrough, terminalName: name, features: features, paneTop: 0, paneLeft: 0)
    }
    XCTAssertEqual(
      GraphicsDetection.choose(requested: nil, tmux: client(true, "xterm-kitty")), .kitty)
    XCTAssertEqual(
      GraphicsDetection.choose(requested: nil, tmux: client(true, "xterm", ["sixel"])), .sixel)
    XCTAssertEqual(GraphicsDetection.choose(requested: nil, tmux: client(true, "xterm")), .symbols)
    XCTAssertEqual(
      GraphicsDetection.choose(requested: nil, tmux: client(false, "xterm-kitty")), .symbols)
    XCTAssertEqual(
      GraphicsDetection.choose(requested: .kitty, tmux: client(false, "xterm-kitty")), .symbols)
    XCTAssertEqual(GraphicsDetection.choose(requested: .sixel, tmux: client(true, "xterm")), .sixel)
    XCTAssertEqual(GraphicsDetection.choose(requested: .kitty, tmux: nil), .symbols)
  }

  // MARK: - Over a pseudo-terminal

  /// A pseudo-terminal: the game's side and the terminal's.
  private func pseudoTerminal() throws -> (game: Int32, terminal: Int32) {
    var terminal: Int32 = -1
    var game: Int32 = -1
    XCTAssertEqual(openpty(&terminal, &game, nil, nil, nil), 0)
    return (game, terminal)
  }

  /// Reads from the terminal's side until `count` bytes have come (or it is closed).
  private static func readQueries(_ terminal: Int32, count: Int) -> [UInt8] {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while received.count < count {
      let got = chunk.withUnsafeMutableBytes { read(terminal, $0.baseAddress!, $0.count) }
      guard got > 0 else { break }
      received += chunk[..<got]
    }
    return received
  }

  /// What the terminal's side read, handed over when its thread is done.
  private final class Asked: @unchecked Sendable {
    var bytes: [UInt8] = []
  }

  func testTheQueriesAreAskedAndTheAnswersReadOverAPseudoTerminal() throws {
    let (game, terminal) = try pseudoTerminal()
    defer {
      close(game)
      close(terminal)
    }
    var before = termios()
    tcgetattr(game, &before)
    let queries = Array(GraphicsDetection.queries.utf8)
    let answered = expectation(description: "the terminal answered")
    let reply = Array("\(escape)_Gi=31;OK\(escape)\\\(escape)[6;18;9t\(escape)[?62;4c".utf8)
    let asked = Asked()
    Thread {
      asked.bytes = Self.readQueries(terminal, count: queries.count)
      // In two pieces, as a slow link brings them.
      _ = reply.prefix(10).withUnsafeBytes { write(terminal, $0.baseAddress!, $0.count) }
      usleep(2_000)
      _ = reply.dropFirst(10).withUnsafeBytes { write(terminal, $0.baseAddress!, $0.count) }
      answered.fulfill()
    }.start()
    // Long enough for a loaded machine: the answer, not the timeout, ends the wait.
    let answers = try XCTUnwrap(GraphicsDetection.ask(game, timeout: 30))
    wait(for: [answered], timeout: 30)
    XCTAssertEqual(asked.bytes, queries)
    XCTAssertEqual(
      answers,
      TerminalAnswers(
        kittyGraphics: true, deviceAttributes: [62, 4],
        cellPixels: PixelSize(width: 9, height: 18)))
    // Echo and line editing are back as they were.
    var after = termios()
    tcgetattr(game, &after)
    XCTAssertEqual(after.c_lflag, before.c_lflag)
  }

  func testATerminalThatAnswersNothingCostsTheTimeout() throws {
    let (game, terminal) = try pseudoTerminal()
    defer {
      close(game)
      close(terminal)
    }
    let answers = try XCTUnwrap(GraphicsDetection.ask(game, timeout: 0.05))
    XCTAssertEqual(answers, TerminalAnswers())
    XCTAssertEqual(
      Self.readQueries(terminal, count: GraphicsDetection.queries.utf8.count).count,
      GraphicsDetection.queries.utf8.count)
  }

  func testAnythingButATerminalIsNotAsked() {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    defer { ends.forEach { close($0) } }
    XCTAssertNil(GraphicsDetection.ask(ends[1], timeout: 0.05))
  }

  func testTheCellSizeComesFromTheWindowSizeWhenTheKernelHasIt() throws {
    let (game, terminal) = try pseudoTerminal()
    defer {
      close(game)
      close(terminal)
    }
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    XCTAssertEqual(ioctl(terminal, UInt(TIOCSWINSZ), &size), 0)
    XCTAssertNil(GraphicsDetection.cellPixels(game))
    size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 800, ws_ypixel: 480)
    XCTAssertEqual(ioctl(terminal, UInt(TIOCSWINSZ), &size), 0)
    XCTAssertEqual(GraphicsDetection.cellPixels(game), PixelSize(width: 10, height: 20))
  }
}
