import Pictures

/// The screens' characters and colours, from the same colours and symbols the pictures use.
///
/// Colours must read on dark and on light backgrounds alike (xterm, macOS Terminal and many
/// themes are white). With the 256-colour palette (and in truecolor, which shows the same
/// palette entries) the screens use fixed entries of middle lightness, each at least about 4:1
/// against both black and white; with 16 or 8 colours they use the theme's own, which its
/// author chose for its background, and secondary text is the terminal's dim attribute where
/// no grey is sure to exist.
extension CellStyle {
  var hasColor: Bool { colors != .monochrome }
  private var unicode: Bool { symbols == .unicode }
  /// Whether the 256-colour palette's fixed entries (16 to 255) can be used.
  private var hasFixedPalette: Bool {
    colors == .truecolor || colors == .colors256 || colors == .colors240
  }

  package var ellipsis: String { unicode ? "…" : "..." }
  package var barFull: String { unicode ? "█" : "#" }
  package var barEmpty: String { unicode ? "░" : "." }
  package var right: String { unicode ? "✓" : "+" }
  package var wrong: String { unicode ? "✗" : "x" }
  package var timedOut: String { unicode ? "⊘" : "-" }
  package var separator: String { unicode ? " · " : " | " }
  /// Between the ends of a range ("1–17"): an en dash.
  package var dash: String { unicode ? "–" : "-" }
  var arrows: String { unicode ? "←→↑↓" : "arrows" }
  package var leftRight: String { unicode ? "←→" : "Left Right" }
  /// The mark before the chosen line of a list.
  package var pointer: String { unicode ? "▸" : ">" }
  /// Either side of a value that Left and Right change.
  package var stepper: (left: String, right: String) { unicode ? ("◂", "▸") : ("<", ">") }
  package var upDown: String { unicode ? "↑↓" : "Up Down" }
  package var box: (horizontal: String, vertical: String, corners: [String]) {
    unicode ? ("─", "│", ["┌", "┐", "└", "┘"]) : ("-", "|", ["+", "+", "+", "+"])
  }

  /// A colour: the fixed palette entry where there is one, else the theme's entry among the
  /// first eight, which every colour terminal has.
  private func color(theme: UInt8, fixed: UInt8) -> CellColor {
    guard hasColor else { return .terminalDefault }
    return .palette(hasFixedPalette ? fixed : theme)
  }

  // Fixed entries: 31 #0087af, 28 #008700, 160 #d70000, 244 #808080, 231 #ffffff.
  private var accent: CellColor { color(theme: 6, fixed: 31) }
  private var green: CellColor { color(theme: 2, fixed: 28) }
  private var red: CellColor { color(theme: 1, fixed: 160) }

  package var title: Style { Style(foreground: accent, bold: true) }
  /// Secondary text: hints, borders, the empty part of the progress bar.
  package var dim: Style {
    switch colors {
    case .truecolor, .colors256, .colors240: Style(foreground: .palette(244))
    case .colors16: Style(foreground: .palette(8))
    case .colors8, .monochrome: Style(dim: true)
    }
  }
  package var button: Style { Style(bold: true) }
  package var focused: Style { Style(bold: true, reverse: true) }
  package var barFilled: Style { Style(foreground: accent) }
  package var barUnfilled: Style { dim }
  /// The chosen button while its flash is lit.
  package func flash(correct: Bool) -> Style {
    guard hasColor else { return Style(bold: true, reverse: true) }
    return Style(
      foreground: hasFixedPalette ? .palette(231) : .palette(correct ? 0 : 7),
      background: correct ? green : red, bold: true)
  }
  package var correctName: Style { Style(foreground: green, bold: true, underline: !hasColor) }
  package var wrongText: Style { Style(foreground: red, bold: true) }
  package var rightText: Style { Style(foreground: green, bold: true) }
}
