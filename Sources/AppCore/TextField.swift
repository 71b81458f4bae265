import GameEngine

/// The name being typed: its characters and the cursor, and the edits a line of a shell
/// takes (Backspace, Ctrl-U, Ctrl-W, Left and Right).
public struct TextField: Hashable, Sendable {
  public enum Edit: Hashable, Sendable {
    /// Backspace: the character before the cursor.
    case deleteBackward
    /// Ctrl-U: everything.
    case clear
    /// Ctrl-W: the word before the cursor, and the spaces after it.
    case deleteWord
    case left
    case right
  }

  /// The longest name that can be typed, in characters.
  public static let limit = 80

  public private(set) var characters: [Character] = []
  /// Where the next character goes: 0 (before the first) to `characters.count`.
  public private(set) var cursor = 0

  public init(_ text: String = "") {
    characters = Array(text.prefix(Self.limit))
    cursor = characters.count
  }

  public var text: String { String(characters) }

  /// The first control character in `text` (none is ever typed); nil for none.
  public static func firstControl(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { $0.properties.generalCategory == .control }
  }

  /// Types `character` at the cursor (a control character, or one past the limit, is not
  /// taken).
  public mutating func insert(_ character: Character) {
    guard characters.count < Self.limit, Self.firstControl(in: String(character)) == nil
    else { return }
    characters.insert(character, at: cursor)
    cursor += 1
  }

  public mutating func apply(_ edit: Edit) {
    switch edit {
    case .deleteBackward:
      guard cursor > 0 else { return }
      cursor -= 1
      characters.remove(at: cursor)
    case .clear:
      characters = []
      cursor = 0
    case .deleteWord:
      var start = cursor
      while start > 0, characters[start - 1].isWhitespace { start -= 1 }
      while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    }
  }
}

/// Where a name typed with a slip differs from the name: the name's characters to light.
package enum SlipMarks {
  /// The indices of `name`'s characters where `typed` differs, comparing each character as
  /// typed answers are matched (its Latin spelling, lower case, letters and digits only): the
  /// letters between the longest common start and end; where a letter is missing or extra,
  /// the one beside the gap. A name's first or last word typed alone (which counts alone) is
  /// compared with that word: whichever of the three `typed` differs from least (a slip in a
  /// family name typed alone lit the whole name).
  package static func differing(typed: String, name: String) -> Set<Int> {
    // Each folded letter of the name, with the index of the character it comes from and the
    // word it is in.
    var word = 0
    var letters: [(letter: Character, index: Int, word: Int)] = []
    for (index, character) in name.enumerated() {
      if character.isWhitespace, letters.last?.word == word { word += 1 }
      letters += folded(String(character)).map { (letter: $0, index: index, word: word) }
    }
    let typedLetters = folded(typed)
    guard let first = letters.first?.word, let last = letters.last?.word else { return [] }
    let candidates =
      [letters]
      + (first == last
        ? []
        : [first, last].map { end in
          letters.filter { $0.word == end }
        })
    var best: (Set<Int>, cost: Int)?
    for candidate in candidates {
      let x = candidate.map(\.letter)
      if x == typedLetters { return [] }
      let window = NameMatching.difference(x, typedLetters)
      let cost = window.a.count + window.b.count
      guard cost < best?.cost ?? .max else { continue }
      let marks =
        window.a.isEmpty
        ? [candidate[min(window.a.lowerBound, x.count - 1)].index]
        : Set(window.a.map { candidate[$0].index })
      best = (marks, cost)
    }
    return best?.0 ?? []
  }

  private static func folded(_ text: String) -> [Character] {
    Array(LatinSpelling.of(text).lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
