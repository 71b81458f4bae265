import CNcurses

#if canImport(Glibc)
  import Glibc
#endif

/// How many terminal columns text takes: wide CJK characters take two, combining marks none.
/// It asks the C library's `wcwidth` in a UTF-8 locale, the same table ncurses lays text out
/// with, so a frame and the screen agree. Like ncurses, it counts every code point of a
/// sequence (an emoji joined with ZWJ counts each part).
public enum DisplayWidth {
  /// A UTF-8 locale for `wcwidth`, whatever the process's own locale is (tests run in "C").
  nonisolated(unsafe) private static let utf8Locale: locale_t? =
    newlocale(1 << LC_CTYPE, "C.UTF-8", nil)

  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue {
      return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
    }
    let previous = utf8Locale.map { uselocale($0) }
    defer { if let previous { uselocale(previous) } }
    var total = 0
    for scalar in character.unicodeScalars {
      let width = mtm_wcwidth(scalar.value)
      total += width < 0 ? (scalar.properties.isGraphemeExtend ? 0 : 1) : Int(width)
    }
    return min(total, 2)
  }

  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// `text` with spaces after it to take `columns` columns (never cut).
  public static func pad(_ text: String, to columns: Int) -> String {
    text + String(repeating: " ", count: max(0, columns - of(text)))
  }

  /// `text` cut to at most `limit` columns, ending with `ellipsis` when anything was cut.
  public static func truncate(_ text: String, to limit: Int, ellipsis: String = "…") -> String {
    guard limit > 0 else { return "" }
    if of(text) <= limit { return text }
    let ellipsisWidth = of(ellipsis)
    let room = ellipsisWidth <= limit ? limit - ellipsisWidth : limit
    var result = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > room { break }
      result.append(character)
      used += width
    }
    return ellipsisWidth <= limit ? result + ellipsis : result
  }
}
