import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A real terminal emulator (xterm or kitty) on an X server of its own (Xvfb), running one
/// command: keys are pressed with xdotool and the screen is read back with xwd, as pixels.
final class XTerminal {
  enum Kind {
    /// xterm emulating a VT340, which draws sixels.
    case xtermSixel
    /// xterm as it comes, which draws no pixels.
    case xterm
    /// kitty, with its graphics protocol.
    case kitty
  }

  /// What the tests need installed (`make test` installs them).
  static let programs = ["Xvfb", "xterm", "kitty", "xdotool", "xwd"]

  /// Skips the test, saying why, when a program is missing.
  static func requirePrograms() throws {
    for program in programs where !isInstalled(program) {
      throw XCTSkip("\(program) is not installed (make test installs it)")
    }
  }

  private static func isInstalled(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
      access("\($0)/\(program)", X_OK) == 0
    }
  }

  private(set) var display: String
  let folder: URL
  private var server: Process
  /// Where the sequence of display numbers tried goes on (see `startServer`).
  private var nextAttempt = 0
  private var terminal: Process?

  init() throws {
    _ = testDataHome  // what runs in the terminal keeps its history and settings there
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mtm-x-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    (server, display, nextAttempt) = try Self.startServer(from: 0)
  }

  /// Starts an X server, which writes its display's number once it accepts clients
  /// (-displayfd): a socket file left by the server of the test before, on the same number,
  /// no longer passes for this one being ready (xterm then found no display, and no window
  /// came in 30 s, about one run in ten). The number is this process's own, from 100 to 899
  /// by its process id, the next of its sequence when a server holds it: the lowest free
  /// number, which Xvfb takes by itself, is the one a server of another test has just given
  /// up, and that server, still ending, took the new one's socket with it (xterm: "Can't open
  /// display", three starts in a row, in two of six runs of the tests on one machine).
  /// The sequence's attempts from `first` are tried; with the server, its display and the
  /// attempt after the one that started it.
  private static func startServer(from first: Int) throws -> (Process, String, Int) {
    var refused: [String] = []
    for attempt in first..<(first + 8) {
      let number = 100 + (Int(getpid()) * 7 + attempt * 131) % 800
      if let server = try startServer(number: number, refused: &refused) {
        return (server, ":\(number)", attempt + 1)
      }
    }
    throw Timeout(description: "Xvfb did not start: \(refused.joined(separator: "; "))")
  }

  /// An X server on display `number`, once it accepts clients; nil when it ends first (a
  /// server holds the number) or takes no client within the ceiling, what it wrote added to
  /// `refused`.
  private static func startServer(number: Int, refused: inout [String]) throws -> Process? {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = [
      "Xvfb", ":\(number)", "-displayfd", "1", "-screen", "0", "1000x800x24", "-nolisten",
      "tcp",
    ]
    let ready = Pipe()
    server.standardOutput = ready
    server.standardError = FileHandle.nullDevice
    try server.run()
    // The number, or nothing when the server ends first.
    var written = Data()
    while !written.contains(UInt8(ascii: "\n")) {
      let chunk = ready.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      written.append(chunk)
    }
    let said = String(decoding: written, as: UTF8.self)
    guard Int(said.trimmingCharacters(in: .whitespacesAndNewlines)) == number else {
      server.waitUntilExit()
      refused.append(":\(number): it wrote \"\(said)\"")
      return nil
    }
    // A client connects before the terminal is started: on a loaded machine xterm found no
    // display three times in a row, within half a second, on servers that had said they were
    // ready. A server that takes none within the ceiling (or ends) gives way to the next number.
    let deadline = Date().addingTimeInterval(30)
    while !accepts(display: ":\(number)") {
      guard server.isRunning, Date() < deadline else {
        if server.isRunning {
          server.terminate()
          server.waitUntilExit()
        }
        refused.append(":\(number): it took no client")
        return nil
      }
      usleep(50_000)
    }
    return server
  }

  /// Whether a client can open `display` (xdotool asks the screen's size; a server that holds
  /// the connection without answering is given 5 s).
  private static func accepts(display: String) -> Bool {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = ["timeout", "5", "xdotool", "getdisplaygeometry"]
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    probe.environment = environment
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }

  /// A new X server in place of this one, whose display the terminal could not open: with
  /// tests in parallel, a server of another test that ends on the same number as this one
  /// started can take its socket with it. The new one takes the next number of the sequence,
  /// not the same one again (xterm: "Can't open display" at all three starts, once, in a
  /// fresh clone's tests on a loaded machine).
  private func replaceServer() throws {
    if server.isRunning {
      server.terminate()
      server.waitUntilExit()
    }
    (server, display, nextAttempt) = try Self.startServer(from: nextAttempt)
  }

  deinit { stop() }

  func stop() {
    for process in [terminal, server].compactMap({ $0 }) where process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    terminal = nil
    try? FileManager.default.removeItem(at: folder)
  }

  /// A file in this terminal's folder.
  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Starts the terminal, 80x30 cells at the top left of the screen, running `command` in
  /// the shell (it stays open after the command ends), or an interactive shell, with job
  /// control, to type commands in. Returns once it has a window.
  func start(_ kind: Kind, command: String?) throws {
    let shell =
      command.map { ["sh", "-c", $0] } ?? ["bash", "--norc", "--noprofile", "-i"]
    // The terminal as it is started (each attempt a process of its own).
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
    environment["LC_ALL"] = "C.UTF-8"
    environment["PS1"] = "$ "
    environment["HISTFILE"] = "/dev/null"
    for name in ["TMUX", "TERM_PROGRAM", "COLORTERM", "NO_COLOR"] { environment[name] = nil }
    let arguments: [String]
    switch kind {
    case .xtermSixel, .xterm:
      arguments =
        ["xterm", "-b", "0", "-geometry", "80x30+0+0", "-fa", "Monospace", "-fs", "10", "-hold"]
        + (kind == .xtermSixel ? ["-ti", "vt340"] : []) + ["-e"] + shell
    case .kitty:
      arguments =
        [
          "kitty", "--config", "NONE", "-o", "window_padding_width=0", "-o",
          "placement_strategy=top-left", "-o", "font_size=10",
          "-o", "initial_window_width=80c", "-o", "initial_window_height=30c",
          "-o", "remember_window_size=no", "--hold",
        ] + shell
    }
    // What the terminal says goes to a file, for the message when no window comes. A
    // terminal that ends before it has a window (its graphics failed to start, on a machine
    // under load; or its display was gone, when a new X server takes its place) is started
    // up to twice more; one that runs without a window is a failure.
    let log = path("terminal-errors.txt")
    let windowClass = kind == .kitty ? "kitty" : "xterm"
    var window = ""
    for attempt in 1...3 {
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      let started = Process()
      started.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      started.arguments = arguments
      environment["DISPLAY"] = display
      started.environment = environment
      started.currentDirectoryURL = folder
      started.standardOutput = FileHandle.nullDevice
      started.standardError = FileHandle(forWritingAtPath: log)
      try started.run()
      terminal = started
      do {
        // A mapped window: kitty sometimes has another, never shown, which takes no resize.
        try waitFor("a window of \(windowClass)", timeout: 30) {
          window =
            run(["xdotool", "search", "--onlyvisible", "--class", windowClass]).output
            .split(separator: "\n").last.map(String.init) ?? ""
          if window.isEmpty, !started.isRunning {
            throw Timeout(description: "\(windowClass) ended without a window")
          }
          return !window.isEmpty
        }
        break
      } catch let timeout as Timeout {
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        if attempt < 3, !started.isRunning {
          // xterm: "Can't open display"; kitty: "Failed to open display".
          if said.localizedCaseInsensitiveContains("open display") {
            try replaceServer()
          }
          continue
        }
        throw Timeout(
          description: "\(timeout.description) (it \(started.isRunning ? "runs" : "ended"); "
            + "it said: \(said.suffix(600)))")
      }
    }
    self.window = window
    focus()
  }

  /// Gives the terminal's window the focus: no window manager gives it, and the keys xdotool
  /// presses go to the focused window.
  func focus() {
    run(["xdotool", "windowfocus", "--sync", window])
  }

  /// The terminal's X window.
  private(set) var window = ""

  /// Types a line in the terminal and presses Return.
  func type(_ line: String) {
    run(["xdotool", "type", "--delay", "5", line])
    press("Return")
  }

  /// Makes the terminal's window this many pixels wide and tall (it tells what runs in it).
  func resize(width: Int, height: Int) {
    run(["xdotool", "windowsize", "--sync", window, "\(width)", "\(height)"])
  }

  /// The window's place and size, as xdotool says them (for failure messages).
  var geometry: String {
    run(["xdotool", "getwindowgeometry", window]).output.split(separator: "\n")
      .joined(separator: ";")
  }

  /// Presses keys by their X names ("Return", "s", "Escape", "q").
  func press(_ keys: String...) {
    for key in keys { run(["xdotool", "key", key]) }
  }

  /// The whole screen, as pixels.
  func screenshot() throws -> Screenshot {
    try Screenshot(xwd: run(["xwd", "-root", "-silent"]).data)
  }

  @discardableResult
  private func run(_ arguments: [String]) -> (status: Int32, output: String, data: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return (-1, "", Data()) }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), data)
  }

  struct Timeout: Error, CustomStringConvertible {
    let description: String
  }

  /// Waits until `condition` holds, looking every 50 ms, at most `timeout` seconds: a ceiling for
  /// a machine many times slower (kitty draws with software GL on a shared X server), never a
  /// measure of speed.
  func waitFor(_ what: String, timeout: Double = 90, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
      if Date() > deadline { throw Timeout(description: "waited \(timeout) s for \(what)") }
      usleep(50_000)
    }
  }
}

/// A screenshot in xwd's format (ZPixmap, 24 or 32 bits a pixel), read as RGB.
struct Screenshot {
  let width: Int
  let height: Int
  /// RGB, row by row.
  let pixels: [UInt8]

  struct Malformed: Error {}

  init(xwd data: Data) throws {
    let bytes = [UInt8](data)
    guard bytes.count >= 100 else { throw Malformed() }
    func field(_ index: Int) -> Int {
      (0..<4).reduce(0) { $0 << 8 | Int(bytes[index * 4 + $1]) }
    }
    let headerSize = field(0)
    width = field(4)
    height = field(5)
    let littleEndian = field(7) == 0
    let bitsPerPixel = field(11)
    let bytesPerLine = field(12)
    let colorCount = field(19)
    let start = headerSize + colorCount * 12
    let pixelBytes = bitsPerPixel / 8
    guard pixelBytes == 3 || pixelBytes == 4, bytes.count >= start + bytesPerLine * height
    else { throw Malformed() }
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let at = start + y * bytesPerLine + x * pixelBytes
        var value = 0
        for index in 0..<pixelBytes {
          let byte = Int(bytes[at + index])
          value |= littleEndian ? byte << (8 * index) : byte << (8 * (pixelBytes - 1 - index))
        }
        let out = (y * width + x) * 3
        pixels[out] = UInt8((value >> 16) & 0xFF)
        pixels[out + 1] = UInt8((value >> 8) & 0xFF)
        pixels[out + 2] = UInt8(value & 0xFF)
      }
    }
    self.pixels = pixels
  }

  /// The mean colour of a rectangle of pixels.
  func mean(x: Int, y: Int, width: Int, height: Int) -> (Double, Double, Double) {
    var sums = (0.0, 0.0, 0.0)
    for row in y..<y + height {
      for column in x..<x + width {
        let at = (row * self.width + column) * 3
        sums.0 += Double(pixels[at])
        sums.1 += Double(pixels[at + 1])
        sums.2 += Double(pixels[at + 2])
      }
    }
    let count = Double(max(1, width * height))
    return (sums.0 / count, sums.1 / count, sums.2 / count)
  }

  /// The share of a rectangle's pixels that have its most common colour: 1 for a blank area.
  func plainness(x: Int, y: Int, width: Int, height: Int) -> Double {
    var counts: [Int: Int] = [:]
    for row in y..<y + height {
      for column in x..<x + width {
        let at = (row * self.width + column) * 3
        counts[
          Int(pixels[at]) << 16 | Int(pixels[at + 1]) << 8 | Int(pixels[at + 2]), default: 0] +=
          1
      }
    }
    return Double(counts.values.max() ?? 0) / Double(max(1, width * height))
  }
}
