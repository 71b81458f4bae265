import AppCore
import Foundation
import GameEngine
import History
import Roster
import RosterDownload
import SwiftCSV

/// Answers the history could not keep as the game ended, saved beside it in the format of
/// `meet-the-members history --format csv` (and the roster's identity), so that nothing a
/// player answered is gone; the next launch that opens the history keeps them in it.
enum UnkeptAnswers {
  /// The columns of a file of unkept answers: the export's, then the roster's identity
  /// (`RosterKey.identity`), which tells two rosters of one name apart, and the SHA-256 of the
  /// member's photo, which finds them again once their photo file is renamed or the roster's
  /// folder moved, as the history finds its people.
  static let columns = HistoryTable.answerColumns + ["roster_identity", "photo_sha256"]

  /// The SHA-256 of the photos of the members `answered`: those `known` (as the history holds
  /// them), the others read from their files in `photos`.
  static func photoHashes(
    of answered: Set<MemberID>, photos: Roster?, known: [MemberID: String]
  ) -> [MemberID: String] {
    var hashes = known.filter { answered.contains($0.key) }
    for entry in photos?.entries ?? [] where answered.contains(entry.member.id) {
      hashes[entry.member.id] = hashes[entry.member.id] ?? History.photoHash(of: entry.path)
    }
    return hashes
  }

  /// Whether the two paths name one file (the same device and inode), however spelt.
  private static func sameFile(_ first: String, _ second: String) -> Bool {
    var (a, b) = (stat(), stat())
    guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }

  /// Writes `answers` (of the roster `roster`; `hashes`, the SHA-256 of their members' photos,
  /// `photoHashes`) to the file `name` beside the history at `historyPath` (replacing what it
  /// held), or where that cannot be written (the disk full, the folder read-only or no folder)
  /// to one of that name in the temporary folder; returns its path, and for a file in the
  /// temporary folder, where to move it. `last`: as the game ends, where neither can be
  /// written, the answers go to standard error as the file would have held them, and the
  /// error thrown says so: written nowhere, they would be lost. `advice`: said in brackets
  /// after the path of a file beside the history.
  static func save(
    _ answers: [RecordedAnswer], roster: RosterKey, hashes: [MemberID: String],
    besides historyPath: String, name: String, last: Bool = true, advice: String? = nil
  ) throws -> String {
    let table = HistoryTable(
      columns: columns,
      rows: answers.map { answer in
        let result = answer.result
        let option = result.chosenIndex.map { result.question.options[$0] }
        return [
          result.member.name, result.member.id.rawValue, roster.name, answer.mode,
          result.question.kind.rawValue, History.Outcome(result.outcome).rawValue,
          result.typed?.text ?? option?.name, result.answerTime.seconds,
          HistoryTable.iso8601(answer.answeredAt), roster.identity, hashes[result.member.id],
        ]
      })
    var reasons: [String] = []
    let besides = (historyPath as NSString).deletingLastPathComponent
    let folders = [besides, PrivateFile.temporaryFolder]
    for folder in folders {
      let path = (folder as NSString).appendingPathComponent(name)
      do {
        // Whole or not at all (written beside it, then renamed; removed if the disk fills):
        // a launch reading the folder back at that moment never finds it half written.
        try PrivateFile.write(table.csv, to: path)
        // Beside the history, the file holds them all: one in the temporary folder is gone.
        // In the temporary folder, one beside the history is kept: it holds those that
        // waited before, which the next launch keeps (an answer kept twice is one).
        // (Unless the history's folder is the temporary folder, under any spelling: there is
        // no home to keep one, or --data-dir names it.)
        let temporary = (PrivateFile.temporaryFolder as NSString).appendingPathComponent(name)
        if folder == besides, !sameFile(temporary, path) {
          try? FileManager.default.removeItem(atPath: temporary)
        }
        // Only a file beside the history is read back (one in the temporary folder may be
        // any history's): the player is told where it belongs.
        guard folder != besides else { return path + (advice.map { " (\($0))" } ?? "") }
        return "\(path) (move it into \(besides) once that folder can be written: the next "
          + "game then keeps them in the history)"
      } catch {
        reasons.append(History.reason(error))
      }
    }
    if last { FileHandle.standardError.write(Data(table.csv.utf8)) }
    throw Unsaved(
      description: last
        ? "\(reasons[0]); they are on standard error above, as a CSV" : reasons[0])
  }

  /// Removes the file `name` that `save` wrote (beside the history at `historyPath`, or in
  /// the temporary folder): its answers are kept.
  static func remove(_ name: String, besides historyPath: String) {
    let besides = (historyPath as NSString).deletingLastPathComponent
    for folder in [besides, PrivateFile.temporaryFolder] {
      try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
    }
  }

  /// The answers saved beside the history by earlier games (`unkept-answers-*.csv`) that are
  /// about `roster`'s members, kept in `history` now (see `History.keepSaved`); each file
  /// then holds only the answers about other rosters, and goes once none is left. Returns the
  /// people whose memory is to be replayed, and what to say: how many answers were kept, or
  /// a file that could not be read (left as it is).
  static func readBack(
    into history: History, roster: Roster, key: RosterKey, people: [MemberID: Int64]
  ) -> (replayed: Set<Int64>, notice: String?) {
    var finding = SavedMembers(roster: roster, key: key, people: people, history: history)
    var replayed: Set<Int64> = []
    var kept = 0
    var unreadable: [String] = []
    var problems = sift(besides: history.path) { file, rows in
      var answers: [History.Answer] = []
      var others: [[String: String]] = []
      var bad: [String] = []
      for (index, row) in rows.enumerated() {
        // A row the game wrote always names its roster: one that does not was cut short (a
        // file of answers edited or copied in part). It is about no roster, so no launch
        // would ever keep it: said, and left in the file.
        if row["roster_identity"] == "" {
          bad.append("line \(index + 2): cut short")
          others.append(row)
          continue
        }
        guard let member = finding.member(of: row) else {
          others.append(row)
          continue
        }
        if let answer = answer(row, about: member, key: key, finding: finding) {
          answers.append(answer)
        } else {
          // The header is line 1.
          bad.append("line \(index + 2): \(problem(of: row))")
          others.append(row)
        }
      }
      if let first = bad.first {
        unreadable.append(
          "\(TerminalText.escapingControls(file)): \(counted(bad.count, "answer")) cannot be "
            + "read (\(TerminalText.escapingControls(first))); "
            + (bad.count == 1 ? "it is" : "they are") + " left in it")
      }
      if !answers.isEmpty {
        kept += try history.keepSaved(answers)
        replayed.formUnion(answers.map(\.person))
      }
      return others
    }
    problems = unreadable + problems
    if problems.count > 1 { problems = [problems[0] + " (and \(problems.count - 1) more)"] }
    let said =
      (kept > 0 ? ["\(counted(kept, "answer")) saved by an earlier game kept in the history"] : [])
      + problems + [elsewhere(about: key, besides: history.path)].compactMap { $0 }
    return (replayed, said.isEmpty ? nil : "History: " + said.joined(separator: "; "))
  }

  /// Answers about `roster` that an earlier game saved in the temporary folder (its history's
  /// folder could not be written then: the disk full), said with where they belong: a file
  /// there is not read back, as it may be any history's. Nil where there are none, or the
  /// history's folder is the temporary folder (its files are read back).
  private static func elsewhere(about roster: RosterKey, besides historyPath: String) -> String? {
    let folder = (historyPath as NSString).deletingLastPathComponent
    let temporary = PrivateFile.temporaryFolder
    guard !sameFile(folder, temporary) else { return nil }
    var files: [String] = []
    var count = 0
    _ = sift(in: temporary, rewriting: false) { file, rows in
      let about = rows.count { isAbout(roster, $0) }
      if about > 0 { files.append((temporary as NSString).appendingPathComponent(file)) }
      count += about
      return rows
    }
    guard let first = files.first.map(TerminalText.escapingControls) else { return nil }
    return "\(counted(count, "answer")) saved in \(first)"
      + (files.count > 1 ? " (and \(files.count - 1) more files)" : "")
      + " by an earlier game whose history's folder could not be written: move "
      + (files.count > 1 ? "them" : "it") + " into \(TerminalText.escapingControls(folder)) "
      + "if they are this history's, and the next game keeps them"
  }

  /// The largest file of answers read back: a game's answers take about 200 bytes each, so a
  /// game of 20,000 answers (days of play without a history) would fill it; reading one of
  /// this size takes seconds.
  static let largestFile = 4_000_000

  /// How many answers about `roster` are saved beside the history at `historyPath`.
  static func saved(about roster: RosterKey, besides historyPath: String) -> Int {
    var count = 0
    _ = sift(besides: historyPath) { _, rows in
      count += rows.count { isAbout(roster, $0) }
      return rows
    }
    return count
  }

  /// Forgets the answers about `roster` saved beside the history at `historyPath`, as its
  /// progress is forgotten: the next launch would keep them again.
  static func forget(_ roster: RosterKey, besides historyPath: String) {
    _ = sift(besides: historyPath) { _, rows in rows.filter { !isAbout(roster, $0) } }
  }

  /// Each file of unkept answers beside the history at `historyPath` but those a game still
  /// running writes (`WaitingAnswers.isLive`): its name and rows handed to `keep`, which
  /// returns the rows to leave in it; the file is written again with them (when they are
  /// fewer), or removed once none is left. Returns what is wrong with the files that could not
  /// be read or written (each left as it is).
  private static func sift(
    besides historyPath: String,
    keeping keep: (String, [[String: String]]) throws -> [[String: String]]
  ) -> [String] {
    sift(in: (historyPath as NSString).deletingLastPathComponent, keeping: keep)
  }

  /// `sift` of the files of unkept answers in `folder`; with `rewriting` false, each file is
  /// only read (one in the temporary folder may be any history's: left as it is, empty or not).
  private static func sift(
    in folder: String, rewriting: Bool = true,
    keeping keep: (String, [[String: String]]) throws -> [[String: String]]
  ) -> [String] {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter {
        $0.hasPrefix("unkept-answers-") && $0.hasSuffix(".csv")
          && !WaitingAnswers.isLive((folder as NSString).appendingPathComponent($0))
      }
      .sorted()
    var problems: [String] = []
    for file in files {
      let path = (folder as NSString).appendingPathComponent(file)
      do {
        var status = stat()
        if stat(path, &status) == 0 {
          if status.st_mode & S_IFMT == S_IFDIR {
            throw Unreadable(description: "a folder, not a file of answers")
          }
          if status.st_mode & S_IFMT != S_IFREG {
            throw Unreadable(description: "not a regular file, not a file of answers")
          }
          // Read whole at every launch: one far larger than a game saves would hold each
          // launch up (and fill the memory) to no end.
          if status.st_size > largestFile {
            throw Unreadable(
              description: "\(ProgressText.bytes(Int64(status.st_size))), larger than a game "
                + "saves (\(ProgressText.bytes(Int64(largestFile))) at most)")
          }
        }
        let rows = try CSV<Named>(url: URL(fileURLWithPath: path)).rows.map {
          $0.mapValues(HistoryTable.unescaped)
        }
        guard rows.first.map({ Set($0.keys).isSuperset(of: HistoryTable.answerColumns) }) ?? true
        else { throw Unreadable(description: "not the columns of unkept answers") }
        let left = try keep(file, rows)
        if !rewriting {
          continue
        } else if left.isEmpty {
          try FileManager.default.removeItem(atPath: path)
        } else if left.count < rows.count {
          let table = HistoryTable(
            columns: columns, rows: left.map { row in columns.map { row[$0] } })
          try PrivateFile.write(table.csv, to: path)
        }
      } catch {
        // Another game read it back (or forgot it) at the same moment: nothing is wrong.
        guard FileManager.default.fileExists(atPath: path) else { continue }
        let reason =
          switch error {
          case let error as Unreadable: error.description
          case is CSVParseError: "not CSV"
          case let error as CocoaError where error.code == .fileReadInapplicableStringEncoding:
            "not UTF-8 text"
          default: History.reason(error)
          }
        problems.append("\(TerminalText.escapingControls(file)): \(reason); it is left as it is")
      }
    }
    return problems
  }

  /// Whether a row of a saved file is about `roster`: by its identity (a server's password in
  /// it, as files saved before kept it, aside), or by its name in a file saved before the
  /// identity was.
  fileprivate static func isAbout(_ roster: RosterKey, _ row: [String: String]) -> Bool {
    let identity = row["roster_identity"].flatMap { $0.isEmpty ? nil : $0 }
    return identity.map { RosterKey.current($0) == roster.identity }
      ?? (row["roster"] == roster.name)
  }

  /// The answer a row of a saved file tells about `member`, one of the roster's; nil where
  /// the row cannot be read.
  private static func answer(
    _ row: [String: String], about member: MemberID, key: RosterKey, finding: SavedMembers
  ) -> History.Answer? {
    guard let person = finding.people[member],
      let outcome = row["outcome"].flatMap(History.Outcome.init(rawValue:)),
      let seconds = row["seconds"].flatMap(Double.init),
      let time = row["answered_at"].flatMap(HistoryTable.unixSeconds), let mode = row["mode"]
    else { return nil }
    let chosen = row["chosen"].flatMap { $0.isEmpty ? nil : $0 }
    // The person whose name was chosen, where the name is one member's.
    let chosenMember = chosen.flatMap {
      finding.byName[$0]?.count == 1 ? finding.byName[$0]?.first : nil
    }
    return History.Answer(
      person: person, roster: key.identity, mode: mode, outcome: outcome, chosen: chosen,
      chosenPerson: chosenMember.flatMap { finding.people[$0] }, seconds: seconds,
      answeredAt: time, kind: row["kind"].flatMap { $0.isEmpty ? nil : $0 } ?? "name")
  }

  /// Why a row of a saved file about one of the roster's members cannot be read: the first
  /// of its values that is not what the file's column holds.
  private static func problem(of row: [String: String]) -> String {
    func value(_ column: String) -> String { "\(column) '\(row[column] ?? "")'" }
    if row["outcome"].flatMap(History.Outcome.init(rawValue:)) == nil {
      return value("outcome") + " is not an outcome"
    }
    if row["seconds"].flatMap(Double.init) == nil { return value("seconds") + " is not a number" }
    if row["answered_at"].flatMap(HistoryTable.unixSeconds) == nil {
      return value("answered_at") + " is not a time as the game writes it"
    }
    return "no mode"
  }

  /// Finds the member of the roster a saved row is about: by the roster's identity, the
  /// photo's file and the name; else, for a row of this roster or of a folder no longer there
  /// (moved), by the photo's SHA-256 and the name (the file renamed), or by a photo that is one
  /// person's in the whole history (the photo renamed, and the name with it; a placeholder's
  /// row goes to no other member).
  private struct SavedMembers {
    let key: RosterKey
    let people: [MemberID: Int64]
    private(set) var byName: [String: [MemberID]] = [:]
    private var byFile: [String: Member] = [:]
    private let roster: Roster
    private let history: History
    /// What `photos()` read from the history, once a row needed it.
    private var byPhoto: (members: [String: [Member]], everyone: [String: Int])?

    init(roster: Roster, key: RosterKey, people: [MemberID: Int64], history: History) {
      (self.roster, self.key, self.people, self.history) = (roster, key, people, history)
      for entry in roster.entries {
        byFile[entry.member.id.rawValue] = entry.member
        byName[entry.member.name, default: []].append(entry.member.id)
      }
    }

    mutating func member(of row: [String: String]) -> MemberID? {
      let same = UnkeptAnswers.isAbout(key, row)
      if same, let file = row["file"], let member = byFile[file], member.name == row["name"] {
        return member.id
      }
      guard same || RosterKey.isGoneFolder(row["roster_identity"] ?? ""),
        let photo = row["photo_sha256"], !photo.isEmpty
      else { return nil }
      let (members, everyone) = photos()
      let found = members[photo] ?? []
      if let member = found.first(where: { $0.name == row["name"] }) { return member.id }
      // Under another name only where the photo is one person's in the whole history: a
      // placeholder photo is several people's, and a row of one of them is no other's.
      return found.count == 1 && everyone[photo] == 1 ? found[0].id : nil
    }

    /// The roster's members by their photo's SHA-256, and how many of the history's people
    /// have each photo, read from the history once a row needs them.
    private mutating func photos() -> (members: [String: [Member]], everyone: [String: Int]) {
      if let byPhoto { return byPhoto }
      let hashes = (try? history.photoHashes()) ?? [:]
      var members: [String: [Member]] = [:]
      for entry in roster.entries {
        if let person = people[entry.member.id], let hash = hashes[person] {
          members[hash, default: []].append(entry.member)
        }
      }
      var everyone: [String: Int] = [:]
      for hash in hashes.values { everyone[hash, default: 0] += 1 }
      byPhoto = (members, everyone)
      return (members, everyone)
    }
  }

  private struct Unreadable: Error, CustomStringConvertible {
    let description: String
  }

  struct Unsaved: Error, CustomStringConvertible {
    let description: String
  }
}
