import Foundation
import XCTest

/// Questions of faces in a real terminal (tmux): four faces side by side, one chosen by a
/// mouse click on it.
final class FacesInTmuxTests: GameInTmuxTestCase {
  func testAFaceIsChosenByAClick() throws {
    launch(["--seed", "5", "--kind", "faces", "--data-dir", tmux.path("data")])
    let question = startGame()
    XCTAssertEqual(trace.all("question").last?["kind"] as? String, "face")
    // The faces' numbers, under them: the right one's column, and a row inside its face.
    let lines = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let labels = try XCTUnwrap(
      lines.firstIndex {
        $0.split(separator: " ", omittingEmptySubsequences: true) == ["1", "2", "3", "4"]
      }, lines.joined(separator: "\n"))
    let label = lines[labels]
    let number = try XCTUnwrap(label.firstIndex(of: Character("\(question.correct + 1)")))
    let column = label.distance(from: label.startIndex, to: number)
    let row = labels - 3
    // An X10 mouse report of a left button press at 1-based column and row.
    let x10 =
      "\u{1B}[M" + String(UnicodeScalar(UInt8(32)))
      + String(UnicodeScalar(UInt8(33 + column))) + String(UnicodeScalar(UInt8(33 + row)))
    tmux.sendLiteral(x10)
    let name = try XCTUnwrap(trace.all("question").last?["member"] as? String)
    tmux.waitForScreen(showing: ["Right! \(name)"])
    XCTAssertEqual(trace.all("phase").compactMap { $0["outcome"] as? String }, ["correct"])
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
  }
}
