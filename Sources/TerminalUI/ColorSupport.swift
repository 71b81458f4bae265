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

  /// Whether the locale in effect (set by `prepareLocale`) is UTF-8.
  private static func localeIsUTF8() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    return String(cString: codeset).uppercased().filter { $0 != "-" } == "UTF8"
  }

  /// Sets the process's locale from the environment, as ncurses needs before it starts.
  /// Returns whether the player's locale is UTF-8; when it is not, characters are still
  /// handled as UTF-8 inside (C.UTF-8) so names survive, and the screens use ASCII symbols.
  public static func prepareLocale() -> Bool {
    setlocale(LC_ALL, "")
    let utf8 = localeIsUTF8()
    if !utf8 { setlocale(LC_CTYPE, "C.UTF-8") }
    return utf8
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
