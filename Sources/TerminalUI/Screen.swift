import GameEngine
import Pictures

/// A button of some screen.
public enum Control: Hashable, Sendable {
  case start
  case stats
  case quit
  /// A name button, 0 to 3.
  case option(Int)
  /// Pause, or Resume while paused.
  case pause
  /// Closes an overlay.
  case close
  /// The finished scene's button: the next round.
  case nextRound
  /// The finished scene's button: back to the start screen.
  case menu
}

/// Where the player is.
public enum Place: Hashable, Sendable {
  case start
  case quiz
}

/// A window over the current place.
public enum Overlay: Hashable, Sendable {
  case stats
  case help
  /// The roster's warnings (files skipped), from the start screen.
  case warnings
}

/// What the start screen says about the roster.
public struct RosterSummary: Hashable, Sendable {
  public var members: Int
  public var folder: String
  /// One line per file skipped, ready to print.
  public var warnings: [String]

  public init(members: Int, folder: String, warnings: [String]) {
    self.members = members
    self.folder = folder
    self.warnings = warnings
  }
}

/// The picture of the member on screen.
public enum PictureSlot: Hashable, Sendable {
  case loading
  case ready(CellPicture)
  case failed(String)
}

/// The screens' characters and colours, from the same colours and symbols the pictures use.
extension CellStyle {
  var hasColor: Bool { colors != .monochrome }
  private var unicode: Bool { symbols == .unicode }

  var ellipsis: String { unicode ? "…" : "..." }
  var barFull: String { unicode ? "█" : "#" }
  var barEmpty: String { unicode ? "░" : "." }
  var right: String { unicode ? "✓" : "+" }
  var wrong: String { unicode ? "✗" : "x" }
  var timedOut: String { unicode ? "⊘" : "-" }
  var separator: String { unicode ? " · " : " | " }
  var dash: String { unicode ? "—" : "-" }
  var arrows: String { unicode ? "←→↑↓" : "arrows" }
  var box: (horizontal: String, vertical: String, corners: [String]) {
    unicode ? ("─", "│", ["┌", "┐", "└", "┘"]) : ("-", "|", ["+", "+", "+", "+"])
  }

  // Colours from the first eight of the palette, which every colour terminal has.
  private func color(_ index: UInt8) -> CellColor { hasColor ? .palette(index) : .terminalDefault }

  var title: Style { Style(foreground: color(6), bold: true) }
  var dim: Style { Style(foreground: hasColor ? .palette(hasColorDim ? 8 : 7) : .terminalDefault) }
  private var hasColorDim: Bool { colors != .colors8 }
  var button: Style { Style(bold: true) }
  var focused: Style { Style(bold: true, reverse: true) }
  var barFilled: Style { Style(foreground: color(6)) }
  var barUnfilled: Style { dim }
  /// The chosen button while its flash is lit.
  func flash(correct: Bool) -> Style {
    guard hasColor else { return Style(bold: true, reverse: true) }
    return Style(
      foreground: .palette(correct ? 0 : 7), background: .palette(correct ? 2 : 1), bold: true)
  }
  var correctName: Style { Style(foreground: color(2), bold: true, underline: !hasColor) }
  var wrongText: Style { Style(foreground: color(1), bold: true) }
  var rightText: Style { Style(foreground: color(2), bold: true) }
}

/// Everything a screen shows: the game's state and where the player is.
public struct Screen: Hashable, Sendable {
  public var game: State
  public var place: Place
  public var overlay: Overlay?
  public var focus: Control
  public var roster: RosterSummary
  public var picture: PictureSlot
  /// Faces shown beside the main picture, such as the people missed on the finished scene.
  public var faces: [MemberID: CellPicture] = [:]
  public var appearance: CellStyle

  public init(
    game: State, place: Place = .start, overlay: Overlay? = nil, focus: Control = .start,
    roster: RosterSummary, picture: PictureSlot = .loading, appearance: CellStyle
  ) {
    self.game = game
    self.place = place
    self.overlay = overlay
    self.focus = focus
    self.roster = roster
    self.picture = picture
    self.appearance = appearance
  }
}
