import GameEngine
import Pictures

/// The front end's state and what every input does: the session, the place and window on
/// screen, the focused button, the window's size and the member's picture. It touches no
/// terminal and reads no clock: the loop (or the headless front end) hands it inputs stamped
/// with an instant, and `EffectRunner` runs the effects it returns.
///
/// Its concerns live in files of their own: keys (AppModel+Keys, from the `Keymap`), focus
/// (AppModel+Focus), pictures (AppModel+Pictures), what the screen shows (AppModel+Screen),
/// the history (AppModel+History), the club's scores (AppModel+Scores) and the people window
/// (PeopleWindowState).
public struct AppModel: Sendable {
  public internal(set) var session: Session
  public internal(set) var place: Place = .start
  public internal(set) var overlay: Overlay?
  public internal(set) var focus: Control = .start
  /// The focused button of the window over the place.
  public internal(set) var windowFocus: Control = .close
  /// When the last name card gave way to the next card: an Enter (or space) within
  /// `enterAfterCard` of it was meant for the card that went, and passes over no card unseen.
  var cardLeftAt: Instant?
  /// How long after a name card an Enter is taken as meant for it: a press already on its way
  /// as the card moves on by itself, or the second of two quick presses.
  static let enterAfterCard: Duration = .seconds(1)
  /// As a question appears no name is focused until the player moves to one (an arrow or Tab
  /// focuses the first) or resumes from a pause: an Enter then was meant for what came before
  /// (a name card that went on by itself as its name was being read, Start, the next round)
  /// and picks no name; 1 to 4 answer at once. (A play-test's Enter for a card answered the
  /// question after it; a second found Enter picking the first name on some questions and not
  /// on others.)
  var namesAwaitAMove = false
  /// The name focused (and shown) when p paused the game, its Resume button taking the focus:
  /// given back as the game resumes (a play-test's resume moved it to the first name, and
  /// Enter then picked that one).
  var focusBeforePause: Control?
  /// The window's size in cells: the one owner of it.
  public internal(set) var size: CellSize
  /// The colours and symbols of the terminal, for the screens and the pictures alike, and
  /// how faces are drawn.
  public internal(set) var appearance: CellStyle
  /// The roster's folder and the files skipped (photos that failed in the game join them).
  var roster: RosterSummary
  var pictures = PictureSlots()
  /// Whether the terminal is given back to the shell (Ctrl-Z): nothing is drawn.
  public internal(set) var isSuspended = false
  /// Whether the player asked to quit: inputs after that change nothing.
  public internal(set) var hasQuit = false
  /// The instant the clock is set for, as last said with `Effect.setClock`.
  private var clockSetFor: Instant?
  /// The member whose face was last asked to be confirmed on screen.
  var faceAwaited: MemberID?
  /// How well the player knows each member, brought up to date with every card and answer.
  public var memories: Memories { session.memories }
  /// Whether a history is kept: every card and answer is then recorded.
  let recordsHistory: Bool
  /// Everything played on the roster: the history's, if one is kept, and this session's.
  var played: Totals
  /// Everything played on the roster, the history's and this session's; nil without history.
  public var allTime: Totals? { recordsHistory ? played : nil }
  /// The people window's order, scroll and "Forget my progress" button.
  var people = PeopleWindowState()
  /// What the history cannot keep and why.
  var historyNotice: String?
  /// Answers and name cards waiting for the history, and why; nil when none waits.
  var historyWaiting: HistoryWaiting?
  /// The name being typed, for a question of that kind; emptied as each question is posed.
  public internal(set) var typing = TextField()
  /// Whether a key that picks a name elsewhere was pressed first where this question's name is
  /// typed: said once, under the field (see `handle(_:at:into:)`).
  var typedNumberSaid = false
  /// Whether the start screen says what Learn and Start do: the game chose Learn for a roster
  /// of people mostly new.
  let suggestsLearning: Bool
  /// Whether answers were recorded since the player's memory was last fitted: a sitting left
  /// before its end is fitted as the game quits.
  var answersSinceFit = false
  /// Answers recorded since the launch: the player's memory is fitted again as they reach
  /// `AppModel.fitAfter` and each doubling of it, so that it learns the player within the
  /// first sitting.
  var answersRecorded = 0
  /// A photo that failed in the game, said on the quiz screen; nil when none is to be said.
  var leftOut: LeftOut?
  /// Whether the player was told why faces are not asked (see `facesNotice`): once a launch.
  var facesNoticeSaid = false
  /// The start screen's offer to make the roster the player's club; nil when not offered.
  var clubOffer: ClubOffer?
  /// The drill asked for with nobody to drill: the start screen says why, until the next press.
  var drillAskedEarly = false
  /// The roster as the settings would keep it, when the start screen offers to make it the
  /// player's club; nil when it does not.
  let clubRoster: String?
  /// What is wrong with the settings file, a line each; the start screen says the first.
  let settingsWarnings: [String]
  /// The first line of the help window's keys in view.
  var linesFirst = 0
  /// The player's settings file, for the settings window; nil when there is none.
  var settingsFile: SettingsFile?
  /// The settings window's chosen line, text typed and last message.
  var settingsWindow = SettingsWindowState()
  /// The club's scores, when its server collects them; nil when it does not.
  var scores: ScoresState?

  /// `mode` is the mode the start screen offers first; nil leaves it to the game: Learn on a
  /// roster whose people are mostly new to the history, where the start screen also says
  /// what Learn and Start do, else Start.
  public init(
    session: Session, roster: RosterSummary, appearance: CellStyle, size: CellSize,
    history: HistorySetup? = nil, mode: PlayMode? = nil, settings: SettingsFile? = nil,
    clubRoster: String? = nil, settingsWarnings: [String] = [], scores: ClubScores? = nil
  ) {
    self.scores = scores.map(ScoresState.init)
    settingsFile = settings
    self.settingsWarnings = settingsWarnings
    self.clubRoster = clubRoster
    var session = session
    if let history, let wallClock = history.wallClock {
      session.restore(history.memories, wallClock: wallClock, confusions: history.confusions)
    }
    session.handle(.roomForFaces(Layout.hasRoomForFaces(size)), at: session.now)
    self.session = session
    self.roster = roster
    self.appearance = appearance
    self.size = size
    recordsHistory = history?.wallClock != nil
    played = recordsHistory ? history?.totals ?? Totals() : Totals()
    historyNotice = history?.notice
    let members = self.session.memberIDsInPlay
    let mostlyNew = recordsHistory && 2 * self.session.memories.new(among: members) > members.count
    suggestsLearning = mode == nil && mostlyNew
    clubOffer = clubRoster == nil ? nil : .offered
    // Learn first where it has most to do: mostly new people, or anyone due (a later day's
    // reviews); the timed quiz where everyone met is remembered.
    // Counted at the launch, as the start screen counts them: the wall clock's origin (in the
    // terminal, the launch's instant, hours after the session's first).
    let anyoneDue =
      recordsHistory
      && self.session.memories.due(among: members, at: self.session.wallClock.unixSecondsAtOrigin)
        > 0
    focus = (mode ?? (mostlyNew || anyoneDue ? .learn : .quiz)) == .learn ? .learn : .start
  }

  /// The instant of the latest input: the session's, which every input brings up to date.
  public var now: Instant { session.now }

  public var isTooSmall: Bool { Layout.isTooSmall(size) }

  // MARK: - Inputs

  /// Applies an input that happened at `now` and returns what the loop must do, in order.
  /// A frame is asked for (`.render`) when what the screen is made of changed.
  public mutating func handle(_ input: Input, at now: Instant) -> [Effect] {
    guard !hasQuit else { return [] }
    let before = shown
    var step = Step()
    apply(input, at: now, into: &step)
    if let status = step.quit {
      hasQuit = true
      // Killed, the game goes at once; quit by the player, the sitting left is fitted.
      var killed = false
      if case .terminated = input { killed = true }
      if answersSinceFit, !killed {
        step.effects.append(.fitMemory(at: session.wallClock.unixSeconds(at: now)))
      }
      return step.effects + [.quit(status: status, summary: step.summary ? summaryLine : nil)]
    }
    step.effects += pictureRequests()
    if !isSuspended, step.redraw || before != shown {
      step.effects.append(.render)
    }
    if let member = faceToConfirm() {
      faceAwaited = member
      step.effects.append(.confirmFaceDrawn(member))
    }
    let clock = isSuspended ? nil : session.nextChange
    if clock != clockSetFor {
      clockSetFor = clock
      step.effects.append(.setClock(clock))
    }
    return step.effects + step.last
  }

  /// What one input leads to, gathered while it is applied.
  struct Step {
    var effects: [Effect] = []
    /// Effects that come after everything else (the suspension, once the clock is stopped).
    var last: [Effect] = []
    var redraw = false
    var quit: Int32?
    var summary = false
  }

  private mutating func apply(_ input: Input, at now: Instant, into step: inout Step) {
    switch input {
    case .launched:
      step.redraw = true
      sendWaitingScores(into: &step)
      tell(.clockTicked, at: now, into: &step)
    case .tick:
      tell(.clockTicked, at: now, into: &step)
    case .interrupt:
      step.quit = 128 + 2
      step.summary = true
    case .terminated(let signal):
      step.quit = 128 + signal
    case .suspended:
      tell(.screenLeft, at: now, into: &step)
      isSuspended = true
      step.last.append(.suspend)
    case .backgrounded:
      tell(.screenLeft, at: now, into: &step)
      isSuspended = true
    case .continued(let newSize):
      isSuspended = false
      step.redraw = true
      resize(to: newSize, at: now, into: &step)
    case .resized(let newSize):
      resize(to: newSize, at: now, into: &step)
    case .cellsResized(let cellPixels):
      guard let mode = appearance.pixels, mode.cellPixels != cellPixels else { break }
      appearance.pixels = PixelMode(graphics: mode.graphics, cellPixels: cellPixels)
      // The faces in hand have the old cells' pixels: they are made again.
      pictures = PictureSlots()
      step.redraw = true
      tell(.clockTicked, at: now, into: &step)
    case .press where isSuspended, .key where isSuspended, .typed where isSuspended,
      .act where isSuspended:
      break  // the shell has the terminal: nothing the game reads comes from the player
    case .typed(let text):
      tell(.playerActive, at: now, into: &step)
      guard overlay == nil, case .answering(let answering) = session.state.phase,
        answering.question.kind == .typing
      else { return tell(.clockTicked, at: now, into: &step) }
      typing = TextField(text)
      submitTyped(at: now, into: &step)
    case .press(let control):
      tell(.playerActive, at: now, into: &step)
      press(control, at: now, into: &step)
    case .key(let key):
      if key != .focusLost, key != .focusGained, key != .resize {
        tell(.playerActive, at: now, into: &step)
      }
      handle(key, at: now, into: &step)
    case .act(let action):
      tell(.playerActive, at: now, into: &step)
      act(action, keepsForgetArmed: action == .pressFocused, at: now, into: &step)
    case .pictureReady(let request, let picture):
      pictureArrived(request, .ready(picture))
      tell(.clockTicked, at: now, into: &step)
    case .pictureFailed(let request, let file, let reason):
      pictureFailed(request, file: file, reason: reason, at: now, into: &step)
    case .faceDrawn(let member):
      if faceAwaited == member { faceAwaited = nil }
      guard memberAwaitingFace == member, faceToShow(of: member) != nil
      else { return tell(.clockTicked, at: now, into: &step) }
      tell(.faceShown, at: now, into: &step)
    case .historyFailed(let write, let reason):
      historyFailed(write)
      // Said once: the first failure is the one that explains.
      if historyNotice == nil { historyNotice = "History not kept: \(reason)" }
      tell(.clockTicked, at: now, into: &step)
    case .historyWaiting(let waiting):
      historyWaiting = waiting.writes > 0 ? waiting : nil
      tell(.clockTicked, at: now, into: &step)
    case .memoryFitted(let memory):
      session.adopt(memory.model)
      tell(.clockTicked, at: now, into: &step)
    case .settingSaved(let key, let value, let failure):
      settingSaved(key: key, value: value, failure: failure)
      step.redraw = true
      tell(.clockTicked, at: now, into: &step)
    case .scoresSent(let status):
      if var scores {
        scores.status = status
        scores.sending = max(0, scores.sending - 1)
        self.scores = scores
      }
      tell(.clockTicked, at: now, into: &step)
    }
  }

  /// Hands an event to the session and reports the changes it made.
  mutating func tell(_ event: Event, at now: Instant, into step: inout Step) {
    let before = session.memories
    let cardBefore: Introduction? =
      if case .introducing(let card) = session.state.phase { card } else { nil }
    let transitions = session.handle(event, at: now)
    if transitions.contains(where: \.finishesRound) { focus = .nextRound }
    // The question of the scores is the finished scene's: a round left unanswered (the next
    // round, or the start screen) is not sent.
    if !isFinished || place != .quiz { scores?.held = nil }
    // A name card's one button, and the names again after it.
    if case .introducing(let card) = session.state.phase {
      if let cardBefore, cardBefore.member != card.member { cardLeftAt = now }
      focus = .next
    } else if focus == .next, session.state.phase.question != nil {
      focus = .option(0)
      cardLeftAt = nil
    }
    for transition in transitions {
      if case .questionPosed = transition.kind {
        typing = TextField()
        typedNumberSaid = false
        leftOut = leftOut?.posed
        // The arrows start from the first option of each question, not the last answered,
        // nor Pause or Stats tabbed to during the last one; none is shown until they move (a
        // name typed has no names to focus).
        switch focus {
        case .option, .pause, .stats:
          focus = .option(0)
          namesAwaitAMove = session.state.phase.question?.kind != .typing
          focusBeforePause = nil
        default: break
        }
      }
      if case .questionEnded(let result) = transition.kind {
        // Said once it was on screen: a photo left out takes its line.
        if facesNotice != nil, leftOut == nil { facesNoticeSaid = true }
        cardLeftAt = nil
        namesAwaitAMove = false
        played.add(result, streak: session.state.streak)
        played.days.answered(on: session.wallClock.day(at: transition.at))
      }
      if recordsHistory { record(transition, memoriesBefore: before, into: &step) }
      step.effects.append(.report(transition))
      if case .roundFinished(let summary) = transition.kind {
        scoreFinished(summary, at: transition.at, into: &step)
      }
    }
  }

  private mutating func resize(to newSize: CellSize, at now: Instant, into step: inout Step) {
    size = newSize
    tell(isTooSmall ? .screenLeft : .clockTicked, at: now, into: &step)
    let room = Layout.hasRoomForFaces(size)
    if room != session.roomForFaces { tell(.roomForFaces(room), at: now, into: &step) }
  }

  /// Everything the screen is made from, compared before and after an input: a change owes
  /// a frame. Made of the model's own values (nothing is counted or sorted for it); the
  /// arrays in it compare at once while their storage is shared.
  private var shown: Shown {
    Shown(
      state: session.state, place: place, overlay: overlay, focus: focus,
      namesUnfocused: namesUnfocused, windowFocus: windowFocus, size: size, appearance: appearance,
      picture: pictures.onScreen, faces: pictures.faces,
      roster: roster, historyNotice: historyNotice, historyWaiting: historyWaiting,
      people: people, group: session.group,
      suspended: isSuspended, typing: typing, typedNumberSaid: typedNumberSaid,
      quizKinds: session.quizKinds,
      facesNotice: facesNotice, leftOut: leftOut, linesFirst: linesFirst,
      clubOffer: clubOffer, drillAskedEarly: drillAskedEarly, settingsFile: settingsFile,
      settingsWindow: settingsWindow, scores: scores)
  }

  private struct Shown: Equatable {
    var state: State
    var place: Place
    var overlay: Overlay?
    var focus: Control
    var namesUnfocused: Bool
    var windowFocus: Control
    var size: CellSize
    var appearance: CellStyle
    var picture: PictureSlots.Held?
    var faces: [MemberID: PictureSlots.Held]
    var roster: RosterSummary
    var historyNotice: String?
    var historyWaiting: HistoryWaiting?
    var people: PeopleWindowState
    var group: String?
    var suspended: Bool
    /// The name being typed, whether a number pressed first was said, and what Start asks:
    /// none is in the game's state.
    var typing: TextField
    var typedNumberSaid: Bool
    var quizKinds: QuestionKinds
    var facesNotice: String?
    var leftOut: LeftOut?
    var linesFirst: Int
    var clubOffer: ClubOffer?
    var drillAskedEarly: Bool
    var settingsFile: SettingsFile?
    var settingsWindow: SettingsWindowState
    var scores: ScoresState?
  }
}

extension Transition {
  fileprivate var finishesRound: Bool {
    if case .roundFinished = kind { return true }
    return false
  }
}
