import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A tmux server of its own (private socket) with one window running a plain shell: the real
/// terminal the end-to-end tests play in. Commands go through posix_spawn: a tmux server
/// started through Foundation's Process keeps a descriptor of it, and waiting never ends.
final class Tmux {
  let socket = "mtm-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  let folder: URL
  private(set) var isRunning = false

  init(columns: Int = 80, rows: Int = 24) throws {
    _ = testDataHome  // the server and its shell keep their history there
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent("tmux.conf")
    try """
    set -g default-terminal tmux-256color
    set -g focus-events on
    set -g escape-time 0
    set -g status off

    """.write(to: config, atomically: true, encoding: .utf8)
    let shell =
      "env -u NO_COLOR -u COLORTERM LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' "
      + "HISTFILE=/dev/null bash --norc --noprofile"
    let status = Self.run(
      [
        "-f", config.path, "new-session", "-d", "-s", "game", "-x", "\(columns)", "-y", "\(rows)",
        "-c", folder.path, shell,
      ], socket: socket
    ).status
    guard status == 0 else { throw TmuxError.cannotStart(status) }
    isRunning = true
  }

  deinit { stop() }

  func stop() {
    guard isRunning else { return }
    isRunning = false
    _ = tmux("kill-server")
    try? FileManager.default.removeItem(at: folder)
  }

  enum TmuxError: Error { case cannotStart(Int32) }

  /// A file in this session's folder.
  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @discardableResult
  func tmux(_ arguments: String...) -> (status: Int32, output: String) {
    Self.run(arguments, socket: socket)
  }

  /// Types text and presses Enter in the shell.
  func typeLine(_ line: String) {
    tmux("send-keys", "-t", "game", "-l", line)
    tmux("send-keys", "-t", "game", "Enter")
  }

  /// Presses keys by tmux's names ("Enter", "Escape", "C-z", "Tab", "Up", "1").
  func press(_ keys: String...) {
    for key in keys { tmux("send-keys", "-t", "game", key) }
  }

  /// Sends bytes as the terminal would (a mouse report, for example).
  func sendLiteral(_ text: String) {
    tmux("send-keys", "-t", "game", "-l", text)
  }

  /// The screen as text, or with its colours as escape sequences.
  func screen(colors: Bool = false) -> String {
    colors
      ? tmux("capture-pane", "-p", "-e", "-N", "-t", "game").output
      : tmux("capture-pane", "-p", "-N", "-t", "game").output
  }

  func resize(columns: Int, rows: Int) {
    tmux("resize-window", "-t", "game", "-x", "\(columns)", "-y", "\(rows)")
  }

  /// Waits until the screen satisfies `condition` and returns it; fails the test after
  /// `timeout` seconds. Polling a real terminal is the one place tests wait.
  @discardableResult
  func waitForScreen(
    _ what: String, timeout: Double = 45, colors: Bool = false, file: StaticString = #filePath,
    line: UInt = #line, until condition: (String) -> Bool
  ) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = self.screen(colors: colors)
    while !condition(screen) {
      if Date() > deadline {
        XCTFail("waited \(timeout) s for \(what); the screen:\n\(screen)", file: file, line: line)
        return screen
      }
      usleep(30_000)
      screen = self.screen(colors: colors)
    }
    return screen
  }

  /// Waits until every one of `texts` is on the screen at once and returns the screen. A
  /// frame reaches the terminal in pieces, so a test asserts what it waited for, never more.
  @discardableResult
  func waitForScreen(
    showing texts: [String], timeout: Double = 45, colors: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    waitForScreen(
      texts.map { "\"\($0)\"" }.joined(separator: ", "), timeout: timeout, colors: colors,
      file: file, line: line
    ) { screen in texts.allSatisfy { screen.contains($0) } }
  }

  /// Waits for a file to have content that satisfies `condition`.
  @discardableResult
  func waitForFile(
    _ name: String, timeout: Double = 45, file: StaticString = #filePath, line: UInt = #line,
    until condition: (String) -> Bool = { !$0.isEmpty }
  ) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let text = (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
      if condition(text) { return text }
      if Date() > deadline {
        XCTFail("waited \(timeout) s for \(name); it holds:\n\(text)", file: file, line: line)
        return text
      }
      usleep(30_000)
    }
  }

  /// Runs tmux on the given socket and returns its status and standard output.
  static func run(_ arguments: [String], socket: String) -> (status: Int32, output: String) {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return (-1, "") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
    close(pipe[1])
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while spawned == 0 {
      let count = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
      if count <= 0 { break }
      output += buffer[..<count]
    }
    close(pipe[0])
    guard spawned == 0 else { return (-1, "") }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return ((status >> 8) & 0xFF, String(decoding: output, as: UTF8.self))
  }
}
