import GameEngine
import Pictures

/// The help window's lines, and which of them a window shows.
package enum HelpLayout {
  /// Every key, then two notes.
  package static func lines(look: CellStyle) -> [(String, Style)] {
    let keys = Keymap.helpLines(look: look)
    // A long list of keys (the people window's) has a line of its own, its words under it
    // in their column, rather than pushing every line's words to the right.
    let keyWidth = min(keys.map { DisplayWidth.of($0.keys) }.max() ?? 0, 13)
    var lines: [(String, Style)] = []
    for line in keys {
      var keys = line.keys
      if DisplayWidth.of(keys) > keyWidth {
        lines.append((keys, .plain))
        keys = ""
      }
      lines.append((DisplayWidth.pad(keys, to: keyWidth) + "  " + line.words, .plain))
    }
    lines.append(("", .plain))
    lines.append(("Resuming starts the score at 0.", look.dim))
    lines.append(("Faces: \(facesDrawing(look)) (--graphics chooses).", look.dim))
    return lines
  }

  /// How faces are drawn, in a few words: "photos (sixels)", "symbols in 16 colours".
  static func facesDrawing(_ look: CellStyle) -> String {
    switch look.pixels?.graphics {
    case .kitty: return "photos (kitty graphics)"
    case .sixel: return "photos (sixels)"
    case .iterm2: return "photos (iTerm2 images)"
    case nil:
      let kind = look.symbols == .ascii ? "ASCII symbols" : "symbols"
      switch look.colors {
      case .truecolor: return "\(kind) in 24-bit colour"
      case .monochrome: return "\(kind) without colour"
      default: return "\(kind) in \(look.colors.rawValue) colours"
      }
    }
  }
}
