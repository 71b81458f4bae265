import AppCore
import GameEngine
import Pictures

/// The windows drawn over a screen: statistics, help, the files skipped.
extension Renderer {
  static func drawStats(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let game = screen.game
    // This session's first (since the launch, every game of it), said as such (a play-test read
    // "Questions played: 0" as all time's).
    var lines: [(String, Style)] = [
      (
        "This session: \(counted(game.questionsPlayed, "question")), "
          + "longest streak \(game.longestStreak)", .plain
      )
    ]
    if let line = timesLine(game.times) {
      lines.append(("  " + line, .plain))
    }
    if let progress = screen.progress {
      // On as many lines as the window needs, each part whole (a play-test's window of 60
      // columns cut it at "8…").
      let room = frame.size.columns - 6
      var parts = progress.parts
      parts[0] = "Names: " + parts[0]
      lines += packed(parts, separator: look.separator, in: room).map {
        ($0, .plain)
      }
    }
    if let allTime = screen.allTime, let accuracy = allTime.accuracy {
      lines.append(
        (
          "All time: \(counted(allTime.questions, "question")), "
            + "\(Int((accuracy * 100).rounded()))% right, best streak \(allTime.bestStreak)",
          .plain
        ))
      let spent = "\(clockTime(allTime.timeAnswering)) on faces"
      lines.append(
        (
          timesLine(allTime.times).map { "  \($0)\(look.separator)\(spent)" } ?? "  \(spent)",
          .plain
        ))
    }
    if let practice = screen.practice {
      lines.append((practiceLine(practice), .plain))
    }
    if let lasting = screen.lasting {
      lines += MemoryInWords.lines(lasting, fitted: screen.memoryFitted).map { ($0, .plain) }
    }
    lines += screen.scoresLines.map { ($0, .plain) }
    lines.append(("", .plain))
    // As many of the last results as the window shows, and the header says how many.
    let recent = game.recentResults.prefix(max(0, frame.size.rows - 7 - lines.count - 1))
    if game.recentResults.isEmpty {
      // This session's: the all-time line above may count many.
      lines.append(("No answers yet in this session.", look.dim))
    } else if !recent.isEmpty {
      lines.append(
        (
          "Last \(recent.count == 1 ? "result" : "\(recent.count) results"):",
          .plain
        ))
      for result in recent {
        let name = result.member.name
        switch result.outcome {
        case .correct: lines.append(("\(look.right) \(name)", look.rightText))
        case .wrong(let chosen):
          let answer =
            result.typed.map { "you typed \($0.text)" } ?? "you chose \(chosen?.name ?? "")"
          lines.append(("\(look.wrong) \(name) (\(answer))", look.wrongText))
        case .timedOut: lines.append(("\(look.timedOut) \(name) (timed out)", look.wrongText))
        }
      }
    }
    // The calendar of the last weeks, where the window has room for it.
    if let practice = screen.practice,
      frame.size.rows - 2 >= lines.count + 5 + practice.weeks.count + 2
    {
      lines += [("", .plain)] + calendar(practice, look: look)
    }
    drawBox(
      title: "Statistics", lines: lines, buttons: [("People", .people), ("Close", .close)],
      screen: screen, into: &frame)
  }

  /// `parts` joined by `separator` on lines of at most `columns`, each part whole where it
  /// fits a line, the lines after the first starting with `indent`.
  static func packed(
    _ parts: [String], separator: String, in columns: Int, indent: String = "  "
  ) -> [String] {
    guard let first = parts.first else { return [] }
    // A line broken after a part ends with the separator, its trailing space left out.
    let end = String(separator.reversed().drop(while: \.isWhitespace).reversed())
    var lines: [String] = []
    var line = first
    for (index, part) in parts.enumerated().dropFirst() {
      let joined = line + separator + part
      // Room for the separator that ends the line, where a part comes after it.
      let ending = index < parts.count - 1 ? DisplayWidth.of(end) : 0
      if DisplayWidth.of(joined) + ending <= columns {
        line = joined
      } else {
        lines.append(line + end)
        line = indent + part
      }
    }
    return lines + [line]
  }

  /// "Days practised: 3 in a row · 12 of the last 8 weeks".
  static func practiceLine(_ practice: PracticeSummary) -> String {
    let row = practice.streak == 1 ? "1 day in a row" : "\(practice.streak) days in a row"
    return "Practised: \(row), \(counted(practice.practised, "day")) in the last "
      + "\(practice.weeks.count) weeks"
  }

  /// A row a week, Monday to Sunday, like a contributions graph: a mark for each day
  /// practised, a dot for the others, nothing after today.
  static func calendar(_ practice: PracticeSummary, look: CellStyle) -> [(String, Style)] {
    let practised = look.symbols == .ascii ? "#" : "■"
    let header = ("Mo Tu We Th Fr Sa Su   \(practised) practised", look.dim)
    return [header]
      + practice.weeks.map { week in
        var line = week.map { day -> String in
          guard let day else { return "  " }
          return day > 0 ? practised + " " : (look.symbols == .ascii ? ". " : "· ")
        }.joined(separator: " ")
        while line.hasSuffix(" ") { line.removeLast() }
        return (line, Style.plain)
      }
  }

  /// "average 2.1 s, fastest right 1.2 s"; nil before any answer.
  static func timesLine(_ times: AnswerTimes) -> String? {
    guard let average = times.average else { return nil }
    var line = "average \(seconds(average)) s"
    if let fastest = times.fastestRight { line += ", fastest right \(seconds(fastest)) s" }
    return line
  }

  /// "45 s", "12 min", "1 h 12 min".
  static func clockTime(_ duration: Duration) -> String {
    let seconds = Int(duration.components.seconds)
    if seconds < 60 { return "\(seconds) s" }
    let minutes = seconds / 60
    if minutes < 60 { return "\(minutes) min" }
    return "\(minutes / 60) h \(minutes % 60) min"
  }

  /// Every key, and the mouse: the keymap's lines, and two notes; in a window too short for
  /// them all, the lines in view scroll (the title says which).
  static func drawHelp(_ screen: Screen, into frame: inout Frame) {
    drawScrolling(
      title: "Keys", lines: HelpLayout.lines(look: screen.appearance), screen: screen,
      into: &frame)
  }

  /// A window of `lines` under `title`: in a window too short for them all, those in view
  /// from `Screen.linesFirst`, the title saying which, as wide as the widest line (shown or
  /// not, so that it keeps its width as it scrolls).
  static func drawScrolling(
    title: String, lines: [(String, Style)], screen: Screen, into frame: inout Frame
  ) {
    let look = screen.appearance
    let visible = ScrolledLines.visible(in: frame.size)
    guard lines.count > visible else {
      drawBox(title: title, lines: lines, screen: screen, into: &frame)
      return
    }
    let first = ScrolledLines.clampedFirst(screen.linesFirst, count: lines.count, in: frame.size)
    let widest = lines.map { DisplayWidth.of($0.0) }.max() ?? 0
    drawBox(
      title: "\(title) \(first + 1)\(look.dash)\(first + visible) of \(lines.count)",
      lines: Array(lines[first..<first + visible]), screen: screen, into: &frame,
      width: max(widest, 30) + 4)
  }

  /// The files skipped and the warnings, each whole on the lines it takes; in a window too
  /// short for them all, the lines in view scroll (the title says which), as the keys' do.
  static func drawWarnings(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let lines = ScrolledLines.warnings(screen.roster.warnings, look: look, in: frame.size)
    drawScrolling(title: screen.roster.title, lines: lines, screen: screen, into: &frame)
  }

  /// A framed window in the middle of the screen with a title, lines and a row of buttons
  /// (Close, unless others are given), `width` columns wide or as wide as its lines, as tall
  /// as its lines, as far as the screen allows. The rows it spans are cleared from edge to edge, so
  /// that no fragment of a line behind it shows on either side. Returns where its first line
  /// is.
  @discardableResult
  /// `buttonsLit`: the focused button is lit (not where Enter does something else, as in the
  /// settings window, where it changes the chosen setting).
  static func drawBox(
    title: String, lines: [(String, Style)], buttons: [(String, Control)] = [("Close", .close)],
    screen: Screen, into frame: inout Frame, width wanted: Int? = nil, buttonsLit: Bool = true
  ) -> (column: Int, row: Int) {
    let look = screen.appearance
    let size = frame.size
    let labels = buttons.map { ("[ \($0.0) ]", $0.1) }
    let buttonsWidth = labels.reduce(-1) { $0 + 1 + DisplayWidth.of($1.0) }
    let contentWidth = max(lines.map { DisplayWidth.of($0.0) }.max() ?? 0, buttonsWidth)
    let width = min(size.columns - 2, wanted ?? (max(contentWidth, 30) + 4))
    let height = min(size.rows - 2, lines.count + 5)
    let left = (size.columns - width) / 2
    let top = (size.rows - height) / 2
    let box = look.box
    frame.fill(Rect(column: 0, row: top, columns: size.columns, rows: height))
    let horizontal = String(repeating: box.horizontal, count: width - 2)
    frame.put(box.corners[0] + horizontal + box.corners[1], column: left, row: top, style: look.dim)
    frame.put(
      box.corners[2] + horizontal + box.corners[3], column: left, row: top + height - 1,
      style: look.dim)
    for row in top + 1..<top + height - 1 {
      frame.put(box.vertical, column: left, row: row, style: look.dim)
      frame.put(box.vertical, column: left + width - 1, row: row, style: look.dim)
    }
    frame.putCentered(" \(title) ", column: left + 1, row: top, width: width - 2, style: look.title)
    for (offset, line) in lines.prefix(max(0, height - 5)).enumerated() {
      frame.put(
        line.0, column: left + 2, row: top + 2 + offset, style: line.1, width: width - 4,
        ellipsis: look.ellipsis)
    }
    var column = left + max(1, (width - buttonsWidth) / 2)
    for (label, control) in labels {
      let labelWidth = DisplayWidth.of(label)
      frame.putButton(
        label, control: control, column: column, row: top + height - 2, width: labelWidth,
        style: buttonsLit && screen.windowFocus == control ? look.focused : look.button)
      column += labelWidth + 1
    }
    return (left + 2, top + 2)
  }
}
