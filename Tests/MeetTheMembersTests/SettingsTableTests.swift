import AppCore
import Foundation
import GameEngine
import Pictures
import Settings
import XCTest

@testable import AppCore
@testable import Launch
@testable import TerminalUI
@testable import meet_the_members

/// The table of settings is the one place a setting is written: the options' help, the
/// file's checks, the settings window and the game's rules come from it, and the copies that
/// must stay elsewhere (the engine's own defaults, the enums of choices) agree with it.
final class SettingsTableTests: XCTestCase {
  private let table = SettingsTable.standard

  func testEveryDefaultIsAValueOfItsOwnSetting() {
    for setting in table.settings {
      guard let value = setting.byDefault else { continue }
      XCTAssertNil(setting.refusal(of: value, as: setting.key), setting.key)
    }
  }

  /// The engine keeps its own defaults (it may import nothing of ours): they are the table's.
  func testTheEnginesStandardRulesAreTheTablesDefaults() {
    XCTAssertEqual(Rules(settings: [:]), Rules.standard)
  }

  /// One line of the table changes a default everywhere it is said or used.
  func testADefaultChangedInTheTableChangesTheRulesTheHelpAndTheWindow() throws {
    var changed = table
    var answer = try XCTUnwrap(changed["answer-seconds"])
    answer.byDefault = "7"
    changed["answer-seconds"] = answer
    var round = try XCTUnwrap(changed["round"])
    round.byDefault = "all"
    changed["round"] = round

    let rules = Rules(settings: [:], table: changed)
    XCTAssertEqual(rules.answerTime, .seconds(7))
    XCTAssertEqual(rules.roundLength, .everyone)
    XCTAssertEqual(
      Rules(settings: ["answer-seconds": "3"], table: changed).answerTime, .seconds(3))
    XCTAssertEqual(
      answer.helpText, "Seconds to answer each question (0.1 to 600; default: 7).")
    XCTAssertEqual(SettingLine(answer).byDefault, "7")
    XCTAssertEqual(SettingLine(answer).stepped(from: nil, by: 1), "8")
  }

  /// The choices the table offers are the game's own: nothing offered that cannot be played,
  /// nothing playable left out.
  func testTheTablesChoicesAreTheGamesOwn() throws {
    func choices(_ key: String) throws -> [String] {
      guard case .choice(let words) = try XCTUnwrap(table[key]).kind else {
        throw XCTSkip("\(key) is no choice")
      }
      return words
    }
    XCTAssertEqual(try choices("kind"), QuestionKinds.allCases.map(\.rawValue))
    XCTAssertEqual(try choices("graphics"), GraphicsOption.allCases.map(\.rawValue))
    XCTAssertEqual(try choices("graphics"), ["auto"] + GraphicsMode.allCases.map(\.rawValue))
    XCTAssertEqual(try choices("colors"), ColorMode.allCases.map(\.rawValue))
    for key in ["kind", "graphics", "colors"] {
      XCTAssertEqual(table[key]?.steps, try choices(key), key)
    }
  }

  /// Every setting that is an option is one of the game's, with the table's help; the window
  /// shows the table's settings with their labels, in its order.
  func testTheOptionsAndTheWindowAreTheTables() throws {
    let play = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(Play._dumpHelp().utf8)) as? [String: Any])
    let arguments = try XCTUnwrap(
      (play["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
    var help: [String: String] = [:]
    for argument in arguments {
      for name in argument["names"] as? [[String: Any]] ?? []
      where name["kind"] as? String == "long" {
        help["--\(name["name"] as? String ?? "")"] = argument["abstract"] as? String
      }
    }
    for setting in table.settings where setting.isOption {
      XCTAssertEqual(help[setting.option], setting.helpText, setting.option)
    }
    XCTAssertEqual(
      SettingLine.all.map(\.key),
      [
        "roster", "player", "answer-seconds", "reveal-seconds", "type-seconds", "round", "minutes",
        "kind", "graphics", "colors", "send-scores",
      ])
    XCTAssertEqual(SettingLine.all.map(\.label), table.window.map { $0.label ?? "" })
  }

  /// The file's checks and the options' are the table's, worded with the key or the option.
  func testAValueIsRefusedInTheWordsOfTheFileOrOfTheOption() throws {
    let minutes = try XCTUnwrap(table["minutes"])
    XCTAssertEqual(
      minutes.refusal(of: "0", as: "minutes"), "minutes must be a whole number from 1 to 240, not 0"
    )
    XCTAssertEqual(
      minutes.refusal(of: "0", as: "--minutes"),
      "--minutes must be a whole number from 1 to 240, not 0")
    XCTAssertThrowsError(try Configuration.checked(typed: ["minutes": "241"]))
    XCTAssertEqual(
      try Configuration.checked(typed: ["minutes": "240", "kind": nil]), ["minutes": "240"])
  }
}
