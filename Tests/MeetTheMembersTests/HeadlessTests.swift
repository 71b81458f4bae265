import Foundation
import History
import Pictures
import SystemPackage
import XCTest

/// The headless front end through the built binary: commands in, events out, virtual time.
final class HeadlessTests: XCTestCase {
  /// Runs `meet-the-members --headless` with these command lines on standard input; returns
  /// every event it wrote, in order, and its exit status.
  /// `environment` over the tests'.
  func play(
    _ commands: [String], arguments: [String] = ["--seed", "3"],
    environment: [String: String] = [:]
  ) throws -> (events: [[String: Any]], status: Int32) {
    let result = try runMeetTheMembers(
      ["--headless"] + arguments,
      environment: environment.isEmpty
        ? nil : ProcessInfo.processInfo.environment.merging(environment) { $1 },
      input: commands.map { $0 + "\n" }.joined())
    let events = result.output.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        ?? ["unparsed": String(line)]
    }
    return (events, result.status)
  }

  func events(_ name: String, in events: [[String: Any]]) -> [[String: Any]] {
    events.filter { $0["event"] as? String == name }
  }

  func testNothingRunsUntilStartAndEveryCommandEndsWithReady() throws {
    let (events, status) = try play([#"{"do":"wait","seconds":60}"#, #"{"do":"start"}"#])
    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      events.map { $0["event"] as? String },
      ["roster", "ready", "ready", "question", "ready", "exit"])
    XCTAssertEqual(events[0]["members"] as? Int, 18)
    XCTAssertEqual(events[3]["t"] as? Double, 60, "the first minute passed on the start screen")
    XCTAssertEqual(events.last?["status"] as? Int, 0, "the end of the input quits")
  }

  func testARightAnswerScoresAndAWrongOneDoesNot() throws {
    let game = try HeadlessGame()
    try game.send(#"{"do":"start"}"#)
    let question = try XCTUnwrap(game.events("question").first)
    let options = try XCTUnwrap(question["options"] as? [String])
    let correct = try XCTUnwrap(question["correct"] as? Int)
    XCTAssertEqual(Set(options).count, 4)
    XCTAssertEqual(question["number"] as? Int, 1)
    let member = try XCTUnwrap(question["member"] as? [String: Any])
    XCTAssertEqual(member["name"] as? String, options[correct])
    XCTAssertEqual(member["file"] as? String, "Aiyana Redcloud.png")

    try game.send(#"{"do":"wait","seconds":1.25}"#)
    try game.send(#"{"do":"answer","option":\#(correct + 1)}"#)
    try game.send(#"{"do":"wait","seconds":2}"#)
    let second = try XCTUnwrap(game.events("question").last)
    let wrong = ((second["correct"] as? Int ?? 0) + 1) % 4
    try game.send(#"{"do":"answer","option":\#(wrong + 1)}"#)
    XCTAssertEqual(try game.finish(), 0)
    let results = game.events("result")
    XCTAssertEqual(results.map { $0["outcome"] as? String }, ["correct", "wrong"])
    XCTAssertEqual(results.map { $0["score"] as? Int }, [1, 1])
    XCTAssertEqual(results.map { $0["chosen"] as? Int }, [correct, wrong])
    XCTAssertEqual(results.map { $0["seconds"] as? Double }, [1.25, 0])
    XCTAssertEqual(results.map { $0["t"] as? Double }, [1.25, 3.25])
    XCTAssertEqual(game.events("question").map { $0["t"] as? Double }, [0, 3.25])
  }

  func testNoAnswerTimesOutAtFiveSecondsAndTheNextQuestionComesTwoSecondsLater() throws {
    let (events, _) = try play([#"{"do":"start"}"#, #"{"do":"wait","seconds":7}"#])
    let result = try XCTUnwrap(self.events("result", in: events).first)
    XCTAssertEqual(result["outcome"] as? String, "timeout")
    XCTAssertTrue(result["chosen"] is NSNull, "\(result)")
    XCTAssertEqual(result["t"] as? Double, 5)
    XCTAssertEqual(result["seconds"] as? Double, 5)
    XCTAssertEqual(self.events("question", in: events).map { $0["t"] as? Double }, [0, 7])
  }

  func testPauseFreezesTheClockAndResumingResetsTheScore() throws {
    let game = try HeadlessGame()
    try game.send(#"{"do":"start"}"#)
    try game.send(#"{"do":"answer","option":\#(try game.correctOption())}"#)
    for command in [
      #"{"do":"wait","seconds":3}"#, #"{"do":"pause"}"#, #"{"do":"wait","seconds":100}"#,
      #"{"do":"resume"}"#, #"{"do":"wait","seconds":5}"#,
    ] {
      try game.send(command)
    }
    _ = try game.finish()
    let events = game.events
    XCTAssertEqual(self.events("paused", in: events).first?["t"] as? Double, 3)
    XCTAssertEqual(self.events("paused", in: events).first?["reason"] as? String, "player")
    let resumed = try XCTUnwrap(self.events("resumed", in: events).first)
    XCTAssertEqual(resumed["t"] as? Double, 103)
    XCTAssertEqual(resumed["score"] as? Int, 0)
    let results = self.events("result", in: events)
    XCTAssertEqual(results.map { $0["score"] as? Int }, [1, 0])
    XCTAssertEqual(results.last?["t"] as? Double, 107, "1 s was played before the pause, 4 after")
    XCTAssertEqual(results.last?["seconds"] as? Double, 5)
  }

  func testStatsSayWhatTheStatsScreenShowsAndPauseTheGame() throws {
    let (events, _) = try play([
      #"{"do":"start"}"#, #"{"do":"wait","seconds":7}"#, #"{"do":"stats"}"#,
    ])
    let stats = try XCTUnwrap(self.events("stats", in: events).first)
    XCTAssertEqual(stats["questions"] as? Int, 1)
    XCTAssertEqual(stats["longest_streak"] as? Int, 0)
    let recent = try XCTUnwrap(stats["recent"] as? [[String: Any]])
    XCTAssertEqual(recent.map { $0["outcome"] as? String }, ["timeout"])
    XCTAssertEqual(
      self.events("paused", in: events).map { $0["reason"] as? String }, ["screen left"])
  }

  func testBadLinesGetAnErrorAndChangeNothing() throws {
    let bad = [
      "not json", "[1, 2]", #"{"go":"start"}"#, #"{"do":"dance"}"#, #"{"do":"answer"}"#,
      #"{"do":"answer","option":5}"#, #"{"do":"wait","seconds":-1}"#,
      #"{"do":"wait","seconds":"soon"}"#, #"{"do":"resume"}"#,
    ]
    let (events, status) = try play([#"{"do":"start"}"#] + bad + [#"{"do":"wait","seconds":1}"#])
    XCTAssertEqual(status, 0)
    let errors = self.events("error", in: events)
    XCTAssertEqual(errors.count, bad.count, "\(errors)")
    for error in errors { XCTAssertFalse((error["message"] as? String ?? "").isEmpty) }
    XCTAssertEqual(self.events("ready", in: events).count, bad.count + 3)
    XCTAssertEqual(self.events("result", in: events).count, 0, "nothing was answered")
    XCTAssertEqual(self.events("question", in: events).count, 1)
  }

  func testAHundredQuestionsPlayTheSameWayForTheSameSeed() throws {
    let round = Array(
      repeating: [#"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":2}"#], count: 10)
    let commands =
      [#"{"do":"start"}"#]
      + Array(repeating: round.flatMap { $0 } + [#"{"do":"next"}"#], count: 10).flatMap { $0 }
    // Each from an empty history, so that the roster's known and new counts match too.
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let first = try play(commands, arguments: ["--seed", "11", "--data-dir", data + "/1"]).events
    XCTAssertEqual(events("result", in: first).count, 100)
    XCTAssertEqual(events("finished", in: first).compactMap { $0["round"] as? Int }, Array(1...10))
    let numbers = events("question", in: first).compactMap { $0["number"] as? Int }
    XCTAssertEqual(numbers, Array(1...101))
    let again = try play(commands, arguments: ["--seed", "11", "--data-dir", data + "/2"]).events
    XCTAssertEqual(
      again.map { NSDictionary(dictionary: $0) }, first.map { NSDictionary(dictionary: $0) })
  }

  func testAPhotoThatCannotBeDecodedTakesItsMemberOut() throws {
    let club = NSTemporaryDirectory() + "mtm-headless-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: club) }
    let image = RGBAImage(width: 64, height: 64, filledWith: (90, 120, 200, 255))
    for name in ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Evans"] {
      try PictureFile.writeJPEG(image, to: FilePath("\(club)/\(name).jpg"))
    }
    // A sound header and a third of the image data: found out only by decoding.
    var striped = RGBAImage(width: 600, height: 600, filledWith: (90, 120, 200, 255))
    for y in 0..<600 {
      for x in 0..<600 where (x / 7 + y / 5) % 3 == 0 { striped[x, y] = (250, 20, 20, 255) }
    }
    let jpeg = try PictureFile.encodeJPEG(striped)
    try PictureFile.writeBytes(
      Array(jpeg.prefix(jpeg.count / 3)), to: FilePath("\(club)/Ed Broken.jpg"))
    let commands =
      [#"{"do":"start"}"#]
      + Array(
        repeating: [#"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":2}"#], count: 12
      )
      .flatMap { $0 }
    let (events, _) = try play(commands, arguments: ["--seed", "2", club])
    let withdrawn = self.events("withdrawn", in: events)
    XCTAssertEqual(withdrawn.count, 1)
    XCTAssertEqual(withdrawn.first?["file"] as? String, "Ed Broken.jpg")
    let asked = self.events("question", in: events).compactMap {
      ($0["member"] as? [String: Any])?["name"] as? String
    }
    XCTAssertFalse(asked.contains("Ed Broken"), "\(asked)")
    XCTAssertEqual(
      self.events("question", in: events).compactMap { $0["number"] as? Int },
      Array(1...asked.count), "no number skipped")
  }

  func testARoundEndsWithAFinishedSceneAndNextPlaysTheNextRound() throws {
    let game = try HeadlessGame(["--seed", "3", "--round", "3"])
    try game.send(#"{"do":"start"}"#)
    try game.send(#"{"do":"wait","seconds":1}"#)
    try game.send(#"{"do":"answer","option":\#(try game.correctOption())}"#)
    for command in [
      #"{"do":"wait","seconds":2}"#, #"{"do":"wait","seconds":7}"#, #"{"do":"wait","seconds":7}"#,
      #"{"do":"wait","seconds":60}"#, #"{"do":"next"}"#, #"{"do":"next"}"#,
    ] {
      try game.send(command)
    }
    _ = try game.finish()
    let events = game.events
    let finished = try XCTUnwrap(self.events("finished", in: events).first)
    XCTAssertEqual(finished["round"] as? Int, 1)
    XCTAssertEqual(finished["questions"] as? Int, 3)
    XCTAssertEqual(finished["correct"] as? Int, 1)
    XCTAssertEqual(finished["word"] as? String, "Keep going")
    XCTAssertEqual(finished["longest_streak"] as? Int, 1)
    XCTAssertEqual(finished["average_seconds"] as? Double, 1, "time outs left out")
    XCTAssertEqual((finished["missed"] as? [Any])?.count, 2)
    XCTAssertEqual(finished["t"] as? Double, 17)
    XCTAssertEqual(
      self.events("question", in: events).map { $0["t"] as? Double }, [0, 3, 10, 77],
      "nothing runs on the finished scene until next")
    XCTAssertEqual(
      self.events("error", in: events).map { $0["message"] as? String },
      ["no round has finished and no name card is on screen"])
  }

  func testThreeTimeOutsInARowPauseTheGame() throws {
    let (events, _) = try play([
      #"{"do":"start"}"#, #"{"do":"wait","seconds":30}"#,
    ])
    XCTAssertEqual(self.events("result", in: events).count, 3)
    let paused = try XCTUnwrap(self.events("paused", in: events).first)
    XCTAssertEqual(paused["reason"] as? String, "no answers")
    XCTAssertEqual(paused["t"] as? Double, 19)
  }

  func testAnswersAreKeptAndTheKnownCountComesBack() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let arguments = ["--seed", "5", "--data-dir", data]
    let fresh = try play([], arguments: arguments).events
    XCTAssertEqual(fresh.first?["known"] as? Int, 0)
    XCTAssertEqual(fresh.first?["new"] as? Int, 18)

    // Three right answers, each to the question on screen.
    let game = try HeadlessGame(arguments)
    try game.send(#"{"do":"start"}"#)
    for _ in 0..<3 {
      try game.send(#"{"do":"wait","seconds":1}"#)
      try game.send(#"{"do":"answer","option":\#(try game.correctOption())}"#)
      try game.send(#"{"do":"wait","seconds":2}"#)
    }
    XCTAssertEqual(try game.finish(), 0)
    XCTAssertEqual(
      game.events("result").map { $0["outcome"] as? String }, ["correct", "correct", "correct"])
    let after = try play([], arguments: arguments).events
    XCTAssertEqual(after.first?["new"] as? Int, 15, "three people met")
    XCTAssertEqual(after.first?["known"] as? Int, 0, "a first right answer is not knowing them")
    let database = data + "/history.sqlite"
    XCTAssertTrue(FileManager.default.fileExists(atPath: database))
  }

  func testAHistoryThatCannotBeKeptIsSaidAndTheGamePlays() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    try Data("not a database, but mine".utf8).write(
      to: URL(fileURLWithPath: data + "/history.sqlite"))
    let (events, status) = try play(
      [#"{"do":"start"}"#, #"{"do":"wait","seconds":8}"#],
      arguments: ["--seed", "5", "--data-dir", data])
    XCTAssertEqual(status, 74, "its answers (timed out) saved in a file, not in the history")
    let notice = try XCTUnwrap(events.first?["history"] as? String)
    XCTAssertTrue(notice.hasPrefix("History not kept: \(data)/history.sqlite: "), notice)
    XCTAssertTrue(notice.hasSuffix("it is kept as it is"), notice)
    XCTAssertEqual(self.events("result", in: events).count, 1, "the game plays on")
    XCTAssertEqual(
      try String(contentsOfFile: data + "/history.sqlite", encoding: .utf8),
      "not a database, but mine")
  }

  /// New people are met one at a time, each until Enter or for six seconds; with nobody met
  /// due (a name just met lasts minutes), three cards, then the first met is asked.
  func testLearnModeMeetsPeopleOnNameCardsThenAsksThem() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let (events, status) = try play(
      [#"{"do":"start"}"#, #"{"do":"wait","seconds":6}"#]
        + Array(repeating: #"{"do":"next"}"#, count: 2)
        + [#"{"do":"wait","seconds":1}"#, #"{"do":"answer","option":1}"#, #"{"do":"next"}"#],
      arguments: ["--seed", "5", "--mode", "learn", "--data-dir", data])
    XCTAssertEqual(status, 0)
    let cards = self.events("intro", in: events)
    XCTAssertEqual(cards.map { $0["t"] as? Double }, [0, 6, 6], "Enter, or six seconds")
    let met = cards.compactMap { ($0["member"] as? [String: Any])?["name"] as? String }
    XCTAssertEqual(Set(met).count, 3)
    let questions = self.events("question", in: events)
    XCTAssertEqual(questions.count, 1)
    let asked = questions.compactMap { ($0["member"] as? [String: Any])?["name"] as? String }
    XCTAssertEqual(asked.first, met.first, "the first met, the weakest")
    XCTAssertEqual(
      self.events("error", in: events).map { $0["message"] as? String },
      ["no round has finished and no name card is on screen"], "next during a question")
    let answers = try History(folder: data).answers()
    XCTAssertEqual(answers.map(\.mode), ["learn"])
    // The three met are not new any more, though not known yet.
    let again = try play([], arguments: ["--seed", "5", "--data-dir", data]).events
    XCTAssertEqual(again.first?["new"] as? Int, 15)
  }

  func testStartTakesAModeAndRefusesAnUnknownOne() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let (events, _) = try play(
      [#"{"do":"start","mode":"cram"}"#, #"{"do":"start","mode":"learn"}"#],
      arguments: ["--data-dir", data])
    XCTAssertEqual(
      self.events("error", in: events).map { $0["message"] as? String },
      [#"start takes "mode": quiz, learn or drill"#])
    XCTAssertEqual(self.events("intro", in: events).count, 1)
    XCTAssertEqual(self.events("question", in: events).count, 0)
  }

  func testStatsGiveAnswerTimesForThisGameAndAllTimeFiguresFromTheHistory() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    // Two games of three questions: answered after 1.5 s, 2.5 s, then a time out.
    let commands = [
      #"{"do":"start"}"#, #"{"do":"wait","seconds":1.5}"#, #"{"do":"answer","option":1}"#,
      #"{"do":"wait","seconds":4.5}"#, #"{"do":"answer","option":2}"#,
      #"{"do":"wait","seconds":9}"#, #"{"do":"stats"}"#,
    ]
    let arguments = ["--seed", "4", "--data-dir", data]
    _ = try play(commands, arguments: arguments)
    let (events, _) = try play(commands, arguments: arguments)
    let results = self.events("result", in: events)
    XCTAssertEqual(results.map { $0["seconds"] as? Double }, [1.5, 2.5, 5])
    let stats = try XCTUnwrap(self.events("stats", in: events).first)
    XCTAssertEqual(stats["average_seconds"] as? Double, 2, "the time out left out")
    let rightTimes = zip(results, [1.5, 2.5]).filter { $0.0["outcome"] as? String == "correct" }
    XCTAssertEqual(stats["fastest_seconds"] as? Double, rightTimes.map(\.1).min())
    let allTime = try XCTUnwrap(stats["all_time"] as? [String: Any])
    XCTAssertEqual(allTime["questions"] as? Int, 6)
    XCTAssertEqual(allTime["correct"] as? Int, 2 * rightTimes.count)
    XCTAssertEqual(allTime["seconds"] as? Double, 18)
    XCTAssertEqual(allTime["average_seconds"] as? Double, 2)
    XCTAssertEqual(allTime["best_streak"] as? Int, rightTimes.isEmpty ? 0 : rightTimes.count)
  }

  func testPeopleListsEveryoneAndForgetClearsTheRostersHistory() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let arguments = ["--seed", "4", "--data-dir", data]
    // Two answers, then the people window: by name, then weakest first.
    let (events, _) = try play(
      [
        #"{"do":"start"}"#, #"{"do":"wait","seconds":1.5}"#, #"{"do":"answer","option":1}"#,
        #"{"do":"wait","seconds":3.5}"#, #"{"do":"answer","option":2}"#,
        #"{"do":"people"}"#, #"{"do":"people","order":"weakest"}"#,
        #"{"do":"people","order":"worst"}"#,
      ], arguments: arguments)
    let lists = self.events("people", in: events)
    XCTAssertEqual(lists.map { $0["order"] as? String }, ["name", "weakest"])
    let byName = try XCTUnwrap(lists.first?["people"] as? [[String: Any]])
    XCTAssertEqual(byName.count, 18, "everyone in the sample club")
    let names = byName.compactMap { $0["name"] as? String }
    XCTAssertEqual(names, names.sorted { $0.lowercased() < $1.lowercased() })
    XCTAssertEqual(self.events("result", in: events).count, 2)
    let asked = self.events("question", in: events).prefix(2).compactMap {
      ($0["member"] as? [String: Any])?["name"] as? String
    }
    for row in byName {
      let answered = asked.contains(row["name"] as? String ?? "")
      XCTAssertEqual((row["right"] as? Int ?? 0) + (row["wrong"] as? Int ?? 0), answered ? 1 : 0)
      XCTAssertEqual(row["seen_seconds_ago"] is NSNull, !answered, "\(row)")
    }
    let weakest = try XCTUnwrap(lists.last?["people"] as? [[String: Any]])
    XCTAssertEqual(Set(weakest.prefix(2).compactMap { $0["name"] as? String }), Set(asked))
    XCTAssertTrue(self.events("paused", in: events).count >= 1, "the window pauses the game")
    XCTAssertEqual(
      self.events("error", in: events).map { $0["message"] as? String },
      [#"people takes "order": name or weakest"#])
    XCTAssertEqual(try History(folder: data).answers().count, 2)

    // Forgetting, in the next game: the roster's answers are gone, everyone is new again.
    let (forgetting, _) = try play([#"{"do":"forget"}"#], arguments: arguments)
    XCTAssertEqual(forgetting.first?["new"] as? Int, 16)
    XCTAssertEqual(self.events("forgotten", in: forgetting).count, 1)
    XCTAssertEqual(try History(folder: data).answers().count, 0)
    let (after, _) = try play([], arguments: arguments)
    XCTAssertEqual(after.first?["new"] as? Int, 18)
    // A history that cannot be kept (its folder would be inside a file): nothing to forget.
    let file = data + "/file"
    _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
    let (unkept, _) = try play(
      [#"{"do":"forget"}"#], arguments: ["--seed", "4", "--data-dir", file + "/data"])
    XCTAssertEqual(
      self.events("error", in: unkept).map { $0["message"] as? String },
      ["no history is kept: nothing to forget"])
  }
}

/// Names typed through the headless front end: the question says its kind, `type` answers it,
/// the result says what was typed and how it was taken, and a name typed right is known at
/// the next launch.
extension HeadlessTests {
  func testATypedQuestionIsAnsweredWithTypeAndItsNameIsKnownAfter() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let arguments = ["--seed", "3", "--kind", "typing", "--data-dir", data]
    let first = try play([#"{"do":"start"}"#], arguments: arguments).events
    let question = try XCTUnwrap(self.events("question", in: first).first)
    XCTAssertEqual(question["kind"] as? String, "typing")
    XCTAssertNil(question["options"], "no names to choose among")
    XCTAssertNil(question["correct"])
    let name = try XCTUnwrap((question["member"] as? [String: Any])?["name"] as? String)
    XCTAssertEqual(name, "Aiyana Redcloud")

    let (events, status) = try play(
      [
        #"{"do":"start"}"#, #"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":4}"#,
        #"{"do":"type","text":"aiyana redclod"}"#, #"{"do":"wait","seconds":2}"#,
        #"{"do":"type","text":"Nobody"}"#,
      ], arguments: arguments)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      self.events("error", in: events).map { $0["message"] as? String },
      ["this question's name is typed: use type"])
    let results = self.events("result", in: events)
    XCTAssertEqual(results.map { $0["outcome"] as? String }, ["correct", "wrong"])
    XCTAssertEqual(results.map { $0["typed"] as? String }, ["aiyana redclod", "Nobody"])
    XCTAssertEqual(results.map { $0["match"] as? String }, ["slip", "wrong"])
    XCTAssertEqual(results.map { $0["seconds"] as? Double }, [4, 0])
    XCTAssertNil(results.first?["chosen"])

    let again = try play([], arguments: ["--seed", "3", "--data-dir", data]).events
    XCTAssertEqual(again.first?["known"] as? Int, 1, "typed right: known")
    XCTAssertEqual(again.first?["recognised"] as? Int, 0)
    let answers = try History(folder: data).answers()
    XCTAssertEqual(answers.map(\.kind), ["typing", "typing"])
    XCTAssertEqual(answers.map(\.chosen), ["aiyana redclod", "Nobody"])
  }

  /// Two members of one name, told apart on the buttons as "Bob Jones (1)" and "(2)", are
  /// each answered by typing "Bob Jones" (play-test: it was wrong), and another's by nothing
  /// else.
  func testASharedNameIsTypedWithoutItsLabel() throws {
    let club = NSTemporaryDirectory() + "mtm-headless-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: club) }
    for (index, file) in ["Bob Jones.jpg", "bob_jones.jpg", "Ann Lee.jpg", "Cy Diaz.jpg"]
      .enumerated()
    {
      let image = RGBAImage(width: 64, height: 64, filledWith: (UInt8(index * 60), 120, 200, 255))
      try PictureFile.writeJPEG(image, to: FilePath("\(club)/\(file)"))
    }
    // Typed for every question: the name itself, then one's label as the buttons show it.
    for (typed, rightFor) in [("Bob Jones", "Bob Jones ("), ("Bob Jones (1)", "Bob Jones (1)")] {
      let (events, status) = try play(
        [#"{"do":"start"}"#]
          + Array(repeating: #"{"do":"type","text":"\#(typed)"}"#, count: 4)
          .flatMap { [$0, #"{"do":"wait","seconds":2}"#] },
        arguments: [club, "--seed", "1", "--kind", "typing", "--mode", "quiz", "--round", "4"])
      XCTAssertEqual(status, 0)
      // No file is skipped: the name shared is a warning.
      let roster = try XCTUnwrap(self.events("roster", in: events).first)
      XCTAssertEqual(roster["skipped"] as? [String], [])
      XCTAssertEqual((roster["warnings"] as? [String])?.count, 1, "\(roster)")
      let asked = self.events("question", in: events).map {
        ($0["member"] as? [String: Any])?["name"] as? String ?? ""
      }
      XCTAssertEqual(asked.count, 4)
      XCTAssertEqual(
        self.events("result", in: events).map { $0["outcome"] as? String },
        asked.map { $0.hasPrefix(rightFor) ? "correct" : "wrong" }, "\(typed): \(asked)")
    }
  }

  /// A name typed for a names question, or a bad `type`, is refused in one line.
  func testTypeIsRefusedWhereNamesAreChosenAndWithoutText() throws {
    let (events, _) = try play([
      #"{"do":"start"}"#, #"{"do":"type","text":"Aiyana Redcloud"}"#, #"{"do":"type"}"#,
      #"{"do":"type","text":"   "}"#,
      #"{"do":"type","text":"\#(String(repeating: "a", count: 81))"}"#,
      #"{"do":"type","text":"Aiyana\u001b[2J Redcloud"}"#,
    ])
    XCTAssertEqual(self.events("question", in: events).first?["kind"] as? String, "name")
    XCTAssertEqual(
      self.events("error", in: events).map { $0["message"] as? String },
      [
        "this question's names are chosen: use answer",
        "type needs \"text\": the name typed (80 characters at most)",
        "this question's names are chosen: use answer",
        "type's \"text\" has 81 characters: a name typed has 80 at most",
        "type's \"text\" holds a control character (U+001B): a name typed has none",
      ])
  }
}

extension HeadlessTests {
  /// Who the player took for whom is kept: at the next launch the people window says it,
  /// either way round.
  func testAConfusionIsKeptAndThePeopleWindowSaysIt() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let arguments = ["--seed", "3", "--data-dir", data]
    let game = try HeadlessGame(arguments)
    try game.send(#"{"do":"start"}"#)
    let question = try XCTUnwrap(game.events("question").first)
    let options = try XCTUnwrap(question["options"] as? [String])
    let wrong = ((question["correct"] as? Int ?? 0) + 1) % 4
    let asked = try XCTUnwrap((question["member"] as? [String: Any])?["name"] as? String)
    try game.send(#"{"do":"answer","option":\#(wrong + 1)}"#)
    XCTAssertEqual(try game.finish(), 0)
    let later = try play([#"{"do":"people"}"#], arguments: arguments).events
    let rows = try XCTUnwrap(events("people", in: later).first?["people"] as? [[String: Any]])
    let confused = Dictionary(
      uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", $0["confused_with"]) })
    XCTAssertEqual(confused[asked] as? String, options[wrong])
    XCTAssertEqual(confused[options[wrong]] as? String, asked)
    XCTAssertEqual(rows.count { $0["confused_with"] is NSNull }, 16)
  }

  /// Two people taken for each other twice are drilled: their card of two, then each asked
  /// by name and by face with the other among the options. Without such a pair, the drill
  /// is refused in one line.
  func testTheDrillShowsAPairTakenForEachOtherTwiceThenAsksThem() throws {
    let data = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: data) }
    let arguments = ["--seed", "3", "--data-dir", data]
    let drill = #"{"do":"start","mode":"drill"}"#
    XCTAssertEqual(
      events("error", in: try play([drill], arguments: arguments).events).first?["message"]
        as? String, "no one was taken for another twice: nothing to drill")
    // The first question's wrong name chosen, twice (read again each time: the name taken
    // for the asked one is offered first the second time).
    var asked = "", other = ""
    for _ in 0..<2 {
      let first = try play([#"{"do":"start"}"#], arguments: arguments).events
      let question = try XCTUnwrap(events("question", in: first).first)
      let options = try XCTUnwrap(question["options"] as? [String])
      let correct = try XCTUnwrap(question["correct"] as? Int)
      asked = options[correct]
      let wrong = other.isEmpty ? (correct + 1) % 4 : try XCTUnwrap(options.firstIndex(of: other))
      other = options[wrong]
      _ = try play(
        [#"{"do":"start"}"#, #"{"do":"answer","option":\#(wrong + 1)}"#], arguments: arguments)
    }
    let (events, status) = try play(
      [drill, #"{"do":"next"}"#, #"{"do":"answer","option":1}"#], arguments: arguments)
    XCTAssertEqual(status, 0)
    let pair = try XCTUnwrap(self.events("pair", in: events).first?["members"] as? [[String: Any]])
    XCTAssertEqual(Set(pair.compactMap { $0["name"] as? String }), [asked, other])
    let question = try XCTUnwrap(self.events("question", in: events).first)
    XCTAssertEqual(question["kind"] as? String, "name")
    let options = try XCTUnwrap(question["options"] as? [String])
    XCTAssertTrue(Set(options).isSuperset(of: [asked, other]), "\(options)")
    XCTAssertEqual(self.events("result", in: events).count, 1)
  }
}

extension HeadlessTests {
  /// Questions of faces: four members offered, with their files; people who share a photo
  /// never offered together.
  func testFacesAreFourMembersWithFourPhotosAndAnOptionAnswersThem() throws {
    // Three people who share one photo (a copy under each name) among eight.
    let club = NSTemporaryDirectory() + "mtm-faces-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: club) }
    let sample = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("../../Resources/sample-club").standardized.path
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    let own = ["Zoë Laurent", "Diego Ramírez", "Yuki Tanaka", "Mei Lin Chen", "Lars Eriksson"]
    for name in own {
      try FileManager.default.copyItem(
        atPath: "\(sample)/\(name).png", toPath: "\(club)/\(name).png")
    }
    let shared = ["Ana Ruiz", "Ben Ode", "Cleo Park"]
    for name in shared {
      try FileManager.default.copyItem(
        atPath: "\(sample)/Anna Kowalska.png", toPath: "\(club)/\(name).png")
    }
    let commands =
      [#"{"do":"start"}"#]
      + (0..<40).flatMap { _ in
        [#"{"do":"answer","option":1}"#, #"{"do":"wait","seconds":2}"#]
      }
    // With a history (which hashes the photos), and without one (a file where its folder
    // would be): the files themselves are compared.
    let notAFolder = club + "/not-a-folder"
    FileManager.default.createFile(atPath: notAFolder, contents: Data())
    for data in [club + "/data", notAFolder] {
      try checkFaces(
        commands: commands, arguments: ["--seed", "8", "--kind", "faces", "--round", "40"],
        data: data, club: club, shared: shared)
    }
  }

  private func checkFaces(
    commands: [String], arguments: [String], data: String, club: String, shared: [String]
  ) throws {
    // Without a history, the answers are saved in the temporary folder: the club's, removed
    // with it.
    let (events, status) = try play(
      commands, arguments: arguments + ["--data-dir", data, club], environment: ["TMPDIR": club])
    XCTAssertEqual(status, data.hasSuffix("not-a-folder") ? 74 : 0, "74: no history kept them")
    XCTAssertEqual(
      self.events("roster", in: events).first?["history"] != nil, data.hasSuffix("not-a-folder"),
      "\(data)")
    let questions = self.events("question", in: events)
    XCTAssertEqual(questions.count, 40)
    var placeholders = 0
    for question in questions {
      XCTAssertEqual(question["kind"] as? String, "face")
      let options = try XCTUnwrap(question["options"] as? [[String: Any]], "\(question)")
      let files = options.compactMap { $0["file"] as? String }
      XCTAssertEqual(Set(files).count, 4)
      let sharing = files.count { file in shared.contains { file == "\($0).png" } }
      XCTAssertLessThanOrEqual(sharing, 1, "one photo offered twice: \(files)")
      placeholders += sharing
      let correct = try XCTUnwrap(question["correct"] as? Int)
      let member = try XCTUnwrap(question["member"] as? [String: Any])
      XCTAssertEqual(options[correct]["name"] as? String, member["name"] as? String)
      XCTAssertEqual(options[correct]["file"] as? String, member["file"] as? String)
    }
    XCTAssertGreaterThan(placeholders, 0, "the people who share a photo are asked and offered")
    let results = self.events("result", in: events)
    XCTAssertEqual(results.count, 40)
    XCTAssertEqual(
      results.map { $0["outcome"] as? String },
      questions.map { ($0["correct"] as? Int) == 0 ? "correct" : "wrong" })
  }
}
