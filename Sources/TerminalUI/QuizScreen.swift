import AppCore
import GameEngine
import Pictures

extension Renderer {
  /// The quiz: the progress bar, the score, the face, the message and the names, in one
  /// column centred in the window.
  static func drawQuiz(_ screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let size = frame.size
    let game = screen.game
    let column = Layout.column(in: size)
    drawProgressBar(
      step: game.phase.progressStep, of: screen.rules.progressSteps, look: look, into: &frame)

    var step: String?
    var shortStep: String?
    if let question = game.phase.question {
      step = "Question \(question.number)"
      shortStep = "Q\(question.number)"
    } else if let introduction = game.phase.introduction {
      step = introduction.partner == nil ? "New name" : "Two alike"
      shortStep = introduction.partner == nil ? "New" : "Alike"
    }
    let pauseLabel = game.phase.isPaused ? "[ Resume ]" : "[ Pause ]"
    let statsLabel = "[ Stats ]"
    let statsColumn = column.left + column.width - 1 - statsLabel.count
    let pauseColumn = statsColumn - 1 - pauseLabel.count
    // Where the buttons leave little room, the streak gives way to where the game is.
    let score = "Score \(game.score)"
    let streak = "Streak \(game.streak)"
    let status = DisplayWidth.fitting(
      [[score, streak, step], [score, step], [score, shortStep]].map {
        $0.compactMap { $0 }.joined(separator: look.separator)
      }, in: pauseColumn - 2 - column.left)
    frame.put(
      status, column: column.left + 1, row: Layout.statusRow,
      width: pauseColumn - 2 - column.left, ellipsis: look.ellipsis)
    frame.putButton(
      pauseLabel, control: .pause, column: pauseColumn, row: Layout.statusRow,
      width: pauseLabel.count, style: style(of: .pause, in: screen))
    frame.putButton(
      statsLabel, control: .stats, column: statsColumn, row: Layout.statusRow,
      width: statsLabel.count, style: style(of: .stats, in: screen))

    if game.phase.question?.kind != .face, game.phase.introduction?.partner == nil {
      drawPicture(screen, into: &frame)
    }
    if let introduction = game.phase.introduction {
      return drawNameCard(introduction, screen: screen, into: &frame)
    }
    guard let question = game.phase.question else { return }
    switch question.kind {
    case .name: drawOptions(of: question, screen: screen, into: &frame)
    case .face: drawFaceOptions(of: question, screen: screen, into: &frame)
    case .typing: drawTypedName(of: question, screen: screen, into: &frame)
    }
    let lines = quizMessages(screen, width: column.width - 2)
    let notice =
      lines.notice ?? screen.historyWaitingLine(width: column.width - 2).map { ($0, look.title) }
      ?? screen.leftOutNotice.map { ($0, look.title) } ?? screen.facesNotice.map { ($0, look.dim) }
    for (row, line) in [
      (Layout.noticeRow(size), notice), (Layout.messageRow(size), lines.message),
    ] {
      guard let (text, style) = line else { continue }
      frame.putCentered(
        text, column: column.left + 1, row: row, width: column.width - 2, style: style,
        ellipsis: look.ellipsis)
    }
    frame.putCentered(
      screen.keyHints(width: column.width - 2), column: column.left + 1,
      row: Layout.hintRow(size), width: column.width - 2, style: look.dim,
      ellipsis: look.ellipsis)
  }

  /// Learn mode's name card under the face: who this is, on a button that goes on (Enter),
  /// where the names of a question go; the progress bar counts down the card's time. A card
  /// of two (the confusions drill's) shows the two faces side by side, each name under its
  /// face.
  static func drawNameCard(_ introduction: Introduction, screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let size = frame.size
    let column = Layout.column(in: size)
    let names = Layout.namesArea(in: size)
    var message = "Someone new: remember this face and name"
    var label = "This is \(introduction.member.name)"
    if let partner = introduction.partner {
      message = "Often taken for each other: look at what tells them apart"
      label = "\(introduction.member.name)\(look.separator)\(partner.name)"
      let members = [introduction.member, partner]
      let areas = Layout.pairAreas(in: size)
      let names = DisplayWidth.truncateDistinctly(
        zip(members, areas).map { ($0.name, $1.columns) }, ellipsis: look.ellipsis)
      for (index, (member, area)) in zip(members, areas).enumerated() {
        drawFace(of: member.id, in: area, screen: screen, into: &frame)
        frame.putCentered(
          names[index], column: area.column, row: area.row + area.rows, width: area.columns,
          style: look.correctName, ellipsis: look.ellipsis)
      }
    }
    if case .paused = screen.game.phase { message = "Paused. Press \(screen.resumeKeys) to resume" }
    frame.putCentered(
      message, column: column.left + 1, row: Layout.messageRow(size), width: column.width - 2,
      style: look.title, ellipsis: look.ellipsis)
    let style = screen.focus == .next && screen.overlay == nil ? look.focused : look.correctName
    frame.putButton(
      label, control: .next, column: names.column, row: names.row, width: names.columns,
      style: style, centered: true, ellipsis: look.ellipsis)
    // It goes on by itself (a play-test took "Enter: next" for a card that waits), counted
    // down with the progress bar (a play-test saw "6 s" stay while the bar moved).
    let enter = screen.key(for: .pressFocused)
    let line: [String]
    if case .paused = screen.game.phase {
      line = ["\(enter): resume"]
    } else {
      let seconds = screen.rules.cardSecondsLeft(atStep: introduction.step)
      line = ["\(enter): next, or it goes on in \(seconds) s", "\(enter): next"]
    }
    frame.putCentered(
      DisplayWidth.fitting(line, in: names.columns),
      column: names.column, row: names.row + 1, width: names.columns, style: look.dim,
      ellipsis: look.ellipsis)
    frame.putCentered(
      screen.keyHints(width: column.width - 2), column: column.left + 1,
      row: Layout.hintRow(size), width: column.width - 2, style: look.dim,
      ellipsis: look.ellipsis)
  }

  /// `steps + 1` positions, 0 (empty) to `steps` (full), across the top of the column.
  static func drawProgressBar(step: Int, of steps: Int, look: CellStyle, into frame: inout Frame) {
    let column = Layout.column(in: frame.size)
    let width = column.width - 2
    let filled = width * min(max(step, 0), steps) / steps
    frame.fill(
      Rect(column: column.left + 1, row: Layout.barRow, columns: filled, rows: 1),
      with: Cell(text: look.barFull, style: look.barFilled))
    frame.fill(
      Rect(column: column.left + 1 + filled, row: Layout.barRow, columns: width - filled, rows: 1),
      with: Cell(text: look.barEmpty, style: look.barUnfilled))
  }

  static func drawPicture(_ screen: Screen, into frame: inout Frame) {
    let box = Layout.pictureBox(in: frame.size)
    let left = (frame.size.columns - box.columns) / 2
    let look = screen.appearance
    let middle = Layout.pictureTop + box.rows / 2
    switch screen.picture {
    case .ready(let picture):
      frame.draw(
        picture, column: (frame.size.columns - picture.size.columns) / 2,
        row: Layout.pictureTop + (box.rows - picture.size.rows) / 2)
    case .loading:
      frame.putCentered(
        "Loading the photo\(look.ellipsis)", column: left, row: middle, width: box.columns,
        style: look.dim)
    case .failed(let reason):
      frame.putCentered(
        "This photo cannot be shown", column: left, row: middle - 1, width: box.columns,
        style: look.wrongText)
      frame.putCentered(
        reason, column: left, row: middle, width: box.columns, style: look.dim,
        ellipsis: look.ellipsis)
    }
  }

  /// How an option is marked and styled: focused or not while it is asked; during the
  /// reveal (and a pause over it) the correct one marked and the chosen one flashing.
  private static func optionMark(_ index: Int, of question: Question, screen: Screen) -> (
    mark: String, style: Style
  ) {
    let look = screen.appearance
    guard let reveal = screen.game.phase.reveal else {
      return ("", style(of: .option(index), in: screen))
    }
    let isCorrect = index == question.correctIndex
    let isChosen = index == reveal.chosenIndex
    var mark = ""
    var style = look.button
    if isCorrect {
      mark = look.right + " "
      style = look.correctName
    } else if isChosen {
      mark = look.wrong + " "
    }
    if isChosen, reveal.isLit, !screen.game.phase.isPaused {
      style = look.flash(correct: isCorrect)
    }
    return (mark, style)
  }

  /// The name buttons; during the reveal (and a pause over it) the correct name is marked
  /// and the chosen one flashes. Names cut to fit stay told apart.
  static func drawOptions(of question: Question, screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    var prefixes: [String] = []
    var styles: [Style] = []
    for index in question.options.indices {
      let (mark, style) = optionMark(index, of: question, screen: screen)
      prefixes.append(" \(index + 1)  \(mark)")
      styles.append(style)
    }
    let areas = question.options.indices.map { Layout.optionArea($0, in: frame.size) }
    let names = DisplayWidth.truncateDistinctly(
      question.options.indices.map {
        (question.options[$0].name, areas[$0].columns - DisplayWidth.of(prefixes[$0]))
      }, ellipsis: look.ellipsis)
    for index in question.options.indices {
      frame.putButton(
        prefixes[index] + names[index], control: .option(index), column: areas[index].column,
        row: areas[index].row, width: areas[index].columns, style: styles[index],
        ellipsis: look.ellipsis)
    }
  }

  /// A question of faces: the four faces side by side, each a button (a click on the face
  /// chooses it) with its number under it, and the name asked where the names would be.
  /// During the reveal each face has its name under it: the right one marked, the chosen one
  /// flashing.
  static func drawFaceOptions(of question: Question, screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let size = frame.size
    let areas = Layout.faceAreas(in: size)
    let revealed = screen.game.phase.reveal != nil
    var labels: [(String, Int)] = []
    var marks: [(mark: String, style: Style)] = []
    for (index, option) in question.options.enumerated() {
      let area = areas[index]
      drawFace(of: option.member, in: area, screen: screen, into: &frame)
      frame.addButton(.option(index), area: area)
      let mark = optionMark(index, of: question, screen: screen)
      marks.append(mark)
      let number = "\(index + 1) "
      labels.append(
        revealed
          ? (option.name, area.columns - DisplayWidth.of(number + mark.mark))
          : ("\(index + 1)", area.columns))
    }
    let names = DisplayWidth.truncateDistinctly(labels, ellipsis: look.ellipsis)
    for (index, area) in areas.enumerated() {
      let number = revealed ? "\(index + 1) " : ""
      frame.putButton(
        number + marks[index].mark + names[index], control: .option(index), column: area.column,
        row: area.row + area.rows, width: area.columns, style: marks[index].style,
        centered: true, ellipsis: look.ellipsis)
    }
    let asked = Layout.namesArea(in: size)
    frame.putCentered(
      question.member.name, column: asked.column, row: asked.row, width: asked.columns,
      style: look.title, ellipsis: look.ellipsis)
    if !revealed {
      frame.putCentered(
        "Which face is theirs?", column: asked.column, row: asked.row + 1, width: asked.columns,
        style: look.dim, ellipsis: look.ellipsis)
    }
  }

  /// A member's face centred in its area, or while it comes an ellipsis.
  private static func drawFace(
    of member: MemberID, in area: Rect, screen: Screen, into frame: inout Frame
  ) {
    if let face = screen.faces[member] {
      frame.draw(
        face, column: area.column + (area.columns - face.size.columns) / 2,
        row: area.row + (area.rows - face.size.rows) / 2)
    } else {
      frame.putCentered(
        screen.appearance.ellipsis, column: area.column, row: area.row + area.rows / 2,
        width: area.columns, style: screen.appearance.dim)
    }
  }

  /// Where the names would be, the field the name is typed in, its cursor a lit cell; during
  /// the reveal, the name as typed and the right one, a slip's letters marked in it.
  static func drawTypedName(of question: Question, screen: Screen, into frame: inout Frame) {
    let look = screen.appearance
    let names = Layout.namesArea(in: frame.size)
    let fieldRow = names.row
    let below = names.row + 1
    // A field as wide as a long name, centred where the names would be.
    let width = min(names.columns, 48)
    let left = names.column + (names.columns - width) / 2
    if let reveal = screen.game.phase.reveal {
      let typed = reveal.typed.map { "You typed: \($0.text)" } ?? "Nothing typed"
      frame.putCentered(
        typed, column: left, row: fieldRow, width: width, style: look.dim,
        ellipsis: look.ellipsis)
      // The right name, marked right as a name picked is; the message line says how it went.
      // Typed as it is spelt, the field and the message say it already.
      let mark = look.right
      let name = question.member.name
      if reveal.typed?.text == name { return }
      let line = "\(mark) \(name)"
      frame.putCentered(
        line, column: left, row: below, width: width, style: look.correctName,
        ellipsis: look.ellipsis)
      guard let typed = reveal.typed, typed.match == .slip else { return }
      // The letters of the name where the slip was, lit.
      let differing = SlipMarks.differing(typed: typed.text, name: name)
      let used = min(DisplayWidth.of(line), width)
      var column = left + (width - used) / 2 + DisplayWidth.of("\(mark) ")
      for (index, character) in name.enumerated() {
        let text = String(character)
        if differing.contains(index), column < left + width {
          frame.put(text, column: column, row: below, style: look.flash(correct: false))
        }
        column += DisplayWidth.of(text)
      }
      return
    }
    let label = "Name: "
    frame.put(label, column: left, row: fieldRow, style: look.title)
    // The field, its cursor a lit cell; the end of a long name scrolls into view with it.
    let end = left + width
    let characters = screen.typing.characters
    let start = max(0, screen.typing.cursor - (width - label.count - 1))
    var column = left + label.count
    for (index, character) in characters.enumerated().dropFirst(start) {
      let text = String(character)
      let cellWidth = max(1, DisplayWidth.of(text))
      guard column + cellWidth <= end else { break }
      let isCursor = index == screen.typing.cursor && screen.overlay == nil
      frame.put(text, column: column, row: fieldRow, style: isCursor ? look.focused : look.button)
      column += cellWidth
    }
    if column < end {
      let atEnd = screen.typing.cursor == characters.count && screen.overlay == nil
      frame.put(" ", column: column, row: fieldRow, style: atEnd ? look.focused : look.button)
      column += 1
    }
    if column < end {
      frame.put(
        String(repeating: " ", count: end - column), column: column, row: fieldRow,
        style: look.button)
    }
    let submit = screen.key(for: .submit)
    frame.putCentered(
      screen.typedNumberSaid
        ? "Type the name, not a number, then \(submit)"
        : "Type the name, then \(submit)",
      column: left, row: below, width: width,
      style: screen.typedNumberSaid ? look.title : look.dim, ellipsis: look.ellipsis)
  }

  /// The line under the picture (`notice`, for a pause over a revealed answer) and the message
  /// line above the names.
  static func quizMessages(_ screen: Screen, width: Int = .max) -> (
    notice: (String, Style)?, message: (String, Style)?
  ) {
    let look = screen.appearance
    let phase = screen.game.phase
    var revealed: (String, Style)?
    if let reveal = phase.reveal, reveal.question.kind == .face {
      let name = reveal.question.correctOption.name
      let place = "\(name) is number \(reveal.question.correctIndex + 1)"
      switch reveal.outcome {
      case .correct: revealed = ("\(look.right) Right! \(name)", look.rightText)
      case .wrong: revealed = ("\(look.wrong) Wrong: \(place)", look.wrongText)
      case .timedOut: revealed = ("\(look.timedOut) Time's up: \(place)", look.wrongText)
      }
    } else if let reveal = phase.reveal {
      let name = reveal.question.correctOption.name
      switch reveal.outcome {
      case .correct where reveal.typed?.match == .slip:
        revealed = ("\(look.right) Right, nearly: \(name)", look.rightText)
      case .correct: revealed = ("\(look.right) Right! \(name)", look.rightText)
      case .wrong: revealed = ("\(look.wrong) Wrong: this is \(name)", look.wrongText)
      case .timedOut: revealed = ("\(look.timedOut) Time's up: this is \(name)", look.wrongText)
      }
    }
    guard case .paused(let paused) = phase else { return (nil, revealed) }
    let pause: (String, Style)
    let key = screen.resumeKeys
    switch paused.reason {
    case .playerAway:
      pause = (
        DisplayWidth.fitting(
          [
            "No answer to \(screen.rules.pauseAfterTimeouts) questions: paused. "
              + "Press \(key) to resume (score starts again at 0)",
            "No answer to \(screen.rules.pauseAfterTimeouts) questions: paused. Press \(key) to "
              + "resume",
            "No answers: paused. Press \(key) to resume",
            "Paused: \(screen.key(for: .pause)) resumes",
          ], in: width), look.title
      )
    case .player, .screenLeft:
      pause = (
        DisplayWidth.fitting(
          [
            "Paused. Press \(key) to resume (the score starts again at 0)",
            "Paused. Press \(key) to resume", "Paused: \(screen.key(for: .pause)) resumes",
          ], in: width), look.title
      )
    }
    return revealed == nil ? (nil, pause) : (pause, revealed)
  }
}
