import GameEngine
import Pictures

/// What to draw: the screen built from the model, only when a frame is drawn.
extension AppModel {
  /// The line printed after the terminal is restored when the player quits: the launch's
  /// questions and how many were right, not the score, which a pause starts again at 0 (a
  /// play-test read "Score 1" after 28 questions).
  public var summaryLine: String {
    let state = session.state
    let right = session.results.count { $0.outcome == .correct }
    return "\(counted(state.questionsPlayed, "question")) played, \(right) right, "
      + "longest streak \(state.longestStreak)."
  }

  /// Why the game asks names where it would ask faces, said on the quiz screen until the
  /// end of the first question it is seen on: the window has no room for four faces.
  var facesNotice: String? {
    guard !facesNoticeSaid, !session.roomForFaces, session.asksFaces,
      session.state.phase.question != nil
    else { return nil }
    // A question of faces already on screen stays one (a window narrowed as it was asked).
    let when =
      session.state.phase.question?.kind == .face ? "names after this one" : "names for now"
    return "Faces need \(Layout.columnsForFaces) columns or \(Layout.rowsForFaces) rows: \(when)"
  }

  /// What to draw now.
  public var screen: Screen {
    var summary = roster
    summary.members = session.membersInPlay
    var screen = Screen(
      game: session.state, place: place, overlay: overlay, focus: namesUnfocused ? nil : focus,
      roster: summary,
      picture: pictureOnScreen ?? .loading, appearance: appearance, rules: session.rules)
    screen.historyNotice = historyNotice
    screen.historyWaiting = historyWaiting
    screen.typing = typing
    // Said until a letter is typed: then the player types the name.
    screen.typedNumberSaid = typedNumberSaid && !typing.text.contains(where: \.isLetter)
    screen.facesNotice = facesNotice
    screen.leftOutNotice = leftOut?.notice
    screen.linesFirst = linesFirst
    screen.settingsFile = settingsFile
    screen.settingsWindow = settingsWindow
    if place == .start {
      screen.settingsWarnings = settingsWarnings
      screen.drillPairs = session.drillPairs.count
      screen.drillAskedEarly = drillAskedEarly
      screen.clubOffer = clubOffer
    }
    screen.quizKinds = session.quizKinds
    screen.explainsModes = suggestsLearning && session.state.game == nil
    screen.allTime = allTime
    screen.finishedScores = finishedScores
    if overlay == .stats {
      screen.scoresLines =
        scores?.statisticsLines(at: session.wallClock.unixSeconds(at: now)) ?? []
    }
    screen.windowFocus = windowFocus
    let time = session.wallClock.unixSeconds(at: now)
    if overlay == .people {
      screen.people = people.list(
        of: session.membersStillInPlay, memories: memories, tallies: played.members, at: time,
        in: size, canForget: recordsHistory, confusions: session.confusions)
    }
    if recordsHistory, overlay == .stats {
      screen.practice = PracticeSummary(played.days, today: session.wallClock.day(at: now))
      screen.lasting = session.memories.model.lasting
      screen.memoryFitted = session.memories.model != .standard
    }
    // Counted over everyone, so only for the screens that say it.
    if recordsHistory, (place == .start && overlay == nil) || overlay == .stats || isFinished {
      let members = session.memberIDsInPlay
      screen.progress = Progress(
        known: memories.known(among: members, at: time),
        recognised: memories.recognisedOnly(among: members, at: time),
        new: memories.new(among: members),
        total: members.count, due: memories.due(among: members, at: time),
        dueTomorrow: isFinished || (place == .start && overlay == nil)
          ? memories.due(among: members, at: time + 86_400) : nil)
    }
    if place == .start, !session.groups.isEmpty {
      let inPlay = session.membersStillInPlay
      let byGroup = Dictionary(grouping: inPlay, by: \.group)
      screen.groups = ([nil] + session.groups.map(Optional.some)).map { group in
        let members = (group == nil ? inPlay : byGroup[group] ?? []).map(\.id)
        return GroupLine(
          group: group, members: members.count,
          known: recordsHistory ? memories.known(among: members, at: time) : nil)
      }
      screen.chosenGroup = session.groupIndex
    }
    if let (members, box) = facesWanted {
      for member in members {
        if let held = pictures.faces[member], held.box == box, case .ready(let face) = held.slot {
          screen.faces[member] = face
        }
      }
    }
    return screen
  }
}
