import GameEngine
import Pictures

/// Something the loop tells the front end, apart from keys.
public enum Input: Hashable, Sendable {
  case key(Key)
  /// A button was clicked (the loop finds it in the frame on screen).
  case press(Control)
  /// Ctrl-C.
  case interrupt
  /// The engine's next change is due.
  case tick
  case resized(CellSize)
  /// The terminal is being suspended (Ctrl-Z).
  case suspended
}

/// The front end's state and what keys do: the game, the place and overlay on screen, the
/// focused button and the member's picture. No terminal, no clock: the loop feeds it inputs
/// stamped with an instant and draws `screen`.
public struct AppModel: Sendable {
  public private(set) var game: Game
  public private(set) var place: Place = .start
  public private(set) var overlay: Overlay?
  public private(set) var focus: Control = .start
  public private(set) var size: CellSize
  public private(set) var roster: RosterSummary
  public let appearance: CellStyle
  /// The picture on screen and who and what box it was made for.
  private var picture: (member: MemberID, box: CellSize, slot: PictureSlot)?
  /// True once the player asked to quit.
  public private(set) var wantsToQuit = false

  public init(game: Game, roster: RosterSummary, appearance: CellStyle, size: CellSize) {
    self.game = game
    self.roster = roster
    self.appearance = appearance
    self.size = size
  }

  /// What to draw now.
  public var screen: Screen {
    Screen(
      game: game.state, place: place, overlay: overlay, focus: focus, roster: roster,
      picture: pictureOnScreen ?? .loading, appearance: appearance)
  }

  public var isTooSmall: Bool { Layout.isTooSmall(size) }

  // MARK: - Pictures

  /// The picture the quiz screen needs and does not have: the member on screen in the box
  /// the window gives. Nil when there is none to show or it is in hand.
  public var wantedPicture: (member: Member, box: CellSize)? {
    guard place == .quiz, !isTooSmall, let question = game.state.phase.question else {
      return nil
    }
    return pictureOnScreen == nil ? (question.member, Layout.pictureBox(in: size)) : nil
  }

  /// Hands in a picture (or why there is none) for a member and box.
  public mutating func setPicture(_ slot: PictureSlot, for member: MemberID, box: CellSize) {
    picture = (member, box, slot)
  }

  /// A photo that passed the roster's check failed to decode: its member leaves the game (the
  /// question about them gives way to the next, under its number) and the start screen lists
  /// the file. When the game cannot spare them (fewer than four names would be left) the
  /// question stays and says why there is no picture.
  public mutating func pictureFailed(
    for member: MemberID, box: CellSize, file: String, reason: String, at now: Instant
  ) -> [Transition] {
    let transitions = game.handle(.memberWithdrawn(member), at: now)
    let warning = "\(file): \(reason)"
    if !game.isInPlay(member), !roster.warnings.contains(warning) {
      roster.warnings.append(warning)
      roster.members -= 1
    }
    if game.state.phase.question?.member.id == member {
      setPicture(.failed(reason), for: member, box: box)
    }
    return transitions
  }

  /// The picture handed in, if it is of the member on screen and made for the window's box.
  private var pictureOnScreen: PictureSlot? {
    guard let picture, picture.member == game.state.phase.question?.member.id,
      picture.box == Layout.pictureBox(in: size)
    else { return nil }
    return picture.slot
  }

  // MARK: - Inputs

  /// Applies an input that happened at `now` and returns the game's phase changes.
  @discardableResult
  public mutating func handle(_ input: Input, at now: Instant) -> [Transition] {
    switch input {
    case .tick: return game.handle(.clockTicked, at: now)
    case .interrupt:
      wantsToQuit = true
      return []
    case .suspended: return game.handle(.screenLeft, at: now)
    case .resized(let newSize):
      size = newSize
      return isTooSmall ? game.handle(.screenLeft, at: now) : game.handle(.clockTicked, at: now)
    case .press(let control): return press(control, at: now)
    case .key(let key): return handle(key, at: now)
    }
  }

  private mutating func handle(_ key: Key, at now: Instant) -> [Transition] {
    if case .character("q") = key {
      wantsToQuit = true
      return []
    }
    if isTooSmall { return game.handle(.clockTicked, at: now) }
    switch key {
    case .enter, .character(" "): return press(overlay == nil ? focus : .close, at: now)
    case .tab: moveFocus(by: 1)
    case .backTab: moveFocus(by: -1)
    case .left: moveFocus(by: -1)
    case .right: moveFocus(by: 1)
    case .up: moveFocusVertically(down: false)
    case .down: moveFocusVertically(down: true)
    case .escape: return escape(at: now)
    case .focusLost: return place == .quiz ? game.handle(.screenLeft, at: now) : []
    case .focusGained, .resize, .click: break
    case .character(let character): return handle(character, at: now)
    }
    return game.handle(.clockTicked, at: now)
  }

  private mutating func handle(_ character: Character, at now: Instant) -> [Transition] {
    switch character {
    case "1", "2", "3", "4":
      guard place == .quiz, overlay == nil else { break }
      return press(.option(Int(String(character))! - 1), at: now)
    case "p", "P":
      guard place == .quiz, overlay == nil else { break }
      return press(.pause, at: now)
    case "s", "S":
      return openOverlay(.stats, at: now)
    case "?", "h":
      return openOverlay(.help, at: now)
    case "w", "W":
      guard place == .start, !roster.warnings.isEmpty else { break }
      return openOverlay(.warnings, at: now)
    default: break
    }
    return game.handle(.clockTicked, at: now)
  }

  private mutating func press(_ control: Control, at now: Instant) -> [Transition] {
    switch control {
    case .start:
      place = .quiz
      overlay = nil
      focus = .option(0)
      return game.handle(.startPressed, at: now)
    case .stats:
      return openOverlay(.stats, at: now)
    case .quit:
      wantsToQuit = true
      return []
    case .option(let index):
      guard overlay == nil else { return [] }
      focus = .option(index)
      return game.handle(.answerChosen(index), at: now)
    case .pause:
      guard overlay == nil else { return [] }
      focus = .pause
      return game.handle(game.state.phase.isPaused ? .resumePressed : .pausePressed, at: now)
    case .close:
      return closeOverlay(at: now)
    }
  }

  private mutating func openOverlay(_ newOverlay: Overlay, at now: Instant) -> [Transition] {
    overlay = newOverlay
    return game.handle(newOverlay == .stats ? .statsOpened : .screenLeft, at: now)
  }

  private mutating func closeOverlay(at now: Instant) -> [Transition] {
    let closed = overlay
    overlay = nil
    return game.handle(closed == .stats ? .statsClosed : .clockTicked, at: now)
  }

  private mutating func escape(at now: Instant) -> [Transition] {
    if overlay != nil { return closeOverlay(at: now) }
    guard place == .quiz else { return [] }
    place = .start
    focus = .start
    return game.handle(.screenLeft, at: now)
  }

  // MARK: - Focus

  /// The buttons of the place on screen, in Tab order.
  private var controls: [Control] {
    if overlay != nil { return [.close] }
    switch place {
    case .start: return [.start, .stats, .quit]
    case .quiz: return [.option(0), .option(1), .option(2), .option(3), .pause, .stats]
    }
  }

  private mutating func moveFocus(by step: Int) {
    let controls = controls
    let index = controls.firstIndex(of: focus) ?? 0
    focus = controls[(index + step + controls.count) % controls.count]
  }

  /// Up and down on the quiz screen: between the two rows of names, and from the top row up
  /// to Pause; elsewhere like left and right.
  private mutating func moveFocusVertically(down: Bool) {
    guard place == .quiz, overlay == nil else { return moveFocus(by: down ? 1 : -1) }
    switch focus {
    case .option(let index):
      if down {
        if index < 2 { focus = .option(index + 2) }
      } else {
        focus = index >= 2 ? .option(index - 2) : .pause
      }
    case .pause, .stats:
      if down { focus = .option(0) }
    default:
      focus = .option(0)
    }
  }
}
