import Foundation
import GRDB
import GameEngine
import History
import Pictures
import SystemPackage
import XCTest

/// `meet-the-members history`: the answers recorded, or one line per person, as CSV or JSON.
final class HistoryExportTests: XCTestCase {
  private var folder: String!
  private var roster: String { folder + "/My Club" }
  private var data: String { folder + "/data" }

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "mtm-export-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: roster, withIntermediateDirectories: true)
    for (index, file) in ["Doe, Jane.jpg", "Ann \"Nan\" Lee.jpg", "Bo.jpg", "Cy.jpg"].enumerated() {
      let image = RGBAImage(width: 16, height: 16, filledWith: (UInt8(index * 60), 0, 0, 255))
      try PictureFile.writeJPEG(image, to: FilePath("\(roster)/\(file)"))
    }
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Plays two questions (option 1, then option 2) and returns their result events.
  private func playTwoQuestions() throws -> [[String: Any]] {
    let commands = [
      #"{"do":"start"}"#, #"{"do":"wait","seconds":1}"#, #"{"do":"answer","option":1}"#,
      #"{"do":"wait","seconds":4}"#, #"{"do":"answer","option":2}"#,
    ]
    let run = try runMeetTheMembers(
      [roster, "--headless", "--seed", "2", "--data-dir", data],
      input: commands.map { $0 + "\n" }.joined())
    return run.output.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }.filter { $0["event"] as? String == "result" }
  }

  /// Bo, of My Club, met in `history`.
  private func bo(in history: History) throws -> History.Person {
    try XCTUnwrap(
      try history.people(
        [History.Photo(name: "Bo", path: FilePath("\(roster)/Bo.jpg"), file: "Bo.jpg")],
        roster: RosterKey(identity: "folder:" + roster, name: "My Club", legacyNames: [])
      ).first)
  }

  func testEveryAnswerComesOutAsCSVAndJSON() throws {
    let results = try playTwoQuestions()
    XCTAssertEqual(results.count, 2)
    let csv = try runMeetTheMembers(["history", roster, "--data-dir", data])
    XCTAssertEqual(csv.status, 0, csv.errors)
    let lines = csv.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    XCTAssertEqual(lines.first, "name,file,roster,mode,kind,outcome,chosen,seconds,answered_at")
    XCTAssertEqual(lines.count, 3, csv.output)

    let json = try runMeetTheMembers(["history", "--format", "json", "--data-dir", data])
    XCTAssertEqual(json.status, 0, json.errors)
    let answers = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    XCTAssertEqual(
      answers.map { $0["outcome"] as? String }, results.map { $0["outcome"] as? String })
    XCTAssertEqual(answers.map { $0["seconds"] as? Double }, [1, 2], "reveals left out")
    // A time measured to the nanosecond is printed to the millisecond.
    let history = try History(folder: data)
    let person = try bo(in: history)
    try history.record(
      History.Answer(
        person: person.id, roster: "folder:" + roster, mode: "quiz", outcome: .correct,
        chosen: "Bo", seconds: 1.1123320190000001, answeredAt: 1_000),
      memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    history.close()
    let measured = try runMeetTheMembers(["history", roster, "--data-dir", data])
    XCTAssertTrue(measured.output.contains(",Bo,1.112,"), measured.output)
    XCTAssertEqual(answers.map { $0["roster"] as? String }, ["My Club", "My Club"])
    XCTAssertEqual(answers.map { $0["mode"] as? String }, ["quiz", "quiz"])
    XCTAssertEqual(answers.map { $0["kind"] as? String }, ["name", "name"])
    let stamp = try XCTUnwrap(answers.first?["answered_at"] as? String)
    XCTAssertNotNil(
      ISO8601DateFormatter().date(
        from: stamp.replacingOccurrences(of: #"\.\d+"#, with: "", options: .regularExpression)),
      stamp)
  }

  func testTheSummaryHasOneLineAPersonQuotedForASpreadsheet() throws {
    _ = try playTwoQuestions()
    let summary = try runMeetTheMembers(["history", roster, "--summary", "--data-dir", data])
    XCTAssertEqual(summary.status, 0, summary.errors)
    let lines = summary.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    XCTAssertEqual(
      lines.first,
      "name,file,roster,answers,correct,average_seconds,recall,known,recognised,last_seen")
    XCTAssertEqual(lines.count, 5, summary.output)
    XCTAssertTrue(
      lines.contains { $0.hasPrefix(#""Ann ""Nan"" Lee","Ann ""Nan"" Lee.jpg",My Club,"#) },
      summary.output)
    XCTAssertTrue(lines.contains { $0.hasPrefix(#"Jane Doe,"Doe, Jane.jpg",My Club,"#) })
    let answered = lines.dropFirst().map { $0.components(separatedBy: ",") }.filter {
      $0.count == 10 && $0[3] != "0"
    }
    XCTAssertEqual(answered.reduce(0) { $0 + (Int($1[3]) ?? 0) }, 2, summary.output)
  }

  /// Printed to a terminal, a file's name that holds an escape sequence (a club's zip names
  /// its photos) is shown, not obeyed: `\u{1B}` in its place. To a file or a program, every
  /// value is as recorded.
  func testAFilesEscapeSequenceIsShownOnATerminalNotObeyed() throws {
    let red = "Ann\u{1B}[31mRed.jpg"
    try PictureFile.writeJPEG(
      RGBAImage(width: 16, height: 16, filledWith: (0, 200, 0, 255)),
      to: FilePath("\(roster)/\(red)"))
    _ = try playTwoQuestions()
    let piped = try runMeetTheMembers(["history", roster, "--summary", "--data-dir", data])
    XCTAssertTrue(piped.output.contains(",\(red),"), piped.output)
    let tmux = try Tmux(columns: 200, rows: 20)
    defer { tmux.stop() }
    let binary = productsDirectory.appendingPathComponent("meet-the-members").path
    tmux.typeLine(
      "'\(binary)' history '\(roster)' --summary --data-dir '\(data)'; echo ended-$((6*7))")
    let screen = tmux.waitForScreen(showing: ["ended-42"])
    XCTAssertTrue(screen.contains(#",Ann\u{1B}[31mRed.jpg,My Club,"#), screen)
  }

  /// A roster with nothing recorded is warned of with what the history does hold, so that a
  /// folder that moved, or a name mistyped, is seen at once; a history with no answer says so.
  func testNothingRecordedForARosterSaysWhatIsRecorded() throws {
    let empty = try runMeetTheMembers(["history", "Nope", "--data-dir", data])
    XCTAssertEqual(empty.status, 1, "no history yet: \(empty.errors)")
    _ = try playTwoQuestions()
    let recorded = "; recorded: \((roster as NSString).resolvingSymlinksInPath)"
    let moved = folder + "/Moved Club"
    try FileManager.default.moveItem(atPath: roster, toPath: moved)
    let summary = try runMeetTheMembers(["history", moved, "--summary", "--data-dir", data])
    XCTAssertEqual(summary.status, 0, summary.errors)
    XCTAssertEqual(
      summary.errors,
      "Warning: nothing recorded for \(moved)\(recorded) (a roster folder that moved keeps its "
        + "history once a game is played from it)\n")
    let misspelt = try runMeetTheMembers(["history", "My Clb", "--data-dir", data])
    XCTAssertEqual(misspelt.errors, "Warning: nothing recorded for My Clb\(recorded)\n")
  }

  /// A roster met on name cards and not yet answered says so, rather than that nothing is
  /// recorded for it beside its own name among those recorded (a play-test).
  func testARosterOfNameCardsAloneSaysNoAnswerYet() throws {
    let cards = try runMeetTheMembers(
      [roster, "--headless", "--seed", "2", "--mode", "learn", "--data-dir", data],
      input: #"{"do":"start"}"# + "\n")
    XCTAssertEqual(cards.status, 0, cards.errors)
    let history = try runMeetTheMembers(["history", roster, "--data-dir", data])
    XCTAssertEqual(history.status, 0, history.errors)
    XCTAssertEqual(
      history.errors, "Warning: no answer recorded for \(roster) yet: only its 1 name card\n")
  }

  /// The summary's recall is the game's: the two models weighed (`ModelMixture`), ACT-R's
  /// side replayed from the roster's cards and answers. Ten minutes after a name card alone,
  /// the game's own model says about 0.55 and ACT-R's 0.16; with no answer yet to weigh them,
  /// the two count alike.
  func testTheSummarysRecallIsTheTwoModelsWeighed() throws {
    let history = try History(folder: data)
    let person = try bo(in: history)
    let card = Date().timeIntervalSince1970 - 600
    var memories = Memories()
    let record = memories.introduce(MemberID("Bo"), at: card)
    try history.recordCard(
      person: person.id, roster: "folder:" + roster, memory: record.memory, grade: 1,
      belief: record.belief, at: card)
    history.close()
    let own = MemoryModel.standard.recall(
      of: record.memory, afterDays: 600 / 86_400)
    let summary = try runMeetTheMembers(["history", roster, "--summary", "--data-dir", data])
    XCTAssertEqual(summary.status, 0, summary.errors)
    let row = try XCTUnwrap(
      summary.output.components(separatedBy: "\r\n").first { $0.hasPrefix("Bo,") }
        .map { $0.components(separatedBy: ",") })
    let recall = try XCTUnwrap(Double(row[6]), summary.output)
    XCTAssertGreaterThan(own, 0.5)
    XCTAssertEqual(recall, (own + 0.158) / 2, accuracy: 0.03, summary.output)
  }

  /// The same folder played as `.` from inside it and by its full path is one roster: one
  /// history, exported under the folder's name, not `.`.
  func testAFolderGivenAsDotOrByItsPathIsOneRoster() throws {
    let oneTimeOut = [#"{"do":"start"}"#, #"{"do":"wait","seconds":9}"#].map { $0 + "\n" }
      .joined()
    let here = try runMeetTheMembers(
      [".", "--headless", "--seed", "2", "--data-dir", data], currentDirectory: roster,
      input: oneTimeOut)
    XCTAssertEqual(here.status, 0, here.errors)
    let there = try runMeetTheMembers(
      [roster, "--headless", "--seed", "2", "--data-dir", data], input: oneTimeOut)
    XCTAssertEqual(there.status, 0, there.errors)
    XCTAssertTrue(
      there.output.contains(#""new":3"#), "the member asked from . is known: \(there.output)")
    for (arguments, directory) in [([roster], folder!), (["."], roster)] {
      let csv = try runMeetTheMembers(
        ["history"] + arguments + ["--data-dir", data], currentDirectory: directory)
      XCTAssertEqual(csv.status, 0, csv.errors)
      let rows = csv.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
      XCTAssertEqual(rows.count, 2, csv.output)
      XCTAssertTrue(rows.allSatisfy { $0.contains(",My Club,quiz,name,timeout,") }, csv.output)
    }
  }

  /// `--model`: the player's memory fitted to every answer, beside the defaults, with the log
  /// loss of each and what it means; kept for the next game. Too few answers say so.
  func testTheModelIsFittedToEveryAnswerAndPrintedBesideTheDefaults() throws {
    _ = try playTwoQuestions()
    let few = try runMeetTheMembers(["history", "--model", "--data-dir", data])
    XCTAssertEqual(few.status, 0, few.errors)
    XCTAssertEqual(
      few.output,
      "name,default,fitted\r\nfirst_learning_seconds,60.0,\r\nlearning_gain,18.00,\r\n"
        + "learning_decay,0.500,\r\nlog_loss,0.0000,\r\nknown_to_1.5s,0.250,0.250\r\n"
        + "known_to_2.5s,0.250,0.250\r\nknown_to_3.5s,0.250,0.250\r\n"
        + "known_over_3.5s,0.250,0.250\r\n"
        // The game's two wrong answers, in a second and in two, and two more in each span.
        + "guessed_to_1.5s,0.250,0.300\r\nguessed_to_2.5s,0.250,0.300\r\n"
        + "guessed_to_3.5s,0.250,0.200\r\nguessed_over_3.5s,0.250,0.200\r\n")
    XCTAssertEqual(
      few.errors,
      "Not enough answers to fit your memory yet: 0 of 30 (a person's first answer aside, "
        + "unless their name card came before it); the defaults are used.\n")
    let fewJSON = try runMeetTheMembers(
      ["history", "--model", "--format", "json", "--data-dir", data])
    let empty = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(fewJSON.output.utf8)) as? [String: Any])
    XCTAssertEqual(empty["answers"] as? Int, 0)
    XCTAssertEqual(empty["needed"] as? Int, 30)
    XCTAssertTrue((empty["learning_gain"] as? [String: Any])?["fitted"] is NSNull, fewJSON.output)

    // Names kept far longer than the defaults say: right an hour later, nine times in ten.
    let history = try History(folder: data)
    let people = try history.people(
      ["Bo", "Cy"].map {
        History.Photo(name: $0, path: FilePath("\(roster)/\($0).jpg"), file: "\($0).jpg")
      }, roster: RosterKey(identity: "folder:" + roster, name: "My Club", legacyNames: []))
    for index in 0..<300 {
      try history.record(
        History.Answer(
          person: people[index % 2].id, roster: "folder:" + roster, mode: "learn",
          outcome: index % 10 == 0 ? .wrong : .correct, chosen: nil, seconds: 1.5,
          answeredAt: 1_000 + 3_600 * Double(index)),
        memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    }
    let text = try runMeetTheMembers(["history", "--model", "--data-dir", data])
    XCTAssertEqual(text.status, 0, text.errors)
    let lines = text.output.components(separatedBy: "\r\n")
    // Each person's first answer starts them: 302 answers about three or four people.
    let kept = try XCTUnwrap(try history.fittedMemory())
    XCTAssertTrue((298...299).contains(kept.answers), "\(kept.answers)")
    XCTAssertGreaterThan(kept.memory.firstLearning, 60, "names kept an hour and more")
    XCTAssertEqual(lines.count, 14, text.output)
    XCTAssertEqual(lines[0], "name,default,fitted")
    XCTAssertTrue(lines[1].hasPrefix("first_learning_seconds,60.0,"), lines[1])
    // Every answer in 1.5 s: 270 right, 30 wrong, and the game's two (two more answers in
    // each span: 272 of 278, 33 of 40).
    XCTAssertEqual(lines[5], "known_to_1.5s,0.250,0.978")
    XCTAssertEqual(lines[9], "guessed_to_1.5s,0.250,0.825")
    XCTAssertEqual(lines[13], "")
    XCTAssertTrue(
      text.errors.hasSuffix(" None of your answers took longer than 2.5 s.\n"),
      text.errors)
    XCTAssertTrue(
      text.errors.hasPrefix(
        "Your memory, fitted to \(kept.answers) answers. You recall a name 9 times in 10 for "
          + "about: "), text.errors)
    let loss = lines[4].split(separator: ",").compactMap { Double($0) }
    XCTAssertEqual(loss.count, 2, lines[4])
    XCTAssertLessThan(loss[1], loss[0], "the fit predicts the answers better")
    XCTAssertTrue(lines[1].hasSuffix(String(format: ",%.1f", kept.memory.firstLearning)))

    let json = try runMeetTheMembers(["history", "--model", "--format", "json", "--data-dir", data])
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    XCTAssertEqual(object["answers"] as? Int, kept.answers)
    let decay = try XCTUnwrap(object["learning_decay"] as? [String: Double])
    XCTAssertEqual(decay["default"], MemoryModel.defaultLearningDecay)
    XCTAssertEqual(try XCTUnwrap(decay["fitted"]), kept.memory.learningDecay, accuracy: 1e-9)

    // The fit is of every roster's answers, and is not a summary.
    for arguments in [[roster], ["--summary"]] {
      let refused = try runMeetTheMembers(
        ["history", "--model"] + arguments + ["--data-dir", data])
      XCTAssertEqual(refused.status, 64, refused.errors)
      XCTAssertTrue(refused.errors.hasPrefix("Error: --model "), refused.errors)
    }
  }

  func testNoHistoryIsAOneLineError() throws {
    let run = try runMeetTheMembers(["history", "--data-dir", folder + "/none"])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.errors, "Error: \(folder!)/none/history.sqlite: no history yet (play a game first)\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/none"), "nothing made")
  }

  /// `history` only reads: it reads a history another program is writing to (WAL readers are
  /// not blocked), and changes nothing, not even the file's modification time.
  func testTheExportReadsThroughAnotherProgramsWritingAndChangesNothing() throws {
    _ = try playTwoQuestions()
    let file = data + "/" + History.fileName
    let holder = HistoryHolder(file)
    try holder.hold()
    let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
    let csv = try runMeetTheMembers(["history", roster, "--data-dir", data])
    holder.release()
    XCTAssertEqual(csv.status, 0, csv.errors)
    XCTAssertEqual(csv.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count, 3)
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date, before)
  }

  /// A value of the wrong kind in a damaged history is said in one line that names the file
  /// and the column, not in the database library's words.
  func testADamagedValueIsAOneLineError() throws {
    _ = try playTwoQuestions()
    let file = data + "/" + History.fileName
    try DatabaseQueue(path: file).write {
      try $0.execute(sql: "UPDATE answer SET outcome = 'maybe' WHERE id = 1")
    }
    let run = try runMeetTheMembers(["history", "--data-dir", data])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.errors, "Error: \(file): damaged: a value of the wrong kind in column outcome\n")
  }

  /// A data folder that is a file is said to be one, not "no history yet".
  func testADataFolderThatIsAFileIsSaidToBeOne() throws {
    XCTAssertTrue(FileManager.default.createFile(atPath: data, contents: Data("x".utf8)))
    let run = try runMeetTheMembers(["history", "--data-dir", data])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.errors, "Error: \(data): not a folder (the history is kept in one)\n")
  }

  /// Answers a game saved in a file (its history damaged, since moved aside) are forgotten
  /// with the roster, though the history holds none: the next launch would keep them again.
  func testForgetForgetsTheRostersSavedAnswersToo() throws {
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let history = data + "/history.sqlite"
    try Data("not a history".utf8).write(to: URL(fileURLWithPath: history))
    let game = try runMeetTheMembers(
      [roster, "--headless", "--seed", "1", "--data-dir", data],
      input: #"{"do":"start"}"# + "\n" + #"{"do":"answer","option":1}"# + "\n")
    XCTAssertEqual(game.status, 74, game.output)
    try FileManager.default.removeItem(atPath: history)
    let saved = { try FileManager.default.contentsOfDirectory(atPath: self.data) }
    XCTAssertEqual(try saved().filter { $0.hasPrefix("unkept-answers-") }.count, 1)
    let yes = try runMeetTheMembers([roster, "--forget", "--data-dir", data], input: "y\n")
    XCTAssertEqual(
      yes.errors, "Forget everything recorded for My Club (0 people, 1 answer)? [y/N] ")
    XCTAssertEqual(yes.output, "Forgotten: My Club starts again from nothing.\n")
    XCTAssertEqual(try saved(), [])
  }

  func testForgetAsksFirstThenClearsThisRostersHistoryOnly() throws {
    _ = try playTwoQuestions()
    // Another roster's answers in the same history stay.
    _ = try runMeetTheMembers(
      ["--headless", "--seed", "1", "--data-dir", data],
      input: #"{"do":"start"}"# + "\n" + #"{"do":"wait","seconds":9}"# + "\n")
    func answers(_ roster: String? = nil) throws -> Int {
      let run = try runMeetTheMembers(
        ["history"] + (roster.map { [$0] } ?? []) + ["--data-dir", data])
      return run.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count - 1
    }
    XCTAssertEqual(try answers(), 3)
    let no = try runMeetTheMembers([roster, "--forget", "--data-dir", data], input: "n\n")
    XCTAssertEqual(no.status, 0)
    XCTAssertEqual(
      no.errors, "Forget everything recorded for My Club (2 people, 2 answers)? [y/N] ")
    XCTAssertEqual(no.output, "Nothing forgotten.\n")
    XCTAssertEqual(try answers(), 3)
    let yes = try runMeetTheMembers([roster, "--forget", "--data-dir", data], input: "yes\n")
    XCTAssertEqual(yes.output, "Forgotten: My Club starts again from nothing.\n")
    XCTAssertEqual(try answers(roster), 0)
    XCTAssertEqual(try answers(), 1, "the sample club's answer stays")
    let start = try runMeetTheMembers([roster, "--headless", "--data-dir", data], input: "")
    XCTAssertTrue(start.output.contains(#""new":4"#), start.output)
    let again = try runMeetTheMembers([roster, "--forget", "--data-dir", data], input: "y\n")
    XCTAssertEqual(again.output, "Nothing recorded for My Club.\n")
    let refused = try runMeetTheMembers(["--forget", "--headless"])
    XCTAssertEqual(refused.status, 64)
    XCTAssertEqual(refused.errors, "Error: --forget and --headless cannot be used together\n")
  }
}
