import GameEngine
import Pictures

/// Draws screens: pure functions from what the game shows and the window's size to a Frame.
public enum Renderer {
  public static func render(_ screen: Screen, size: CellSize) -> Frame {
    var frame = Frame(size: size)
    if Layout.isTooSmall(frame.size) {
      drawTooSmall(screen, into: &frame)
      return frame
    }
    switch screen.place {
    case .start: drawStart(screen, into: &frame)
    case .quiz:
      if case .finished(let summary) = screen.game.phase {
        drawFinished(summary, screen: screen, into: &frame)
      } else {
        drawQuiz(screen, into: &frame)
      }
    }
    switch screen.overlay {
    case nil: break
    case .stats: drawStats(screen, into: &frame)
    case .help: drawHelp(screen, into: &frame)
    case .warnings: drawWarnings(screen, into: &frame)
    }
    return frame
  }

  // MARK: - Start screen

  static func drawStart(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let roster = screen.roster
    let width = frame.size.columns
    let skipped =
      roster.warnings.isEmpty
      ? "No files skipped"
      : "\(roster.warnings.count) file\(roster.warnings.count == 1 ? "" : "s") skipped "
        + "(w lists them)"
    var lines: [(String, Style)] = [
      ("Meet the Members", look.title),
      ("Learn the name of everyone in your club.", .plain),
      ("", .plain),
      ("\(roster.members) members from \(roster.folder)", .plain),
      (skipped, roster.warnings.isEmpty ? look.dim : .plain),
    ]
    if screen.game.questionsPlayed > 0 {
      lines.append(
        (
          "Score \(screen.game.score)\(look.separator)longest streak "
            + "\(screen.game.longestStreak)", look.dim
        ))
    }
    let top = max(0, (frame.size.rows - lines.count - 4) / 2)
    for (offset, line) in lines.enumerated() {
      frame.putCentered(
        line.0, column: 1, row: top + offset, width: width - 2, style: line.1,
        ellipsis: look.ellipsis)
    }

    let buttons: [(String, Control)] = [("Start", .start), ("Stats", .stats), ("Quit", .quit)]
    let buttonWidth = 11
    let buttonsWidth = buttons.count * buttonWidth + (buttons.count - 1) * 2
    let row = top + lines.count + 1
    for (index, (label, control)) in buttons.enumerated() {
      frame.putButton(
        "[ \(label) ]", control: control,
        column: (width - buttonsWidth) / 2 + index * (buttonWidth + 2), row: row,
        width: buttonWidth, style: style(of: control, in: screen), centered: true)
    }
    let hint = [
      "Enter presses", "Tab \(look.arrows) move", "s stats", "? help", "q quits",
    ].joined(separator: look.separator)
    frame.putCentered(
      hint, column: 1, row: row + 2, width: width - 2, style: look.dim, ellipsis: look.ellipsis)
  }

  // MARK: - Quiz screen

  static func drawQuiz(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let size = frame.size
    let game = screen.game
    drawProgressBar(step: game.phase.progressStep, look: look, into: &frame)

    var status = "Score \(game.score)\(look.separator)Streak \(game.streak)"
    if let question = game.phase.question {
      status += "\(look.separator)Question \(question.number)"
    }
    let pauseLabel = game.phase.isPaused ? "[ Resume ]" : "[ Pause ]"
    let statsLabel = "[ Stats ]"
    let statsColumn = size.columns - 1 - statsLabel.count
    let pauseColumn = statsColumn - 1 - pauseLabel.count
    frame.put(
      status, column: 1, row: Layout.statusRow, width: pauseColumn - 2, ellipsis: look.ellipsis)
    frame.putButton(
      pauseLabel, control: .pause, column: pauseColumn, row: Layout.statusRow,
      width: pauseLabel.count, style: style(of: .pause, in: screen))
    frame.putButton(
      statsLabel, control: .stats, column: statsColumn, row: Layout.statusRow,
      width: statsLabel.count, style: style(of: .stats, in: screen))

    drawPicture(screen, into: &frame)
    guard let question = game.phase.question else { return }
    for index in question.options.indices {
      drawOption(index, of: question, screen: screen, into: &frame)
    }
    let (message, messageStyle) = quizMessage(screen)
    frame.putCentered(
      message, column: 1, row: Layout.messageRow(size), width: size.columns - 2,
      style: messageStyle, ellipsis: look.ellipsis)
    let hint = [
      "1-4 answer", "Tab \(look.arrows) move", "p pause", "s stats", "? help", "Esc menu",
      "q quit",
    ].joined(separator: look.separator)
    frame.putCentered(
      hint, column: 1, row: Layout.hintRow(size), width: size.columns - 2, style: look.dim,
      ellipsis: look.ellipsis)
  }

  /// Six steps, 0 (empty) to 5 (full), across the top row (at most 100 columns, so that a
  /// step costs few bytes however wide the window).
  static func drawProgressBar(step: Int, look: CellStyle, into frame: inout Frame) {
    let width = min(frame.size.columns - 2, 100)
    let left = (frame.size.columns - width) / 2
    let filled = width * min(max(step, 0), 5) / 5
    frame.fill(
      Rect(column: left, row: Layout.barRow, columns: filled, rows: 1),
      with: Cell(text: look.barFull, style: look.barFilled))
    frame.fill(
      Rect(column: left + filled, row: Layout.barRow, columns: width - filled, rows: 1),
      with: Cell(text: look.barEmpty, style: look.barUnfilled))
  }

  static func drawPicture(_ screen: Screen, into frame: inout Frame) {
    let box = Layout.pictureBox(in: frame.size)
    let look = screen.appearance
    let middle = Layout.pictureTop + box.rows / 2
    switch screen.picture {
    case .ready(let picture):
      frame.draw(
        picture, column: (frame.size.columns - picture.size.columns) / 2,
        row: Layout.pictureTop + (box.rows - picture.size.rows) / 2)
    case .loading:
      frame.putCentered(
        "Loading the photo\(look.ellipsis)", column: 2, row: middle, width: box.columns,
        style: look.dim)
    case .failed(let reason):
      frame.putCentered(
        "This photo cannot be shown", column: 2, row: middle - 1, width: box.columns,
        style: look.wrongText)
      frame.putCentered(
        reason, column: 2, row: middle, width: box.columns, style: look.dim,
        ellipsis: look.ellipsis)
    }
  }

  static func drawOption(
    _ index: Int, of question: Question, screen: Screen, into frame: inout Frame
  ) {
    let look = screen.appearance
    var mark = ""
    var style = style(of: .option(index), in: screen)
    if case .revealing(let reveal) = screen.game.phase {
      let isCorrect = index == question.correctIndex
      let isChosen = index == reveal.chosenIndex
      style = look.button
      if isCorrect {
        mark = look.right + " "
        style = look.correctName
      } else if isChosen {
        mark = look.wrong + " "
      }
      if isChosen, reveal.isLit { style = look.flash(correct: isCorrect) }
    }
    let area = Layout.optionArea(index, in: frame.size)
    frame.putButton(
      " \(index + 1)  \(mark)\(question.options[index].name)", control: .option(index),
      column: area.column, row: area.row, width: area.columns, style: style,
      ellipsis: look.ellipsis)
  }

  static func quizMessage(_ screen: Screen) -> (String, Style) {
    let look = screen.appearance
    switch screen.game.phase {
    case .revealing(let reveal):
      let name = reveal.question.correctOption.name
      switch reveal.outcome {
      case .correct: return ("\(look.right) Right! \(name)", look.rightText)
      case .wrong: return ("\(look.wrong) Wrong: this is \(name)", look.wrongText)
      case .timedOut: return ("\(look.timedOut) Time's up: this is \(name)", look.wrongText)
      }
    case .paused:
      return ("Paused. Press p to resume (the score starts again at 0)", look.title)
    case .start, .loading, .answering, .finished:
      return ("", .plain)
    }
  }

  /// A button's style outside the reveal: reversed when it has the focus.
  static func style(of control: Control, in screen: Screen) -> Style {
    screen.focus == control && screen.overlay == nil
      ? screen.appearance.focused : screen.appearance.button
  }

  // MARK: - Overlays

  static func drawStats(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let game = screen.game
    var lines: [(String, Style)] = [
      ("Longest streak: \(game.longestStreak)", .plain),
      ("Questions played: \(game.questionsPlayed)", .plain),
      ("", .plain),
    ]
    if game.recentResults.isEmpty {
      lines.append(("No answers yet.", look.dim))
    } else {
      lines.append(
        (
          "Last \(game.recentResults.count == 1 ? "result" : "\(game.recentResults.count) results"):",
          .plain
        ))
      for result in game.recentResults {
        let name = result.member.name
        switch result.outcome {
        case .correct: lines.append(("\(look.right) \(name)", look.rightText))
        case .wrong(let chosen):
          lines.append(("\(look.wrong) \(name) (you chose \(chosen.name))", look.wrongText))
        case .timedOut: lines.append(("\(look.timedOut) \(name) (timed out)", look.wrongText))
        }
      }
    }
    drawBox(title: "Statistics", lines: lines, screen: screen, into: &frame)
  }

  static func drawHelp(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let keys: [(String, String)] = [
      ("1 2 3 4", "choose a name"),
      ("Tab \(look.arrows)", "move between buttons"),
      ("Enter Space", "press the button"),
      ("p", "pause, resume"),
      ("s", "statistics"),
      ("?", "this help"),
      ("Esc", "close, or back to start"),
      ("q Ctrl-C", "quit"),
      ("Ctrl-Z", "suspend (fg resumes)"),
    ]
    let keyWidth = keys.map { DisplayWidth.of($0.0) }.max() ?? 0
    var lines = keys.map { key, meaning in
      (DisplayWidth.pad(key, to: keyWidth) + "  " + meaning, Style.plain)
    }
    lines.append(("", .plain))
    lines.append(("Resuming starts the score at 0.", look.dim))
    drawBox(title: "Keys", lines: lines, screen: screen, into: &frame)
  }

  static func drawWarnings(_ screen: Screen, into frame: inout Frame) {
    let warnings = screen.roster.warnings
    let room = max(1, frame.size.rows - 8)
    var lines = warnings.prefix(warnings.count > room ? room - 1 : room).map {
      ($0, Style.plain)
    }
    if warnings.count > room {
      lines.append(
        (
          "and \(warnings.count - room + 1) more: run with --check to see all",
          screen.appearance.dim
        ))
    }
    drawBox(title: "Files skipped", lines: lines, screen: screen, into: &frame)
  }

  /// A framed window in the middle of the screen with a title, lines and a Close button.
  static func drawBox(
    title: String, lines: [(String, Style)], screen: Screen, into frame: inout Frame
  ) {
    let look = screen.appearance
    let size = frame.size
    let contentWidth = lines.map { DisplayWidth.of($0.0) }.max() ?? 0
    let width = min(size.columns - 2, max(contentWidth, 30) + 4)
    let height = min(size.rows - 2, lines.count + 5)
    let left = (size.columns - width) / 2
    let top = (size.rows - height) / 2
    let box = look.box
    frame.fill(Rect(column: left, row: top, columns: width, rows: height))
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
    let close = "[ Close ]"
    frame.putButton(
      close, control: .close, column: left + (width - close.count) / 2, row: top + height - 2,
      width: close.count, style: look.focused)
  }

  // MARK: - Too small

  static func drawTooSmall(_ screen: Screen, into frame: inout Frame) {
    let size = frame.size
    let minimum = Layout.minimum
    let lines = [
      "Terminal too small",
      "\(size.columns)x\(size.rows) now, \(minimum.columns)x\(minimum.rows) needed",
      screen.game.phase.isPaused ? "The game is paused" : "",
      "q quits",
    ]
    let top = max(0, (size.rows - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      frame.putCentered(
        line, row: top + offset, style: offset == 0 ? screen.appearance.title : .plain,
        ellipsis: screen.appearance.ellipsis)
    }
  }
}
