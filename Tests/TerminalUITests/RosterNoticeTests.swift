import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// A roster from a server whose cached version plays: the start screen says so.
final class RosterNoticeTests: XCTestCase {
  func testTheStartScreenSaysWhenTheCachedVersionPlays() {
    let roster = RosterSummary(
      members: clubMembers.count, folder: "Example Club, version 21", warnings: [],
      notice: "Cached version 21: cannot reach the server (connection refused)")
    for (name, size) in [("80x24", CellSize(columns: 80, rows: 24)), ("minimum", Layout.minimum)] {
      var model = makeModel(size: size, roster: roster)
      model.handle(.tick, at: .zero)
      assertSnapshot(model.frame, named: "start-cached-\(name)")
    }
  }
}
