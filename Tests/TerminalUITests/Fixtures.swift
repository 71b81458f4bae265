import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// Six members, one name too long for any button and one in CJK characters.
let clubMembers = [
  "Kofi Mensah", "Zoë Laurent", "田中 美咲", "Mateus Costa",
  "Bartholomew Maximilian Fitzgerald-Worthington", "Nguyễn Thị Hoa",
].enumerated().map {
  // Spelt in Latin letters for the names typed, as the game spells them.
  Member(
    id: MemberID("m\($0.offset)"), name: $0.element, spelling: LatinSpelling.of($0.element))
}

let sampleRoster = RosterSummary(
  members: clubMembers.count, folder: "/home/ada/club",
  warnings: ["notes.txt: not a JPEG or PNG image", "broken.jpg: damaged: premature end"])

let unicodeLook = CellStyle(colors: .colors240, symbols: .unicode)

/// The roster a model made with `offersClub` offers to make the player's club.
let offeredClub = "/home/ada/club"

func makeModel(
  size: CellSize = CellSize(columns: 80, rows: 24), appearance: CellStyle = unicodeLook,
  seed: UInt64 = 3, rules: Rules = .standard, suppliesPictures: Bool = true,
  members: [Member] = clubMembers, roster: RosterSummary = sampleRoster, offersClub: Bool = false,
  settings: SettingsFile? = nil, scores: ClubScores? = nil
) -> TestModel {
  let questions = try! QuestionGenerator(members: members, seed: seed)
  var model = TestModel(
    model: AppModel(
      session: Session(questions: questions, rules: rules), roster: roster,
      appearance: appearance, size: size, settings: settings,
      clubRoster: offersClub ? offeredClub : nil, scores: scores),
    suppliesPictures: suppliesPictures)
  model.handle(.launched, at: .zero)
  return model
}

/// A model on the start screen of a history in which everyone was met and some were taken
/// for each other: Kofi Mensah and Mateus Costa three times, Zoë Laurent and Nguyễn Thị Hoa
/// twice, 田中 美咲 and Kofi Mensah once (not enough to drill).
func makeDrillModel(
  size: CellSize = CellSize(columns: 80, rows: 24), rules: Rules = .standard
) -> TestModel {
  let record = MemoryRecord(
    memory: MemoryState(stability: 30, difficulty: 5), lastAnswer: 0, lastGrade: .good)
  let memories = Memories(Dictionary(uniqueKeysWithValues: clubMembers.map { ($0.id, record) }))
  let id = { (index: Int) in clubMembers[index].id }
  let answers = [(0, 3), (3, 0), (0, 3), (1, 5), (5, 1), (2, 0)].map { (id($0.0), id($0.1)) }
  var history = HistorySetup(
    memories: memories, wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 3_600),
    notice: nil)
  history.confusions = Confusions(answers)
  var model = TestModel(
    model: AppModel(
      session: Session(
        questions: try! QuestionGenerator(members: clubMembers, seed: 3), rules: rules),
      roster: sampleRoster, appearance: unicodeLook, size: size, history: history),
    suppliesPictures: true)
  model.handle(.launched, at: .zero)
  return model
}

/// A stand-in for a converted photo: a checked block the size of the box (no decoder, so
/// snapshots do not depend on chafa's version).
func fakePicture(in box: CellSize) -> CellPicture {
  let size = CellSize(columns: min(box.columns, box.rows * 2), rows: box.rows)
  let cells = (0..<size.rows * size.columns).map { index in
    PictureCell(
      character: index % 2 == 0 ? "▚" : "▞", foreground: .palette(244),
      background: .palette(17))
  }
  return CellPicture(size: size, cells: cells)
}

/// The model run by the one effect runner, as the loop runs it, without a terminal: every
/// effect is recorded; a picture wanted on screen is handed in at once (unless
/// `suppliesPictures` is off), and a face the model asks to confirm is confirmed at the same
/// instant.
@dynamicMemberLookup
struct TestModel {
  private var runner: EffectRunner
  private var hands: TestEffectHandlers

  init(model: AppModel, suppliesPictures: Bool) {
    runner = EffectRunner(model)
    hands = TestEffectHandlers(suppliesPictures: suppliesPictures)
  }

  var model: AppModel { runner.model }
  /// Every effect so far, follow-ups included, in order.
  var log: [Effect] { hands.log }
  var suppliesPictures: Bool {
    get { hands.suppliesPictures }
    set { hands.suppliesPictures = newValue }
  }

  subscript<Value>(dynamicMember keyPath: KeyPath<AppModel, Value>) -> Value {
    model[keyPath: keyPath]
  }

  var game: Session { model.session }
  var question: Question { model.session.state.phase.question! }
  var frame: Frame { Renderer.render(model.screen, size: model.size) }

  /// Answers the question on screen right at `now`, as it is asked: its name pressed, or
  /// typed.
  mutating func answerRight(at now: Instant) {
    let question = self.question
    if question.kind == .typing {
      handle(.typed(question.member.name), at: now)
    } else {
      handle(.press(.option(question.correctIndex)), at: now)
    }
  }

  /// Answers the question on screen wrong at `now`: the option after the right one, or a
  /// name typed that is nobody's.
  mutating func answerWrong(at now: Instant) {
    let question = self.question
    if question.kind == .typing {
      handle(.typed("Nobody At All"), at: now)
    } else {
      handle(.press(.option((question.correctIndex + 1) % question.options.count)), at: now)
    }
  }

  /// Handles an input and runs its follow-ups; returns the effects of the input itself.
  @discardableResult
  mutating func handle(_ input: Input, at now: Instant) -> [Effect] {
    hands.now = now
    return runner.send(input, at: now, reason: .key, to: &hands)
  }

  /// Hands an input to the model alone, running none of its effects: for asserting what
  /// one input returns before its follow-ups.
  mutating func handleAlone(_ input: Input, at now: Instant) -> [Effect] {
    var model = runner.model
    let effects = model.handle(input, at: now)
    runner = EffectRunner(model)
    hands.log += effects
    return effects
  }

  /// Hands in a fake picture for a request.
  mutating func supply(_ request: PictureRequest, at now: Instant) {
    handle(.pictureReady(request, fakePicture(in: request.box)), at: now)
  }

  /// Presses Start at instant zero; the picture arrives and the face is shown at once.
  mutating func startQuiz() {
    handle(.press(.start), at: .zero)
  }

  /// The last picture asked for to be put on screen.
  var lastOnScreenRequest: PictureRequest? {
    log.reversed().lazy.compactMap { effect -> PictureRequest? in
      guard case .preparePicture(let request) = effect, request.purpose == .onScreen else {
        return nil
      }
      return request
    }.first
  }
}

/// The tests' front end: it records every effect, draws nothing, and makes a fake picture at
/// once for each picture wanted on screen.
struct TestEffectHandlers: EffectHandlers {
  var suppliesPictures: Bool
  var log: [Effect] = []
  var now = Instant.zero

  mutating func willPerform(_ effect: Effect) {
    log.append(effect)
  }

  func preparePicture(_ request: PictureRequest, at now: Instant) -> Input? {
    guard suppliesPictures, request.purpose == .onScreen else { return nil }
    return .pictureReady(request, fakePicture(in: request.box))
  }

  func setClock(_ instant: Instant?) {}
  /// The settings take every setting at once.
  func saveSetting(key: String, value: String?) -> Input {
    .settingSaved(key: key, value: value, failure: nil)
  }
  func report(_ transition: Transition, model: AppModel) {}
  func keep(_ write: Effect, at now: Instant) -> [Input] { [] }
  func quit(status: Int32, summary: String?, model: AppModel) {}
}

/// What a model on a question asks once its picture box or style changed: the face on screen
/// and the next question's made again, then a frame.
func picturesMadeAgain(_ model: TestModel, box: CellSize, style: CellStyle) -> [Effect] {
  [
    .preparePicture(
      PictureRequest(member: model.question.member.id, box: box, style: style, purpose: .onScreen)
    ),
    .preparePicture(
      PictureRequest(
        member: model.game.state.upcoming.member.id, box: box, style: style, purpose: .prefetch)),
    .render,
  ]
}

/// Compares a frame's text with the snapshot file of that name, in Snapshots/ next to this
/// file. A missing snapshot is written and the test fails, so a new snapshot is looked at
/// before it counts; RECORD_SNAPSHOTS=1 rewrites them all.
func assertSnapshot(
  _ frame: Frame, named name: String, withStyles colors: ColorMode? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let url = folder.appendingPathComponent("\(name).txt")
  let text = frame.text + "\n" + (colors.map { frame.styleSnapshot(sentTo: $0) } ?? "")
  assertFrameIsInside(frame, file: file, line: line)
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try! text.write(to: url, atomically: true, encoding: .utf8)
    if !record { XCTFail("recorded a new snapshot \(name); check it", file: file, line: line) }
    return
  }
  if expected != text {
    XCTFail(
      "\(name) differs from its snapshot (RECORD_SNAPSHOTS=1 rewrites it):\n"
        + lineDifferences(expected: expected, actual: text), file: file, line: line)
  }
}

/// The lines that differ, numbered, expected above actual; then the whole actual text.
func lineDifferences(expected: String, actual: String) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var report: [String] = []
  for index in 0..<max(old.count, new.count) {
    let before = index < old.count ? String(old[index]) : "(no line)"
    let after = index < new.count ? String(new[index]) : "(no line)"
    if before != after {
      report.append("line \(index + 1):\n  - \(before)\n  + \(after)")
    }
  }
  return report.joined(separator: "\n") + "\n--- actual ---\n" + actual
}

extension Frame {
  /// The styles of a frame as text: a map with a letter per cell (a wide character's two cells
  /// alike), then what each letter means, its colours as the terminal gets them in `mode`
  /// (RGB values in truecolor). Letters are given in the order styles first appear.
  func styleSnapshot(sentTo mode: ColorMode) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var legend: [Style] = []
    var map: [String] = []
    for row in 0..<size.rows {
      var line = ""
      for column in 0..<size.columns {
        let style = self[column, row].style
        let index = legend.firstIndex(of: style) ?? legend.count
        if index == legend.count { legend.append(style) }
        line.append(index < letters.count ? letters[index] : "?")
      }
      map.append(line)
    }
    let meanings = legend.prefix(letters.count).enumerated().map { index, style in
      "\(letters[index]) \(style.snapshotDescription(direct: mode == .truecolor))"
    }
    return "-- styles\n" + map.joined(separator: "\n") + "\n-- legend\n"
      + meanings.joined(separator: "\n") + "\n"
  }
}

extension Style {
  /// "fg 244 bg 17 bold reverse" (on a direct-colour terminal "fg #808080 bg #00005f"; the
  /// theme's first eight stay numbers), or "plain".
  func snapshotDescription(direct: Bool) -> String {
    func describe(_ color: CellColor) -> String? {
      let number = ColorNumber.of(color, colors: direct ? ColorMode.truecolorCount : 256)
      if number < 0 { return nil }
      if number < 8 || !direct { return "\(number)" }
      return "#" + String(number, radix: 16).leftPadded(to: 6)
    }
    var parts: [String] = []
    if let foreground = describe(foreground) { parts.append("fg \(foreground)") }
    if let background = describe(background) { parts.append("bg \(background)") }
    if bold { parts.append("bold") }
    if reverse { parts.append("reverse") }
    if underline { parts.append("underline") }
    if dim { parts.append("dim") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}

/// Every row of the frame takes exactly the frame's width: nothing sticks out.
func assertFrameIsInside(_ frame: Frame, file: StaticString = #filePath, line: UInt = #line) {
  for row in 0..<frame.size.rows {
    var width = 0
    for column in 0..<frame.size.columns {
      let cell = frame[column, row]
      width += cell.isContinuation ? 0 : DisplayWidth.of(cell.text)
    }
    XCTAssertEqual(width, frame.size.columns, "row \(row) is \(width) wide", file: file, line: line)
  }
}

/// The row of a frame that contains `text`, if any.
func row(of text: String, in frame: Frame) -> Int? {
  frame.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
    $0.contains(text)
  }
}

/// The column where `text` starts in the frame, counting cells.
func cell(of text: String, in frame: Frame) -> (column: Int, row: Int)? {
  guard let row = row(of: text, in: frame) else { return nil }
  var line = ""
  var columns: [Int] = []
  for column in 0..<frame.size.columns where !frame[column, row].isContinuation {
    columns.append(column)
    line += frame[column, row].text
  }
  guard let range = line.range(of: text) else { return nil }
  return (columns[line.distance(from: line.startIndex, to: range.lowerBound)], row)
}

/// Example Club, whose scores go to scores.example.org, and Ada, with the `send-scores`
/// setting `setting` (nil: not asked yet). Nothing is sent: the effects say what would be.
func exampleClubScores(setting: String? = nil, status: ScoresStatus = ScoresStatus())
  -> ClubScores
{
  ClubScores(
    club: "Example Club", host: "scores.example.org", player: "Ada", accountName: "ada",
    setting: setting, status: status, keep: { _ in }, sendWaiting: { ScoresStatus() })
}
