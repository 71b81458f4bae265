import GameEngine
import XCTest

/// Names typed: matched forgivingly, never right for another's name, graded as recall; the
/// quiz asks them as `--kind` says, learn mode once a name is recognised.
final class NameMatchingTests: XCTestCase {
  /// A member whose name is spelt in Latin letters as the front end spells it.
  private func person(_ id: String, _ name: String, spelt: String? = nil) -> Member {
    Member(id: MemberID(id), name: name, spelling: spelt)
  }

  private lazy var hoa = person("hoa", "Nguyễn Thị Hoa", spelt: "Nguyen Thi Hoa")
  private lazy var liam = person("liam", "Liam O'Connor")
  private lazy var katherine = person("kate", "Katherine Smith")
  private lazy var ana = person("ana", "Ana Ruiz")
  private lazy var maria = person("maria", "Maria Silva")
  private lazy var mario = person("mario", "Mario Silva")
  private lazy var bo = person("bo", "Bo Li")
  private lazy var everyone = [hoa, liam, katherine, ana, maria, mario, bo]

  /// How `typed` (spelt as the front end would: `spelt`, else as typed) answers for `member`.
  private func match(
    _ typed: String, spelt: String? = nil, for member: Member, among: [Member]? = nil
  ) -> TypedAnswer {
    NameMatching.match(
      typed, spelling: Spelling(spelt ?? typed), for: member, among: among ?? everyone)
  }

  func testCaseAccentsPunctuationAndSpacesAreFolded() {
    XCTAssertEqual(match("nguyen thi hoa", for: hoa).match, .name)
    XCTAssertEqual(match("NGUYỄN THỊ HOA", spelt: "NGUYEN THI HOA", for: hoa).match, .name)
    XCTAssertEqual(match("  Nguyen   Thi Hoa ", for: hoa).match, .name)
    XCTAssertEqual(match("liam oconnor", for: liam).match, .name)
    XCTAssertEqual(match("Liam O Connor", for: liam).match, .name)
    XCTAssertEqual(match("liam o'connor.", for: liam).match, .name)
  }

  /// The first or the last word of the name alone is enough while no one else in play has it
  /// as a first or last word: which one a person is called by cannot be told from the name (a
  /// play-test typed "Hoa" for Nguyễn Thị Hoa and was told wrong, "Nguyen" right).
  func testTheFirstOrLastWordAloneCountsWhenNoOneElseHasIt() {
    XCTAssertEqual(match("ana", for: ana).match, .firstName)
    XCTAssertEqual(match("Katherine", for: katherine).match, .firstName)
    XCTAssertEqual(match("ruiz", for: ana).match, .lastName)
    XCTAssertEqual(match("Hoa", for: hoa).match, .lastName)
    XCTAssertEqual(match("nguyen", for: hoa).match, .firstName)
    XCTAssertEqual(match("thi", for: hoa).match, .wrong, "a middle word is not enough")
    let anotherAna = person("ana2", "Ana Lopez")
    XCTAssertEqual(match("ana", for: ana, among: everyone + [anotherAna]).match, .wrong)
    // A word two people have is neither's: Maria and Mario Silva share theirs.
    XCTAssertEqual(match("silva", for: maria).match, .wrong)
    XCTAssertNil(match("silva", for: maria).other)
    // One's first name that is another's family name counts for neither.
    let ruizFirst = person("ruiz", "Ruiz Gomez")
    XCTAssertEqual(match("ruiz", for: ana, among: everyone + [ruizFirst]).match, .wrong)
    // Another's family name alone names them.
    XCTAssertEqual(match("Smith", for: ana).other?.member, katherine.id)
    // An initial is not a name: "g" alone is not Marta G.'s, nor "j" J. Smithers'.
    let initials = [person("mg", "Marta G."), person("js", "J. Smithers")]
    XCTAssertEqual(match("g", for: initials[0], among: everyone + initials).match, .wrong)
    XCTAssertEqual(match("j", for: initials[1], among: everyone + initials).match, .wrong)
    XCTAssertEqual(match("marta", for: initials[0], among: everyone + initials).match, .firstName)
    // One slip in a word of five letters or more that counts alone.
    XCTAssertEqual(match("Smiht", for: katherine).match, .slip)
  }

  /// One slip (a letter wrong, missing, extra, or two swapped) in a name of five letters or
  /// more is right; in a shorter one, or two slips, it is wrong.
  func testOneSlipInALongEnoughNameIsRight() {
    XCTAssertEqual(match("Katharine Smith", for: katherine).match, .slip)
    XCTAssertEqual(match("Katherine Smth", for: katherine).match, .slip)
    XCTAssertEqual(match("Katherinne Smith", for: katherine).match, .slip)
    XCTAssertEqual(match("Katherine Smtih", for: katherine).match, .slip)
    XCTAssertEqual(match("Katharin", for: katherine).match, .wrong, "two slips")
    XCTAssertEqual(match("Katharine", for: katherine).match, .slip, "the first name, one slip")
    XCTAssertEqual(match("Bo Lu", for: bo).match, .wrong, "four letters: no slip forgiven")
    XCTAssertEqual(match("Ann", for: ana).match, .wrong, "a first name of three letters")
  }

  /// People of one name told apart by a label ("Bob Jones (2)", "Alex Kim (recruits)") are
  /// each answered by the name itself: the label is for the buttons (play-test: "Bob Jones"
  /// typed for Bob Jones (2) was wrong).
  func testANameSharedIsAnsweredWithoutItsLabel() {
    let first = Member(
      id: MemberID("bob1"), name: "Bob Jones (1)", spelling: "Bob Jones", labelled: "Bob Jones (1)")
    let second = Member(
      id: MemberID("bob2"), name: "Bob Jones (2)", spelling: "Bob Jones", labelled: "Bob Jones (2)")
    let among = everyone + [first, second]
    XCTAssertEqual(match("Bob Jones", for: second, among: among).match, .name)
    XCTAssertEqual(match("bob jones", for: first, among: among).match, .name)
    XCTAssertEqual(match("Bob Jnes", for: second, among: among).match, .slip)
    XCTAssertEqual(match("Bob Jones", for: ana, among: among).other?.member, first.id)
    // The name as the buttons show it is theirs too; the other's is not.
    XCTAssertEqual(match("Bob Jones 2", for: second, among: among).match, .name)
    let othersLabel = match("Bob Jones 1", for: second, among: among)
    XCTAssertEqual(othersLabel.match, .wrong)
    XCTAssertEqual(othersLabel.other?.member, first.id)
    // Names typed alike, told apart only by an accent, are each right.
    let zoe = person("zoe", "Zoe Lee")
    let zoë = person("zoë", "Zoë Lee", spelt: "Zoe Lee")
    XCTAssertEqual(match("Zoe Lee", for: zoë, among: everyone + [zoe, zoë]).match, .name)
    XCTAssertEqual(match("Zoe Lee", for: zoe, among: everyone + [zoe, zoë]).match, .name)
  }

  /// Another's name, or what is as near another's name, is never right.
  func testNamesThatMustNotMatch() {
    let mariosName = match("Mario Silva", for: maria)
    XCTAssertEqual(mariosName.match, .wrong)
    XCTAssertEqual(mariosName.other, NameOption(name: "Mario Silva", member: mario.id))
    XCTAssertEqual(match("Marie Silva", for: maria).match, .wrong, "a slip from both")
    XCTAssertEqual(match("", for: ana).match, .wrong)
    XCTAssertEqual(match("!!!", for: ana).match, .wrong)
    XCTAssertEqual(match("Katherine Smith Jones", for: katherine).match, .wrong)
    let bosFirst = match("Bo", for: ana)
    XCTAssertEqual(bosFirst.match, .wrong)
    XCTAssertEqual(bosFirst.other?.member, bo.id, "Bo's first name alone names Bo")
  }
}

final class TypedQuestionTests: XCTestCase {
  /// `--kind typing`: the face, and 15 s to type the name; a name typed right is recall (no
  /// guess among four), graded above a name chosen, and the name is known from then on.
  func testATypedQuestionWaitsFifteenSecondsAndARightNameIsRecall() throws {
    var game = makeGame(rules: Rules(questionKinds: .typing))
    game.play(.startPressed, at: .zero)
    let question = try XCTUnwrap(game.state.phase.question)
    XCTAssertEqual(question.kind, .typing)
    game.play(.answerChosen(question.correctIndex), at: .seconds(1))
    XCTAssertNil(game.state.phase.reveal, "no names to choose among")
    game.play(.clockTicked, at: .seconds(14.9))
    XCTAssertNil(game.state.phase.reveal, "still typing after 5 s")
    game.play(question.rightAnswer, at: .seconds(14.9))
    let reveal = try XCTUnwrap(game.state.phase.reveal)
    XCTAssertEqual(reveal.outcome, .correct)
    XCTAssertEqual(reveal.typed?.match, .name)
    let record = try XCTUnwrap(game.memories.records[question.member.id])
    XCTAssertEqual(record.lastGrade, .good, "recalled, however long the typing took")
    XCTAssertTrue(record.typed)
    XCTAssertTrue(game.memories.knows(question.member.id, at: 15))

    // The same right answer about a name half forgotten counts above one chosen among four:
    // in full, where the chosen one is weighed by the chance it was a guess.
    let member = question.member
    let before = Memories([
      member.id: MemoryRecord(
        memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: 0, lastGrade: .good)
    ])
    func after(_ kind: QuestionKind) -> MemoryRecord {
      var memories = before
      let asked = question.asked(as: kind)
      let typed = kind == .typing ? TypedAnswer(text: member.name, match: .name) : nil
      return memories.remember(
        QuestionResult(
          question: asked, outcome: .correct, answerTime: .seconds(2), typed: typed),
        at: 5 * 86_400)
    }
    XCTAssertGreaterThan(after(.typing).memory.stability, after(.name).memory.stability)

    // A name chosen right at once is recognised, not known; the same answer typed counts
    // in full (no guess to weigh it down).
    var chosen = makeGame()
    chosen.play(.startPressed, at: .zero)
    let first = try XCTUnwrap(chosen.state.phase.question)
    chosen.play(first.rightAnswer, at: .seconds(1))
    XCTAssertEqual(chosen.memories.records[first.member.id]?.lastGrade, .again, "a guess")
    XCTAssertFalse(chosen.memories.knows(first.member.id, at: 2))
  }

  /// A typed question left unanswered times out at 15 s; a wrong name is wrong, and shows what
  /// was typed; a miss forgets that the name was typed.
  func testATypedQuestionTimesOutAndAWrongNameIsShown() throws {
    var game = makeGame(rules: Rules(questionKinds: .typing))
    game.play(.startPressed, at: .zero)
    let question = try XCTUnwrap(game.state.phase.question)
    game.play(.clockTicked, at: .seconds(15))
    XCTAssertEqual(game.state.phase.reveal?.outcome, .timedOut)
    game.play(.clockTicked, at: .seconds(17))
    let second = try XCTUnwrap(game.state.phase.question)
    XCTAssertNotEqual(second.member, question.member)
    game.play(.answerTyped("Nobody At All", spelling: "Nobody At All"), at: .seconds(18))
    let reveal = try XCTUnwrap(game.state.phase.reveal)
    XCTAssertEqual(reveal.outcome, .wrong(chosen: nil))
    XCTAssertEqual(reveal.typed?.text, "Nobody At All")
  }

  /// `--kind mixed`: a name picked, a face picked, a name typed, in turn.
  func testMixedAsksNamesFacesAndTypingInTurn() {
    var game = makeGame(rules: Rules(questionKinds: .mixed))
    game.play(.startPressed, at: .zero)
    var kinds: [QuestionKind] = []
    var now = Instant.zero
    for _ in 0..<4 {
      guard let question = game.answerRight(at: &now) else { return XCTFail("no question") }
      kinds.append(question.kind)
    }
    XCTAssertEqual(kinds, [.name, .face, .typing, .name])
  }

  /// Learn mode stops asking a player to type once their typed names say surely that they type
  /// badly (`LearnSteps.typingPays`): a player who types every name wrong types four times,
  /// and is then asked to pick, even names they recognise.
  func testLearnModeOnlyPicksForAPlayerWhoseTypedNamesAreMostlyWrong() {
    var game = makeGame(members: club(4))
    game.play(.learnPressed, at: .zero)
    var now = Instant.zero
    var kinds: [QuestionKind] = []
    for _ in 0..<60 {
      if game.state.phase.introduction != nil {
        now = now + .seconds(2)
        game.play(.nextPressed, at: now)
        continue
      }
      guard let question = game.state.phase.question else { break }
      kinds.append(question.kind)
      now = now + .seconds(1)
      game.play(question.kind == .typing ? question.wrongAnswer : question.rightAnswer, at: now)
      now = now + .seconds(2)
      game.play(.clockTicked, at: now)
    }
    XCTAssertEqual(kinds.count { $0 == .typing }, 4, "\(kinds)")
    XCTAssertGreaterThan(kinds.count, 30)
    let time = game.wallClock.unixSeconds(at: now)
    XCTAssertEqual(club(4).count { game.memories.recognises($0.id, at: time) }, 4)
  }

  /// Learn mode: a name card, then the name or the face picked among four until it is
  /// recognised, then typed; a miss goes back to picking. Known means typed.
  func testLearnModeGoesCardNamesTypingForOnePerson() throws {
    var game = makeGame(members: club(4))
    game.play(.learnPressed, at: .zero)
    var now = Instant.zero
    var seen: [MemberID: [String]] = [:]
    var missedOnce = false
    var picked = Set<QuestionKind>()
    for _ in 0..<60 {
      if let card = game.state.phase.introduction {
        seen[card.member.id, default: []].append("card")
        now = now + .seconds(2)
        game.play(.nextPressed, at: now)
        continue
      }
      guard let question = game.state.phase.question else { break }
      let member = question.member.id
      // The first typed question about m1 is missed, once.
      let miss = member == MemberID("m1") && question.kind == .typing && !missedOnce
      if miss { missedOnce = true }
      // A name or a face picked, told apart only in `picked`.
      let step = question.kind == .typing ? "typing" : "pick"
      if question.kind != .typing { picked.insert(question.kind) }
      seen[member, default: []].append(step + (miss ? " missed" : ""))
      now = now + .seconds(1)
      game.play(miss ? question.wrongAnswer : question.rightAnswer, at: now)
      now = now + .seconds(2)
      game.play(.clockTicked, at: now)
    }
    let first = try XCTUnwrap(seen[MemberID("m1")])
    XCTAssertEqual(
      Array(first.prefix(5)), ["card", "pick", "typing missed", "pick", "typing"], "\(seen)")
    for (member, steps) in seen {
      // Every person starts with their card, then a pick.
      XCTAssertEqual(steps.first, "card", "\(member)")
      XCTAssertEqual(steps.dropFirst().first, "pick", "\(member)")
    }
    // Faces are mixed in with the names while picking.
    XCTAssertEqual(picked, [.name, .face])
    let time = game.wallClock.unixSeconds(at: now)
    XCTAssertEqual(
      game.memories.known(among: club(4).map(\.id), at: time)
        + game.memories.recognisedOnly(among: club(4).map(\.id), at: time),
      club(4).count { game.memories.recognises($0.id, at: time) })
  }
}
