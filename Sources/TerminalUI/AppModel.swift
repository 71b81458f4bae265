import GameEngine
import Pictures

/// The front end's state and what every input does: the session, the place and window on
/// screen, the focused button, the window's size and the member's picture. It touches no
/// terminal and reads no clock: the loop (or the headless front end) hands it inputs stamped
/// with an instant, and runs the effects it returns.
public struct AppModel: Sendable {
  public private(set) var session: Session
  public private(set) var place: Place = .start
  public private(set) var overlay: Overlay?
  public private(set) var focus: Control = .start
  /// The focused button of the window over the place.
  public private(set) var windowFocus: Control = .close
  /// The window's size in cells: the one owner of it.
  public private(set) var size: CellSize
  /// The colours and symbols of the terminal, for the screens and the pictures alike, and
  /// how faces are drawn.
  public private(set) var appearance: CellStyle
  /// The roster's folder and the files skipped (photos that failed in the game join them).
  private var roster: RosterSummary
  var pictures = PictureSlots()
  /// Whether the terminal is given back to the shell (Ctrl-Z): nothing is drawn.
  public private(set) var isSuspended = false
  /// Whether the player asked to quit: inputs after that change nothing.
  public private(set) var hasQuit = false
  /// The instant the clock is set for, as last said with `Effect.setClock`.
  private var clockSetFor: Instant?
  /// The member whose face was last asked to be confirmed on screen.
  private var faceAwaited: MemberID?
  /// How well the player knows each member, brought up to date with every card and answer.
  public var memories: Memories { session.memories }
  /// Whether a history is kept: every card and answer is then recorded.
  private let recordsHistory: Bool
  /// Everything played on the roster: the history's, if one is kept, and this session's.
  private var played: Totals
  /// Everything played on the roster, the history's and this session's; nil without history.
  public var allTime: Totals? { recordsHistory ? played : nil }
  /// The people window's order and the first row it shows.
  private var peopleOrder = PeopleList.Order.name
  private var peopleFirst = 0
  /// Whether "Forget my progress" was pressed once: the next press forgets, any other key
  /// or button leaves it.
  private var forgetArmed = false
  /// What the history cannot keep and why.
  private var historyNotice: String?
  /// The instant of the latest input: recall is counted at it.
  private var latest = Instant.zero

  public init(
    session: Session, roster: RosterSummary, appearance: CellStyle, size: CellSize,
    history: HistorySetup? = nil, mode: PlayMode = .quiz
  ) {
    var session = session
    if let history, let wallClock = history.wallClock {
      session.restore(history.memories, wallClock: wallClock)
    }
    self.session = session
    self.roster = roster
    self.appearance = appearance
    self.size = size
    recordsHistory = history?.wallClock != nil
    played = recordsHistory ? history?.totals ?? Totals() : Totals()
    historyNotice = history?.notice
    focus = mode == .learn ? .learn : .start
  }

  /// What to draw now.
  public var screen: Screen {
    var summary = roster
    summary.members = session.membersInPlay
    var screen = Screen(
      game: session.state, place: place, overlay: overlay, focus: focus, roster: summary,
      picture: pictureOnScreen ?? .loading, appearance: appearance, rules: session.rules)
    screen.historyNotice = historyNotice
    screen.allTime = allTime
    screen.windowFocus = windowFocus
    if overlay == .people { screen.people = peopleList }
    let now = session.wallClock.unixSeconds(at: latest)
    if recordsHistory {
      let members = session.memberIDsInPlay
      screen.progress = Progress(
        known: memories.known(among: members, at: now), new: memories.new(among: members),
        total: members.count)
    }
    if place == .start, !session.groups.isEmpty {
      let inPlay = session.membersStillInPlay
      let byGroup = Dictionary(grouping: inPlay, by: \.group)
      screen.groups = ([nil] + session.groups.map(Optional.some)).map { group in
        let members = (group == nil ? inPlay : byGroup[group] ?? []).map(\.id)
        return GroupLine(
          group: group, members: members.count,
          known: recordsHistory ? memories.known(among: members, at: now) : nil)
      }
      screen.chosenGroup = session.groupIndex
    }
    if let (members, box) = facesWanted {
      for member in members {
        if let shown = pictures.faces[member], shown.box == box, case .ready(let face) = shown.slot
        {
          screen.faces[member] = face
        }
      }
    }
    return screen
  }

  public var isTooSmall: Bool { Layout.isTooSmall(size) }

  /// The line printed after the terminal is restored when the player quits.
  public var summaryLine: String {
    let state = session.state
    return "Score \(state.score), longest streak \(state.longestStreak), "
      + "\(state.questionsPlayed) question\(state.questionsPlayed == 1 ? "" : "s") played."
  }

  // MARK: - Inputs

  /// Applies an input that happened at `now` and returns what the loop must do, in order.
  public mutating func handle(_ input: Input, at now: Instant) -> [Effect] {
    guard !hasQuit else { return [] }
    let before = (screen: screen, size: size)
    latest = max(latest, now)
    var step = Step()
    apply(input, at: now, into: &step)
    if let status = step.quit {
      hasQuit = true
      return step.effects + [.quit(status: status, summary: step.summary ? summaryLine : nil)]
    }
    step.effects += pictureRequests()
    if !isSuspended, step.redraw || before.size != size || before.screen != screen {
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
  private struct Step {
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
      pictures.onScreen = nil
      pictures.faces = [:]
      pictures.prefetched = nil
      step.redraw = true
      tell(.clockTicked, at: now, into: &step)
    case .press where isSuspended, .key where isSuspended:
      break  // the shell has the terminal: nothing the game reads comes from the player
    case .press(let control):
      tell(.playerActive, at: now, into: &step)
      press(control, at: now, into: &step)
    case .key(let key):
      if key != .focusLost, key != .focusGained, key != .resize {
        tell(.playerActive, at: now, into: &step)
      }
      handle(key, at: now, into: &step)
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
    case .historyFailed(let reason):
      // Said once: the first failure is the one that explains.
      if historyNotice == nil { historyNotice = "History not kept: \(reason)" }
      tell(.clockTicked, at: now, into: &step)
    }
  }

  /// Hands an event to the session and reports the changes it made.
  private mutating func tell(_ event: Event, at now: Instant, into step: inout Step) {
    let transitions = session.handle(event, at: now)
    if transitions.contains(where: \.finishesRound) { focus = .nextRound }
    // A name card's one button, and the names again after it.
    if case .introducing = session.state.phase {
      focus = .next
    } else if focus == .next, session.state.phase.question != nil {
      focus = .option(0)
    }
    for transition in transitions {
      if case .questionEnded(let result) = transition.kind {
        played.add(result, streak: session.state.streak)
      }
      if recordsHistory { record(transition, into: &step) }
      step.effects.append(.report(transition))
    }
  }

  /// The history's part of a transition: an answer, or a member met on a name card, with
  /// their memory after it.
  private func record(_ transition: Transition, into step: inout Step) {
    switch transition.kind {
    case .questionEnded(let result):
      guard let record = memories.records[result.member.id] else { return }
      step.effects.append(
        .recordAnswer(
          RecordedAnswer(
            result: result, answeredAt: record.lastAnswer, memory: record.memory,
            grade: record.lastGrade, mode: (session.state.game?.mode ?? .quiz).rawValue)))
    case .introduced(let member):
      guard let record = memories.records[member.id] else { return }
      step.effects.append(.recordIntroduction(member.id, record))
    default:
      break
    }
  }

  private mutating func resize(to newSize: CellSize, at now: Instant, into step: inout Step) {
    size = newSize
    tell(isTooSmall ? .screenLeft : .clockTicked, at: now, into: &step)
  }

  private mutating func handle(_ key: Key, at now: Instant, into step: inout Step) {
    if case .character("q") = key {
      step.quit = 0
      step.summary = true
      return
    }
    if isTooSmall { return tell(.clockTicked, at: now, into: &step) }
    switch key {
    case .enter, .character(" "), .focusLost, .focusGained, .resize: break
    default: forgetArmed = false  // only its second press forgets
    }
    if overlay == .people, scrollPeople(key) { return tell(.clockTicked, at: now, into: &step) }
    switch key {
    case .enter, .character(" "):
      return press(overlay == nil ? focus : windowFocus, at: now, into: &step)
    case .tab: moveFocus(by: 1)
    case .backTab: moveFocus(by: -1)
    case .left: moveFocusInRow(right: false)
    case .right: moveFocusInRow(right: true)
    case .up where choosesGroups: chooseGroup(session.groupIndex - 1)
    case .down where choosesGroups: chooseGroup(session.groupIndex + 1)
    case .up: moveFocusVertically(down: false)
    case .down: moveFocusVertically(down: true)
    case .escape: return escape(at: now, into: &step)
    case .focusLost:
      if place == .quiz { return tell(.screenLeft, at: now, into: &step) }
    case .focusGained, .resize, .click, .pageUp, .pageDown, .home, .end: break
    case .character(let character): return handle(character, at: now, into: &step)
    }
    tell(.clockTicked, at: now, into: &step)
  }

  private mutating func handle(_ character: Character, at now: Instant, into step: inout Step) {
    switch character {
    case "1", "2", "3", "4":
      guard place == .quiz, overlay == nil, let number = character.wholeNumberValue,
        number <= session.rules.optionCount
      else { break }
      return press(.option(number - 1), at: now, into: &step)
    case "p", "P":
      guard place == .quiz, overlay == nil, !isFinished else { break }
      return press(.pause, at: now, into: &step)
    case "s", "S":
      return openOverlay(.stats, at: now, into: &step)
    case "m", "M":
      return openOverlay(.people, at: now, into: &step)
    case "?", "h":
      return openOverlay(.help, at: now, into: &step)
    case "w", "W":
      guard place == .start, !roster.warnings.isEmpty else { break }
      return openOverlay(.warnings, at: now, into: &step)
    default: break
    }
    tell(.clockTicked, at: now, into: &step)
  }

  private mutating func press(_ control: Control, at now: Instant, into step: inout Step) {
    // A window owns the screen: only its own buttons work while it is open.
    guard overlay == nil || windowControls.contains(control) else { return }
    let armed = forgetArmed
    forgetArmed = false
    switch control {
    case .start, .learn:
      place = .quiz
      focus = .option(0)
      tell(control == .learn ? .learnPressed : .startPressed, at: now, into: &step)
    case .next:
      tell(.nextPressed, at: now, into: &step)
    case .stats:
      openOverlay(.stats, at: now, into: &step)
    case .quit:
      step.quit = 0
      step.summary = true
    case .option(let index):
      guard !isFinished else { return }
      focus = .option(index)
      tell(.answerChosen(index), at: now, into: &step)
    case .pause:
      guard !isFinished else { return }
      focus = .pause
      tell(session.state.phase.isPaused ? .resumePressed : .pausePressed, at: now, into: &step)
    case .close:
      closeOverlay(at: now, into: &step)
    case .nextRound:
      focus = .option(0)
      tell(.nextRoundPressed, at: now, into: &step)
    case .menu:
      escape(at: now, into: &step)
    case .people:
      openOverlay(.people, at: now, into: &step)
    case .sortPeople:
      windowFocus = .sortPeople
      peopleOrder = peopleOrder == .name ? .weakest : .name
      peopleFirst = 0
      tell(.clockTicked, at: now, into: &step)
    case .group(let index):
      chooseGroup(index)
      tell(.clockTicked, at: now, into: &step)
    case .forgetProgress:
      windowFocus = .forgetProgress
      if armed {
        forgetProgress(into: &step)
      } else {
        forgetArmed = true
      }
      tell(.clockTicked, at: now, into: &step)
    }
  }

  /// "Forget my progress", pressed twice: the roster's history is cleared and everyone in it
  /// is new again; this session's scores stay.
  private mutating func forgetProgress(into step: inout Step) {
    session.forgetMemories()
    played = Totals()
    step.effects.append(.forgetProgress)
  }

  /// Moves the people window's list for a key that scrolls it; false for other keys.
  private mutating func scrollPeople(_ key: Key) -> Bool {
    let total = session.membersInPlay
    let page = PeopleLayout.visibleRows(of: total, in: size)
    let first = PeopleLayout.clampedFirst(peopleFirst, of: total, in: size)
    switch key {
    case .up: peopleFirst = first - 1
    case .down: peopleFirst = first + 1
    case .pageUp: peopleFirst = first - page
    case .pageDown: peopleFirst = first + page
    case .home: peopleFirst = 0
    case .end: peopleFirst = total
    default: return false
    }
    return true
  }

  /// The people window's list as it is now.
  private var peopleList: PeopleList {
    let rows = PeopleList.rows(
      of: session.membersStillInPlay, memories: memories, tallies: played.members,
      at: session.wallClock.unixSeconds(at: latest), order: peopleOrder)
    return PeopleList(
      rows: rows, order: peopleOrder,
      first: PeopleLayout.clampedFirst(peopleFirst, of: rows.count, in: size),
      canForget: recordsHistory, forgetArmed: forgetArmed)
  }

  private mutating func openOverlay(_ newOverlay: Overlay, at now: Instant, into step: inout Step) {
    overlay = newOverlay
    windowFocus = .close
    peopleFirst = 0
    tell(newOverlay == .stats ? .statsOpened : .screenLeft, at: now, into: &step)
  }

  private mutating func closeOverlay(at now: Instant, into step: inout Step) {
    let closed = overlay
    overlay = nil
    windowFocus = .close
    tell(closed == .stats ? .statsClosed : .clockTicked, at: now, into: &step)
  }

  private mutating func escape(at now: Instant, into step: inout Step) {
    if overlay != nil { return closeOverlay(at: now, into: &step) }
    guard place == .quiz else { return }
    place = .start
    focus = session.state.game?.mode == .learn ? .learn : .start
    tell(.screenLeft, at: now, into: &step)
  }

  // MARK: - Pictures and faces

  /// A photo that failed to decode: its member leaves the game (the question about them
  /// gives way to the next, under its number) and the start screen lists the file. When the
  /// game cannot spare them (fewer than four names would be left) their question stays and
  /// says why there is no picture.
  private mutating func pictureFailed(
    _ request: PictureRequest, file: String, reason: String, at now: Instant,
    into step: inout Step
  ) {
    pictures.finished(request)
    tell(.memberWithdrawn(request.member), at: now, into: &step)
    if !session.isInPlay(request.member) {
      let warning = "\(file): \(reason)"
      if !roster.warnings.contains(warning) { roster.warnings.append(warning) }
      if let member = session.member(request.member) {
        step.effects.append(.memberWithdrawn(member, file: file, reason: reason))
      }
    } else {
      pictureArrived(request, .failed(reason))
    }
  }

  /// Keeps a picture that arrived if it is the one the screen shows now.
  private mutating func pictureArrived(_ request: PictureRequest, _ slot: PictureSlot) {
    pictures.finished(request)
    // A picture made for cells of another size (before a font zoom) is not shown.
    guard request.style == appearance else { return }
    if let (members, box) = facesWanted, members.contains(request.member), request.box == box {
      pictures.faces[request.member] = PictureSlots.Shown(
        member: request.member, box: box, slot: slot)
    }
    guard request.member == session.state.phase.member?.id,
      request.box == Layout.pictureBox(in: size)
    else { return }
    pictures.onScreen = PictureSlots.Shown(member: request.member, box: request.box, slot: slot)
  }

  /// The picture in hand, if it is of the member on screen and made for the window's box.
  private var pictureOnScreen: PictureSlot? {
    guard let shown = pictures.onScreen,
      shown.member == session.state.phase.member?.id,
      shown.box == Layout.pictureBox(in: size)
    else { return nil }
    return shown.slot
  }

  /// The faces the finished scene shows (the people missed, as many as fit) and their box.
  private var facesWanted: (members: [MemberID], box: CellSize)? {
    guard place == .quiz, !isTooSmall, case .finished(let summary) = session.state.phase,
      let layout = FinishedLayout.faces(in: size, missed: summary.missed.count)
    else { return nil }
    return (summary.missed.prefix(layout.count).map(\.id), layout.box)
  }

  /// The pictures to ask for now: the ones the screen needs, then the next question's.
  private mutating func pictureRequests() -> [Effect] {
    guard !isTooSmall else { return [] }
    let box = Layout.pictureBox(in: size)
    var requests: [PictureRequest] = []
    if let (members, faceBox) = facesWanted {
      for member in members where pictures.faces[member]?.box != faceBox {
        requests.append(
          PictureRequest(member: member, box: faceBox, style: appearance, purpose: .onScreen))
      }
    } else if !pictures.faces.isEmpty, !isFinished {
      pictures.faces = [:]
    }
    if place == .quiz, let member = session.state.phase.member, pictureOnScreen == nil {
      requests.append(
        PictureRequest(member: member.id, box: box, style: appearance, purpose: .onScreen))
    }
    let upcoming = PictureRequest(
      member: session.upcomingMember, box: box, style: appearance, purpose: .prefetch)
    if pictures.prefetched != upcoming {
      pictures.prefetched = upcoming
      requests.append(upcoming)
    }
    return requests.filter { pictures.start($0) }.map(Effect.preparePicture)
  }

  /// The member whose face the game waits for: a loading question's, or a name card's.
  private var memberAwaitingFace: MemberID? {
    switch session.state.phase {
    case .loading(let question): question.member.id
    case .introducing(let introduction) where introduction.shownAt == nil:
      introduction.member.id
    default: nil
    }
  }

  /// The face the screen shows for the member whose face is awaited, if it is there (a photo
  /// that cannot be shown counts: its question says why and plays on).
  private func faceToShow(of member: MemberID) -> PictureSlot? {
    guard place == .quiz, overlay == nil, !isTooSmall, !isSuspended,
      member == memberAwaitingFace, let slot = pictureOnScreen, slot != .loading
    else { return nil }
    return slot
  }

  /// The member whose face the next frame shows while their question or card waits for it.
  private func faceToConfirm() -> MemberID? {
    guard let member = memberAwaitingFace, faceToShow(of: member) != nil, faceAwaited != member
    else { return nil }
    return member
  }

  // MARK: - Focus

  /// The buttons of the window on screen, in Tab order.
  private var windowControls: [Control] {
    switch overlay {
    case nil: []
    case .stats: [.people, .close]
    case .people: [.sortPeople] + (recordsHistory ? [.forgetProgress] : []) + [.close]
    case .help, .warnings: [.close]
    }
  }

  /// The buttons of the place or window on screen, in Tab order.
  private var controls: [Control] {
    if overlay != nil { return windowControls }
    switch place {
    case .start: return [.start, .learn, .stats, .quit]
    case .quiz where isFinished: return [.nextRound, .menu]
    case .quiz where isIntroducing: return [.next, .pause, .stats]
    case .quiz: return (0..<session.rules.optionCount).map(Control.option) + [.pause, .stats]
    }
  }

  private var isIntroducing: Bool {
    if case .introducing = session.state.phase { return true }
    return false
  }

  private var isFinished: Bool {
    if case .finished = session.state.phase { return true }
    return false
  }

  /// The focused button of the window on screen, or else of the place.
  private var currentFocus: Control {
    get { overlay == nil ? focus : windowFocus }
    set {
      if overlay == nil { focus = newValue } else { windowFocus = newValue }
    }
  }

  /// Whether Up and Down choose the group to play: on the start screen of a roster with groups.
  private var choosesGroups: Bool {
    place == .start && overlay == nil && !session.groups.isEmpty
  }

  /// Plays the group on line `index` of the start screen's list (0 is everyone) from the next
  /// game on; the list's ends stop it.
  private mutating func chooseGroup(_ index: Int) {
    guard (0...session.groups.count).contains(index) else { return }
    _ = session.choose(group: index == 0 ? nil : session.groups[index - 1])
  }

  private mutating func moveFocus(by step: Int) {
    let controls = controls
    let index = controls.firstIndex(of: currentFocus) ?? 0
    currentFocus = controls[(index + step + controls.count) % controls.count]
  }

  /// Left and right move within a row of buttons: the start screen's, Pause and Stats, or a
  /// row of the two-by-two names; they stop at the row's ends.
  private mutating func moveFocusInRow(right: Bool) {
    let rows: [[Control]]
    if overlay != nil || place == .start || isFinished || isIntroducing {
      rows = [controls]
    } else {
      let options = (0..<session.rules.optionCount).map(Control.option)
      rows =
        [[.pause, .stats]]
        + stride(from: 0, to: options.count, by: 2).map {
          Array(options[$0..<min($0 + 2, options.count)])
        }
    }
    guard let row = rows.first(where: { $0.contains(currentFocus) }),
      let index = row.firstIndex(of: currentFocus)
    else { return currentFocus = rows[0][0] }
    currentFocus = row[min(max(index + (right ? 1 : -1), 0), row.count - 1)]
  }

  /// Up and down on the quiz screen: between the two rows of names, and from the top row up
  /// to Pause; elsewhere like Tab and Shift-Tab.
  private mutating func moveFocusVertically(down: Bool) {
    guard place == .quiz, overlay == nil, !isFinished, !isIntroducing else {
      return moveFocus(by: down ? 1 : -1)
    }
    switch focus {
    case .option(let index):
      if down {
        if index < 2 { focus = .option(index + 2) }
      } else {
        focus = index >= 2 ? .option(index - 2) : .pause
      }
    case .pause, .stats:
      if down { focus = .option(0) }
    default:
      focus = .option(0)
    }
  }
}

/// What the front end knows of the history when the game starts.
public struct HistorySetup: Sendable {
  /// Each member's memory as recorded.
  public var memories: Memories
  /// The wall time of the game's clock; nil when no answer can be recorded.
  public var wallClock: WallClock?
  /// What the history cannot keep and why (one line naming the file), if anything.
  public var notice: String?
  /// Everything recorded for the roster so far.
  public var totals = Totals()

  public init(memories: Memories, wallClock: WallClock?, notice: String?) {
    self.memories = memories
    self.wallClock = wallClock
    self.notice = notice
  }
}

/// The pictures the model asked for and the one it shows.
struct PictureSlots: Sendable {
  struct Shown: Sendable {
    var member: MemberID
    var box: CellSize
    var slot: PictureSlot
  }

  /// The picture handed in for the member on screen.
  var onScreen: Shown?
  /// Faces beside it (the finished scene's), by member.
  var faces: [MemberID: Shown] = [:]
  /// The last next-question picture asked for.
  var prefetched: PictureRequest?
  /// Requests on their way, so that none is made twice. A picture wanted on screen is asked
  /// for even while its prefetch is on the way, so that it never waits behind other prefetches.
  private var inFlight: Set<PictureRequest> = []

  /// Records a request about to be made; false when the same one is already on its way.
  mutating func start(_ request: PictureRequest) -> Bool {
    inFlight.insert(request).inserted
  }

  mutating func finished(_ request: PictureRequest) {
    inFlight.remove(request)
  }
}

extension Transition {
  fileprivate var finishesRound: Bool {
    if case .roundFinished = kind { return true }
    return false
  }
}
