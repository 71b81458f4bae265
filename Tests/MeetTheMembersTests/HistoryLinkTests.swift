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
final class HistoryLinkTests: XCTestCase {
  private var folder: String!

  override func setUp() {
    folder = NSTemporaryDirectory() + "mtm-link-\(UUID().uuidString)"
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func answer(_ member: Member, at time: Double, right: Bool = true) -> RecordedAnswer {
    let question = Question(
      number: 1, member: member,
      options: [member.name, "Bo", "Cy", "Di"].enumerated().map {
        NameOption(name: $0.element, member: $0.offset == 0 ? member.id : MemberID("m\($0.offset)"))
      }, correctIndex: 0)
    return RecordedAnswer(
      result: QuestionResult(
        question: question, outcome: right ? .correct : .wrong(chosen: question.options[1]),
        answerTime: .seconds(1)),
      answeredAt: time, memory: MemoryState(stability: 1, difficulty: 5), grade: .good,
      mode: "quiz")
  }

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

  /// A roster folder of four people's photos.
  /// The history in `data` (made first, if need be) held by another program, and a game's
  /// link to it that waited for it at launch (a moment).
  private func heldThroughTheLaunch(_ data: String, _ roster: Roster) throws -> (
    HistoryHolder, HistoryLink
  ) {
    _ = HistoryLink.open(folder: data, roster: roster)
    let holder = HistoryHolder(data + "/" + History.fileName)
    try holder.hold()
    return (holder, HistoryLink.open(folder: data, roster: roster, wait: 0.2))
  }

  private func fourPeople(_ names: [String] = ["Ada", "Bo", "Cy", "Di"]) throws -> Roster {
    let club = folder + "/club"
    try FileManager.default.createDirectory(atPath: club, withIntermediateDirectories: true)
    for (index, name) in names.enumerated() {
      let image = RGBAImage(width: 16, height: 16, filledWith: (UInt8(index * 60), 0, 0, 255))
      try PictureFile.writeJPEG(image, to: FilePath("\(club)/\(name).jpg"))
    }
    return try Roster.load(club)
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

  /// A history's folder for `roster` (opened once, so that it is there), the header of a file
  /// of saved answers, and a row of it: a right answer about Ada at the time given as written.
  private func savedAnswers(of roster: Roster) -> (
    data: String, header: String, row: (String) -> String
  ) {
    let data = folder + "/data"
    HistoryLink.open(folder: data, roster: roster).recorder()?.close()
    let row = { (time: String) in
      "Ada,Ada.jpg,club,quiz,name,correct,Ada,1.0,\(time),\(roster.historyKey.identity),\r\n"
    }
    return (data, UnkeptAnswers.columns.joined(separator: ",") + "\r\n", row)
  }

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
