import Foundation

/// Turns a photo's file name into the member's name as a person would read it.
enum DisplayName {
  /// Name suffixes that follow a comma without meaning "Last, First".
  private static let suffixes: Set<String> = [
    "jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "md",
  ]

  /// "Jane Doe.jpg" is Jane Doe, "john_smith.png" is John Smith, "Doe, Jane.jpg" is Jane Doe,
  /// "mary-anne-lee.jpeg" is Mary Anne Lee and "jane.doe.png" is Jane Doe. In a name without
  /// spaces "_", "-" and "." all stand for one; in a name with spaces only "_" does, so that
  /// "Kate O'Brien-Smith" and "J. R. Hartley" keep theirs.
  static func fromFileName(_ fileName: String) -> String {
    var stem = fileName
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
      stem = String(stem[..<dot])
    }
    let separators: Set<Character> = stem.contains(where: \.isWhitespace) ? ["_"] : ["_", "-", "."]
    var name = clean(String(stem.map { separators.contains($0) ? " " : $0 }))
    let parts = name.split(separator: ",", omittingEmptySubsequences: false)
    if parts.count == 2 {
      let last = parts[0].trimmingCharacters(in: .whitespaces)
      let first = parts[1].trimmingCharacters(in: .whitespaces)
      if !last.isEmpty, !first.isEmpty, !suffixes.contains(first.lowercased()) {
        name = "\(first) \(last)"
      }
    }
    return titleCasedIfUniform(name)
  }

  /// A name as the manifest gives it: only cleaned, never re-cased or reordered.
  static func fromManifest(_ text: String) -> String {
    clean(text)
  }

  /// Composed (NFC), free of control and bidirectional-override characters, with runs of
  /// white space folded to one space.
  static func clean(_ text: String) -> String {
    let safe = TerminalText.removingControls(text.precomposedStringWithCanonicalMapping)
    return safe.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// "john smith" and "JOHN SMITH" become "John Smith"; a name with mixed case ("McDonald",
  /// "van der Berg") or without case (李小龙) is kept as it is.
  private static func titleCasedIfUniform(_ name: String) -> String {
    let cased = name.unicodeScalars.filter { $0.properties.isCased }
    guard !cased.isEmpty else { return name }
    let allLower = cased.allSatisfy { $0.properties.isLowercase }
    let allUpper = cased.allSatisfy { $0.properties.isUppercase }
    guard allLower || allUpper else { return name }
    var result = ""
    var startOfWord = true
    for character in name {
      result += startOfWord ? character.uppercased() : character.lowercased()
      startOfWord = character == " " || character == "-" || character == "'"
    }
    return result
  }
}

/// Text from file names and manifests that is going to a terminal.
public enum TerminalText {
  /// Characters that move the cursor, change colours or reorder text: C0 and C1 controls,
  /// DEL, line and paragraph separators and the bidirectional embedding, override and
  /// isolate marks.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `text` without any unsafe character: for names.
  public static func removingControls(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.filter { !isUnsafe($0) })
    return String(scalars)
  }

  /// `text` with each unsafe character shown as `\u{1B}`: for file names in warnings, so the
  /// player can still find the file.
  public static func escapingControls(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
