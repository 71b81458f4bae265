import AppCore
import GameEngine
import Pictures

extension Renderer {
  /// The start screen: the roster, what was skipped, the last score, the groups to choose
  /// from, Start, Learn, Stats and Quit.
  static func drawStart(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let roster = screen.roster
    let width = frame.size.columns
    let skipped = roster.said.map { "\($0) (w lists them)" } ?? "No files skipped"
    var lines: [(String, Style)] = [
      ("Meet the Members", look.title),
      ("Learn the names of everyone in your club.", .plain),
      ("", .plain),
      ("\(counted(roster.members, "member")) from \(roster.folder)", .plain),
      (skipped, roster.warnings.isEmpty ? look.dim : .plain),
    ]
    if let notice = roster.notice {
      lines.append((notice, .plain))
    }
    // Where the line of names due tomorrow is: the first to go in a window too short.
    var nothingDueAt: Int?
    if let progress = screen.progress {
      // On as many lines as the window needs, each part whole (the review of a play-test's
      // window of 60 columns saw it cut).
      lines += packed(progress.parts, separator: look.separator, in: width - 2, indent: "").map {
        ($0, .plain)
      }
      if let nothingDue = progress.nothingDueLine {
        nothingDueAt = lines.count
        lines.append((nothingDue, look.dim))
      }
    }
    // Where the history's notice is, and what it says, to fold it into one line where the
    // window is too short for two.
    var notice: (at: Int, said: String, lines: Int)?
    if let history = screen.historyNotice {
      // Too long for the window, its files by their names, in two lines at most: the reason
      // and what becomes of the answers are what it is for.
      let shorter = history.replacing(/\/[^\s:;,()]*\//) { _ in "…/" }
      let said = DisplayWidth.fitting([history, shorter], in: width - 2)
      let wrapped = DisplayWidth.wrapping(said, in: width - 2, lines: 2, ellipsis: look.ellipsis)
      notice = (lines.count, said, wrapped.count)
      lines += wrapped.map { ($0, look.dim) }
    }
    if var warning = screen.settingsWarnings.first {
      // The file by its name: the settings window says where it is.
      if let path = screen.settingsFile?.path, warning.hasPrefix(path + ":") {
        warning = String(path.split(separator: "/").last ?? "") + warning.dropFirst(path.count)
      }
      // Cut in the middle of its words where it is too long: the count of the others stays.
      let more = screen.settingsWarnings.count - 1
      let others = more > 0 ? " (\(more) more)" : ""
      let room = width - 2 - DisplayWidth.of("Settings: " + others)
      lines.append(
        (
          "Settings: \(DisplayWidth.truncate(warning, to: room, ellipsis: look.ellipsis))\(others)",
          look.dim
        ))
    }
    if screen.game.questionsPlayed > 0 {
      lines.append(
        (
          "Score \(screen.game.score)\(look.separator)longest streak "
            + "\(screen.game.longestStreak)", look.dim
        ))
    }
    // The list of groups takes what rows are left, and a blank line after it.
    var buttons: [(String, Control)] = [
      ("Start", .start), ("Learn", .learn), ("Stats", .stats), ("Quit", .quit),
    ]
    if screen.settingsFile != nil { buttons.insert(("Settings", .settings), at: 3) }
    // Roomy buttons where they fit, else narrower ones; where even those do not fit, the
    // last but one (Settings) on a row of its own.
    // Each at least as wide as "[ Start ]", so that the row reads evenly.
    let labelWidths = buttons.map { max(9, DisplayWidth.of("[ \($0.0) ]")) }
    let roomy = labelWidths.reduce(0, +) + 4 * buttons.count
    let (padding, gap) = width >= roomy ? (1, 2) : (0, 1)
    var rows = [Array(buttons.indices)]
    if labelWidths.reduce(0, +) + buttons.count - 1 > width - 2, buttons.count > 4 {
      rows = [[0, 1, 2, 4], [3]]
    }
    // The lines of buttons under "Start asks" and the row of Settings, where it wraps.
    let drillLine =
      (screen.drillPairs > 0 || screen.drillAskedEarly ? 1 : 0) + (screen.clubOffer == nil ? 0 : 1)
      + (rows.count - 1)
    // A window too short for the notice's second line: one line, cut.
    if let notice, notice.lines > 1, lines.count + 6 + drillLine > frame.size.rows {
      lines[notice.at...notice.at + 1] = [
        (DisplayWidth.truncate(notice.said, to: width - 2, ellipsis: look.ellipsis), look.dim)
      ]
    }
    // Still too short: the line of names due tomorrow goes (a review saw the keys' line
    // pushed off the smallest window).
    if let nothingDueAt, lines.count + 6 + drillLine > frame.size.rows {
      lines.remove(at: nothingDueAt)
    }
    let listRows = min(
      screen.groups.count, max(0, frame.size.rows - lines.count - 7 - drillLine))
    let listHeight = listRows > 0 ? listRows + 1 : 0
    let top = max(0, (frame.size.rows - lines.count - listHeight - 6 - drillLine) / 2)
    for (offset, line) in lines.enumerated() {
      frame.putCentered(
        line.0, column: 1, row: top + offset, width: width - 2, style: line.1,
        ellipsis: look.ellipsis)
    }
    drawGroups(screen, rows: listRows, at: top + lines.count + 1, into: &frame)
    // What Start asks, a button of its own that changes it.
    // Each in fewer words where the window is narrow, its key kept.
    let room = width - 2
    let kindKey = screen.key(for: .nextQuizKind)
    let asks = DisplayWidth.fitting(
      [
        "Start asks: \(screen.quizKinds.words) (\(kindKey) changes)",
        "Asks: \(screen.quizKinds.words) (\(kindKey))",
      ], in: room)
    var buttonLines: [(String, Control)] = [(asks, .quizKind)]
    // The people taken for each other, a line that drills them.
    if screen.drillPairs > 0 {
      let pairs = screen.drillPairs == 1 ? "1 pair" : "\(screen.drillPairs) pairs"
      let key = screen.key(for: .drill)
      buttonLines.append(
        (
          DisplayWidth.fitting(
            [
              "Often confused: \(pairs) to tell apart (\(key) drills)",
              "Often confused: \(pairs) (\(key) drills)",
            ], in: room), .drill
        ))
    } else if screen.drillAskedEarly {
      buttonLines.append(
        (
          DisplayWidth.fitting(
            [
              "Nothing to drill yet: \(screen.key(for: .drill)) drills two people you have "
                + "mixed up twice",
              "Nothing to drill yet",
            ], in: room), .drill
        ))
    }
    if let offer = screen.clubOffer {
      let key = screen.key(for: .makeClub)
      let lines =
        switch offer {
        case .offered:
          [
            "Make this your club (\(key)): it plays when no roster is named",
            "Make this your club (\(key))",
          ]
        case .made: ["Your club now: it plays when no roster is named", "Your club now"]
        case .failed(let reason):
          ["Not kept as your club: \(reason) (\(key) tries again)", "Not kept: \(reason) (\(key))"]
        }
      buttonLines.append((DisplayWidth.fitting(lines, in: room), .makeClub))
    }
    for (offset, (text, control)) in buttonLines.enumerated() {
      let textWidth = min(DisplayWidth.of(text), width - 2)
      frame.putButton(
        text, control: control, column: (width - textWidth) / 2,
        row: top + lines.count + listHeight + 1 + offset, width: textWidth, style: look.dim,
        ellipsis: look.ellipsis)
    }

    let row = top + lines.count + listHeight + 2 + buttonLines.count
    for (offset, indices) in rows.enumerated() {
      let rowWidth =
        indices.map { labelWidths[$0] + 2 * padding }.reduce(0, +)
        + gap * (indices.count - 1)
      var column = (width - rowWidth) / 2
      for index in indices {
        let (label, control) = buttons[index]
        frame.putButton(
          "[ \(label) ]", control: control, column: column, row: row + offset,
          width: labelWidths[index] + 2 * padding, style: style(of: control, in: screen),
          centered: true)
        column += labelWidths[index] + 2 * padding + gap
      }
    }
    let below = row + rows.count - 1
    if screen.explainsModes {
      frame.putCentered(
        DisplayWidth.fitting(
          [
            "Learn meets each new person, then asks them; Start is a timed quiz of everyone",
            "Learn meets people, then asks; Start: a timed quiz",
            "Learn: meet, then be asked",
          ], in: width - 2),
        column: 1, row: below + 1, width: width - 2, style: .plain, ellipsis: look.ellipsis)
    }
    frame.putCentered(
      screen.keyHints(width: width - 2), column: 1, row: below + 2, width: width - 2,
      style: look.dim,
      ellipsis: look.ellipsis)
  }

  /// The groups to play, everyone first, one a line: a mark before the chosen one, each
  /// with its members and how many of them are known. `rows` lines from `row`, scrolled so
  /// that the chosen group shows; each line is a button that chooses it.
  private static func drawGroups(_ screen: Screen, rows: Int, at row: Int, into frame: inout Frame)
  {
    guard rows > 0 else { return }
    let look = screen.appearance
    let columns = screen.groups.map { $0.columns(separator: look.separator) }
    let countWidth = columns.map { DisplayWidth.of($0.count) }.max() ?? 0
    let width = frame.size.columns
    let nameWidth = min(
      columns.map { DisplayWidth.of($0.name) }.max() ?? 0, max(4, width - countWidth - 8))
    let lineWidth = 2 + nameWidth + 2 + countWidth
    let first = min(
      max(0, screen.chosenGroup - rows / 2), screen.groups.count - rows)
    for line in 0..<rows {
      let index = first + line
      let chosen = index == screen.chosenGroup
      let name = DisplayWidth.pad(
        DisplayWidth.truncate(columns[index].name, to: nameWidth, ellipsis: look.ellipsis),
        to: nameWidth)
      let count =
        String(repeating: " ", count: countWidth - DisplayWidth.of(columns[index].count))
        + columns[index].count
      frame.putButton(
        "\(chosen ? look.pointer : " ") \(name)  \(count)", control: .group(index),
        column: max(0, (width - lineWidth) / 2), row: row + line, width: min(lineWidth, width),
        style: chosen ? look.button : .plain)
    }
  }
}

extension QuestionKinds {
  /// What the start screen says the quiz asks.
  var words: String {
    switch self {
    case .names: "pick each name"
    case .faces: "pick each face"
    case .typing: "type each name"
    case .mixed: "a name, a face, a name typed, in turn"
    }
  }
}
