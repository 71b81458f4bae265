import Pictures

/// The windows whose lines scroll (the keys, the files skipped): how many lines a window has
/// room for, which are in view, and the files skipped made into lines.
package enum ScrolledLines {
  /// The lines a window has room for (its box, a blank line, the button).
  package static func visible(in size: CellSize) -> Int { max(1, size.rows - 7) }

  /// The first line in view of `count` lines, kept where the window is full.
  package static func clampedFirst(_ first: Int, count: Int, in size: CellSize) -> Int {
    min(max(0, first), max(0, count - visible(in: size)))
  }

  /// The first line in view of `count` lines after a move of the list.
  static func scrolled(
    _ first: Int, _ move: KeyAction.Scroll, count: Int, in size: CellSize
  ) -> Int {
    let first = clampedFirst(first, count: count, in: size)
    let moved = move.moved(first, page: visible(in: size), count: count)
    return clampedFirst(moved, count: count, in: size)
  }

  /// The files-skipped window's lines: each warning whole on the lines it takes in a window as
  /// wide as `size` allows, its next lines indented under its first (what to do about it
  /// comes last: a play-test saw it cut).
  package static func warnings(
    _ warnings: [String], look: CellStyle, in size: CellSize
  ) -> [(String, Style)] {
    // The box's text is at most the screen less its borders and margins.
    let columns = max(12, size.columns - 6)
    return warnings.flatMap { warning in
      let wrapped = DisplayWidth.wrapping(
        warning, in: columns, lines: .max, ellipsis: look.ellipsis)
      let rest = wrapped.dropFirst().joined(separator: " ")
      let more =
        rest.isEmpty
        ? [] : DisplayWidth.wrapping(rest, in: columns - 2, lines: .max, ellipsis: look.ellipsis)
      return [(wrapped[0], Style.plain)] + more.map { ("  " + $0, Style.plain) }
    }
  }
}
