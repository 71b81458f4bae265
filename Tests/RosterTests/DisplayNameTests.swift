import XCTest

@testable import Roster

/// The byte paths for ASCII names give what the Unicode paths give.
final class DisplayNameFastPathTests: XCTestCase {
  func testASCIIPathsAgreeWithTheUnicodePaths() {
    // Letters of both cases, the separators, white space, controls and punctuation.
    let alphabet = Array("aAbZz _-.'\t\n\r\u{1B}\u{7F},09")
    var random = SystemRandomNumberGenerator()
    var checked = 0
    for _ in 0..<5_000 {
      let length = Int.random(in: 0...12, using: &random)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
      XCTAssertEqual(
        DisplayName.cleanASCII(text), DisplayName.cleanUnicode(text), text.debugDescription)
      XCTAssertEqual(
        DisplayName.spacedASCII(Substring(text)), DisplayName.spacedUnicode(Substring(text)),
        text.debugDescription)
      XCTAssertEqual(
        DisplayName.titleCasedIfUniformASCII(text), DisplayName.titleCasedIfUniformUnicode(text),
        text.debugDescription)
      checked += 1
    }
    XCTAssertEqual(checked, 5_000)
  }
}
