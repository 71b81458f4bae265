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

/// The game's link to the history: what it keeps, and what it says when it cannot.
final class HistoryLinkTests: HistoryLinkTestCase {
  /// A member the history has no person for is not counted as kept: the recorder says why,
  /// and nothing is written.
  func testAMemberWithoutAPersonIsAFailureNotARecord() throws {
    let history = try History(folder: folder)
    let link = HistoryLink(
      history: history, people: [:], roster: .folder(folder), notice: nil)
    let recorder = try XCTUnwrap(link.recorder())
    let ada = Member(id: MemberID("ada"), name: "Ada Obi")
    let answer = Effect.recordAnswer(answer(ada, at: 10))
    XCTAssertEqual(
      recorder.perform(answer),
      [.historyFailed(answer, reason: "Ada Obi: no one in the history to keep this for")])
    let card = Effect.recordIntroduction(
      ada.id,
      MemoryRecord(
        memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: 10, lastGrade: .again),
      previous: nil)
    XCTAssertEqual(
      recorder.perform(card),
      [.historyFailed(card, reason: "ada: no one in the history to keep this for")])
    XCTAssertEqual(try history.answers(), [])
    XCTAssertFalse(recorder.isWaiting, "refused, not waiting")
    XCTAssertNil(recorder.finish(), "nothing waited")
  }

  /// After a round or sitting the player's memory is fitted to every answer and kept (once
  /// there are enough of them), and the next game plays by it.
  func testTheMemoryFittedAfterASittingIsKeptAndTheNextGamePlaysByIt() throws {
    let roster = try fourPeople()
    let link = HistoryLink.open(folder: folder + "/data", roster: roster)
    XCTAssertEqual(link.model, .standard)
    let recorder = try XCTUnwrap(link.recorder())
    // Names kept far longer than the defaults say: right after an hour, an hour later.
    var time = 0.0
    // Twenty answers, each person's first unscored: sixteen scored, too few to fit.
    for index in 0..<20 {
      XCTAssertEqual(
        recorder.perform(.recordAnswer(answer(roster.members[index % 4], at: time))), [])
      time += 900
    }
    XCTAssertLessThan(16, MemoryFit.minimumAnswers)
    XCTAssertEqual(recorder.perform(.fitMemory(at: time)), [], "too few answers: the defaults stay")
    for index in 20..<300 {
      let right = index % 10 != 0
      XCTAssertEqual(
        recorder.perform(.recordAnswer(answer(roster.members[index % 4], at: time, right: right))),
        [])
      time += 900
    }
    guard case .memoryFitted(let memory) = recorder.perform(.fitMemory(at: time)).first else {
      return XCTFail("no fit after 300 answers")
    }
    XCTAssertGreaterThan(memory.firstLearning, PlayerMemory.standard.firstLearning)
    let kept = try XCTUnwrap(try link.history?.fittedMemory())
    XCTAssertEqual(kept.memory, memory)
    XCTAssertEqual(kept.fittedAt, time)
    XCTAssertLessThan(kept.lossAfter, kept.lossBefore)

    let next = HistoryLink.open(folder: folder + "/data", roster: roster)
    XCTAssertEqual(next.model, memory.model)
    let setup = next.setup(origin: .zero, unixSecondsAtOrigin: time)
    XCTAssertEqual(setup.memories.model, memory.model)
    // And it knows how quickly the player answers: 272 right, 28 wrong, all in a second.
    XCTAssertEqual(setup.memories.guessTimes, GuessTimes(right: [272], wrong: [28]))
  }

  /// A person whose one state, the belief, cannot be read is replayed at the next launch from
  /// their card and answers, and comes back as played; someone whose belief can be read is
  /// taken as kept, not replayed.
  func testAPersonWhoseBeliefCannotBeReadIsReplayedFromTheirAnswers() throws {
    let roster = try fourPeople()
    let link = HistoryLink.open(folder: folder + "/data", roster: roster)
    let recorder = try XCTUnwrap(link.recorder())
    let ada = roster.members[0]
    var played = Memories()
    let card = played.introduce(ada.id, at: 0)
    XCTAssertEqual(recorder.perform(.recordIntroduction(ada.id, card, previous: nil)), [])
    // Names typed, whose times say nothing of a guess: replayed, they are taken in as played.
    for time in [20.0, 400, 90_000] {
      let result = QuestionResult(
        question: answer(ada, at: time).result.question.asked(as: .typing), outcome: .correct,
        answerTime: .seconds(3), typed: TypedAnswer(text: ada.name, match: .name))
      let record = played.remember(result, at: time)
      XCTAssertEqual(
        recorder.perform(
          .recordAnswer(
            RecordedAnswer(
              result: result, answeredAt: time, memory: record.memory, grade: record.lastGrade,
              mode: "learn", belief: record.belief))), [])
    }
    // Bo's card kept with a belief no replay of it makes.
    let bo = roster.members[1]
    let kept = SpeedBelief(
      weights: [0.05, 0.05, 0.1, 0.2, 0.3, 0.2, 0.1],
      memories: (1...7).map { MemoryState(stability: Double($0), difficulty: 5) })
    let boCard = MemoryRecord(
      memory: kept.typicalMemory, lastAnswer: 50, lastGrade: .again, belief: kept)
    XCTAssertEqual(recorder.perform(.recordIntroduction(bo.id, boCard, previous: nil)), [])
    let path = try XCTUnwrap(link.history).path
    try DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: "UPDATE person SET belief = x'0102' WHERE id = ?", arguments: [link.people[ada.id]])
    }
    let next = HistoryLink.open(folder: folder + "/data", roster: roster)
    let setup = next.setup(origin: .zero, unixSecondsAtOrigin: 100_000)
    XCTAssertEqual(setup.memories.records[ada.id], played.records[ada.id])
    XCTAssertEqual(setup.memories.records[bo.id]?.memory, kept.typicalMemory)
    XCTAssertEqual(setup.memories.records[bo.id]?.belief?.memories, kept.memories)
  }

  /// A name typed right with a spelling slip is kept so, and the next game's cards and answers
  /// (what a replay of the person takes in) carry it.
  func testANameTypedWithASlipIsKeptSoForTheNextGame() throws {
    let roster = try fourPeople()
    let link = HistoryLink.open(folder: folder + "/data", roster: roster)
    let recorder = try XCTUnwrap(link.recorder())
    let ada = roster.members[0]
    let asked = answer(ada, at: 0).result.question.asked(as: .typing)
    for (time, match) in [(10.0, TypedMatch.slip), (20, .name)] {
      let result = QuestionResult(
        question: asked, outcome: .correct, answerTime: .seconds(4),
        typed: TypedAnswer(text: match == .slip ? "Adda" : "Ada", match: match))
      XCTAssertEqual(
        recorder.perform(
          .recordAnswer(
            RecordedAnswer(
              result: result, answeredAt: time, memory: MemoryState(stability: 1, difficulty: 5),
              grade: match == .slip ? .hard : .good, mode: "learn"))), [])
    }
    let next = HistoryLink.open(folder: folder + "/data", roster: roster)
    let setup = next.setup(origin: .zero, unixSecondsAtOrigin: 30)
    XCTAssertEqual(
      setup.memories.taken[ada.id],
      [
        Taken(time: 10, kind: .answer(right: true, seconds: 4, kind: .typing, slip: true)),
        Taken(time: 20, kind: .answer(right: true, seconds: 4, kind: .typing, slip: false)),
      ])
  }

  /// A wrong answer keeps whom it chose: the person of the name chosen, when the history has
  /// them; a time out, or a name the history has nobody for, keeps none.
  func testAWrongAnswerKeepsThePersonChosen() throws {
    let roster = try fourPeople()
    let link = HistoryLink.open(folder: folder + "/data", roster: roster)
    let recorder = try XCTUnwrap(link.recorder())
    let members = roster.members
    let options =
      [members[0], members[1]].map { NameOption(name: $0.name, member: $0.id) } + [
        NameOption(name: "Ghost", member: MemberID("ghost")),
        NameOption(name: members[2].name, member: members[2].id),
      ]
    let question = Question(number: 1, member: members[0], options: options, correctIndex: 0)
    for (index, chosen) in [1, 2, nil].enumerated() {
      let outcome: Outcome = chosen.map { .wrong(chosen: options[$0]) } ?? .timedOut
      XCTAssertEqual(
        recorder.perform(
          .recordAnswer(
            RecordedAnswer(
              result: QuestionResult(question: question, outcome: outcome, answerTime: .seconds(2)),
              answeredAt: Double(index), memory: MemoryState(stability: 1, difficulty: 5),
              grade: .again, mode: "learn"))), [])
    }
    let answers = try XCTUnwrap(link.history).answers()
    XCTAssertEqual(answers.map(\.chosen), [members[1].name, "Ghost", nil])
    XCTAssertEqual(answers.map(\.chosenPerson), [link.people[members[1].id], nil, nil])
    XCTAssertNotNil(answers[0].chosenPerson)
  }

  /// The recorder runs on a serial queue of its own, as the loop will run it, while the
  /// game reads the history: every answer is kept, and the next game finds them.
  func testTheRecorderKeepsAnswersFromAQueueOfItsOwn() throws {
    let roster = try fourPeople()
    let link = HistoryLink.open(folder: folder + "/data", roster: roster)
    XCTAssertNil(link.notice)
    XCTAssertEqual(link.people.count, 4, "everyone has a person")
    let recorder = try XCTUnwrap(link.recorder())
    let history = try XCTUnwrap(link.history)
    let failures = Mutex<[Input]>([])
    let writes = DispatchQueue(label: "history writes")
    let done = DispatchGroup()
    for index in 0..<40 {
      let answer = answer(roster.members[index % 4], at: Double(index))
      writes.async(group: done) {
        let inputs = recorder.perform(.recordAnswer(answer))
        failures.withLock { $0 += inputs }
      }
    }
    for _ in 0..<40 { _ = try history.readAnswers(roster: link.roster.identity).totals }
    done.wait()
    XCTAssertEqual(failures.withLock { $0 }, [])
    let next = HistoryLink.open(folder: folder + "/data", roster: roster)
    XCTAssertEqual(next.totals.questions, 40)
    XCTAssertEqual(Set(next.memories.keys), Set(roster.members.map(\.id)))
  }

  /// Another program holds the history through the launch's wait: the game says so, plays
  /// on, keeps its answers waiting, and saves them beside the history as it ends (and the
  /// next launch, the history free, keeps its answers again).
  func testAHistoryHeldThroughTheLaunchKeepsTheAnswersForAFile() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let (holder, link) = try heldThroughTheLaunch(data, roster)
    XCTAssertTrue(
      link.notice?.contains("(another program holds it)") == true, "\(link.notice ?? "")")
    XCTAssertNotNil(link.setup(origin: .zero, unixSecondsAtOrigin: 0).wallClock, "answers kept")
    let recorder = try XCTUnwrap(link.recorder())
    XCTAssertEqual(
      recorder.perform(.recordAnswer(answer(roster.members[0], at: 10))),
      [.historyWaiting(HistoryWaiting(writes: 1, reason: "another program held it at launch"))])
    _ = recorder.perform(.recordAnswer(answer(roster.members[1], at: 20)))
    let line = try XCTUnwrap(recorder.finish())
    holder.release()
    XCTAssertTrue(line.hasPrefix("History: 2 answers could not be kept in \(data)/"), line)
    let saved = try XCTUnwrap(
      line.range(of: "saved in ").map { String(line[$0.upperBound...].dropLast()) }, line)
    let rows = try String(contentsOfFile: saved, encoding: .utf8).split(separator: "\r\n")
    XCTAssertEqual(rows.count, 3, "the header and two answers")
    XCTAssertTrue(rows[1].hasPrefix("Ada,Ada.jpg,club,quiz,name,correct,Ada,1.0,"), "\(rows[1])")
    XCTAssertEqual(
      HistoryLink.open(folder: data, roster: roster).notice,
      "History: 2 answers saved by an earlier game kept in the history", "and kept by the next")
  }

  /// A history held through the launch's wait and let go while the game plays: the next try
  /// keeps the answers that waited, and those after them, in the history after all, each
  /// person's memory taken in from what the history holds of them (the game began without it,
  /// and holds Ada's right answer as if she were new).
  func testAHistoryHeldThroughTheLaunchKeepsTheAnswersOnceItIsFree() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let ada = roster.members[0]
    // Ada, answered right once a day for a week: a name kept for days.
    let before = try XCTUnwrap(HistoryLink.open(folder: data, roster: roster).recorder())
    for day in 0..<7 {
      XCTAssertEqual(before.perform(.recordAnswer(answer(ada, at: Double(day) * 86_400))), [])
    }
    before.close()
    let now = 8 * 86_400.0
    var (holder, link) = try heldThroughTheLaunch(data, roster)
    link.late = LateHistory(
      folder: data, roster: roster, key: roster.historyKey,
      held: HistoryLink.Busy(description: "held"), interval: 0)
    let recorder = try XCTUnwrap(link.recorder())
    XCTAssertEqual(
      recorder.perform(.recordAnswer(answer(ada, at: now))),
      [.historyWaiting(HistoryWaiting(writes: 1, reason: "held"))])
    holder.release()
    XCTAssertEqual(recorder.retry(), [.historyWaiting(HistoryWaiting(writes: 0, reason: nil))])
    XCTAssertEqual(recorder.perform(.recordAnswer(answer(roster.members[1], at: now + 10))), [])
    // Name cards the game shows as if everyone were new: Cy's is kept, Ada's (whom the
    // history knows) would count as a lapse, and is not.
    let card = MemoryRecord(
      memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: now + 20, lastGrade: .again)
    let cy = roster.members[2]
    XCTAssertEqual(recorder.perform(.recordIntroduction(ada.id, card, previous: nil)), [])
    XCTAssertEqual(recorder.perform(.recordIntroduction(cy.id, card, previous: nil)), [])
    XCTAssertEqual(
      recorder.finish(), "History: 1 write waited for \(data)/history.sqlite and is kept.")

    let next = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(next.taken[ada.id]?.count, 8, "the week's answers and the game's")
    XCTAssertEqual(next.taken[roster.members[1].id]?.count, 1)
    XCTAssertEqual(next.taken[cy.id], [Taken(time: now + 20, kind: .card)])
    XCTAssertNotNil(next.memories[cy.id], "replayed from the card")
    let kept = try XCTUnwrap(next.memories[ada.id])
    XCTAssertEqual(kept.lastAnswer, now)
    let game = try XCTUnwrap(next.taken[ada.id]?.last)
    let fromNothing = try XCTUnwrap(
      Memories.record(replaying: [game], model: next.model, guessTimes: next.guessTimes))
    XCTAssertGreaterThan(
      kept.memory.stability, 5 * fromNothing.memory.stability,
      "Ada's memory grown from her week, not from the game's first answer")
  }

  /// The writes that wait count answers and name cards apart, for the quiz screen's line.
  func testWritesThatWaitCountTheirAnswersApart() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    try Data("not a history".utf8).write(to: URL(fileURLWithPath: data + "/history.sqlite"))
    let recorder = try XCTUnwrap(HistoryLink.open(folder: data, roster: roster).recorder())
    let reason = "file is not a database"
    XCTAssertEqual(
      recorder.perform(.recordAnswer(answer(roster.members[0], at: 10))),
      [.historyWaiting(HistoryWaiting(writes: 1, reason: reason, answers: 1))])
    let card = MemoryRecord(
      memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: 20, lastGrade: .again)
    XCTAssertEqual(
      recorder.perform(.recordIntroduction(roster.members[1].id, card, previous: nil)),
      [.historyWaiting(HistoryWaiting(writes: 2, reason: reason, answers: 1))])
  }

  /// A history held through the launch's wait and let go before the game ends: the last try
  /// keeps the answers in it, and no file is saved.
  func testAHistoryHeldThroughTheLaunchAndFreeAsTheGameEndsKeepsTheAnswers() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let (holder, link) = try heldThroughTheLaunch(data, roster)
    let recorder = try XCTUnwrap(link.recorder())
    _ = recorder.perform(.recordAnswer(answer(roster.members[0], at: 10)))
    _ = recorder.perform(.recordAnswer(answer(roster.members[1], at: 20)))
    XCTAssertTrue(recorder.isWaiting)
    holder.release()
    XCTAssertEqual(
      recorder.finish(), "History: 2 writes waited for \(data)/history.sqlite and are kept.")
    XCTAssertEqual(try History(folder: data, access: .readOnly).answers().count, 2)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: data).filter {
        $0.hasPrefix("unkept-answers")
      }, [])
  }

  /// Answers a game saved in a file (its history was held through it) are kept in the
  /// history by the next launch that opens it, for the roster played: their people's memories
  /// replayed from them, the file then holding only the other rosters' answers, and nothing
  /// kept twice.
  func testAnswersSavedInAFileAreKeptByTheNextLaunchThatOpensTheHistory() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let (ada, bo) = (roster.members[0], roster.members[1])
    let before = try XCTUnwrap(HistoryLink.open(folder: data, roster: roster).recorder())
    XCTAssertEqual(before.perform(.recordAnswer(answer(ada, at: 0))), [])
    before.close()
    // Held through the game: its answers are saved in a file.
    let (holder, held) = try heldThroughTheLaunch(data, roster)
    XCTAssertNil(held.history)
    let recorder = try XCTUnwrap(held.recorder())
    _ = recorder.perform(.recordAnswer(answer(ada, at: 1000)))
    _ = recorder.perform(.recordAnswer(answer(bo, at: 1010, right: false)))
    let line = try XCTUnwrap(recorder.finish())
    holder.release()
    let saved = try XCTUnwrap(
      line.range(of: "saved in ").map { String(line[$0.upperBound...].dropLast()) }, line)
    XCTAssertTrue(saved.hasPrefix(data + "/"), saved)
    // Answers about another roster's members, saved in the same file, stay there: one of a
    // roster of another name, and one of another folder of the same name (its identity
    // tells them apart).
    let other =
      "Ada,Ada.jpg,other club,quiz,name,correct,Ada,1.0,2026-01-01T00:00:00.000Z,"
      + "folder:/elsewhere/other club,\r\n"
      + "Ada,Ada.jpg,club,quiz,name,correct,Ada,1.0,2026-01-01T00:00:00.000Z,"
      + "folder:/elsewhere/club,\r\n"
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: saved))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(other.utf8))
    try handle.close()

    // A copy of the file: its answers are not kept twice.
    let copy = data + "/unkept-answers-copy.csv"
    try FileManager.default.copyItem(atPath: saved, toPath: copy)
    let next = HistoryLink.open(folder: data, roster: roster)
    XCTAssertEqual(
      next.notice, "History: 2 answers saved by an earlier game kept in the history")
    XCTAssertEqual(next.taken[ada.id]?.count, 2)
    XCTAssertEqual(next.taken[bo.id]?.count, 1)
    XCTAssertEqual(next.memories[ada.id]?.lastAnswer, 1000, "replayed with the saved answer")
    XCTAssertEqual(next.memories[bo.id]?.lastGrade, .again)
    XCTAssertEqual(next.totals.questions, 3)
    for path in [saved, copy] {
      XCTAssertEqual(
        try String(contentsOfFile: path, encoding: .utf8),
        UnkeptAnswers.columns.joined(separator: ",") + "\r\n" + other)
    }
    let again = HistoryLink.open(folder: data, roster: roster)
    XCTAssertNil(again.notice)
    XCTAssertEqual(again.totals.questions, 3)
    // A file of that name that is not one is said, and left as it is.
    let stranger = data + "/unkept-answers-notes.csv"
    try Data("a,b\r\n1,2\r\n".utf8).write(to: URL(fileURLWithPath: stranger))
    XCTAssertEqual(
      HistoryLink.open(folder: data, roster: roster).notice,
      "History: unkept-answers-notes.csv: not the columns of unkept answers; it is left as it is")
    XCTAssertEqual(try String(contentsOfFile: stranger, encoding: .utf8), "a,b\r\n1,2\r\n")
    // Forgetting the roster's progress forgets its saved answers too.
    try FileManager.default.removeItem(atPath: stranger)
    let later = data + "/unkept-answers-later.csv"
    try Data(
      (UnkeptAnswers.columns.joined(separator: ",") + "\r\n"
        + "Ada,Ada.jpg,club,quiz,name,correct,Ada,1.0,2026-01-01T00:00:00.000Z,"
        + "\(roster.historyKey.identity),\r\n").utf8
    ).write(to: URL(fileURLWithPath: later))
    XCTAssertNil(try XCTUnwrap(again.recorder()).forget())
    XCTAssertFalse(FileManager.default.fileExists(atPath: later))
    XCTAssertEqual(HistoryLink.open(folder: data, roster: roster).totals.questions, 0)
  }

  /// Forgetting the roster's progress forgets the answers that wait to be written too, and
  /// their file: they are not written after it.
  func testForgettingTheProgressForgetsTheAnswersThatWait() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let link = HistoryLink.open(folder: data, roster: roster)
    let recorder = try XCTUnwrap(link.recorder())
    let holder = HistoryHolder(data + "/" + History.fileName)
    try holder.hold()
    _ = recorder.perform(.recordAnswer(answer(roster.members[0], at: 10)))
    XCTAssertTrue(recorder.isWaiting)
    let saved = {
      try FileManager.default.contentsOfDirectory(atPath: data).filter {
        $0.hasPrefix("unkept-answers-")
      }
    }
    XCTAssertEqual(try saved().count, 2, "the answer's file and its lock")
    holder.release()
    XCTAssertEqual(
      recorder.perform(.forgetProgress),
      [.historyWaiting(HistoryWaiting(writes: 0, reason: nil))])
    XCTAssertFalse(recorder.isWaiting)
    XCTAssertEqual(try saved(), [])
    XCTAssertNil(recorder.finish(), "nothing waited to be said")
    XCTAssertEqual(HistoryLink.open(folder: data, roster: roster).totals.questions, 0)
  }

  /// A history deleted while the game runs (its folder removed) takes no answer into the
  /// file no one finds again: the answers after it wait, are saved where the player can see
  /// them, and the game ends saying so, with the status that says the history is not whole.
  func testAnswersAfterTheHistoryIsDeletedAreSavedNotLost() throws {
    let roster = try fourPeople()
    let data = folder + "/data"
    let recorder = try XCTUnwrap(HistoryLink.open(folder: data, roster: roster).recorder())
    XCTAssertEqual(recorder.perform(.recordAnswer(answer(roster.members[0], at: 10))), [])
    try FileManager.default.removeItem(atPath: data)
    let reason = "the history file was deleted or moved while the game ran"
    XCTAssertEqual(
      recorder.perform(.recordAnswer(answer(roster.members[1], at: 20))),
      [.historyWaiting(HistoryWaiting(writes: 1, reason: reason))])
    let line = try XCTUnwrap(recorder.finish())
    let saved = try XCTUnwrap(line.firstMatch(of: #/saved in ([^ ]+\.csv) /#)).1
    defer { try? FileManager.default.removeItem(atPath: String(saved)) }
    XCTAssertTrue(saved.hasPrefix(NSTemporaryDirectory()), line)
    XCTAssertTrue(line.hasPrefix("History: 1 answer could not be kept in "), line)
    XCTAssertTrue(line.contains("(\(reason))"), line)
    let rows = try String(contentsOfFile: String(saved), encoding: .utf8)
      .components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    XCTAssertEqual(rows.count, 1)
    XCTAssertTrue(rows[0].hasPrefix("Bo,"), rows[0])
    XCTAssertEqual(recorder.exitStatus(0), HistoryRecorder.answersUnkeptStatus)
  }

  /// A history still held after the game's last try (which waits a few seconds) is closed
  /// without waiting for it again: the game ends after one wait, not two.
  func testAHistoryStillHeldAfterTheLastTryIsClosedWithoutAnotherWait() throws {
    let roster = try fourPeople()
    let calls = Mutex<[String]>([])
    struct Held: Error {}
    let recorder = HistoryRecorder(
      answer: { _ in throw Held() }, introduction: { _, _ in throw Held() }, forget: { nil },
      saveWaiting: { _, _ in nil },
      patience: { patience in calls.withLock { $0.append("\(patience)") } },
      close: { calls.withLock { $0.append("close") } })
    _ = recorder.perform(.recordAnswer(answer(roster.members[0], at: 10)))
    _ = recorder.finish()
    XCTAssertEqual(calls.withLock { $0 }, ["first", "last", "again", "close"])
  }

  /// What keeps a round's score in the history as a signal ends a headless game (its handler
  /// runs on a thread of its own) is kept before the history closes: the end waits for it.
  /// After the end, nothing more runs, and a forgetting asked for is said not done.
  func testTheGamesEndWaitsForAScoreBeingKeptAndNothingRunsAfterIt() throws {
    let calls = Mutex<[String]>([])
    let recorder = HistoryRecorder(
      answer: { _ in }, introduction: { _, _ in }, forget: { nil },
      close: { calls.withLock { $0.append("close") } })
    let keeping = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let kept = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      recorder.duringTheGame(()) {
        keeping.signal()
        release.wait()
        calls.withLock { $0.append("score") }
      }
      kept.signal()
    }
    keeping.wait()
    let ended = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = recorder.end()
      ended.signal()
    }
    // The end is given time to close the history, which it must not take while the score is
    // being kept (a ceiling only: a correct recorder passes however long it is).
    let closedEarly = ended.wait(timeout: .now() + 0.5) == .success
    release.signal()
    kept.wait()
    if !closedEarly { ended.wait() }
    XCTAssertFalse(closedEarly)
    XCTAssertEqual(calls.withLock { $0 }, ["score", "close"])
    XCTAssertEqual(recorder.duringTheGame("after the end") { "ran" }, "after the end")
    guard case .historyFailed(.forgetProgress, let reason) = recorder.perform(.forgetProgress).first
    else { return XCTFail("a forgetting after the end said nothing") }
    XCTAssertEqual(reason, "the game has ended")
  }
}
