import AppCore
import Foundation
import GRDB
import GameEngine
import History
import Pictures
import Roster
import Synchronization
import SystemPackage
import TerminalUI
import XCTest

@testable import Launch
@testable import meet_the_members

/// Answers the history could not take, saved in a file (`unkept-answers-*.csv`): what such a
/// file holds, where it goes, and how the next launch that opens the history keeps them.
final class SavedAnswersTests: HistoryLinkTestCase {
  /// A saved answer that cannot be read (its time rewritten by a spreadsheet) is said, with
  /// its line, and left in its file; so is a folder of a saved file's name; a file that a game
  /// still running writes (it holds the file's lock) is left to that game, and read back once
  /// the lock is let go (as the system lets go of a killed game's).
  func testASavedFileSaysWhatCannotBeReadAndALiveGamesFileIsLeftToIt() throws {
    let roster = try fourPeople()
    let (data, header, row) = savedAnswers(of: roster)
    let sheet = data + "/unkept-answers-sheet.csv"
    try Data((header + row("29/11/2026 05:10")).utf8).write(to: URL(fileURLWithPath: sheet))
    try FileManager.default.createDirectory(
      atPath: data + "/unkept-answers-folder.csv", withIntermediateDirectories: true)
    let live = data + "/unkept-answers-2026-11-29T05-10-00.000Z-1.csv"
    try Data((header + row("2026-01-01T00:00:00.000Z")).utf8).write(
      to: URL(fileURLWithPath: live))
    let lock = open(WaitingAnswers.lockPath(of: live), O_CREAT | O_RDWR, 0o644)
    XCTAssertEqual(flock(lock, LOCK_EX), 0)
    let next = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(
      next.notice,
      "History: unkept-answers-sheet.csv: 1 answer cannot be read (line 2: answered_at "
        + "'29/11/2026 05:10' is not a time as the game writes it); it is left in it (and 1 more)")
    XCTAssertEqual(next.totals.questions, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: sheet))
    XCTAssertTrue(FileManager.default.fileExists(atPath: live))
    try FileManager.default.removeItem(atPath: sheet)
    close(lock)
    let later = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(
      later.notice,
      "History: 1 answer saved by an earlier game kept in the history; unkept-answers-folder.csv: "
        + "a folder, not a file of answers; it is left as it is")
    XCTAssertEqual(later.totals.questions, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: live))
    XCTAssertFalse(FileManager.default.fileExists(atPath: WaitingAnswers.lockPath(of: live)))
  }

  /// A row cut short (a file of answers copied in part) names no roster, so no launch would
  /// ever keep it: said with its line, and left in the file; the rows after it are kept.
  func testARowCutShortIsSaidAndLeftInItsFile() throws {
    let roster = try fourPeople()
    let (data, header, row) = savedAnswers(of: roster)
    let file = data + "/unkept-answers-cut.csv"
    try Data((header + "Ada,Ada.jpg,clu\r\n" + row("2026-01-01T00:00:00.000Z")).utf8).write(
      to: URL(fileURLWithPath: file))
    let next = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(
      next.notice,
      "History: 1 answer saved by an earlier game kept in the history; unkept-answers-cut.csv: "
        + "1 answer cannot be read (line 2: cut short); it is left in it")
    XCTAssertEqual(next.totals.questions, 1)
    let left = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertTrue(left.hasPrefix(header + "Ada,Ada.jpg,clu,"), left)
    XCTAssertEqual(left.components(separatedBy: "\r\n").count, 3, "the header and the cut row")
  }

  /// A file saved by a version that kept a server's password in the roster's identity: its
  /// answers are the roster's all the same (known now by its URL without the password).
  func testAnAnswerSavedUnderAServersPasswordIsTheRostersAllTheSame() throws {
    var roster = try fourPeople()
    roster.serverURL = "https://ann:s3cret@club.example/roster.json"
    XCTAssertEqual(roster.historyKey.identity, "url:https://ann@club.example/roster.json")
    let (data, header, _) = savedAnswers(of: roster)
    let file = data + "/unkept-answers-old.csv"
    try Data(
      (header + "Ada,Ada.jpg,club,quiz,name,correct,Ada,1.0,2026-01-01T00:00:00.000Z,"
        + "url:\(try XCTUnwrap(roster.serverURL)),\r\n").utf8
    ).write(to: URL(fileURLWithPath: file))
    let next = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(next.notice, "History: 1 answer saved by an earlier game kept in the history")
    XCTAssertEqual(next.totals.questions, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: file))
  }

  /// A value a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage
  /// return first: a member's name is the club's to write), but a number, is written after a
  /// single quote, which a spreadsheet shows as text, and a file of saved answers is read back
  /// as it was.
  func testAFormulaIsWrittenAsTextAndASavedOneReadBackAsItWas() throws {
    let values: [Any?] = [
      "=HYPERLINK(\"x\")", "'quoted", "-", "@a", "\tb", "-0.5", 1.5, -2, nil, "Ada",
    ]
    let table = HistoryTable(columns: values.indices.map { "c\($0)" }, rows: [values])
    XCTAssertEqual(
      table.csv.components(separatedBy: "\r\n")[1],
      #""'=HYPERLINK(""x"")",''quoted,'-,'@a,'\#tb,-0.5,1.5,-2,,Ada"#)
    let roster = try fourPeople(["=Ada", "Bo", "Cy", "Di"])
    let (data, _, _) = savedAnswers(of: roster)
    let saved = HistoryTable(
      columns: UnkeptAnswers.columns,
      rows: [
        [
          "=Ada", "=Ada.jpg", "club", "quiz", "name", "wrong", "-Bo", 1.0,
          "2026-01-01T00:00:00.000Z", roster.historyKey.identity, nil,
        ]
      ])
    XCTAssertTrue(saved.csv.contains("\r\n'=Ada,'=Ada.jpg,club,"), saved.csv)
    try Data(saved.csv.utf8).write(to: URL(fileURLWithPath: data + "/unkept-answers-sheet.csv"))
    // A file saved before quotes were written: a value that starts with one is as it was.
    try Data(
      (UnkeptAnswers.columns.joined(separator: ",") + "\r\n"
        + "Bo,Bo.jpg,club,quiz,name,wrong,'t Hart,1.0,2026-01-01T00:00:01.000Z,"
        + "\(roster.historyKey.identity),\r\n").utf8
    ).write(to: URL(fileURLWithPath: data + "/unkept-answers-before.csv"))
    let next = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(next.notice, "History: 2 answers saved by an earlier game kept in the history")
    let history = try XCTUnwrap(next.history)
    XCTAssertEqual(
      try history.exportedAnswers(rosters: nil).map(\.answer.chosen), ["'t Hart", "-Bo"])
  }

  /// Answers saved in a file find their people as the history does, by their photos: after
  /// the roster's folder moved, and a photo renamed (the member's name with it).
  func testAnswersSavedInAFileFindTheirPeopleByTheirPhotosAfterTheFolderMoved() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let (ada, bo) = (roster.members[0], roster.members[1])
    let (holder, held) = try heldThroughTheLaunch(data, roster)
    let recorder = try XCTUnwrap(held.recorder())
    _ = recorder.perform(.recordAnswer(answer(ada, at: 1000)))
    _ = recorder.perform(.recordAnswer(answer(bo, at: 1010, right: false)))
    XCTAssertNotNil(recorder.finish())
    holder.release()
    let moved = folder + "/moved club"
    try FileManager.default.moveItem(atPath: folder + "/club", toPath: moved)
    try FileManager.default.moveItem(atPath: moved + "/Bo.jpg", toPath: moved + "/Bob.jpg")
    let there = try Roster.load(moved)
    let next = HistoryLink.open(folder: data, roster: there)
    XCTAssertEqual(
      next.notice, "History: 2 answers saved by an earlier game kept in the history")
    let bob = try XCTUnwrap(there.members.first { $0.name == "Bob" })
    XCTAssertEqual(next.taken[ada.id]?.count, 1)
    XCTAssertEqual(next.taken[bob.id]?.count, 1)
    XCTAssertEqual(next.memories[bob.id]?.lastGrade, .again)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: data).filter {
        $0.hasPrefix("unkept-answers")
      }, [])
  }

  /// A saved answer is given to no one else: not to a member who shares the photo of its
  /// member, removed since (a club's placeholder), nor to a member of another roster whose
  /// folder is still there.
  func testASavedAnswerIsGivenToNoOneElse() throws {
    let roster = try fourPeople()
    let club = folder + "/club"
    // Bo's photo is Ada's placeholder.
    try FileManager.default.removeItem(atPath: club + "/Bo.jpg")
    try FileManager.default.copyItem(atPath: club + "/Ada.jpg", toPath: club + "/Bo.jpg")
    let placeholder = try Roster.load(club)
    let data = folder + "/data"
    let bo = try XCTUnwrap(placeholder.members.first { $0.name == "Bo" })
    let cy = try XCTUnwrap(placeholder.members.first { $0.name == "Cy" })
    let (holder, held) = try heldThroughTheLaunch(data, placeholder)
    let recorder = try XCTUnwrap(held.recorder())
    _ = recorder.perform(.recordAnswer(answer(bo, at: 1000, right: false)))
    _ = recorder.perform(.recordAnswer(answer(cy, at: 1010)))
    XCTAssertNotNil(recorder.finish())
    holder.release()
    // Bo leaves the club; another club's folder has Cy too, the same photo.
    try FileManager.default.removeItem(atPath: club + "/Bo.jpg")
    let other = folder + "/other"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: club + "/Cy.jpg", toPath: other + "/Cy.jpg")
    let elsewhere = HistoryLink.open(folder: data, roster: try Roster.load(other))
    XCTAssertNil(elsewhere.notice, "the club's folder is still there")
    let without = HistoryLink.open(folder: data, roster: try Roster.load(club))
    XCTAssertEqual(
      without.notice, "History: 1 answer saved by an earlier game kept in the history")
    let ada = try XCTUnwrap(roster.members.first { $0.name == "Ada" })
    XCTAssertNil(without.taken[ada.id], "Bo's answer is not Ada's")
    let saved = try FileManager.default.contentsOfDirectory(atPath: data).filter {
      $0.hasPrefix("unkept-answers")
    }
    XCTAssertEqual(saved.count, 1, "Bo's answer stays in its file")
  }

  /// Answers that cannot be saved beside the history go to the temporary folder, and the
  /// player is told to move the file beside the history, where the next game reads it.
  func testAFileSavedInTheTemporaryFolderSaysWhereItBelongs() throws {
    let roster = try fourPeople()
    let nowhere = folder + "/gone"
    let saved = try UnkeptAnswers.save(
      [answer(roster.members[0], at: 10)], roster: roster.historyKey,
      hashes: UnkeptAnswers.photoHashes(of: [roster.members[0].id], photos: roster, known: [:]),
      besides: nowhere + "/" + History.fileName, name: WaitingAnswers.fileName())
    let path = try XCTUnwrap(saved.components(separatedBy: " (").first)
    defer { try? FileManager.default.removeItem(atPath: path) }
    XCTAssertTrue(path.hasPrefix(NSTemporaryDirectory()), saved)
    XCTAssertEqual(
      saved,
      path + " (move it into \(nowhere) once that folder can be written: the next "
        + "game then keeps them in the history)")
    let row = try XCTUnwrap(
      try String(contentsOfFile: path, encoding: .utf8)
        .components(separatedBy: "\r\n").dropFirst().first)
    XCTAssertTrue(
      row.hasSuffix("," + History.photoHash(of: FilePath(folder + "/club/Ada.jpg"))), row)
  }

  /// A file of saved answers is the player's alone: the temporary folder is everyone's, and
  /// the answers name the club's members. A TMPDIR set empty is no TMPDIR: `/tmp`, not the
  /// root folder.
  func testSavedAnswersAreThePlayersAloneAndAnEmptyTMPDIRIsTmp() throws {
    let roster = try fourPeople()
    let hashes = UnkeptAnswers.photoHashes(
      of: [roster.members[0].id], photos: roster, known: [:])
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let beside = try UnkeptAnswers.save(
      [answer(roster.members[0], at: 10)], roster: roster.historyKey, hashes: hashes,
      besides: data + "/" + History.fileName, name: WaitingAnswers.fileName())
    let temporary = try UnkeptAnswers.save(
      [answer(roster.members[0], at: 10)], roster: roster.historyKey, hashes: hashes,
      besides: folder + "/gone/" + History.fileName, name: WaitingAnswers.fileName())
    let path = try XCTUnwrap(temporary.components(separatedBy: " (").first)
    defer { try? FileManager.default.removeItem(atPath: path) }
    for file in [beside, path] {
      var status = stat()
      XCTAssertEqual(stat(file, &status), 0, file)
      XCTAssertEqual(status.st_mode & 0o777, 0o600, file)
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: data),
      [(beside as NSString).lastPathComponent], "no file but the answers' is left beside it")

    let given = ProcessInfo.processInfo.environment["TMPDIR"]
    defer {
      if let given { setenv("TMPDIR", given, 1) } else { unsetenv("TMPDIR") }
    }
    setenv("TMPDIR", "", 1)
    XCTAssertEqual(PrivateFile.temporaryFolder, "/tmp")
    setenv("TMPDIR", folder, 1)
    XCTAssertEqual(PrivateFile.temporaryFolder, folder + "/")
  }

  /// Answers an earlier game saved in the temporary folder (the history's folder could not be
  /// written then: the disk full) are not read back, as they may be any history's; each launch
  /// of their roster says where they are and where they belong, and moved there they are kept.
  func testAnswersSavedInTheTemporaryFolderAreSaidUntilMovedBesideTheHistory() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let temporary = folder + "/tmp"
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let given = ProcessInfo.processInfo.environment["TMPDIR"]
    defer {
      if let given { setenv("TMPDIR", given, 1) } else { unsetenv("TMPDIR") }
    }
    setenv("TMPDIR", temporary, 1)
    XCTAssertNil(HistoryLink.open(folder: data, roster: roster).notice, "a new history")
    let ada = roster.members[0]
    let saved = try UnkeptAnswers.save(
      [answer(ada, at: 10), answer(ada, at: 20)], roster: roster.historyKey,
      hashes: UnkeptAnswers.photoHashes(of: [ada.id], photos: roster, known: [:]),
      besides: folder + "/full/" + History.fileName, name: WaitingAnswers.fileName())
    let path = try XCTUnwrap(saved.components(separatedBy: " (").first)
    XCTAssertTrue(path.hasPrefix(temporary + "/"), path)
    // A file there of no answers (a full disk leaves one with its header alone) is read,
    // not removed: it may be another history's.
    let empty = temporary + "/unkept-answers-empty.csv"
    try Data((UnkeptAnswers.columns.joined(separator: ",") + "\r\n").utf8)
      .write(to: URL(fileURLWithPath: empty))

    for _ in 0..<2 {
      let link = HistoryLink.open(folder: data, roster: roster)
      XCTAssertEqual(
        link.notice,
        "History: 2 answers saved in \(path) by an earlier game whose history's folder could "
          + "not be written: move it into \(data) if they are this history's, and the next "
          + "game keeps them")
      XCTAssertEqual(link.taken[ada.id]?.count ?? 0, 0, "not read back")
      XCTAssertTrue(FileManager.default.fileExists(atPath: empty), "left as it is")
    }
    try FileManager.default.moveItem(
      atPath: path, toPath: data + "/" + (path as NSString).lastPathComponent)
    let moved = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(moved.notice, "History: 2 answers saved by an earlier game kept in the history")
    XCTAssertEqual(moved.taken[ada.id]?.count, 2)
  }

  /// Without a folder to keep the history in (no HOME, no XDG_DATA_HOME), the game's answers
  /// are still saved as it ends, in the temporary folder, and the line says where they go.
  func testWithoutAHomeTheAnswersAreSavedInTheTemporaryFolder() throws {
    let roster = try fourPeople()
    let link = HistoryLink.open(folder: nil, roster: roster)
    XCTAssertEqual(
      link.notice, "History not kept: no HOME or XDG_DATA_HOME to keep it in (see --data-dir)")
    let recorder = try XCTUnwrap(link.recorder(), "the answers are not dropped")
    _ = recorder.perform(.recordAnswer(answer(roster.members[0], at: 1000)))
    let line = try XCTUnwrap(recorder.finish())
    let path = try XCTUnwrap(
      line.components(separatedBy: "saved in ").last?.components(separatedBy: " (").first)
    defer { try? FileManager.default.removeItem(atPath: path) }
    XCTAssertTrue(path.hasPrefix(NSTemporaryDirectory()), line)
    XCTAssertEqual(
      line,
      "History: 1 answer could not be kept in a history (no HOME or XDG_DATA_HOME to keep it "
        + "in); the answers are saved in \(path) (move it into the folder a game's --data-dir "
        + "names, or with HOME set into ~/.local/share/meet-the-members: the next game there "
        + "keeps them).")
    let rows = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n")
    XCTAssertEqual(rows.count, 3, "the columns, the answer, and the end of the last line")
  }

  /// A photo's file name may hold a line break (a folder copied from anywhere): the saved
  /// answers quote it, as CSV does, so that the next game reads every one of them back.
  func testAnswersAboutAFileNameWithALineBreakAreReadBackWhole() throws {
    let roster = try fourPeople(["Ada", "Line\nBreak", "Cy\rCarriage", "Di"])
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let answers = roster.members.enumerated().map { answer($1, at: 1000 + Double($0)) }
    _ = try UnkeptAnswers.save(
      answers, roster: roster.historyKey,
      hashes: UnkeptAnswers.photoHashes(
        of: Set(roster.members.map(\.id)), photos: roster, known: [:]),
      besides: data + "/" + History.fileName, name: WaitingAnswers.fileName())
    let link = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(
      link.notice, "History: 4 answers saved by an earlier game kept in the history")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: data).filter {
        $0.hasPrefix("unkept-answers")
      }, [], "every row read")
  }

  /// A file of saved answers far larger than a game saves, or one that is no regular file (a
  /// FIFO), is left as it is and said, not read at every launch (nor waited on).
  func testAFileOfAnswersTooLargeOrNoRegularFileIsSaidAndLeft() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let large = data + "/unkept-answers-large.csv"
    let columns = UnkeptAnswers.columns.joined(separator: ",") + "\r\n"
    try Data(columns.utf8 + Data(repeating: 0x2C, count: 5_000_000)).write(
      to: URL(fileURLWithPath: large))
    XCTAssertEqual(
      HistoryLink.open(folder: data, roster: roster).notice,
      "History: unkept-answers-large.csv: 5.0 MB, larger than a game saves (4.0 MB at most); "
        + "it is left as it is")
    try FileManager.default.removeItem(atPath: large)
    XCTAssertEqual(mkfifo(data + "/unkept-answers-fifo.csv", 0o600), 0)
    XCTAssertEqual(
      HistoryLink.open(folder: data, roster: roster).notice,
      "History: unkept-answers-fifo.csv: not a regular file, not a file of answers; it is left "
        + "as it is")
  }
}
