import AppCore
import Foundation
import GameEngine
import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// How faces are drawn: with the photo's pixels through one of the terminal graphics
/// protocols, or with symbols in cells, which every terminal shows.
public enum GraphicsMode: String, CaseIterable, Hashable, Sendable {
  /// kitty's graphics protocol (kitty, Ghostty).
  case kitty
  /// DEC sixels (WezTerm, foot, Konsole, xterm -ti vt340, Windows Terminal).
  case sixel
  /// iTerm2's inline images.
  case iterm2
  /// Block and border symbols in colour (or ASCII), as libchafa draws them.
  case symbols

  /// The protocol that draws pixels in this mode; nil for symbols.
  public var pixelGraphics: PixelGraphics? {
    switch self {
    case .kitty: .kitty
    case .sixel: .sixel
    case .iterm2: .iterm2
    case .symbols: nil
    }
  }
}

/// What a terminal answered to the queries written at start-up (`GraphicsDetection.queries`).
public struct TerminalAnswers: Hashable, Sendable {
  /// The terminal said OK to the kitty graphics query.
  public var kittyGraphics = false
  /// The parameters of its primary device attributes (DA1); nil when it did not answer them.
  /// Every terminal answers DA1, so its answer, asked last, ends the wait.
  public var deviceAttributes: [Int]?
  /// The size of a cell in pixels (the answer to `CSI 16 t`), when it gave one.
  public var cellPixels: PixelSize?

  public init(
    kittyGraphics: Bool = false, deviceAttributes: [Int]? = nil, cellPixels: PixelSize? = nil
  ) {
    self.kittyGraphics = kittyGraphics
    self.deviceAttributes = deviceAttributes
    self.cellPixels = cellPixels
  }

  /// Whether the terminal draws sixels: attribute 4 of its DA1 answer.
  public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

  /// Whether the answers are all in: the DA1 answer has come.
  public var isComplete: Bool { deviceAttributes != nil }

  /// Reads the answers out of what the terminal sent: escape sequences it did not send for
  /// these queries (a key pressed meanwhile, noise, a sequence cut short) are skipped.
  public init(parsing bytes: [UInt8]) {
    var index = 0
    while index < bytes.count {
      guard bytes[index] == 0x1B, index + 1 < bytes.count else {
        index += 1
        continue
      }
      switch bytes[index + 1] {
      case UInt8(ascii: "_"):  // APC: kitty's graphics answer, ESC _ G keys ; message ESC \
        guard let end = Self.stringTerminator(in: bytes, from: index + 2) else { return }
        readGraphicsAnswer(Array(bytes[(index + 2)..<end]))
        index = end + 2
      case UInt8(ascii: "["):  // CSI parameters final
        var final = index + 2
        while final < bytes.count, !(0x40...0x7E).contains(bytes[final]) { final += 1 }
        guard final < bytes.count else { return }
        readControlAnswer(Array(bytes[(index + 2)..<final]), final: bytes[final])
        index = final + 1
      default:
        index += 1
      }
    }
  }

  /// Where `ESC \` starts, from `start` on.
  private static func stringTerminator(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") { return index }
      index += 1
    }
    return nil
  }

  /// `G` keys `;` message: OK for the query's id when the terminal can show images.
  private mutating func readGraphicsAnswer(_ body: [UInt8]) {
    guard body.first == UInt8(ascii: "G") else { return }
    let text = String(decoding: body.dropFirst(), as: UTF8.self)
    let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
    let keys = parts[0].split(separator: ",")
    if keys.contains("i=\(GraphicsDetection.queryID)"), parts.count == 2, parts[1] == "OK" {
      kittyGraphics = true
    }
  }

  /// `? 62 ; 4 ; 22 c` (DA1) or `6 ; height ; width t` (the cell's pixels).
  private mutating func readControlAnswer(_ parameters: [UInt8], final: UInt8) {
    let text = String(decoding: parameters, as: UTF8.self)
    if final == UInt8(ascii: "c"), text.hasPrefix("?") {
      deviceAttributes = text.dropFirst().split(separator: ";").compactMap { Int($0) }
    } else if final == UInt8(ascii: "t") {
      let numbers = text.split(separator: ";").map { Int($0) }
      if numbers.count == 3, numbers[0] == 6, let height = numbers[1], let width = numbers[2],
        width > 0, height > 0
      {
        cellPixels = PixelSize(width: width, height: height)
      }
    }
  }
}

/// Finds out, before the screen is taken, whether the terminal shows pixels and how large its
/// cells are.
public enum GraphicsDetection {
  /// The id of the kitty graphics query, which its answer repeats.
  static let queryID = 31

  /// The queries, in the order they are written: kitty's graphics query (a 1x1 image, only
  /// queried, never shown), the cell size in pixels, then the primary device attributes,
  /// which every terminal answers, last, so that its answer means the others have come if
  /// they ever will.
  public static let queries =
    "\u{1B}_Gi=\(queryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[16t" + "\u{1B}[c"

  /// Whether the terminal's answers can change the mode `choose` picks: not inside tmux or
  /// iTerm2, which the environment decides.
  public static func answersMatter(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    choose(requested: nil, answers: TerminalAnswers(kittyGraphics: true), environment: environment)
      == .kitty
  }

  /// The mode to draw faces in inside tmux: pixels only when tmux passes sequences through
  /// to the terminal outside it (`allow-passthrough on`), in the protocol of that terminal as
  /// tmux knows it (its name says kitty; its features say sixel), or the one requested;
  /// symbols otherwise.
  public static func choose(requested: GraphicsMode?, tmux client: TmuxClient?) -> GraphicsMode {
    guard let client, client.passthrough else { return .symbols }
    if let requested { return requested }
    if client.terminalName.contains("kitty") { return .kitty }
    if client.features.contains("sixel") { return .sixel }
    return .symbols
  }

  /// The mode to draw faces in outside tmux: `requested` when given; inside tmux, symbols
  /// (`choose(requested:tmux:)` decides there); iTerm2, which is known by its `TERM_PROGRAM`, its
  /// own protocol; otherwise what the terminal answered, kitty's protocol before sixels.
  public static func choose(
    requested: GraphicsMode?, answers: TerminalAnswers,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> GraphicsMode {
    if let requested { return requested }
    if TmuxClient.isInside(environment: environment) { return .symbols }
    if environment["TERM_PROGRAM"] == "iTerm.app" { return .iterm2 }
    if answers.kittyGraphics { return .kitty }
    if answers.sixel { return .sixel }
    return .symbols
  }

  /// How faces are drawn with pixels in the mode asked for (`requested`; nil: auto), or the one the terminal on
  /// /dev/tty answers for (asked only when the output is a terminal and the answers matter);
  /// nil for symbols. Inside tmux, tmux says whether it passes images through and to which
  /// terminal, and its pane comes back with the mode. A cell's pixels come from the kernel's
  /// window size, else the terminal's answer, else are a common 10x20.
  public static func pixelMode(requested: GraphicsMode?) -> (
    pixels: PixelMode?, tmux: TmuxClient?
  ) {
    var answers: TerminalAnswers?
    let mode: GraphicsMode
    var tmux: TmuxClient?
    if TmuxClient.isInside() {
      tmux = requested == .symbols ? nil : TmuxClient.current()
      mode = choose(requested: requested, tmux: tmux)
    } else {
      if requested == nil, isatty(1) == 1, answersMatter() {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if terminal >= 0 {
          answers = ask(terminal) ?? TerminalAnswers()
          close(terminal)
        }
      }
      mode = choose(requested: requested, answers: answers ?? TerminalAnswers())
    }
    guard let pixels = mode.pixelGraphics else { return (nil, nil) }
    let cell =
      cellPixels(1) ?? answers?.cellPixels ?? PixelSize(width: 10, height: 20)
    return (PixelMode(graphics: pixels, cellPixels: cell), tmux)
  }

  /// Writes the queries to the terminal on `descriptor` and reads its answers until the DA1
  /// answer has come or `timeout` seconds have passed (a terminal that answers nothing costs
  /// that much), with echo and line editing off meanwhile. Nil when `descriptor` is not a
  /// terminal.
  public static func ask(_ descriptor: Int32, timeout: Double = 0.1) -> TerminalAnswers? {
    var saved = termios()
    guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
    defer { tcsetattr(descriptor, TCSANOW, &saved) }

    let query = Array(queries.utf8)
    var written = 0
    while written < query.count {
      let count = query.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, query.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return TerminalAnswers() }
      written += count
    }

    var received: [UInt8] = []
    var answers = TerminalAnswers()
    let deadline = MonotonicClock.now() + .seconds(timeout)
    var chunk = [UInt8](repeating: 0, count: 256)
    while !answers.isComplete {
      let left = deadline - MonotonicClock.now()
      guard left > .zero else { break }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      // Whole milliseconds, rounded up so that the last wait reaches the deadline.
      let milliseconds = (left.wholeNanoseconds + 999_999) / 1_000_000
      let ready = poll(&poller, 1, Int32(milliseconds))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { break }
      received += chunk[..<count]
      answers = TerminalAnswers(parsing: received)
    }
    return answers
  }

  /// The size of a cell in pixels from the window size the kernel keeps (`ws_xpixel` and
  /// `ws_ypixel`, which many terminals fill in), or nil when it holds none.
  public static func cellPixels(_ descriptor: Int32) -> PixelSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel > 0, size.ws_ypixel > 0
    else { return nil }
    return PixelSize(
      width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
  }
}

/// What tmux says of the pane the game runs in and of the terminal outside it.
public struct TmuxClient: Hashable, Sendable {
  /// Whether tmux passes sequences through to the terminal (`allow-passthrough`).
  public var passthrough: Bool
  /// The outside terminal's name (`client_termname`: xterm-kitty, xterm-256color).
  public var terminalName: String
  /// What tmux found the outside terminal can do (`client_termfeatures`).
  public var features: [String]
  /// The pane's top left cell on the outside terminal (below tmux's status lines when they
  /// are at the top).
  public var paneTop: Int
  public var paneLeft: Int

  public init(
    passthrough: Bool, terminalName: String, features: [String], paneTop: Int, paneLeft: Int
  ) {
    self.passthrough = passthrough
    self.terminalName = terminalName
    self.features = features
    self.paneTop = paneTop
    self.paneLeft = paneLeft
  }

  /// The format `tmux display-message -p` answers.
  static let format =
    "#{allow-passthrough}|#{client_termname}|#{client_termfeatures}|#{pane_top}|#{pane_left}"
    + "|#{status}|#{status-position}"

  /// Reads tmux's answer to `format`; nil when it is not one. The pane's top is counted in
  /// the window, under the status lines when they are at the top (`status` is on, off, or
  /// their number).
  public init?(answer: String) {
    let fields = answer.trimmingCharacters(in: .whitespacesAndNewlines).split(
      separator: "|", omittingEmptySubsequences: false)
    guard fields.count == 7, let top = Int(fields[3]), let left = Int(fields[4]) else {
      return nil
    }
    let statusLines = fields[5] == "off" || fields[5] == "0" ? 0 : Int(fields[5]) ?? 1
    self.init(
      passthrough: !["", "0", "off"].contains(fields[0]), terminalName: String(fields[1]),
      features: fields[2].split(separator: ",").map(String.init),
      paneTop: top + (fields[6] == "top" ? statusLines : 0), paneLeft: left)
  }

  /// Whether the game runs under tmux (`TMUX` names its server).
  public static func isInside(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    !(environment["TMUX"] ?? "").isEmpty
  }

  /// Asks the tmux server the game runs under (`TMUX`) about its pane (`TMUX_PANE`); nil
  /// outside tmux, or when tmux cannot be asked.
  public static func current(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> TmuxClient? {
    guard isInside(environment: environment) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var arguments = ["tmux", "display-message", "-p"]
    if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
    process.arguments = arguments + [format]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return TmuxClient(answer: String(decoding: data, as: UTF8.self))
  }
}
