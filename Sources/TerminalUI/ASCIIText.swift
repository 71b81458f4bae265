import Foundation
import Synchronization

/// Text spelt in ASCII for terminals whose locale is not UTF-8: "Nguyễn Thị Hoa" becomes
/// "Nguyen Thi Hoa", "Мария" "Maria", "田中" "tian zhong", with ICU's transliterators (through
/// Foundation). Anything they leave is a question mark.
enum ASCIIText {
  /// Transliterations are slow next to drawing a frame, and the same names come back on
  /// every frame: each text is spelt once.
  private static let spelt = Mutex<[String: String]>([:])
  private static let transform = StringTransform("Any-Latin; Latin-ASCII")

  static func spelling(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    if let known = spelt.withLock({ $0[text] }) { return known }
    let latin = text.applyingTransform(transform, reverse: false) ?? text
    let ascii = String(
      String.UnicodeScalarView(
        latin.unicodeScalars.map { $0.isASCII ? $0 : "?" }))
    spelt.withLock { $0[text] = ascii }
    return ascii
  }
}
