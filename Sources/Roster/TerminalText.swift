import Foundation

/// Text from file names and `members.csv` that is going to a terminal.
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
