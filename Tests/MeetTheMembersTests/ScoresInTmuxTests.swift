import Foundation
import LoopbackServer
import XCTest

/// The club's scores in a real terminal: the first finished round asks once, `y` keeps the
/// answer in the settings and sends the round's score, and the next launch sends without
/// asking.
final class ScoresInTmuxTests: GameInTmuxTestCase {
  func testTheFirstFinishedRoundAsksOnceAndYesSendsItsScore() throws {
    let club = try ClubServer()
    let zip = try ClubServer.zip(photos: 6)
    club.server["/roster.json"] = .body(
      RosterPublishing.manifest(version: "3", zip: zip, changing: ["scores-url": "/scores"]))
    club.server["/club.zip"] = .body(zip)
    club.server["/scores"] = .status(201)
    let settings = tmux.path("settings.toml")
    try "player = \"Ana\"   # for the club\n".write(
      toFile: settings, atomically: true, encoding: .utf8)
    let posted = { club.server.received.filter { $0.path == "/scores" }.count }
    let arguments = [
      "--config", settings, "--data-dir", tmux.path("data"), "--round", "1", club.url,
    ]

    launch(arguments, environment: "XDG_CACHE_HOME='\(club.cache)'")
    let question = startGame()
    tmux.press("\(question.correct + 1)")
    tmux.waitForScreen(showing: [
      "Send your scores to Example Club?", "As Ana; no answers", "[ Yes (y) ]",
    ])
    XCTAssertEqual(posted(), 0, "nothing before the player says yes")
    tmux.press("y")
    tmux.waitForScreen(showing: ["Scores go to Example Club as Ana"])
    XCTAssertEqual(posted(), 1)
    XCTAssertEqual(
      try String(contentsOfFile: settings, encoding: .utf8),
      "player = \"Ana\"   # for the club\nsend-scores = '127.0.0.1:\(club.server.port)'\n")
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")

    // The next launch remembers: the round's score goes without a question.
    launch(arguments, environment: "XDG_CACHE_HOME='\(club.cache)'")
    let again = startGame()
    tmux.press("\(again.correct + 1)")
    tmux.waitForScreen(showing: ["Round 1 finished", "Scores go to Example Club as Ana"])
    XCTAssertFalse(tmux.screen().contains("Send your scores"), tmux.screen())
    XCTAssertEqual(posted(), 2)
    tmux.press("q")
    XCTAssertEqual(waitForExit().status, "0")
  }
}
