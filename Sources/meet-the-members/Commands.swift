import AppCore
import ArgumentParser
import CMalloc
import Foundation
import GameEngine
import HeadlessUI
import Launch
import Pictures
import Roster
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// What the command line does, apart from parsing it.
enum Commands {
  /// `samePhotos`: the sets of members whose photos are one file, as the history found them.
  static func makeSession(
    roster: Roster, settings: GameSettings, samePhotos: [[MemberID]] = []
  ) throws -> Session {
    let questions: QuestionGenerator
    do {
      // Each name as typed (a name shared, without the label that tells its people apart)
      // spelt in Latin letters as typed text is, for matching the names typed.
      let members = roster.entries.map { entry in
        Member(
          id: entry.member.id, name: entry.member.name, group: entry.member.group,
          spelling: LatinSpelling.of(entry.typedName),
          labelled: entry.typedName == entry.member.name
            ? nil : LatinSpelling.of(entry.member.name))
      }
      questions = try QuestionGenerator(
        members: members, seed: settings.seed ?? UInt64.random(in: 0...UInt64.max),
        picker: settings.randomOrder ? UniformChoice() : ShuffledRounds(),
        samePhotos: samePhotos)
    } catch {
      throw CommandError(
        "\(TerminalText.escapingControls(roster.title)): \(error)\(skipped(roster.warnings))")
    }
    var session = Session(questions: questions, rules: settings.rules)
    if let group = settings.group {
      try choose(group: group, in: &session, roster: roster)
    }
    return session
  }

  /// `--group NAME`: the group called so (case folded), or an error that lists the groups.
  private static func choose(group: String, in session: inout Session, roster: Roster) throws {
    let safe = TerminalText.escapingControls
    guard let match = session.group(named: group), session.choose(group: match) else {
      let groups =
        session.groups.isEmpty
        ? "it has none (subfolders, or a group column in \(Roster.membersCSVName), make them)"
        : "its groups are \(session.groups.map(safe).joined(separator: ", "))"
      throw CommandError(
        "--group \(safe(group)): no such group in \(safe(roster.title)); \(groups)")
    }
  }

  /// What was left out of a roster too small to play, since it may be why: the warning itself
  /// when there is one (an unreadable subfolder, say), else how many and where to read them.
  private static func skipped(_ warnings: [RosterWarning]) -> String {
    switch warnings.count {
    case 0: ""
    case 1: " (\(warnings[0]))"
    default: " (\(warnings.count) warnings: meet-the-members check lists them)"
    }
  }

  /// The game in the terminal, until the player quits (the process exits there).
  @MainActor
  static func play(
    roster: Roster, session: Session, mode: PlayMode?, colors: ColorMode?,
    graphics: GraphicsOption, tracePath: String?, history: HistoryLink,
    configuration: Configuration, typed: [String: String?], rosterArgument: String?,
    warnings: [String], scores: ClubScores?
  ) throws -> Never {
    let utf8 = ProcessLocale.prepare()
    // Photos are decoded into buffers of megabytes that live for a moment. glibc raises its
    // mmap threshold each time such a buffer is freed, after which they come from the heaps
    // (one per thread that decodes) and the memory stays taken: a fixed threshold gives each
    // buffer back to the system when it is freed.
    mallopt(M_MMAP_THRESHOLD, 1 << 20)
    var choice: TerminalChoice
    do throws(TerminalError) {
      choice = try Terminal.choose(colors: colors, utf8: utf8)
    } catch {
      throw CommandError(error.description)
    }
    // Asked before ncurses takes the terminal, which would read the answers as keys.
    (choice.appearance.pixels, choice.tmux) = GraphicsDetection.pixelMode(requested: graphics.mode)
    // Opened (and emptied) only once there is a terminal to play in.
    let trace: Trace?
    do throws(Trace.OpenError) {
      trace = try tracePath.map { path throws(Trace.OpenError) in try Trace(path: path) }
    } catch {
      throw CommandError(error.description)
    }
    do {
      let summary = Self.summary(of: roster, escaping: TerminalText.escapingControls)
      var photos: [MemberID: PhotoFile] = [:]
      for entry in roster.entries {
        photos[entry.member.id] = PhotoFile(
          path: entry.path, file: TerminalText.escapingControls(entry.file))
      }
      // Before the terminal is asked anything (its graphics, its colours).
      LaunchNotice.dropKeysTypedWhileWaiting()
      let app = try App(
        App.Setup(
          session: session, roster: summary, photos: photos, choice: choice, trace: trace,
          history: history.setup(
            origin: MonotonicClock.now(), unixSecondsAtOrigin: HistoryLink.unixSecondsNow()),
          recorder: history.recorder(), mode: mode,
          clubRoster: rosterArgument.flatMap(configuration.clubOffered(for:)),
          settings: configuration.settingsFile(
            typed: typed.merging(
              ["roster": rosterArgument.map(TerminalText.escapingControls)]
            ) { typed, _ in typed }),
          saveSetting: configuration.settingSaver,
          settingsWarnings: warnings.map(TerminalText.escapingControls), scores: scores))
      app.run()
    } catch {
      throw CommandError(error.description)
    }
  }

  /// What the front ends show of `roster`: the files skipped first, then the other warnings;
  /// its title and notice through `escaping` (for a terminal).
  static func summary(of roster: Roster, escaping: (String) -> String = { $0 }) -> RosterSummary {
    RosterSummary(
      members: roster.entries.count, folder: escaping(roster.title),
      warnings: roster.warningsSkippedFirst.map(\.description),
      skipped: roster.warnings.count { $0.skipsFile }, notice: roster.notice.map(escaping))
  }

  /// `headless`: the game on standard input and output, one JSON object a line, on a
  /// virtual clock. Returns the exit status.
  /// `unixSecondsAtStart` is the wall time of virtual instant zero (`--clock`, or now).
  static func playHeadless(
    roster: Roster, session: Session, mode: PlayMode, history: HistoryLink,
    unixSecondsAtStart: Double, scores: ClubScores?
  ) -> Int32 {
    let summary = Self.summary(of: roster)
    var photos: [MemberID: PhotoFile] = [:]
    for entry in roster.entries {
      photos[entry.member.id] = PhotoFile(path: entry.path, file: entry.file)
    }
    let recorder = history.recorder()
    var player = HeadlessPlayer(
      session: session, roster: summary, photos: photos,
      history: history.setup(origin: .zero, unixSecondsAtOrigin: unixSecondsAtStart),
      recorder: recorder, mode: mode, scores: scores
    ) { line in
      print(line)
      fflush(nil)
    }
    let endings = endingBySignals(recorder)
    defer { endings.forEach { $0.cancel() } }
    let status = player.run { readLine(strippingNewline: true) }
    if player.endedElsewhere || !claimExit() { waitForTheExit() }
    return status
  }

  /// Refused, in one line, where fewer files may be open than the terminal game needs
  /// (`OpenFiles.neededToPlay`; `preview` asks tmux with 24), or less memory may be mapped
  /// (`AddressSpace.neededToPlay`): before anything is fetched.
  static func checkLimitsToPlay() throws {
    guard OpenFiles.limit >= OpenFiles.neededToPlay else {
      throw CommandError(
        "only \(OpenFiles.limit) files may be open at once: the game needs "
          + "\(OpenFiles.neededToPlay) (ulimit -n \(OpenFiles.neededToPlay))")
    }
    if let refusal = AddressSpace.refusal(needing: AddressSpace.neededToPlay, by: "the game") {
      throw CommandError(refusal)
    }
  }

}
