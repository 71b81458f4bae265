import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// The keymap is the one table of keys: every key it lists does what it says in its context,
/// and the help and the hints say what it lists.
final class KeymapTests: XCTestCase {
  /// Many members, so that the people window's list scrolls.
  private static let crowd = (0..<40).map {
    Member(id: MemberID("c\($0)"), name: "Person \($0)", group: $0 % 2 == 0 ? "even" : "odd")
  }

  /// A model whose screen is in `context` (its most particular one), with room to show each
  /// key's effect: a focus in the middle of a row, a group in the middle of the list, a
  /// people list scrolled down a little.
  private func model(in context: KeyContext, scores: ClubScores? = nil) -> TestModel {
    switch context {
    case .anywhere, .startScreen:
      var model = makeModel()
      model.handle(.key(.tab), at: .zero)  // Learn: a button on either side
      return model
    case .groupList:
      var model = makeModel(members: Self.crowd)
      model.handle(.press(.group(1)), at: .zero)
      return model
    case .question:
      var model = makeModel()
      model.startQuiz()
      model.handle(.press(.stats), at: .zero)
      model.handle(.key(.escape), at: .zero)
      model.handle(.press(.pause), at: .zero)  // resumed: the question runs, focus on Pause
      return model
    case .typing:
      var model = makeModel(rules: Rules(questionKinds: .typing))
      model.startQuiz()
      for character in "Ab cd" { model.handle(.key(.character(character)), at: .zero) }
      model.handle(.key(.left), at: .zero)  // the cursor between c and d
      return model
    case .nameCard:
      var model = makeModel()
      model.handle(.press(.learn), at: .zero)
      return model
    case .finished:
      var model = makeModel(rules: Rules(roundLength: .questions(1)), scores: scores)
      model.startQuiz()
      model.handle(.press(.option(0)), at: .seconds(1))
      model.handle(.tick, at: .seconds(3))
      return model
    case .window:
      var model = makeModel()
      model.handle(.press(.stats), at: .zero)
      return model
    case .listWindow:
      var model = makeModel(size: CellSize(columns: 80, rows: 24), members: Self.crowd)
      model.handle(.key(.character("m")), at: .zero)
      for _ in 0..<3 { model.handle(.key(.down), at: .zero) }
      return model
    case .settingsWindow:
      // The seconds to answer chosen: a setting above and below, values on either side.
      var model = makeModel(settings: Self.settings)
      model.handle(.key(.character(",")), at: .zero)
      for _ in 0..<2 { model.handle(.key(.down), at: .zero) }
      return model
    case .settingEdit:
      // The player's name typed: "Ab cd", the cursor between c and d.
      var model = makeModel(settings: Self.settings)
      model.handle(.key(.character(",")), at: .zero)
      model.handle(.key(.down), at: .zero)
      model.handle(.key(.enter), at: .zero)
      for character in "Ab cd" { model.handle(.key(.character(character)), at: .zero) }
      model.handle(.key(.left), at: .zero)
      return model
    }
  }

  private static let settings = SettingsFile(
    path: "/home/ada/.config/meet-the-members/config.toml", values: ["answer-seconds": "5"])

  /// The name being typed: a question's, or in the settings window a setting's.
  private func field(_ model: TestModel) -> TextField {
    model.overlay == .settings ? model.model.settingsWindow.editing ?? TextField() : model.typing
  }

  /// Whether `after` shows that `action` was done on `before`.
  private func did(_ action: KeyAction, from before: TestModel, to after: TestModel) -> Bool {
    let window = before.overlay != nil
    let focus = { (model: TestModel) in window ? model.windowFocus : model.focus }
    switch action {
    case .pressFocused:
      var pressed = before
      pressed.handle(.press(focus(before)), at: .seconds(1))
      return pressed.model.screen == after.model.screen && pressed.hasQuit == after.hasQuit
    case .focusNext, .focusPrevious, .focusLeft, .focusRight, .focusUp, .focusDown:
      var moved = before
      let controls = moved.model.controls
      let index = controls.firstIndex(of: focus(before))!
      let expected: Control
      switch action {
      case .focusNext,
        .focusDown where before.place == .start || window:
        expected = controls[(index + 1) % controls.count]
      case .focusPrevious,
        .focusUp where before.place == .start || window:
        expected = controls[(index + controls.count - 1) % controls.count]
      case .focusRight: expected = controls[min(index + 1, controls.count - 1)]
      case .focusLeft: expected = controls[max(index - 1, 0)]
      case .focusDown: expected = .option(0)  // from Pause down to the names
      default: expected = .pause  // up from the names' top row
      }
      moved = after
      return focus(moved) == expected && expected != focus(before)
    case .answer(let index):
      return after.game.results.last?.chosenIndex == index
        && after.game.results.count == before.game.results.count + 1
    case .pause:
      guard case .paused(let paused) = after.game.state.phase else { return false }
      return !before.game.state.phase.isPaused && paused.reason == .player
        && after.overlay == nil
    case .open(let overlay):
      return after.overlay == overlay && before.overlay != overlay
    case .back where before.model.settingsWindow.editing != nil:
      // A setting typed is left as it was; the window stays.
      return after.overlay == .settings && after.model.settingsWindow.editing == nil
        && after.model.settingsFile == before.model.settingsFile
    case .back:
      return window ? after.overlay == nil : after.place == .start && before.place == .quiz
    case .chooseSetting(let step):
      return after.model.settingsWindow.selected == before.model.settingsWindow.selected + step
    case .changeSetting(let step):
      return after.model.settingsFile?.values["answer-seconds"] == (step > 0 ? "6" : "4")
    case .editSetting:
      return after.model.settingsFile?.values["answer-seconds"] == "6"
    case .resetSetting:
      return before.model.settingsFile?.values["answer-seconds"] != nil
        && after.model.settingsFile?.values["answer-seconds"] == nil
    case .quit:
      return after.hasQuit
    case .drill:
      return before.game.state.game == nil && after.game.state.game?.mode == .drill
    case .makeClub:
      return before.model.clubOffer == .offered && after.model.clubOffer == .made
    case .answerScores(let yes):
      return before.model.scores?.held != nil && after.model.scores?.held == nil
        && after.model.scores?.consent == (yes ? .yes : .no)
    case .nextQuizKind:
      return before.game.quizKinds == .names && after.game.quizKinds == .faces
    case .previousGroup:
      return after.game.groupIndex == before.game.groupIndex - 1
    case .nextGroup:
      return after.game.groupIndex == before.game.groupIndex + 1
    case .scroll(let move):
      let (old, new) = (before.model.screen.people!.first, after.model.screen.people!.first)
      switch move {
      case .up, .pageUp: return new < old
      case .down, .pageDown, .bottom: return new > old
      case .top: return new == 0 && old > 0
      }
    case .edit(let edit):
      let (old, new) = (field(before), field(after))
      switch edit {
      case .deleteBackward: return new.text == "Ab d" && new.cursor == old.cursor - 1
      case .clear: return new.text.isEmpty && !old.text.isEmpty
      case .deleteWord: return new.text == "Ab d" && new.cursor == 3
      case .left: return new.cursor == old.cursor - 1 && new.text == old.text
      case .right: return new.cursor == old.cursor + 1 && new.text == old.text
      }
    case .submit where before.overlay == .settings:
      return after.model.settingsFile?.values["player"] == "Ab cd"
        && after.model.settingsWindow.editing == nil
    case .submit:
      return after.game.results.count == before.game.results.count + 1
        && after.game.results.last?.typed?.text == before.model.typing.text
    case .click, .suspend, .type:
      return false  // no key does these
    }
  }

  func testEveryKeyDoesWhatItsBindingSaysInItsContext() {
    var walked = 0
    for binding in Keymap.bindings {
      for key in binding.keys {
        // The drill needs people taken for each other.
        var before =
          switch binding.action {
          case .drill: makeDrillModel()
          case .makeClub: makeModel(offersClub: true)
          case .answerScores: model(in: .finished, scores: exampleClubScores())
          case .open(.settings): makeModel(settings: Self.settings)
          default: model(in: binding.context)
          }
        if binding.action == .open(.warnings) {
          XCTAssertFalse(before.screen.roster.warnings.isEmpty)
        }
        XCTAssertEqual(
          before.model.keyContexts.first,
          binding.context == .anywhere ? .startScreen : binding.context,
          "the model is set up in \(binding.context)")
        XCTAssertEqual(
          Keymap.action(for: key, in: before.model.keyContexts), binding.action,
          "\(key) in \(binding.context)")
        var after = before
        after.handle(.key(key), at: .seconds(1))
        before.handle(.tick, at: .seconds(1))
        XCTAssertTrue(
          did(binding.action, from: before, to: after),
          "\(key) in \(binding.context) should \(binding.words)")
        walked += 1
      }
    }
    XCTAssertGreaterThan(walked, 30)
  }

  /// The help window keeps its width as it scrolls: as wide as its widest line, shown or not
  /// (play-test: it changed width at each page).
  func testTheHelpWindowKeepsItsWidthAsItScrolls() throws {
    // Wide enough that no line is cut, short enough that it scrolls.
    var model = makeModel(size: CellSize(columns: 120, rows: 20))
    model.handle(.key(.character("?")), at: .zero)
    func corner() throws -> Int { try XCTUnwrap(cell(of: "┌", in: model.frame)).column }
    let first = try corner()
    var pages = 0
    for _ in 0..<40 {
      let before = model.frame.text
      model.handle(.key(.down), at: .zero)
      if model.frame.text != before { pages += 1 }
      XCTAssertEqual(try corner(), first, model.frame.text)
    }
    XCTAssertGreaterThan(pages, 3, "the help scrolls")
  }

  func testEveryBindingIsInTheHelpWindow() {
    var model = makeModel(size: CellSize(columns: 120, rows: 40))
    model.handle(.key(.character("?")), at: .zero)
    let text = model.frame.text
    let lines = Keymap.helpLines(look: unicodeLook)
    for binding in Keymap.bindings {
      let words = binding.words + binding.context.helpSuffix
      guard let line = lines.first(where: { $0.words == words }) else {
        return XCTFail("no help line says \(words)")
      }
      XCTAssertTrue(text.contains(line.keys), "\(line.keys) is not in the help:\n\(text)")
      XCTAssertTrue(text.contains(line.words), "\(line.words) is not in the help:\n\(text)")
      for key in binding.keys {
        let written = Keymap.label(of: [key], look: unicodeLook)
        let arrows = [unicodeLook.arrows, unicodeLook.leftRight, unicodeLook.upDown]
        let found =
          [.up, .down, .left, .right].contains(key)
          ? arrows.contains { line.keys.contains($0) } : line.keys.contains(written)
        XCTAssertTrue(
          found || (key.isCapitalLetter && line.keys.contains(written.lowercased())),
          "\(written) is not on the help line for \(words): \(line.keys)")
      }
      if let name = binding.name { XCTAssertTrue(line.keys.contains(name), name) }
    }
  }

  /// A question revealed or paused is not answered: its hints do not say 1-4, and a paused
  /// one's say that p resumes. In a narrow window the hints that give way are the ones found
  /// elsewhere; quitting stays.
  func testTheHintsFitWhatCanBeDoneNowAndTheWindow() {
    var revealed = model(in: .question)
    revealed.handle(.press(.option(0)), at: .seconds(1))
    XCTAssertFalse(revealed.model.screen.keyHints.contains("answer"), revealed.frame.text)
    var paused = model(in: .question)
    paused.handle(.press(.pause), at: .seconds(1))
    XCTAssertTrue(paused.game.state.phase.isPaused)
    XCTAssertEqual(
      paused.model.screen.keyHints,
      "Tab ←→↑↓ move · p resume · s stats · ? help · Esc menu · q quit")
    let start = model(in: .startScreen).model.screen
    XCTAssertEqual(start.keyHints(width: 46), "Enter press · s stats · ? help · q quit")
    XCTAssertEqual(start.keyHints(width: 29), "Enter press · ? help · q quit")
    XCTAssertEqual(start.keyHints(width: 28), "Enter press · q quit")
    XCTAssertEqual(
      model(in: .question).model.screen.keyHints(width: 36),
      "1-4 answer · p pause · q quit")
  }

  /// The hints under each screen come from the keymap: what each says is what the key does
  /// there.
  func testTheHintsSayWhatTheKeysDoOnEachScreen() {
    let cases: [(KeyContext, String)] = [
      (.startScreen, "Enter press · Tab ←→↑↓ move · s stats · m people · ? help · q quit"),
      (.groupList, "Enter press · Tab ←→ move · ↑↓ group · s stats · m people · ? help · q quit"),
      (.question, "1-4 answer · Tab ←→↑↓ move · p pause · s stats · ? help · Esc menu · q quit"),
      (.nameCard, "Enter next · p pause · s stats · ? help · Esc menu · q quit"),
      (.typing, "Enter answer · Ctrl-P pause · Ctrl-T stats · Esc menu"),
      (.finished, "Enter press · Tab ←→↑↓ move · Esc menu · q quit"),
      (.window, "Enter press · Tab ←→↑↓ move · Esc close · q quit"),
    ]
    for (context, hints) in cases {
      let model = model(in: context)
      XCTAssertEqual(model.model.screen.keyHints, hints, "\(context)")
      if context != .window {  // a window may cover the line
        XCTAssertTrue(model.frame.text.contains(hints), "\(context):\n\(model.frame.text)")
      }
      for hint in hints.components(separatedBy: " · ") {
        let parts = hint.split(separator: " ")
        let word = String(parts.last!)
        let binding = Keymap.bindings.first {
          $0.hint == word && model.model.keyContexts.contains($0.context)
        }
        XCTAssertNotNil(binding, "\(hint) in \(context) is a binding's hint")
      }
    }
  }
}

extension Key {
  fileprivate var isCapitalLetter: Bool {
    if case .character(let character) = self { return character.isUppercase }
    return false
  }
}
