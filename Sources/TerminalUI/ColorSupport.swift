import AppCore
import Foundation
import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// What the terminal says it can show.
public enum ColorSupport {
  /// NO_COLOR means none; COLORTERM truecolor or 24bit means truecolor; a TERM with 256
  /// colours means 240 (the theme-independent part of the palette); otherwise 16, and 8 for
  /// the plainest terminals.
  public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> ColorMode
  {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
    let term = environment["TERM"] ?? ""
    if term.hasSuffix("-direct") { return .truecolor }
    if term.contains("256color") { return .colors240 }
    if term == "dumb" || term.isEmpty { return .monochrome }
    if term == "linux" || term.hasPrefix("vt") { return .colors8 }
    return .colors16
  }
}

extension ColorMode {
  /// How many colours a terminal needs for truecolor (terminfo's `colors` of a -direct entry).
  static let truecolorCount = 0x100_0000

  /// This mode, or the richest below it that a terminal with `available` colours can show
  /// (no colour when it reports none).
  func fitting(_ available: Int) -> ColorMode {
    if available <= 0 { return .monochrome }
    switch self {
    case .truecolor where available < Self.truecolorCount:
      return ColorMode.colors240.fitting(available)
    case .colors256 where available < 256, .colors240 where available < 256:
      return ColorMode.colors16.fitting(available)
    case .colors16 where available < 16: return .colors8
    default: return self
    }
  }
}

/// ncurses' number for a colour, given how many colours the terminal has.
enum ColorNumber {
  /// -1 for the terminal's own colour; a palette index; or on a direct-colour terminal (one
  /// with `ColorMode.truecolorCount` colours) the RGB value itself. A *-direct terminfo entry
  /// sends values under 8 as the theme's first eight palette entries and any other value as
  /// RGB, so there palette entries 8 to 255 become the RGB values of xterm's palette (entry 8
  /// sent as 8 would be RGB 0,0,8: nearly black), and RGB values under 8 become 8.
  static func of(_ color: CellColor, colors: Int) -> Int32 {
    let direct = colors >= ColorMode.truecolorCount
    switch color {
    case .terminalDefault: return -1
    case .palette(let index) where direct:
      return index < 8 ? Int32(index) : Int32(max(8, rgb(ofPaletteEntry: index)))
    case .palette(let index):
      if Int(index) < colors { return Int32(index) }
      // A bright colour on an 8-colour terminal: its dark twin.
      return index < 16 && Int(index) - 8 < colors ? Int32(index) - 8 : -1
    case .rgb(let value):
      return direct ? Int32(max(value, 8)) : -1
    }
  }

  /// The 0xRRGGBB of an entry of xterm's 256-colour palette: sixteen named colours, a 6x6x6
  /// cube, then 24 greys.
  static func rgb(ofPaletteEntry index: UInt8) -> UInt32 {
    let named: [UInt32] = [
      0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
      0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    ]
    switch index {
    case 0..<16: return named[Int(index)]
    case 16..<232:
      let levels: [UInt32] = [0, 95, 135, 175, 215, 255]
      let cube = Int(index) - 16
      return levels[cube / 36] << 16 | levels[cube / 6 % 6] << 8 | levels[cube % 6]
    default:
      let grey = 8 + 10 * UInt32(index - 232)
      return grey << 16 | grey << 8 | grey
    }
  }
}
