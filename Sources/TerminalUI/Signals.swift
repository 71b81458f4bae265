import AppCore
import Dispatch
import GameEngine

#if canImport(Glibc)
  import Glibc
#endif

/// The signals the loop handles, each turned into an input for the model.
extension App {
  static let handledSignals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]

  /// Ignored before ncurses starts, so that it installs no handlers of its own; Dispatch
  /// signal sources still receive them.
  static func ignoreHandledSignals() {
    for signal in handledSignals { _ = Glibc.signal(signal, SIG_IGN) }
  }

  func watchSignals() {
    for signal in Self.handledSignals {
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
      source.setEventHandler { [unowned self] in
        MainActor.assumeIsolated { self.handleSignal(signal) }
      }
      sources.append(source)
    }
  }

  private func handleSignal(_ signal: Int32) {
    let now = MonotonicClock.now()
    trace?.recordSignal(signal, at: now)
    switch signal {
    case SIGWINCH:
      guard !terminalReleased else { return }
      let size = terminal.followResize()
      drawn = nil
      // A font zoom changes the cells' pixels too: faces drawn with pixels follow.
      let cell = model.appearance.pixels == nil ? nil : GraphicsDetection.cellPixels(1)
      trace?.recordResize(size, cell: cell, at: now)
      if let cell, cell != model.appearance.pixels?.cellPixels {
        send(.cellsResized(cell), reason: .resize, at: now)
      }
      send(.resized(size), reason: .resize, at: now)
    case SIGINT:
      send(.interrupt, reason: .key, at: now)
    case SIGTSTP:
      send(.suspended, reason: .suspend, at: now)
    case SIGCONT:
      continued()
    default:  // SIGTERM, SIGHUP, SIGQUIT (Ctrl-\): the game ends as asked, its answers kept
      send(.terminated(signal: signal), reason: .signal, at: now)
    }
  }

  /// After `fg` the game takes the terminal back and redraws. After `bg` (or any SIGCONT
  /// while the shell has the terminal) it must not touch it: a paused game has nothing to do
  /// in the background, so it stops again, and `fg` continues it in the foreground (a job
  /// that runs in the background is not sent SIGCONT when brought to the foreground).
  private func continued() {
    // A terminal that went away has no foreground: end, as for a hang-up, rather than stop
    // and wait for a `fg` that can never come.
    guard tcgetpgrp(0) != -1, !terminal.isHungUp else {
      return send(.terminated(signal: SIGHUP), reason: .signal)
    }
    guard isInForeground else {
      if !terminalReleased {
        // Stopped some other way: stop drawing, and touch nothing (no endwin from here).
        terminalReleased = true
        input.suspend()
        send(.backgrounded, reason: .suspend)
      }
      kill(getpid(), SIGSTOP)
      return
    }
    if terminalReleased {
      terminalReleased = false
      terminal.resume()
      input.resume()
    } else {
      terminal.invalidate()
    }
    drawn = nil
    send(.continued(terminal.followResize()), reason: .continue)
  }

  /// Gives the terminal back to the shell and stops reading it.
  func releaseTerminal() {
    guard !terminalReleased else { return }
    terminalReleased = true
    input.suspend()
    terminal.suspend()
  }

  /// Whether this process's group owns the terminal (it is not a background job).
  private var isInForeground: Bool { tcgetpgrp(0) == getpgrp() }
}
