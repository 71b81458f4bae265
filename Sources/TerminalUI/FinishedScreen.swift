import AppCore
import GameEngine
import Pictures

extension Renderer {
  /// The finished scene: how the round went, and the people missed, to look at once more.
  static func drawFinished(_ summary: RoundSummary, screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let size = frame.size
    var lines: [(String, Style)] = [
      (
        summary.sitting == nil ? "Round \(summary.number) finished" : "Sitting finished", look.title
      ),
      ("", .plain),
    ]
    if let sitting = summary.sitting {
      // Where everyone stands, in the start screen's words: known, recognised, learning, new.
      let standing = Progress(
        known: sitting.knownAfter, recognised: sitting.recognisedAfter, new: sitting.newAfter,
        total: sitting.total)
      // What it taught first, where it taught anything: a first sitting's names are
      // recognised, not yet known (typed, and learnt), and "0 names learnt" read as failure.
      let taught = [
        sitting.learnt > 0 ? "\(counted(sitting.learnt, "name")) learnt" : nil,
        sitting.newlyRecognised > 0
          ? "\(sitting.learnt > 0 ? "\(sitting.newlyRecognised)" : counted(sitting.newlyRecognised, "name")) newly recognised"
          : nil,
      ].compactMap { $0 }.joined(separator: ", ")
      lines.append(
        (
          (taught.isEmpty ? "" : taught + look.separator)
            + standing.line(separator: look.separator)
            + "\(look.separator)\(clockTime(sitting.timePlayed))", look.title
        ))
    }
    lines += [
      (
        "\(summary.correct) of \(summary.results.count)\(look.separator)\(summary.verdict)",
        summary.sitting == nil ? look.title : .plain
      ),
      ("Longest streak \(summary.longestStreak)", .plain),
    ]
    if let average = summary.averageAnswerTime {
      lines.append(("Average answer time \(seconds(average)) s", .plain))
    }
    if let tomorrow = screen.progress?.tomorrowLine {
      lines.append((tomorrow, .plain))
    }
    let missed = summary.missed
    lines.append(("", .plain))
    let faces = FinishedLayout.faces(
      in: size, missed: missed.count, sitting: summary.sitting != nil,
      history: screen.progress != nil, besides: screen.finishedScores?.rows ?? 0)
    var facesRow: Int?
    if missed.isEmpty {
      lines.append(("Nobody missed.", look.rightText))
    } else if let faces {
      lines.append(("Missed:", .plain))
      facesRow = lines.count
      lines += Array(repeating: ("", .plain), count: faces.box.rows + 1)
      if missed.count > faces.count {
        // Whole names, as many as the line holds, then how many more: never a name cut.
        let others = missed.dropFirst(faces.count).map(\.name)
        let ways = (0...others.count).reversed().map { shown in
          let named = others.prefix(shown).joined(separator: ", ")
          let more = "\(others.count - shown) more"
          return shown == others.count
            ? "and \(named)" : shown == 0 ? "and \(more)" : "and \(named) and \(more)"
        }
        lines.append((DisplayWidth.fitting(ways, in: size.columns - 2), look.wrongText))
      }
    } else {
      lines.append(("Missed:", .plain))
      let room = max(1, size.rows - lines.count - 6)
      for member in missed.prefix(missed.count > room ? room - 1 : room) {
        lines.append(("\(look.wrong) \(member.name)", look.wrongText))
      }
      if missed.count > room {
        lines.append(("and \(missed.count - room + 1) more", look.dim))
      }
    }
    let scores = screen.finishedScores
    let top = max(0, (size.rows - lines.count - 4 - (scores?.rows ?? 0)) / 2)
    for (offset, line) in lines.enumerated() {
      frame.putCentered(
        line.0, column: 1, row: top + offset, width: size.columns - 2, style: line.1,
        ellipsis: look.ellipsis)
    }
    if let faces, let facesRow {
      drawFaces(
        missed.prefix(faces.count), box: faces.box, row: top + facesRow, screen: screen,
        into: &frame)
    }
    var row = top + lines.count + 1
    // The club's scores: how they went, or whether to send them, with its Yes and No.
    if let scores {
      frame.putCentered(
        DisplayWidth.fitting([scores.line] + scores.shorter, in: size.columns - 2), column: 1,
        row: row, width: size.columns - 2, style: scores.asks ? look.title : look.dim,
        ellipsis: look.ellipsis)
      if let detail = scores.detail {
        frame.putCentered(
          detail, column: 1, row: row + 1, width: size.columns - 2, style: look.dim,
          ellipsis: look.ellipsis)
      }
      if scores.asks {
        putButtons(
          [
            ("Yes (\(screen.key(for: .answerScores(true))))", .answerScores(true)),
            ("No (\(screen.key(for: .answerScores(false))))", .answerScores(false)),
          ], row: row + 2, screen: screen, into: &frame)
      }
      row += scores.rows
    }
    let next = summary.sitting == nil ? "Next round" : "Go on"
    putButtons([(next, .nextRound), ("Menu", .menu)], row: row, screen: screen, into: &frame)
    frame.putCentered(
      screen.keyHints(width: size.columns - 2), column: 1, row: row + 2,
      width: size.columns - 2, style: look.dim,
      ellipsis: look.ellipsis)
  }

  /// Buttons of 16 columns side by side, centred on `row`.
  private static func putButtons(
    _ buttons: [(String, Control)], row: Int, screen: Screen, into frame: inout Frame
  ) {
    let buttonWidth = 16
    let left = (frame.size.columns - (buttons.count * buttonWidth + 2)) / 2
    for (index, (label, control)) in buttons.enumerated() {
      frame.putButton(
        "[ \(label) ]", control: control, column: left + index * (buttonWidth + 2), row: row,
        width: buttonWidth, style: style(of: control, in: screen), centered: true)
    }
  }

  /// Faces side by side, each centred in its box with the name under it.
  private static func drawFaces(
    _ members: ArraySlice<Member>, box: CellSize, row: Int, screen: Screen, into frame: inout Frame
  ) {
    let look = screen.appearance
    let width = members.count * (box.columns + 2) - 2
    var left = (frame.size.columns - width) / 2
    for member in members {
      if let face = screen.faces[member.id] {
        frame.draw(
          face, column: left + (box.columns - face.size.columns) / 2,
          row: row + (box.rows - face.size.rows) / 2)
      }
      frame.putCentered(
        "\(look.wrong) \(member.name)", column: left, row: row + box.rows, width: box.columns,
        style: look.wrongText, ellipsis: look.ellipsis)
      left += box.columns + 2
    }
  }

  /// Seconds with one decimal, as a player reads them.
  static func seconds(_ duration: Duration) -> String {
    let tenths = (duration.wholeNanoseconds + 50_000_000) / 100_000_000
    return "\(tenths / 10).\(tenths % 10)"
  }
}
