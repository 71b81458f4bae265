import AppCore
import ArgumentParser
import Foundation
import GameEngine
import History
import Launch
import Roster
import RosterDownload
import TerminalUI

/// `meet-the-members history`: the answers recorded, or one line per person, as CSV or JSON on
/// standard output, for a spreadsheet or a club's server.
struct HistoryExport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Print every answer recorded (or, with --summary, one line per person).",
    discussion: """
      Answers: name, file, roster, mode, kind (name, face or typing), outcome (correct, wrong or \
      timeout), chosen (the name chosen or the text typed), seconds and answered_at (UTC). \
      Summary: name, file, roster, answers, correct, average_seconds, recall (now, 0 to 1), \
      known (recalled by typing), recognised (among four names only), last_seen. A roster \
      folder called history is given as ./history to the game.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case csv, json
  }

  @Argument(
    help: ArgumentHelp(
      "The roster whose history to print: its folder, its server's URL or its name (default: "
        + "every roster's)."),
    completion: .directory)
  var roster: String?

  @Option(help: "csv (for a spreadsheet) or json (for a program).")
  var format: Format = .csv

  @Flag(help: "One line per person: answers, right answers, recall now, last seen.")
  var summary = false

  @Flag(
    help: """
      Fit your memory model to every answer now (and keep it), and print its numbers beside \
      the defaults, the log loss of your answers with each, and what they mean.
      """)
  var model = false

  @Option(
    help: ArgumentHelp(
      "The folder that keeps your history (default: as the game).", valueName: "folder"),
    completion: .directory)
  var dataDir: String?

  func run() throws {
    guard let folder = try GameOptions.dataFolder(dataDir) else {
      throw CommandError("no HOME or XDG_DATA_HOME to find the history in (see --data-dir)")
    }
    var history: History
    do {
      // Read only, and through another program's writing; opened to write only to keep a
      // fit (--model), once it is known to be there.
      history = try History(folder: folder, access: .readOnly)
      if model { history = try History(folder: folder) }
    } catch {
      throw CommandError(TerminalText.escapingControls(error.description))
    }
    if model { return try printModel(history) }
    let rosters = try roster.map { try history.rosters(called: $0) }
    var table =
      try summary
      ? summaryTable(history, rosters: rosters) : answerTable(history, rosters: rosters)
    // Read by a person: the names of files are shown, not obeyed by the terminal.
    if isatty(STDOUT_FILENO) == 1 { table = table.escapingControls() }
    if table.rows.isEmpty, let roster {
      FileHandle.standardError.write(
        Data((nothingRecorded(for: roster, rosters: rosters ?? [], in: history) + "\n").utf8))
    }
    switch format {
    case .csv: print(table.csv, terminator: "")
    case .json: print(try table.json())
    }
  }

  /// The warning for a roster with nothing recorded, and what the history does hold: a
  /// folder that moved, or a name mistyped, is then seen at once. A roster met on name cards
  /// and not yet answered says so (`rosters`: the identities `roster` names).
  func nothingRecorded(for roster: String, rosters: [String], in history: History) -> String {
    // A roster from a server is named by its URL, without a password it carries.
    let safe = { (text: String) -> String in
      guard let url = URL(string: text), url.scheme?.hasPrefix("http") == true else {
        return TerminalText.escapingControls(text)
      }
      return TerminalText.escapingControls(WebAddress.shown(url))
    }
    if !rosters.isEmpty, let cards = try? history.cardCount(rosters: rosters), cards > 0 {
      let only = cards == 1 ? "its 1 name card" : "its \(cards) name cards"
      return "Warning: no answer recorded for \(safe(roster)) yet: only " + only
    }
    let warning = "Warning: nothing recorded for \(safe(roster))"
    // What is recorded helps; a history that cannot say it leaves the warning as it was.
    guard let recorded = try? history.recordedRosters() else { return warning }
    guard !recorded.isEmpty else { return warning + " (the history holds no answer yet)" }
    var line = warning + "; recorded: " + recorded.map(safe).joined(separator: ", ")
    // A folder given where a recorded one is gone may be it, moved: found again by its photos,
    // but only by a game.
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: roster, isDirectory: &isFolder), isFolder.boolValue,
      recorded.contains(where: { $0.hasPrefix("/") && !FileManager.default.fileExists(atPath: $0) })
    {
      line += " (a roster folder that moved keeps its history once a game is played from it)"
    }
    return line
  }

  func answerTable(_ history: History, rosters: [String]?) throws -> HistoryTable {
    let answers = try history.exportedAnswers(rosters: rosters)
    return HistoryTable(
      columns: HistoryTable.answerColumns,
      rows: answers.map {
        [
          $0.name, $0.file, $0.rosterName, $0.answer.mode, $0.answer.kind,
          $0.answer.outcome.rawValue,
          // To the millisecond, as the times are measured to be read: not 1.1123320190000001.
          $0.answer.chosen, ($0.answer.seconds * 1000).rounded() / 1000,
          HistoryTable.iso8601($0.answer.answeredAt),
        ]
      })
  }

  func validate() throws {
    guard model else { return }
    if let roster {
      throw ValidationError(
        "--model fits your memory to the answers of all your rosters: give no roster folder "
          + "(\(roster))")
    }
    if summary { throw ValidationError("--model and --summary cannot be used together") }
  }

  /// `--model`: the fit beside the defaults, as CSV or JSON on standard output (the fitted
  /// column empty, or null, while there are too few answers), and what it means in words on
  /// standard error.
  func printModel(_ history: History) throws {
    let now = Date().timeIntervalSince1970
    let refit = try history.refitMemory(at: now)
    let fitted = refit.fitted
    let standard = PlayerMemory.standard
    let times = refit.read.guessTimes
    // Too few answers for a fit: how many, and their loss.
    let unfitted =
      fitted == nil
      ? MemoryFit.logLoss(of: refit.read.events, model: .standard, guessTimes: times) : nil
    let loss: (Double, Double?) =
      fitted.map { ($0.lossBefore, $0.lossAfter) } ?? (unfitted?.loss ?? 0, nil)
    let rows: [(name: String, standard: Double, fitted: Double?, format: String)] =
      [
        ("first_learning_seconds", standard.firstLearning, fitted?.memory.firstLearning, "%.1f"),
        ("learning_gain", standard.learningGain, fitted?.memory.learningGain, "%.2f"),
        ("learning_decay", standard.learningDecay, fitted?.memory.learningDecay, "%.3f"),
        ("log_loss", loss.0, loss.1, "%.4f"),
      ] + spanRows(times)
    let scored = fitted?.answers ?? unfitted?.count ?? 0
    switch format {
    case .json:
      var object: [String: Any] = ["answers": scored, "needed": MemoryFit.minimumAnswers]
      for row in rows {
        object[row.name] = ["default": row.standard, "fitted": row.fitted as Any? ?? NSNull()]
      }
      let data = try JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
      print(String(decoding: data, as: UTF8.self))
    case .csv:
      let table = HistoryTable(
        columns: ["name", "default", "fitted"],
        rows: rows.map { row in
          [
            row.name, String(format: row.format, row.standard),
            row.fitted.map { String(format: row.format, $0) },
          ]
        })
      print(table.csv, terminator: "")
    }
    let words =
      fitted.map {
        "Your memory, fitted to \($0.answers) answers. "
          + MemoryInWords.lines($0.memory.model.lasting, fitted: true)
          .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      }
      ?? "Not enough answers to fit your memory yet: \(scored) of \(MemoryFit.minimumAnswers) "
      + "(a person's first answer aside, unless their name card came before it); "
      + "the defaults are used."
    FileHandle.standardError.write(Data((words + guessing(times) + "\n").utf8))
  }

  /// How many answers were slower than the time that tells a recall from a guess, in words
  /// (empty before both right and wrong answers): the note on a slow right answer only where
  /// there is one.
  private func guessing(_ times: GuessTimes) -> String {
    guard times.right.reduce(0, +) > 0, times.wrong.reduce(0, +) > 0 else { return "" }
    let (right, wrong) = (
      share(slowerThan: effortSeconds, times.right), share(slowerThan: effortSeconds, times.wrong)
    )
    if right == 0, wrong == 0 {
      return " None of your answers took longer than \(effortSeconds) s."
    }
    return " Slower than \(effortSeconds) s: \(right)% of your right answers, \(wrong)% of your "
      + "wrong ones"
      + (right == 0
        ? "."
        : " (a right answer as slow as your usual guesses may have been a guess, and counts "
          + "as one in part).")
  }

  /// One row per person, their recall, known and recognised as the game says them at a
  /// launch of their roster: each roster's memories with its people's cards and answers, so
  /// that ACT-R's side and the two models' weights are replayed as there (`ModelMixture`).
  func summaryTable(_ history: History, rosters: [String]?) throws -> HistoryTable {
    let now = Date().timeIntervalSince1970
    let model = try history.memoryModel()
    let people = try history.summaries(rosters: rosters)
    let read = try history.readAnswers()
    var memories: [String: Memories] = [:]
    for (roster, members) in Dictionary(grouping: people, by: \.rosterIdentity) {
      var records: [MemberID: MemoryRecord] = [:]
      for person in members {
        guard let memory = person.memory, let last = person.lastSeen else { continue }
        records[Self.member(person)] = MemoryRecord(
          memory: memory, lastAnswer: last,
          lastGrade: person.lastGrade.flatMap(Grade.init(rawValue:)) ?? .again,
          typed: person.typed, belief: person.belief)
      }
      memories[roster] = Memories(
        records, model: model, guessTimes: read.guessTimes,
        taken: Taken.byMember(
          read.events,
          members: Dictionary(uniqueKeysWithValues: members.map { ($0.id, Self.member($0)) })))
    }
    return HistoryTable(
      columns: [
        "name", "file", "roster", "answers", "correct", "average_seconds", "recall", "known",
        "recognised", "last_seen",
      ],
      rows: people.map { person in
        let (id, roster) = (Self.member(person), memories[person.rosterIdentity] ?? Memories())
        let recall = roster.recall(of: id, at: now).map { ($0 * 1000).rounded() / 1000 }
        return [
          person.name, person.file, person.roster, person.answers, person.correct,
          person.averageSeconds.map { ($0 * 1000).rounded() / 1000 }, recall,
          roster.knows(id, at: now),
          !roster.knows(id, at: now) && roster.recognises(id, at: now),
          person.lastSeen.map(HistoryTable.iso8601),
        ]
      })
  }

  /// The member a person's summary is filed under in their roster's memories.
  private static func member(_ person: History.PersonSummary) -> MemberID {
    MemberID(String(person.id))
  }
}

/// The end of the span of time past which a right answer is recalled with effort (graded
/// hard, not good).
private let effortSeconds = GuessTimes.spans[1]

/// The share of `counts` (answers in each of `GuessTimes.spans`, some) slower than `seconds`
/// (one of the spans' ends), in whole percents.
/// The percentage of answers, counted by span of time, slower than `seconds`, rounded.
private func share(slowerThan seconds: Double, _ counts: [Int]) -> Int {
  let slow = counts[(GuessTimes.span(of: seconds) + 1)...].reduce(0, +)
  return Int((100 * Double(slow) / Double(counts.reduce(0, +))).rounded())
}

/// The rows of `--model` that say how long the player takes when they know a name and when
/// they guess: the share of each span of time (`GuessTimes.spans`), beside the shares before
/// any answer ("known_to_1.5s", …, "guessed_over_3.5s").
private func spanRows(_ times: GuessTimes)
  -> [(name: String, standard: Double, fitted: Double?, format: String)]
{
  let ends = GuessTimes.spans.map { String(format: "%g", $0) }
  let names = ends.map { "to_\($0)s" } + ["over_\(ends[ends.count - 1])s"]
  let none = GuessTimes()
  return [
    ("known", none.whenKnown, times.whenKnown), ("guessed", none.whenGuessed, times.whenGuessed),
  ]
  .flatMap { side, standard, shares in
    names.indices.map { ("\(side)_\(names[$0])", standard[$0], shares[$0], "%.3f") }
  }
}
