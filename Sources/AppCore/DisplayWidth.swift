import CTextWidth

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
  /// The first of `texts` (the fullest first) that fits in `columns`, else the last: a line
  /// said in fewer words where the window is narrow, rather than cut.
  public static func fitting(_ texts: [String], in columns: Int) -> String {
    texts.first { of($0) <= columns } ?? texts.last ?? ""
  }

  /// `text` in at most `most` lines of at most `columns` columns, broken between words (a
  /// word wider than a line broken where the line ends); what does not fit in the last line
  /// is cut with `ellipsis`.
  public static func wrapping(
    _ text: String, in columns: Int, lines most: Int, ellipsis: String = "…"
  ) -> [String] {
    guard most > 0 else { return [] }
    var words: [String] = []
    for word in text.split(separator: " ") {
      var rest = Substring(word)
      // A word wider than a line: as much of it as a line holds, then the rest.
      while columns > 0, of(rest) > columns {
        var piece = ""
        while let next = rest.first, of(piece) + of(next) <= columns {
          piece.append(next)
          rest.removeFirst()
        }
        if piece.isEmpty { break }
        words.append(piece)
      }
      if !rest.isEmpty { words.append(String(rest)) }
    }
    var lines: [String] = []
    var line = ""
    for word in words {
      let joined = line.isEmpty ? word : line + " " + word
      if of(joined) <= columns || line.isEmpty {
        line = joined
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    let kept = Array(lines.prefix(most))
    // The last line kept takes the rest of the text, cut.
    let last = lines.dropFirst(kept.count - 1).joined(separator: " ")
    return kept.dropLast().map { truncate($0, to: columns, ellipsis: ellipsis) }
      + [truncate(last, to: columns, ellipsis: ellipsis)]
  }

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

extension DisplayWidth {
  /// Each text cut to its limit like `truncate`, except that different texts which would look
  /// the same once cut keep their ends as well, from the word where they start to differ:
  /// "Marie-Claire Dupont" and "Marie-Claire Dupuis" in 15 columns become "Marie-Cl…Dupont"
  /// and "Marie-Cl…Dupuis" rather than two "Marie-Claire D…". (Texts the same in full stay
  /// the same.)
  public static func truncateDistinctly(
    _ texts: [(text: String, limit: Int)], ellipsis: String = "…"
  ) -> [String] {
    var result = texts.map { truncate($0.text, to: $0.limit, ellipsis: ellipsis) }
    let clashes = Dictionary(grouping: result.indices) { result[$0] }.values.filter { group in
      Set(group.map { texts[$0].text }).count > 1
    }
    for group in clashes {
      let originals = group.map { Array(texts[$0].text) }
      let distinct = Set(originals).count
      let common = commonPrefixLength(originals)
      // The ends to try, shortest last: from the word where the texts start to differ, from
      // the first character that differs, then ever longer ends.
      let wordStart = (originals[0].prefix(common).lastIndex(of: " ")).map { $0 + 1 } ?? 0
      var choices: [(Int) -> Int] = [
        { originals[$0].count - wordStart }, { originals[$0].count - common },
      ]
      let longest = originals.map(\.count).max() ?? 0
      choices += (1..<max(1, longest)).map { kept in { _ in kept } }
      for choice in choices {
        let candidates = group.indices.map { position in
          keepingEnd(
            texts[group[position]].text, of: choice(position), limit: texts[group[position]].limit,
            ellipsis: ellipsis)
        }
        guard candidates.allSatisfy({ $0 != nil }), Set(candidates.map { $0! }).count == distinct
        else { continue }
        for (index, candidate) in zip(group, candidates) { result[index] = candidate! }
        break
      }
    }
    return result
  }

  /// How many characters all the texts begin with.
  private static func commonPrefixLength(_ texts: [[Character]]) -> Int {
    guard let first = texts.first else { return 0 }
    var length = 0
    while length < first.count,
      texts.allSatisfy({ length < $0.count && $0[length] == first[length] })
    {
      length += 1
    }
    return length
  }

  /// `text` cut in the middle to `limit` columns, keeping its last `kept` characters; nil when
  /// the end leaves the beginning fewer than three columns.
  private static func keepingEnd(_ text: String, of kept: Int, limit: Int, ellipsis: String)
    -> String?
  {
    if of(text) <= limit { return text }
    let end = String(text.suffix(kept))
    let room = limit - of(ellipsis) - of(end)
    guard room >= min(3, limit - of(ellipsis) - 1) else { return nil }
    return truncate(String(text.dropLast(kept)), to: room, ellipsis: "") + ellipsis + end
  }
}
