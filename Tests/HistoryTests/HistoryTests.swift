import Digests
import Foundation
import GRDB
import GameEngine
import Synchronization
import SystemPackage
import XCTest

@testable import History

/// The history on a real SQLite file in a folder of the test's own.
/// A roster folder's key, as the game makes it for a folder called `name`.
func key(_ name: String) -> RosterKey {
  RosterKey(identity: "folder:/clubs/\(name)", name: name, legacyNames: [name])
}

final class HistoryTests: XCTestCase {
  var folder: String!

  override func setUp() {
    folder = NSTemporaryDirectory() + "mtm-history-\(UUID().uuidString)"
  }

  override func tearDown() {
    _ = chmod(folder, 0o755)
    try? FileManager.default.removeItem(atPath: folder)
  }

  func photo(_ name: String, bytes: String, in sub: String = "club") throws -> History.Photo {
    let dir = folder + "/" + sub
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/\(name).jpg"
    try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
    return History.Photo(name: name, path: FilePath(path), file: "\(name).jpg")
  }

  func answer(_ person: Int64, at time: Double, outcome: History.Outcome = .correct)
    -> History.Answer
  {
    History.Answer(
      person: person, roster: key("club").identity, mode: "quiz", outcome: outcome, chosen: "Ada",
      seconds: 1.5, answeredAt: time)
  }

  func testANewFileIsMadeAndKeepsAnswersAndMemories() throws {
    let history = try History(folder: folder + "/data")
    let people = try history.people([try photo("Ada", bytes: "a")], roster: key("club"))
    let ada = try XCTUnwrap(people.first)
    XCTAssertNil(ada.memory)
    let memory = MemoryState(stability: 2.5, difficulty: 4)
    try history.record(answer(ada.id, at: 1000), memory: memory, grade: 3)

    let reopened = try History(folder: folder + "/data")
    XCTAssertEqual(try reopened.answers(), [answer(ada.id, at: 1000)])
    let again = try reopened.people([try photo("Ada", bytes: "a")], roster: key("club"))
    XCTAssertEqual(again.first?.memory, memory)
    XCTAssertEqual(again.first?.lastAnswer, 1000)
    XCTAssertEqual(again.first?.lastGrade, 3)
    let mode = try DatabaseQueue(path: reopened.path).read {
      try String.fetchOne($0, sql: "PRAGMA journal_mode")
    }
    XCTAssertEqual(mode, "wal")
  }

  /// An answer saved in a file (its time to the millisecond, rounded or cut) that the history
  /// already holds (the game that saved it kept it an instant before it was killed) is not
  /// kept twice; one more than a millisecond apart is another answer.
  func testASavedAnswerTheHistoryHoldsIsNotKeptTwice() throws {
    let history = try History(folder: folder + "/data")
    let ada = try XCTUnwrap(
      try history.people([try photo("Ada", bytes: "a")], roster: key("club")).first)
    try history.record(
      answer(ada.id, at: 1000.123_6), memory: MemoryState(stability: 1, difficulty: 5), grade: 3)
    XCTAssertEqual(try history.keepSaved([answer(ada.id, at: 1000.123)]), 0, "cut")
    XCTAssertEqual(try history.keepSaved([answer(ada.id, at: 1000.124)]), 0, "rounded")
    XCTAssertEqual(try history.keepSaved([answer(ada.id, at: 1000.125)]), 1)
    XCTAssertEqual(try history.answers().count, 2)
  }

  /// A sitting's memory survives: a name being learnt keeps its learning stability across
  /// launches. In a history from before they were kept, a name last missed is being learnt
  /// afresh from that miss; one answered right is learnt.
  func testANameBeingLearntKeepsItsLearningAcrossLaunches() throws {
    let history = try History(folder: folder + "/data")
    let photos = [try photo("Ada", bytes: "a"), try photo("Bo", bytes: "b")]
    let people = try history.people(photos, roster: key("club"))
    let learning = MemoryState(stability: 0.25, difficulty: 6, learning: 372)
    try history.recordCard(
      person: people[0].id, roster: key("club").identity, memory: learning, grade: 3, at: 1000)
    try history.record(
      answer(people[1].id, at: 1000, outcome: .wrong),
      memory: MemoryState(stability: 0.2, difficulty: 7, learning: 60), grade: 1)
    let reopened = try History(folder: folder + "/data").people(photos, roster: key("club"))
    XCTAssertEqual(
      reopened.map(\.memory), [learning, MemoryState(stability: 0.2, difficulty: 7, learning: 60)])

    // A history from before learning stabilities were kept: a name whose last answer was a
    // miss is made to be learnt afresh from it, once, as the history is opened.
    let old = folder + "/old"
    try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
    try VersionTwoHistory(people: [(photos[0], "club"), (photos[1], "club")], answers: [])
      .write(to: old + "/" + History.fileName)
    try DatabaseQueue(path: old + "/" + History.fileName).write { db in
      try db.execute(sql: "UPDATE person SET lastGrade = 1 WHERE id = 2")
    }
    let migrated = try History(folder: old).people(photos, roster: key("club"))
    XCTAssertEqual(
      migrated.map(\.memory),
      [
        MemoryState(stability: 1, difficulty: 5),
        MemoryState(stability: 1, difficulty: 5, learning: MemoryModel.defaultFirstLearning),
      ])
  }

  /// Name cards are kept with their time, so that the fit replays each person from the
  /// moment they were met; forgetting a roster forgets its cards, and a fit no longer backed
  /// by enough answers is dropped. A fit kept out of bounds is read within them, and one
  /// that is not finite is not used.
  func testCardsAreKeptForTheFitAndAStaleFitIsDropped() throws {
    let history = try History(folder: folder + "/data")
    let people = try history.people(
      [try photo("Ada", bytes: "a"), try photo("Bo", bytes: "b")], roster: key("club"))
    let card = MemoryState(stability: 0.2, difficulty: 7, learning: 60)
    try history.recordCard(
      person: people[0].id, roster: key("club").identity, memory: card, grade: 1, at: 1_000)
    for index in 0..<250 {
      try history.record(
        answer(people[index % 2].id, at: 1_030 + 600 * Double(index)), memory: card, grade: 3)
    }
    let events = try history.readAnswers().events
    XCTAssertEqual(events.filter { $0.kind == .card }, [.card(person: people[0].id, time: 1_000)])
    XCTAssertEqual(MemoryFit.scored(events), 249, "Ada's first answer comes after her card")
    XCTAssertNotNil(try history.refitMemory(at: 200_000).fitted)

    try DatabaseQueue(path: history.path).write { db in
      try db.execute(sql: "UPDATE playerMemory SET firstLearning = 1e9, learningGain = 0.001")
    }
    let bounded = try XCTUnwrap(try history.fittedMemory()).memory
    XCTAssertEqual(bounded.firstLearning, MemoryFit.upperBounds.firstLearning)
    XCTAssertEqual(bounded.learningGain, MemoryFit.lowerBounds.learningGain)
    try DatabaseQueue(path: history.path).write { db in
      try db.execute(sql: "UPDATE playerMemory SET learningDecay = 9e999")
    }
    XCTAssertNil(try history.fittedMemory())
    XCTAssertEqual(try history.memoryModel(), .standard)

    try history.forget(roster: key("club").identity)
    XCTAssertEqual(try history.readAnswers().events, [])
    XCTAssertNil(try history.refitMemory(at: 300_000).fitted)
    let rows = try DatabaseQueue(path: history.path).read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM playerMemory")
    }
    XCTAssertEqual(rows, 0, "the fit of answers forgotten is not the player's any more")
  }

  /// The person an answer chose is kept; if that person is ever deleted, the answer stays
  /// and no longer names them.
  func testTheChosenPersonIsKeptAndForgottenWithThem() throws {
    let history = try History(folder: folder + "/data")
    let people = try history.people(
      [try photo("Ada", bytes: "a"), try photo("Bo", bytes: "b")], roster: key("club"))
    let answer = History.Answer(
      person: people[0].id, roster: key("club").identity, mode: "quiz", outcome: .wrong,
      chosen: "Bo", chosenPerson: people[1].id, seconds: 2, answeredAt: 10)
    try history.record(answer, memory: MemoryState(stability: 1, difficulty: 5), grade: 1)
    XCTAssertEqual(try history.answers(), [answer])
    try DatabaseQueue(path: folder + "/data/history.sqlite").write { db in
      try db.execute(sql: "PRAGMA foreign_keys = ON")
      try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [people[1].id])
    }
    XCTAssertEqual(try history.answers().map(\.chosenPerson), [nil])
    XCTAssertEqual(try history.answers().map(\.chosen), ["Bo"])
  }

  func testAPersonFollowsTheirPhotoThenTheirName() throws {
    let history = try History(folder: folder + "/data")
    let first = try history.people([try photo("Ada", bytes: "ada's face")], roster: key("club"))
    let id = try XCTUnwrap(first.first?.id)
    // The roster folder moved and the file renamed: the same picture.
    let moved = try photo("Ada Lovelace", bytes: "ada's face", in: "elsewhere/club")
    XCTAssertEqual(try history.people([moved], roster: key("club")).first?.id, id)
    // A new photo of her, under her name, in a roster folder of the same name.
    let newPhoto = try photo("Ada Lovelace", bytes: "a new face", in: "club2")
    XCTAssertEqual(try history.people([newPhoto], roster: key("club")).first?.id, id)
    // Someone else with another photo and name is someone else.
    let ben = try photo("Ben", bytes: "ben's face")
    XCTAssertNotEqual(try history.people([ben], roster: key("club")).first?.id, id)
    // Two members with the same photo are not merged into one person.
    let twins = [try photo("Cy", bytes: "same"), try photo("Di", bytes: "same")]
    let found = try history.people(twins, roster: key("club"))
    XCTAssertEqual(found.count, 2)
    XCTAssertNotEqual(found[0].id, found[1].id)
    // And each keeps their own history the next time, in whichever order they come: each
    // photo's person is given in the order of the photos.
    let next = try history.people(twins.reversed(), roster: key("club"))
    XCTAssertEqual(next.map(\.id), found.reversed().map(\.id))
    let count = try DatabaseQueue(path: history.path).read {
      try Int.fetchOne($0, sql: "SELECT count(*) FROM person")
    }
    XCTAssertEqual(count, 4, "Ada, Ben, Cy and Di")
  }

  /// People who share a placeholder photo and a name are told apart only by age: the oldest
  /// are matched first, so that when one leaves, those who stay keep their histories.
  func testPeopleWithTheSamePhotoAndNameAreMatchedOldestFirst() throws {
    let history = try History(folder: folder + "/data")
    let alexes = try (1...3).map { _ in try photo("Alex", bytes: "placeholder") }
    let ids = try history.people(alexes, roster: key("club")).map(\.id)
    XCTAssertEqual(Set(ids).count, 3)
    XCTAssertEqual(ids, ids.sorted())
    let stayed = try history.people(Array(alexes.prefix(2)), roster: key("club"))
    XCTAssertEqual(stayed.map(\.id), Array(ids.prefix(2)))
  }

  /// A photo whose file name is not UTF-8 is hashed by its content like any other.
  func testAPhotoIsKnownByItsContentWhateverItsFileNameIsMadeOf() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = FilePath(folder).appending(
      FilePath.Component(platformString: [0x5A, 0x6F, -0x15, 0x2E, 0x6A, 0x70, 0x67, 0])!)
    let file = try FileDescriptor.open(
      path, .writeOnly, options: .create, permissions: .ownerReadWrite)
    _ = try file.closeAfter { try file.writeAll("zoe's face".utf8) }
    try Data("zoe's face".utf8).write(to: URL(fileURLWithPath: folder + "/Zoe.jpg"))
    XCTAssertEqual(
      History.contentHash(of: path), History.contentHash(of: FilePath(folder + "/Zoe.jpg")))
    XCTAssertEqual(
      History.contentHash(of: path).text,
      "74ac5ea3a587e81742059d76d718e2f0c73fb7dc43f7202f279849c8ef67ecca")
  }

  /// A hash is recorded as 64 lowercase hexadecimal digits and read back the same; any other
  /// value recorded (a path, as earlier versions recorded an unreadable photo's) is known by
  /// its own SHA-256, the same as an unreadable photo's now.
  func testAHashIsReadBackAsRecordedAndAnyOtherValueByItsOwnHash() throws {
    let digits = "00ff10e0" + String(repeating: "0123456789abcdef", count: 3) + "deadbeef"
    let hash = PhotoHash(recorded: Data(digits.utf8))
    XCTAssertEqual(hash.text, digits)
    XCTAssertEqual(
      PhotoHash(Digest.sha256(of: Data("a".utf8))).text,
      "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb")
    for other in [
      digits.uppercased(), String(digits.dropLast()), digits + "0", "", "path:/x/y.jpg",
    ] {
      XCTAssertEqual(PhotoHash(recorded: Data(other.utf8)).text, sha256Hex(other), other)
    }
    let missing = folder + "/gone.jpg"
    XCTAssertEqual(
      History.contentHash(of: FilePath(missing)), PhotoHash(recorded: Data("path:\(missing)".utf8)))
    XCTAssertNotEqual(
      History.contentHash(of: FilePath(missing)), History.contentHash(of: FilePath(missing + "x")))
  }

  private func sha256Hex(_ text: String) -> String {
    hexadecimal(Digest.sha256(of: Data(text.utf8)))
  }

  func testTotalsCountTheRostersAnswersTheBestStreakAndTheAnswerTimes() throws {
    let history = try History(folder: folder + "/data")
    let people = try history.people(
      [try photo("Ada", bytes: "a"), try photo("Bo", bytes: "b")], roster: key("club"))
    XCTAssertEqual(people.count, 2)
    let ada = (key: MemberID("Ada"), value: people[0])
    let bo = (key: MemberID("Bo"), value: people[1])
    let memory = MemoryState(stability: 1, difficulty: 5)
    let outcomes: [History.Outcome] = [
      .correct, .correct, .wrong, .correct, .correct, .correct, .timeout,
    ]
    for (index, outcome) in outcomes.enumerated() {
      try history.record(
        History.Answer(
          person: ada.value.id, roster: key("club").identity, mode: "quiz", outcome: outcome,
          chosen: nil,
          seconds: outcome == .timeout ? 5 : Double(index + 1), answeredAt: Double(index)),
        memory: memory, grade: 3)
    }
    try history.record(
      History.Answer(
        person: ada.value.id, roster: key("other club").identity, mode: "quiz", outcome: .correct,
        chosen: nil, seconds: 0.5, answeredAt: 9),
      memory: memory, grade: 3)
    try history.record(
      History.Answer(
        person: bo.value.id, roster: key("club").identity, mode: "learn", outcome: .wrong,
        chosen: "Ada",
        seconds: 2, answeredAt: 10),
      memory: memory, grade: 1)
    let totals = try history.readAnswers(
      roster: key("club").identity, members: [ada.value.id: ada.key, bo.value.id: bo.key]
    ).totals
    XCTAssertEqual(totals.questions, 8)
    // All eight answered in the first seconds of 1970, UTC: one day where the player lives.
    let day = PracticeDays.day(ofUnixSeconds: 0, utcOffset: History.utcOffset(atUnixSeconds: 0))
    XCTAssertEqual(totals.days, PracticeDays(answers: [day: 8]))
    XCTAssertEqual(totals.correct, 5)
    XCTAssertEqual(totals.bestStreak, 3)
    XCTAssertEqual(totals.timeAnswering, .seconds(1 + 2 + 3 + 4 + 5 + 6 + 5 + 2))
    XCTAssertEqual(totals.times.answered, 7, "the time out left out")
    XCTAssertEqual(totals.times.average, .seconds(23) / 7)
    XCTAssertEqual(totals.times.fastestRight, .seconds(1), "the other roster's 0.5 s left out")
    // Each person's own.
    XCTAssertEqual(
      totals.members[ada.key],
      Tally(
        right: 5, missed: 2,
        times: AnswerTimes(answered: 6, total: .seconds(21), fastestRight: .seconds(1))))
    XCTAssertEqual(
      totals.members[bo.key],
      Tally(right: 0, missed: 1, times: AnswerTimes(answered: 1, total: .seconds(2))))
    XCTAssertEqual(
      try history.readAnswers(roster: key("club").identity).totals.members, [:],
      "tallies of the people asked")
  }

  /// One pass over every answer gives a launch all it reads of them: the roster's totals and
  /// confusions, and every roster's events for the fit and answer times for the guesses.
  func testOnePassReadsWhatALaunchNeedsOfEveryAnswer() throws {
    let history = try History(folder: folder + "/data")
    let people = try history.people(
      [try photo("Ada", bytes: "a"), try photo("Bo", bytes: "b")], roster: key("club"))
    let (ada, bo) = (people[0].id, people[1].id)
    let memory = MemoryState(stability: 1, difficulty: 5)
    try history.recordCard(
      person: bo, roster: key("club").identity, memory: memory, grade: 1, at: 5)
    func answer(
      _ person: Int64, _ roster: String, _ outcome: History.Outcome, kind: String = "name",
      chosen: Int64? = nil, seconds: Double, at time: Double, slip: Bool = false
    ) throws {
      try history.record(
        History.Answer(
          person: person, roster: key(roster).identity, mode: "learn", outcome: outcome,
          chosen: chosen.map { "\($0)" }, chosenPerson: chosen, seconds: seconds,
          answeredAt: time, kind: kind, slip: slip),
        memory: memory, grade: 3)
    }
    try answer(ada, "club", .wrong, chosen: bo, seconds: 1, at: 10)
    try answer(ada, "club", .wrong, kind: "face", seconds: 3, at: 11)
    try answer(bo, "club", .correct, kind: "typing", seconds: 6, at: 12, slip: true)
    try answer(bo, "club", .timeout, seconds: 5, at: 13)
    try answer(ada, "other club", .wrong, chosen: bo, seconds: 2, at: 14)
    try answer(bo, "other club", .correct, kind: "face", seconds: 4, at: 15)
    // What this version never writes: an outcome and a kind not known (a later version's),
    // and slips that are not 0 or 1 (a damaged file), read as GRDB reads a Bool.
    try DatabaseQueue(path: history.path).write { db in
      for (person, outcome, kind, slip, chosen, time) in [
        (ada, "maybe", "future", 2.0, nil, 16.0), (bo, "wrong", nil, 0.5, ada, 17),
      ] as [(Int64, String, String?, Double, Int64?, Double)] {
        try db.execute(
          sql: """
            INSERT INTO answer (person, roster, mode, outcome, seconds, answeredAt, kind, slip,
              chosenPerson)
            VALUES (?, ?, 'learn', ?, 1.2, ?, ?, ?, ?)
            """,
          arguments: [person, key("club").identity, outcome, time, kind, slip, chosen])
      }
    }

    let read = try history.readAnswers(roster: key("club").identity, members: [bo: MemberID("Bo")])
    XCTAssertEqual(
      read.events,
      [
        .card(person: bo, time: 5),
        .answer(person: ada, time: 10, right: false, seconds: 1, kind: .name, slip: false),
        .answer(person: ada, time: 11, right: false, seconds: 3, kind: .face, slip: false),
        .answer(person: bo, time: 12, right: true, seconds: 6, kind: .typing, slip: true),
        .answer(person: bo, time: 13, right: false, seconds: 5, kind: .name, slip: false),
        .answer(person: ada, time: 14, right: false, seconds: 2, kind: .name, slip: false),
        .answer(person: bo, time: 15, right: true, seconds: 4, kind: .face, slip: false),
        .answer(person: ada, time: 16, right: false, seconds: 1.2, kind: .name, slip: true),
        .answer(person: bo, time: 17, right: false, seconds: 1.2, kind: .name, slip: false),
      ], "every roster's, the card first")
    XCTAssertEqual(
      read.guessTimes, GuessTimes(right: [0, 0, 0, 1], wrong: [2, 1, 1, 0]),
      "every roster's picks; the typed name, the time out and the outcome not known left out")
    XCTAssertEqual(
      read.confusions.map { [$0.asked, $0.chosen] }, [[ada, bo], [bo, ada]], "the roster's")
    XCTAssertEqual(read.totals.questions, 6, "the roster's")
    XCTAssertEqual(read.totals.correct, 1)
    XCTAssertEqual(read.totals.times.answered, 5, "the time out left out")
    XCTAssertEqual(Array(read.totals.members.keys), [MemberID("Bo")], "the members asked for")
    XCTAssertEqual(read.totals.members[MemberID("Bo")]?.right, 1)
    XCTAssertEqual(read.totals.members[MemberID("Bo")]?.missed, 2)
    let both = try history.readAnswers(
      roster: key("club").identity, members: [ada: MemberID("Bo"), bo: MemberID("Bo")])
    XCTAssertEqual(
      both.totals.members[MemberID("Bo")].map { [$0.right, $0.missed, $0.times.answered] },
      [1, 5, 5], "two people of one member add up")

    let everyRoster = try history.readAnswers()
    XCTAssertEqual(everyRoster.events, read.events)
    XCTAssertEqual(everyRoster.guessTimes, read.guessTimes)
    XCTAssertEqual(everyRoster.totals, Totals(), "no roster, no totals")
    XCTAssertTrue(everyRoster.confusions.isEmpty)
  }

  /// A folder that cannot be made under a file is said by the file, in words (not as
  /// Foundation's error 512).
  func testAFolderThatCannotBeMadeIsReported() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("a file".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
    XCTAssertThrowsError(try History(folder: folder + "/file/data/deeper")) { error in
      XCTAssertEqual(
        "\(error)", folder + "/file: not a folder (the history is kept in one)", "\(error)")
    }
  }

  func testAReadOnlyFolderIsReported() throws {
    try XCTSkipIf(geteuid() == 0, "root writes into read-only folders")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    XCTAssertEqual(chmod(folder, 0o500), 0)
    XCTAssertThrowsError(try History(folder: folder)) { error in
      XCTAssertTrue("\(error)".contains(History.fileName), "\(error)")
    }
  }

  func testADamagedFileIsReportedAndKeptAsItIs() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + History.fileName
    let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try garbage.write(to: URL(fileURLWithPath: path))
    XCTAssertThrowsError(try History(folder: folder)) { error in
      XCTAssertTrue("\(error)".contains("kept as it is"), "\(error)")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), garbage)
  }

  /// A game killed while it made the history, after the migrator's own table and before the
  /// first migration: the file is still its own, and the next game finishes it.
  func testAHistoryWhoseMakingWasCutShortIsFinished() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + History.fileName
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
    }
    let history = try History(folder: folder)
    let people = try history.people([try photo("Ada", bytes: "a")], roster: key("club"))
    XCTAssertEqual(people.count, 1)
    XCTAssertEqual(try history.integrityCheck(), "ok")
    let id = try DatabaseQueue(path: path).read {
      try Int32.fetchOne($0, sql: "PRAGMA application_id")
    }
    XCTAssertEqual(id, History.applicationID)
  }

  func testAnotherProgramsDatabaseIsLeftAlone() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + History.fileName
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
    }
    XCTAssertThrowsError(try History(folder: folder)) { error in
      XCTAssertTrue("\(error)".contains("not a meet-the-members history"), "\(error)")
    }
    let tables = try DatabaseQueue(path: path).read {
      try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    XCTAssertEqual(tables, ["notes"])
  }

  func testAHistoryFromANewerVersionIsLeftAlone() throws {
    let history = try History(folder: folder)
    let path = history.path
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
    }
    XCTAssertThrowsError(try History(folder: folder)) { error in
      XCTAssertTrue("\(error)".contains("newer version"), "\(error)")
    }
  }

  func testTwoGamesWriteAtOnceWithoutLockErrors() throws {
    let one = try History(folder: folder)
    let two = try History(folder: folder)
    let ada = try XCTUnwrap(one.people([try photo("Ada", bytes: "a")], roster: key("club")).first)
    let failures = Mutex(0)
    let answers = (0..<2).map { writer in
      (0..<200).map { answer(ada.id, at: Double(writer * 1000 + $0)) }
    }
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      let history = writer == 0 ? one : two
      for answer in answers[writer] {
        do {
          try history.record(answer, memory: MemoryState(stability: 1, difficulty: 5), grade: 1)
        } catch {
          failures.withLock { $0 += 1 }
        }
      }
    }
    XCTAssertEqual(failures.withLock { $0 }, 0)
    XCTAssertEqual(try one.answers().count, 400)
  }
}
