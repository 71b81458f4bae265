import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// What the environment says about colours.
final class ColorSupportTests: XCTestCase {
  func testTheEnvironmentDecidesTheColours() {
    let cases: [([String: String], ColorMode)] = [
      (["TERM": "xterm-256color"], .colors240),
      (["TERM": "xterm-256color", "COLORTERM": "truecolor"], .truecolor),
      (["TERM": "tmux-256color", "COLORTERM": "24bit"], .truecolor),
      (["TERM": "xterm-direct"], .truecolor),
      (["TERM": "xterm"], .colors16),
      (["TERM": "linux"], .colors8),
      (["TERM": "vt100"], .colors8),
      (["TERM": "dumb"], .monochrome),
      ([:], .monochrome),
      (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .monochrome),
      (["TERM": "xterm-256color", "NO_COLOR": ""], .colors240),
    ]
    for (environment, expected) in cases {
      XCTAssertEqual(ColorSupport.detect(environment: environment), expected, "\(environment)")
    }
  }
}
