import Foundation

/// Turns a photo's file name into the member's name as a person would read it.
enum DisplayName {
  /// Whether `fileName` is a camera's or a phone's own name for a photo (`IMG_0042.jpg`,
  /// `DSC01234.JPG`, `PXL_20240101_123456789.jpg`, `20240101_123456.jpg`,
  /// `IMG-20240101-WA0001.jpg`), not a person's. Run on every photo of a roster at launch, so a
  /// name with fewer than three digits is not looked at further.
  public static func isCameraFileName(_ fileName: String) -> Bool {
    let stem = fileName.lastIndex(of: ".").map { fileName[..<$0] } ?? fileName[...]
    // Only a name that starts as a camera's does (a prefix, then a digit or a separator) or
    // with a digit is matched whole: Swift's regular expressions cost a roster of 10,000 a
    // tenth of a second.
    // By bytes, ASCII letters folded, and nothing allocated: this runs for every photo.
    let bytes = stem.utf8
    let isDigit = { (byte: UInt8) in (48...57).contains(byte) }
    guard let first = bytes.first, isDigit(first) || cameraInitials.contains(first | 0x20) else {
      return false
    }
    let likely =
      isDigit(first)
      || cameraPrefixes.contains { prefix in
        bytes.starts(with: prefix.utf8) { $0 | 0x20 == $1 }
          && bytes.dropFirst(prefix.utf8.count).first.map {
            isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 | 0x20 == 0x65
          } == true
      }
    return likely && stem.wholeMatch(of: cameraFileName) != nil
  }

  /// The first letters of `cameraPrefixes`, lower case.
  private static let cameraInitials = Set("idpmswg".utf8)

  /// The prefixes of `cameraFileName`, to look at first.
  private static let cameraPrefixes = [
    "img", "dsc", "dscn", "dscf", "dcim", "pxl", "mvimg", "pict", "dji", "gopr", "image", "wp",
    "sam", "p",
  ]

  /// A camera's prefix as cameras write it (no space after it), or a phone's date and time,
  /// then its numbers, and perhaps a copy's mark ("IMG_0042 (1)", "IMG_0042~2").
  nonisolated(unsafe) private static let cameraFileName =
    #/(?i)(?:(?:img|dsc|dscn|dscf|dcim|pxl|mvimg|pict|dji|gopr|image|wp)[_-]?e?\d{3,}|sam_\d{4}|p\d{7}|\d{8}[_-]\d{6})(?:[_-](?:wa)?\d+)*(?:\s?\(\d+\)|~\d+)?/#

  /// Name suffixes that follow a comma without meaning "Last, First".
  private static let suffixes: Set<String> = [
    "jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "md",
  ]

  /// "Jane Doe.jpg" is Jane Doe, "john_smith.png" is John Smith, "Doe, Jane.jpg" is Jane Doe,
  /// "mary-anne-lee.jpeg" is Mary Anne Lee and "jane.doe.png" is Jane Doe. In a name without
  /// spaces "_", "-" and "." all stand for one; in a name with spaces only "_" does, so that
  /// "Kate O'Brien-Smith" and "J. R. Hartley" keep theirs.
  static func fromFileName(_ fileName: String) -> String {
    var stem = Substring(fileName)
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex {
      stem = stem[..<dot]
    }
    var name = clean(spaced(stem))
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

  /// The stem with its separators as spaces. Here and in `clean` and the casing, ASCII names
  /// (most of a roster's) are read as bytes: Character's Unicode properties and Foundation's
  /// normalisation cost more than the rest of loading a roster. Each ASCII path must give
  /// what its Unicode path gives (a test compares them).
  static func spaced(_ stem: Substring) -> String {
    isASCII(stem) ? spacedASCII(stem) : spacedUnicode(stem)
  }

  static func spacedUnicode(_ stem: Substring) -> String {
    let separators: Set<Character> = stem.contains(where: \.isWhitespace) ? ["_"] : ["_", "-", "."]
    return String(stem.map { separators.contains($0) ? " " : $0 })
  }

  /// `spacedUnicode` for ASCII, as bytes.
  static func spacedASCII(_ stem: Substring) -> String {
    let hasSpace = stem.utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
    let bytes = stem.utf8.map { byte in
      byte == UInt8(ascii: "_")
        || (!hasSpace && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")))
        ? UInt8(ascii: " ") : byte
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A name as `members.csv` gives it: only cleaned, never re-cased or reordered.
  static func fromMembersCSV(_ text: String) -> String {
    clean(text)
  }

  /// Composed (NFC), free of control and bidirectional-override characters, with runs of
  /// white space folded to one space.
  static func clean(_ text: String) -> String {
    isASCII(text) ? cleanASCII(text) : cleanUnicode(text)
  }

  static func cleanUnicode(_ text: String) -> String {
    let safe = TerminalText.removingControls(text.precomposedStringWithCanonicalMapping)
    return safe.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// `cleanUnicode` for ASCII, which is composed already, as bytes.
  static func cleanASCII(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 where !TerminalText.isUnsafe(Unicode.Scalar(byte)) {
      if byte != UInt8(ascii: " ") {
        bytes.append(byte)
      } else if let last = bytes.last, last != UInt8(ascii: " ") {
        bytes.append(byte)
      }
    }
    if bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func isASCII(_ text: some StringProtocol) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// "john smith" and "JOHN SMITH" become "John Smith"; a name with mixed case ("McDonald",
  /// "van der Berg") or without case (李小龙) is kept as it is.
  static func titleCasedIfUniform(_ name: String) -> String {
    isASCII(name) ? titleCasedIfUniformASCII(name) : titleCasedIfUniformUnicode(name)
  }

  static func titleCasedIfUniformUnicode(_ name: String) -> String {
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

  /// `titleCasedIfUniformUnicode` for ASCII, as bytes.
  static func titleCasedIfUniformASCII(_ name: String) -> String {
    func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte & 0xDF) }
    let letters = name.utf8.filter(isLetter)
    guard !letters.isEmpty,
      letters.allSatisfy({ $0 >= 0x61 }) || letters.allSatisfy({ $0 <= 0x5A })
    else { return name }
    var startOfWord = true
    let bytes = name.utf8.map { byte -> UInt8 in
      defer {
        startOfWord =
          byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'")
      }
      guard isLetter(byte) else { return byte }
      return startOfWord ? byte & 0xDF : byte | 0x20
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
