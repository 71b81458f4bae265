import GameEngine
import Pictures
import XCTest

@testable import TerminalUI

/// Six members, one name too long for any button and one in CJK characters.
let clubMembers = [
  "Kofi Mensah", "Zoë Laurent", "田中 美咲", "Mateus Costa",
  "Bartholomew Maximilian Fitzgerald-Worthington", "Nguyễn Thị Hoa",
].enumerated().map { Member(id: MemberID("m\($0.offset)"), name: $0.element) }

let sampleRoster = RosterSummary(
  members: clubMembers.count, folder: "/home/ada/club",
  warnings: ["notes.txt: not a JPEG or PNG image", "broken.jpg: damaged: premature end"])

let unicodeLook = CellStyle(colors: .colors240, symbols: .unicode)

func makeModel(
  size: CellSize = CellSize(columns: 80, rows: 24), appearance: CellStyle = unicodeLook,
  seed: UInt64 = 3
) -> AppModel {
  let questions = try! QuestionGenerator(members: clubMembers, seed: seed)
  return AppModel(
    game: Game(questions: questions), roster: sampleRoster, appearance: appearance, size: size)
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

extension AppModel {
  /// Presses Start at instant zero and hands in the picture the screen asks for.
  mutating func startQuiz() {
    handle(.press(.start), at: .zero)
    supplyPicture()
  }

  mutating func supplyPicture() {
    if let (member, box) = wantedPicture {
      setPicture(.ready(fakePicture(in: box)), for: member.id, box: box)
    }
  }

  var question: Question { game.state.phase.question! }

  var frame: Frame { Renderer.render(screen, size: size) }
}

/// Compares a frame's text with the snapshot file of that name, in Snapshots/ next to this
/// file. A missing snapshot is written and the test fails, so a new snapshot is looked at
/// before it counts; RECORD_SNAPSHOTS=1 rewrites them all.
func assertSnapshot(
  _ frame: Frame, named name: String, file: StaticString = #filePath, line: UInt = #line
) {
  let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
    .appendingPathComponent("Snapshots")
  let url = folder.appendingPathComponent("\(name).txt")
  let text = frame.text + "\n"
  assertFrameIsInside(frame, file: file, line: line)
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try! text.write(to: url, atomically: true, encoding: .utf8)
    if !record { XCTFail("recorded a new snapshot \(name); check it", file: file, line: line) }
    return
  }
  if expected != text {
    XCTFail("\(name) differs from its snapshot:\n\(text)", file: file, line: line)
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
