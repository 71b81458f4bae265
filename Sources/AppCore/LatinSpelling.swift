import Foundation
import Synchronization

/// Text spelt in Latin letters, in ASCII where ICU's transliterators can ("Any-Latin;
/// Latin-ASCII", through Foundation): "Nguyễn Thị Hoa" is "Nguyen Thi Hoa", "Мария" "Maria",
/// "田中" "tian zhong". Names are matched with typed answers in this spelling (see the
/// engine's `Spelling`), so that a name typed without its accents, or with them, is the same.
public enum LatinSpelling {
  /// Transliterations are slow next to drawing a frame, and the same names come back on
  /// every frame: each text is spelt once.
  private static let spelt = Mutex<[String: String]>([:])
  private static let transform = StringTransform("Any-Latin; Latin-ASCII")

  /// `text` spelt in Latin letters; kept for the next time unless `keeping` is false (a name
  /// typed, which seldom comes back: kept, every answer of a long game would stay).
  public static func of(_ text: String, keeping: Bool = true) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    if let known = spelt.withLock({ $0[text] }) { return known }
    let latin = text.applyingTransform(transform, reverse: false) ?? text
    if keeping { spelt.withLock { $0[text] = latin } }
    return latin
  }
}

/// Text spelt in ASCII for terminals whose locale is not UTF-8: its Latin spelling, and a
/// question mark for anything left.
enum ASCIIText {
  static func spelling(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    return String(
      String.UnicodeScalarView(LatinSpelling.of(text).unicodeScalars.map { $0.isASCII ? $0 : "?" }))
  }
}
