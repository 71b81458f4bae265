import AppCore
import CNcurses
import Foundation
import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// Why the game cannot use the terminal; said in one line before the screen is touched.
public struct TerminalError: Error, CustomStringConvertible {
  public let description: String
}

/// What the terminal can show, decided before ncurses starts.
public struct TerminalChoice: Sendable {
  /// The terminfo entry ncurses runs with: a *-direct one when truecolor was asked for and
  /// the terminal announces it only through COLORTERM.
  public var terminfoName: String
  /// The colours and symbols of the screens, and the mode faces are drawn in.
  public var appearance: CellStyle
  /// Inside tmux, with faces drawn with pixels: the pane, whose images tmux passes through.
  public var tmux: TmuxClient?
}

/// The ncurses screen: copies frames to the terminal, reads keys, follows resizes and
/// suspends, and puts the terminal back as it found it. The one place that calls ncurses.
@MainActor
public final class Terminal {
  private var shown: Frame?
  private var pairs: [Style: Int32] = [:]
  private let colors: Int
  private var isOpen = true
  /// The images drawn with their pixels; nil when faces are drawn with symbols.
  private var images: ImageLayer?
  /// The bytes the last frame wrote for its images (part of all it wrote).
  public private(set) var imageBytes = 0

  /// Checks that standard input and output are a terminal ncurses can drive, and which colours
  /// and symbols to use, without writing anything to it.
  public static func choose(
    colors requested: ColorMode?,
    environment: [String: String] = ProcessInfo.processInfo.environment, utf8: Bool
  ) throws(TerminalError) -> TerminalChoice {
    guard isatty(0) == 1, isatty(1) == 1 else {
      throw TerminalError(
        description:
          "standard input and output must be a terminal to play (try meet-the-members check)")
    }
    guard let term = environment["TERM"], !term.isEmpty else {
      throw TerminalError(description: "TERM is not set: cannot tell what the terminal can do")
    }
    guard term != "dumb" else {
      throw TerminalError(description: "TERM is dumb: this terminal cannot place the cursor")
    }
    guard loadTerminfo(term) else {
      throw TerminalError(description: "TERM=\(term): no terminfo entry for this terminal type")
    }
    guard mtm_string_capability("cup") != nil else {
      throw TerminalError(description: "TERM=\(term): this terminal cannot place the cursor")
    }
    let colors = requested ?? ColorSupport.detect(environment: environment)
    var name = term
    var available = Int(tigetnum("colors"))
    if colors == .truecolor, available < ColorMode.truecolorCount {
      let direct = (term.split(separator: "-").first.map(String.init) ?? term) + "-direct"
      if loadTerminfo(direct) {
        name = direct
        available = Int(tigetnum("colors"))
      } else {
        _ = loadTerminfo(term)
      }
    }
    return TerminalChoice(
      terminfoName: name,
      appearance: CellStyle(
        colors: colors.fitting(available), symbols: utf8 ? .unicode : .ascii))
  }

  private static func loadTerminfo(_ name: String) -> Bool {
    var status: Int32 = 0
    return setupterm(name, 1, &status) == OK
  }

  /// Starts ncurses on the terminal: alternate screen, no echo, keys one at a time, mouse
  /// clicks and focus reports.
  public init(choice: TerminalChoice) throws(TerminalError) {
    let pane = choice.tmux.map { (top: $0.paneTop, left: $0.paneLeft) }
    images = choice.appearance.pixels.map { ImageLayer(graphics: $0.graphics, pane: pane) }
    // A crash leaves no kitty image on the screen (sixels leave with the alternate screen).
    CrashGuard.install(
      restoring: 0,
      first: images.map { $0.graphics == .kitty ? $0.wrapped(ImageLayer.kittyAllOff) : [] } ?? [])
    guard let output = fdopen(1, "w"), let input = fdopen(0, "r"),
      newterm(choice.terminfoName, output, input) != nil
    else {
      throw TerminalError(description: "TERM=\(choice.terminfoName): ncurses cannot start")
    }
    cbreak()
    noecho()
    nonl()
    keypad(mtm_stdscr(), true)
    nodelay(mtm_stdscr(), true)
    set_escdelay(25)
    curs_set(0)
    if choice.appearance.colors != .monochrome, has_colors() {
      start_color()
      use_default_colors()
    }
    colors = Int(mtm_colors())
    mousemask(mtm_mouse_clicks(), nil)
    mouseinterval(0)
    define_key("\u{1B}[I", Key.focusInCode)
    define_key("\u{1B}[O", Key.focusOutCode)
    Self.writeRaw(Self.focusReportsOn)
    CrashGuard.armed = true
  }

  nonisolated static let focusReportsOn = "\u{1B}[?1004h"
  nonisolated static let focusReportsOff = "\u{1B}[?1004l"

  nonisolated private static func writeRaw(_ text: String) {
    writeRaw(Array(text.utf8))
  }

  nonisolated private static func writeRaw(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(1, $0.baseAddress! + written, bytes.count - written)
      }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { return }
      written += count
    }
  }

  // MARK: - Drawing

  /// Copies a frame to the screen, touching only the cells that differ from the last frame,
  /// and lets ncurses send what changed; then the images that changed.
  public func draw(_ frame: Frame) {
    guard isOpen else { return }
    let previous = shown?.size == frame.size ? shown : nil
    if previous == nil {
      werase(mtm_stdscr())
      if let bytes = images?.clear(), !bytes.isEmpty { Self.writeRaw(bytes) }
    }
    let columns = frame.size.columns
    var writtenRows = Set<Int>()
    for row in 0..<frame.size.rows {
      for column in 0..<columns {
        let cell = frame.cells[row * columns + column]
        if let previous, previous.cells[row * columns + column] == cell { continue }
        if cell.isContinuation { continue }
        put(cell, column: column, row: row)
        writtenRows.insert(row)
      }
    }
    let imageChange = images?.change(to: frame.images, writtenRows: writtenRows)
    for rows in imageChange?.redrawRows ?? [] {
      wredrawln(mtm_stdscr(), Int32(rows.lowerBound), Int32(rows.count))
    }
    shown = frame
    wnoutrefresh(mtm_stdscr())
    doupdate()
    imageBytes = imageChange?.after.count ?? 0
    if let bytes = imageChange?.after, !bytes.isEmpty { Self.writeRaw(bytes) }
  }

  private func put(_ cell: Cell, column: Int, row: Int) {
    var attributes: attr_t = 0
    if cell.style.bold { attributes |= mtm_attr_bold() }
    if cell.style.reverse { attributes |= mtm_attr_reverse() }
    if cell.style.underline { attributes |= mtm_attr_underline() }
    if cell.style.dim { attributes |= mtm_attr_dim() }
    let pair = pair(for: cell.style)
    var text: [wchar_t] = []
    for scalar in cell.text.unicodeScalars where text.count < 4 {
      if !text.isEmpty, !scalar.properties.isGraphemeExtend { break }
      text.append(wchar_t(bitPattern: scalar.value))
    }
    if text.isEmpty { text = [0x20] }
    text.append(0)
    if mtm_put_cell(Int32(row), Int32(column), text, attributes, pair) == ERR {
      _ = mtm_put_cell(Int32(row), Int32(column), [0x3F, 0], attributes, pair)
    }
  }

  private func pair(for style: Style) -> Int32 {
    guard colors > 0 else { return 0 }
    let key = Style(foreground: style.foreground, background: style.background)
    if let pair = pairs[key] { return pair }
    let pair = max(0, mtm_pair(number(style.foreground), number(style.background)))
    pairs[key] = pair
    return pair
  }

  private func number(_ color: CellColor) -> Int32 {
    ColorNumber.of(color, colors: colors)
  }

  /// Draws everything again on the next frame (after a resize or a return from suspension).
  public func invalidate() {
    shown = nil
    clearok(mtm_curscr(), true)
  }

  /// Takes every image off before the terminal is given back, and frees kitty's.
  private func releaseImages() {
    if let bytes = images?.release(), !bytes.isEmpty { Self.writeRaw(bytes) }
  }

  // MARK: - Input

  /// Every key waiting on standard input, decoded; never blocks.
  public func readKeys() -> [Key] {
    var keys: [Key] = []
    var character: wint_t = 0
    while true {
      let status = wget_wch(mtm_stdscr(), &character)
      if status == ERR { break }
      if status == KEY_CODE_YES {
        if Int32(character) == KEY_MOUSE {
          var event = MEVENT()
          if getmouse(&event) == OK, mtm_mouse_is_press(event.bstate) != 0 {
            keys.append(.click(column: Int(event.x), row: Int(event.y)))
          }
        } else if let key = Key(functionKey: Int32(character)) {
          keys.append(key)
        }
      } else if let key = Key(character: UInt32(character)) {
        keys.append(key)
      }
    }
    return keys
  }

  /// Whether the terminal has gone away (standard input hung up).
  public var isHungUp: Bool { mtm_hung_up(0) != 0 }

  // MARK: - Size, suspension, the end

  /// Reads the window's size from the kernel and tells ncurses. Returns the new size.
  @discardableResult
  public func followResize() -> CellSize {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if mtm_window_size(1, &rows, &columns) == 0 {
      resizeterm(rows, columns)
    }
    // Inside tmux the pane may have moved on the outside terminal.
    if images?.pane != nil, let client = TmuxClient.current() {
      images?.pane = (client.paneTop, client.paneLeft)
    }
    invalidate()
    return size
  }

  /// The size ncurses draws in. The game's own idea of the size is the model's, told by
  /// inputs; this is where those inputs read it.
  public var size: CellSize {
    CellSize(columns: Int(getmaxx(mtm_stdscr())), rows: Int(getmaxy(mtm_stdscr())))
  }

  /// Gives the terminal back for a suspension; `resume()` takes it again (then
  /// `followResize()`: the window may have changed meanwhile).
  public func suspend() {
    // kitty forgets the images of the alternate screen when it is left: sent again after.
    releaseImages()
    Self.writeRaw(Self.focusReportsOff)
    endwin()
  }

  public func resume() {
    // The terminal modes may have been changed by the shell meanwhile.
    reset_prog_mode()
    Self.writeRaw(Self.focusReportsOn)
    refresh()
  }

  /// Restores the terminal: cursor, echo, main screen, colours. Safe to call twice.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    releaseImages()
    Self.writeRaw(Self.focusReportsOff)
    endwin()
    CrashGuard.armed = false
  }
}
