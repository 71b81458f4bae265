import XCTest

@testable import GameEngine

/// Learn mode: name cards for the people new, and questions about whoever is most likely
/// forgotten, with time injected.
final class LearningTests: XCTestCase {
  /// What the player saw, in order.
  enum Seen: Hashable, CustomStringConvertible {
    case card(MemberID)
    case question(MemberID, right: Bool)

    var member: MemberID {
      switch self {
      case .card(let member), .question(let member, _): member
      }
    }

    var description: String {
      switch self {
      case .card(let member): "card \(member.rawValue)"
      case .question(let member, let right): "\(member.rawValue) \(right ? "right" : "wrong")"
      }
    }
  }

  /// A learn-mode session that plays `steps` cards and questions: a card is read for 2 s, a
  /// question answered after 1.5 s (right unless `answersWrongly` says so), and its answer
  /// read for the 2 s reveal.
  struct Learner {
    var game: Session
    var now = Instant.zero
    var seen: [Seen] = []

    init(
      members: [Member] = club(12), memories: Memories = Memories(), unixSecondsAtZero: Double = 0,
      seed: UInt64 = 7
    ) {
      game = Session(
        questions: try! QuestionGenerator(members: members, seed: seed), rules: .standard)
      game.restore(
        memories, wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: unixSecondsAtZero))
      game.play(.learnPressed, at: now)
    }

    /// Plays `steps` steps; after each name card, `check` is told whom it met, everyone
    /// else met but the last shown (whom learn mode would not ask), the instant the card was
    /// chosen at (Unix seconds) and the memories after it. Returns everyone met; nobody is met
    /// twice.
    mutating func playCheckingEachCard(
      _ steps: Int, check: (MemberID, [MemberID], Double, Memories) -> Void
    ) -> Set<MemberID> {
      var met = Set<MemberID>()
      for _ in 0..<steps {
        // A card on screen was chosen at this instant, from everyone else's memories now.
        let shown = seen.map(\.member)
        let time = game.wallClock.unixSeconds(at: now)
        let card = game.state.phase.introduction?.member.id
        play(1)
        guard let member = card else { continue }
        XCTAssertTrue(met.insert(member).inserted, "\(member) met twice")
        let recent = Set(shown.suffix(max(0, min(LearnScheduler.spacing, met.count - 2))))
        check(member, met.filter { $0 != member && !recent.contains($0) }, time, game.memories)
      }
      return met
    }

    mutating func play(_ steps: Int, answersWrongly: (MemberID, Int) -> Bool = { _, _ in false }) {
      for _ in 0..<steps {
        if let introduction = game.state.phase.introduction {
          seen.append(.card(introduction.member.id))
          now = now + .seconds(2)
          game.play(.nextPressed, at: now)
          continue
        }
        if case .finished = game.state.phase {
          game.play(.nextRoundPressed, at: now)
          continue
        }
        guard let question = game.state.phase.question else {
          return XCTFail("no question after \(seen)")
        }
        let asked = seen.count {
          $0 == .question(question.member.id, right: false)
            || $0 == .question(question.member.id, right: true)
        }
        let wrong = answersWrongly(question.member.id, asked)
        now = now + .milliseconds(1_500)
        game.play(wrong ? question.wrongAnswer : question.rightAnswer, at: now)
        seen.append(.question(question.member.id, right: !wrong))
        now = now + .seconds(2)
        game.play(.clockTicked, at: now)
      }
    }
  }

  /// New people are met one at a time, each with a name card, only while nobody who may be
  /// asked is due (a name being learnt below the asking recall, a name learnt below 0.9);
  /// nobody is asked before their card, and nobody is met twice.
  func testNewPeopleAreMetOneAtATimeWhileNobodyIsDue() {
    var learner = Learner(members: club(12), memories: ownModelAlone(Self.fastForgetting.model))
    let model = learner.game.memories.model
    let asking = LearnScheduler.askingRecall(model)
    let met = learner.playCheckingEachCard(80) { _, others, time, memories in
      for other in others {
        let record = memories.records[other]!
        let due = record.memory.learning != nil ? asking : model.desiredRecall
        XCTAssertGreaterThanOrEqual(
          memories.recall(of: other, at: time)!, due, "\(other) was due")
      }
    }
    for (index, step) in learner.seen.enumerated() {
      if case .question(let member, _) = step {
        XCTAssertTrue(
          learner.seen[..<index].contains(.card(member)), "\(member) asked before their card")
      }
    }
    XCTAssertEqual(met.count, 12, "right answers bring everyone in: \(learner.seen)")
  }

  /// One rule of "due" for the screens and learn mode: a name being learnt whose recall lies
  /// between the asking recall and 0.9 is not due (learn mode goes on meeting people, and the
  /// start screen does not count it); below the asking recall it is; a name learnt at that
  /// same recall is due.
  func testDueIsOneRuleForTheScreensAndLearnMode() {
    var memories = ownModelAlone()
    let (ada, bo) = (MemberID("ada"), MemberID("bo"))
    let card = memories.introduce(ada, at: 0)
    let model = memories.model
    let between = (memories.askingRecall + model.desiredRecall) / 2
    let time = model.days(of: card.memory, until: between) * 86_400
    XCTAssertFalse(memories.isDue(ada, at: time))
    let later = model.days(of: card.memory, until: memories.askingRecall - 0.01) * 86_400
    XCTAssertTrue(memories.isDue(ada, at: later))

    let learnt = MemoryState(stability: 3, difficulty: 5)
    memories = Memories(
      [ada: card, bo: MemoryRecord(memory: learnt, lastAnswer: 0, lastGrade: .good)],
      model: .standard, guessTimes: GuessTimes(), weighsModels: false)
    let boTime = model.days(of: learnt, until: between) * 86_400
    XCTAssertTrue(memories.isDue(bo, at: boTime))
    XCTAssertEqual(memories.due(among: [ada, bo], at: time), 0)
    XCTAssertEqual(memories.due(among: [ada, bo], at: boTime), 2)
  }

  /// How many are met before the first question: at most three (`LearnScheduler.mostWaiting`),
  /// or fewer for a player whose new names fade in seconds, as the model says; a player whose
  /// answers show they keep a new name at least twice as long as the default meets as many
  /// as the model says, here everyone first.
  func testHowManyAreMetBeforeTheFirstQuestionFollowsThePlayersMemory() {
    func cardsBeforeTheFirstQuestion(_ memory: PlayerMemory) -> Int {
      var learner = Learner(members: club(12), memories: ownModelAlone(memory.model))
      learner.play(14)
      return learner.seen.firstIndex { if case .question = $0 { true } else { false } } ?? 14
    }
    XCTAssertEqual(cardsBeforeTheFirstQuestion(.standard), LearnScheduler.mostWaiting)
    let fastest = PlayerMemory(firstLearning: 1, learningGain: 18, learningDecay: 1.5)
    XCTAssertEqual(cardsBeforeTheFirstQuestion(fastest), 2)
    var longer = PlayerMemory.standard
    longer.firstLearning = 2 * MemoryModel.defaultFirstLearning
    XCTAssertEqual(cardsBeforeTheFirstQuestion(longer), 12)
    longer.firstLearning -= 1
    XCTAssertEqual(cardsBeforeTheFirstQuestion(longer), LearnScheduler.mostWaiting)
  }

  /// Never more than three name cards in a row while anyone is new, though nobody is due:
  /// after them the first of them is asked. The first question asks the first card (with only
  /// three met, the last three rule lets it), and everyone is met. Its options hold the two
  /// other names met, so that it is not answered by the only name heard.
  func testNoMoreThanThreeNameCardsInARow() throws {
    var learner = Learner(members: club(40))
    learner.play(100)
    let seen = learner.seen
    var run = 0
    for (index, step) in seen.enumerated() {
      guard case .question = step else {
        run += 1
        XCTAssertLessThanOrEqual(run, LearnScheduler.mostWaiting, "at \(index): \(seen)")
        continue
      }
      run = 0
    }
    XCTAssertEqual(seen[3], .question(seen[0].member, right: true), "\(seen)")
    for seed in 0..<10 {
      var first = Learner(members: club(40), seed: UInt64(seed))
      first.play(LearnScheduler.mostWaiting)
      let question = try XCTUnwrap(first.game.state.phase.question)
      let met = first.seen.compactMap { first.game.member($0.member)?.name }
      XCTAssertTrue(Set(met).isSubset(of: question.options.map(\.name)), "\(question.options)")
    }
    XCTAssertEqual(Set(seen.map(\.member)).count, 40, "everyone met: \(seen)")
  }

  /// A new person is asked soon after their card: never more than three people met and never
  /// answered right, and each asked, the first met first, within five steps of their card
  /// while nobody is due (card, card, card, the first of them, then a card and a question in
  /// turn): a first try within seconds, while it is likely to succeed. So too in a later game
  /// that starts with people known and nobody due, where the first of the three cards is
  /// asked after the third though it is among the last three shown.
  func testEveryNewPersonIsAskedWithinFiveStepsOfTheirCard() {
    let learnt = MemoryRecord(
      memory: MemoryState(stability: 30, difficulty: 5), lastAnswer: 0, lastGrade: .good)
    let known = Dictionary(uniqueKeysWithValues: (1...5).map { (MemberID("m\($0)"), learnt) })
    for memories in [Memories(), Memories(known)] {
      var learner = Learner(members: club(40), memories: memories)
      learner.play(60)
      let seen = learner.seen
      checkNewPeopleWaitFiveStepsAtMost(seen)
      let cards = seen.compactMap { if case .card(let member) = $0 { member } else { nil } }
      let firstAsked = cards.compactMap { member in
        seen.firstIndex { $0 == .question(member, right: true) }.map { ($0, member) }
      }.sorted { $0.0 < $1.0 }.map(\.1)
      XCTAssertEqual(firstAsked, Array(cards.prefix(firstAsked.count)), "\(seen)")
      XCTAssertGreaterThan(firstAsked.count, 25, "\(seen)")
    }
  }

  /// A new person missed before they were ever answered right still waits: no one new is met
  /// while three wait, and whoever was missed is asked again within five steps of the miss
  /// (the name shown again at its reveal), so a miss slows the new faces down.
  func testANewPersonMissedIsAskedAgainSoonAndHoldsBackTheNext() {
    var learner = Learner(members: club(40), memories: ownModelAlone())
    // Every third person met is missed at their first two questions.
    learner.play(60) { member, asked in
      asked < 2 && Int(member.rawValue.dropFirst())! % 3 == 0
    }
    checkNewPeopleWaitFiveStepsAtMost(learner.seen)
    let misses = learner.seen.count { if case .question(_, false) = $0 { true } else { false } }
    XCTAssertGreaterThan(misses, 10, "\(learner.seen)")
  }

  /// Never more than three people met and never answered right, and each asked within five
  /// steps of their card or their last miss.
  private func checkNewPeopleWaitFiveStepsAtMost(_ seen: [Seen]) {
    // Each person waiting, and the step they were last shown at (their card or a miss).
    var waiting: [MemberID: Int] = [:]
    for (index, step) in seen.enumerated() {
      switch step {
      case .card(let member):
        waiting[member] = index
        XCTAssertLessThanOrEqual(waiting.count, LearnScheduler.mostWaiting, "at \(index): \(seen)")
      case .question(let member, let right):
        guard let shown = waiting[member] else { continue }
        XCTAssertLessThanOrEqual(index - shown, 5, "\(member) at \(index): \(seen)")
        waiting[member] = right ? nil : index
      }
    }
  }

  /// A question whose member leaves the game (their photo fails) is chosen again as if it had
  /// never been shown: after three name cards, what takes its place is another question, not a
  /// fourth card; a card that gives way does not count among the cards in a row.
  func testAStepWhoseMemberLeavesIsChosenAgainAsIfNeverShown() throws {
    var learner = Learner(members: club(12))
    learner.play(LearnScheduler.mostWaiting)
    let question = try XCTUnwrap(learner.game.state.phase.question, "\(learner.seen)")
    learner.game.play(.memberWithdrawn(question.member.id), at: learner.now)
    let replacement = try XCTUnwrap(learner.game.state.phase.question, "a card took its place")
    XCTAssertNotEqual(replacement.member.id, question.member.id)

    // The second card gives way: three cards are still seen before the first question.
    var cards = Learner(members: club(12))
    cards.play(1)
    let card = try XCTUnwrap(cards.game.state.phase.introduction)
    cards.game.play(.memberWithdrawn(card.member.id), at: cards.now)
    cards.play(LearnScheduler.mostWaiting)
    XCTAssertEqual(
      cards.seen.map { if case .card = $0 { "card" } else { "question" } },
      ["card", "card", "card", "question"])
    XCTAssertFalse(cards.seen.contains { $0.member == card.member.id })
  }

  /// The asking recall is the model's: 0.69 for the defaults (the oracle does best between 0.5
  /// and 0.7 on simulated players); a player whose first look lasts ten times longer needs
  /// fewer right answers to learn a name, so is asked later, at a lower recall. A right
  /// answer's chance is the fit's (`MemoryFit.likelihood`, its slip included: without it the
  /// defaults' asking recall is 0.70).
  func testTheAskingRecallFollowsTheModel() {
    XCTAssertEqual(LearnScheduler.askingRecall(.standard), 0.69, accuracy: 1e-9)
    let longer = PlayerMemory(firstLearning: 600, learningGain: 18, learningDecay: 0.5)
    XCTAssertEqual(LearnScheduler.askingRecall(longer.model), 0.63, accuracy: 1e-9)
    let slower = PlayerMemory(firstLearning: 60, learningGain: 6, learningDecay: 0.5)
    XCTAssertEqual(LearnScheduler.askingRecall(slower.model), 0.70, accuracy: 1e-9)
  }

  /// A player whose new names are half gone in seconds.
  static let fastForgetting = PlayerMemory(firstLearning: 4, learningGain: 18, learningDecay: 1.5)

  func testNoOneIsAskedWhileTheyAreAmongTheLastThreeShown() {
    var learner = Learner()
    learner.play(60) { _, asked in asked % 3 == 1 }
    let seen = learner.seen
    var met = Set<MemberID>()
    for (index, step) in seen.enumerated() {
      switch step {
      case .card(let member): met.insert(member)
      case .question(let member, _):
        // Three back, or as many as there are others to ask.
        let window = min(LearnScheduler.spacing, met.count - 1)
        XCTAssertFalse(
          seen[index - window..<index].contains { $0.member == member }, "at \(index): \(seen)")
      }
    }
    XCTAssertGreaterThan(met.count, 6)
  }

  func testAMissComesBackWithinAFewQuestionsAndRightAnswersSpaceThemOut() {
    // A player whose new names fade in seconds, so that few are met at once.
    let memories = Memories(model: Self.fastForgetting.model)
    var learner = Learner(members: club(30), memories: memories)
    // Member 1's first question is missed; everything else is right.
    learner.play(120) { _, asked in false }
    let rightOnly = learner.seen
    var missing = Learner(members: club(30), memories: memories)
    let first = rightOnly.first { if case .question = $0 { true } else { false } }!.member
    missing.play(120) { member, asked in member == first && asked == 0 }
    let seen = missing.seen
    let asks = seen.indices.filter {
      if case .question(let member, _) = seen[$0] { member == first } else { false }
    }
    XCTAssertGreaterThanOrEqual(asks.count, 3, "\(seen)")
    // Right answers after it: each gap longer than the one before, apart from a step of one.
    let gaps = zip(asks.dropFirst(), asks).map { $0 - $1 }
    XCTAssertGreaterThan(gaps.last!, gaps.first!, "spacing grows: \(gaps)")
    // Without the miss the same person waits longer for a second question.
    let rightAsks = rightOnly.indices.filter {
      if case .question(let member, _) = rightOnly[$0] { member == first } else { false }
    }
    XCTAssertGreaterThan(rightAsks[1] - rightAsks[0], asks[1] - asks[0])
  }

  func testAtTheStartOfANewDayThePeopleWhoAreDueComeBeforeAnyoneNew() {
    // Yesterday six people were met and answered; two of them are due today.
    let model = MemoryModel.standard
    let day = 86_400.0
    var memories = Memories()
    let members = club(12)
    for (index, member) in members.prefix(6).enumerated() {
      let stability = index < 2 ? 0.2 : 30
      memories = Memories(
        memories.records.merging([
          member.id: MemoryRecord(
            memory: MemoryState(stability: stability, difficulty: 5), lastAnswer: 0,
            lastGrade: .good)
        ]) { $1 }, model: model)
    }
    XCTAssertFalse(memories.recognises(members[0].id, at: day))
    XCTAssertTrue(memories.recognises(members[5].id, at: day))
    var learner = Learner(members: members, memories: memories, unixSecondsAtZero: day)
    learner.play(2)
    XCTAssertEqual(
      Set(learner.seen.map(\.member)), [members[0].id, members[1].id], "\(learner.seen)")
    XCTAssertTrue(learner.seen.allSatisfy { if case .question = $0 { true } else { false } })
  }

  func testSomeoneMissedLastTimeIsAskedFirstEvenIfFSRSStillTrustsTheirMemory() {
    // Yesterday both were answered with the same memory; Kofi's answer was a miss, so his
    // name is being learnt again.
    let members = club(8)
    let memory = MemoryState(stability: 5, difficulty: 5)
    var missed = memory
    missed.learning = MemoryModel.defaultFirstLearning
    let memories = Memories([
      members[0].id: MemoryRecord(memory: missed, lastAnswer: 0, lastGrade: .again),
      members[1].id: MemoryRecord(memory: memory, lastAnswer: 0, lastGrade: .good),
    ])
    XCTAssertGreaterThan(MemoryModel.standard.recall(of: memory, afterDays: 1), 0.9)
    XCTAssertLessThan(memories.recall(of: members[0].id, at: 86_400)!, 0.5)
    var learner = Learner(members: members, memories: memories, unixSecondsAtZero: 86_400)
    learner.play(1)
    XCTAssertEqual(learner.seen, [.question(members[0].id, right: true)])
  }

  func testANameCardStaysSixSecondsOrUntilNextAndPausingHoldsIt() throws {
    var game = makeGame(members: club(8), seed: 2)
    game.restore(ownModelAlone(), wallClock: WallClock(origin: .zero, unixSecondsAtOrigin: 0))
    game.play(.learnPressed, at: .zero)
    let first = try XCTUnwrap(game.state.phase.introduction)
    XCTAssertEqual(first.shownAt, .zero)
    XCTAssertEqual(game.nextChange, .seconds(1.2), "the bar counts the card's time down")
    XCTAssertNotNil(game.memories.records[first.member.id], "met when the face is shown")
    XCTAssertFalse(game.memories.knows(first.member.id, at: 0), "met is not known")
    game.play(.pausePressed, at: .seconds(2))
    game.play(.clockTicked, at: .seconds(60))
    game.play(.resumePressed, at: .seconds(61))
    game.play(.clockTicked, at: .seconds(64.9))
    XCTAssertEqual(game.state.phase.introduction?.member, first.member, "2 s + 3.9 s of 6 s")
    game.play(.clockTicked, at: .seconds(65))
    let second = try XCTUnwrap(game.state.phase.introduction)
    XCTAssertNotEqual(second.member, first.member)
    XCTAssertEqual(second.shownAt, .seconds(65))
    game.play(.nextPressed, at: .seconds(66))
    XCTAssertNotEqual(game.state.phase.introduction?.member, second.member)
    XCTAssertEqual(game.state.questionsPlayed, 0, "a card is not a question")
  }

  func testAnswersInLearnModeAreRememberedAndALuckyGuessIsNotKnowing() throws {
    var learner = Learner(members: club(8))
    while learner.seen.allSatisfy({ if case .card = $0 { true } else { false } }) {
      learner.play(1)
    }
    guard case .question(let member, right: true) = learner.seen.last else {
      return XCTFail("\(learner.seen)")
    }
    let time = learner.game.wallClock.unixSeconds(at: learner.now)
    XCTAssertTrue(
      learner.game.memories.recognises(member, at: time), "a right answer after the card")
    XCTAssertFalse(learner.game.memories.knows(member, at: time), "recognised, not yet typed")
    // Someone never met, answered right: a guess among four, not knowing them.
    var memories = Memories()
    let member2 = MemberID("m2")
    let question = Question(
      number: 1, member: Member(id: member2, name: "Member 2"),
      options: club(4).map { NameOption(name: $0.name, member: $0.id) }, correctIndex: 1)
    memories.remember(
      QuestionResult(question: question, outcome: .correct, answerTime: .seconds(1)), at: 0)
    XCTAssertFalse(memories.knows(member2, at: 1))
  }

  /// The learning layer's numbers: 0.9 a minute after a name card, growth by 2.5 for a recall
  /// at 0.9 and by 9.8 for a hard one at 0.5, and a name learnt (FSRS's alone) once its
  /// learning lasts as long as FSRS's stability.
  func testLearningFadesAlongFSRSsCurveAndGrowsMoreForAHarderRecall() throws {
    let model = MemoryModel.standard
    let card = model.remember(nil, grade: .again, afterDays: nil)
    XCTAssertEqual(card.learning, 60)
    XCTAssertEqual(card.stability, MemoryModel.defaultParameters[0], "FSRS-6's first again")
    XCTAssertEqual(model.recall(of: card, afterDays: 0), 1)
    XCTAssertEqual(model.recall(of: card, afterDays: 60 / 86_400), 0.9, accuracy: 1e-12)
    XCTAssertLessThan(model.recall(of: card, afterDays: 600 / 86_400), 0.8)
    let easy = model.remember(card, grade: .good, afterDays: 60 / 86_400)
    XCTAssertEqual(try XCTUnwrap(easy.learning) / 60, 2.49, accuracy: 0.01)
    let halfGone = secondsUntil(0.5, card, model) / 86_400
    let hard = model.remember(card, grade: .good, afterDays: halfGone)
    XCTAssertEqual(try XCTUnwrap(hard.learning) / 60, 9.80, accuracy: 0.01)
    // A miss keeps what FSRS-6's same-day rule keeps after again (e^(w17 (w18 - 2)) = 0.355),
    // never less than a name card gives.
    let kept = try XCTUnwrap(model.remember(hard, grade: .again, afterDays: 0.001).learning)
    XCTAssertEqual(kept / (try XCTUnwrap(hard.learning)), 0.355, accuracy: 0.001)
    XCTAssertEqual(model.remember(card, grade: .again, afterDays: 0.001).learning, 60)
    // A name learnt long ago and missed when due is being learnt again, from a card's minute,
    // and comes due within minutes, however long FSRS still trusts it.
    let learnt = MemoryState(stability: 24.5, difficulty: 5)
    let lapsed = model.remember(learnt, grade: .again, afterDays: model.interval(of: learnt))
    XCTAssertEqual(lapsed.learning, 60)
    XCTAssertGreaterThan(lapsed.stability, 1)
    XCTAssertLessThan(model.recall(of: lapsed, afterDays: 600 / 86_400), 0.7)

    var memory = card
    var recalls = 0
    while let learning = memory.learning {
      XCTAssertLessThan(learning, memory.stability * 86_400)
      memory = model.remember(memory, grade: .good, afterDays: learning / 86_400)
      recalls += 1
    }
    XCTAssertEqual(recalls, 8, "spaced recalls at 0.9 until it is learnt")
    XCTAssertNil(memory.learning)
  }

  /// A right answer among four names is evidence weighted by the chance it was known: a
  /// player who guesses blindly at R = 0.3 (P(knew | right) = 0.63) is asked again sooner than
  /// one who recalled the name (a right answer that could not be guessed: no options, as a
  /// name typed), and later than after a miss. The memory after it is exactly the
  /// expectation, learning included.
  func testALikelyGuessIsAskedAgainSoonerThanARecall() throws {
    let member = club(4)[0]
    let model = MemoryModel.standard
    let card = model.remember(nil, grade: .again, afterDays: nil)
    let seconds = secondsUntil(0.3, card, model)
    let before = Memories([member.id: MemoryRecord(memory: card, lastAnswer: 0, lastGrade: .again)])
    XCTAssertEqual(try XCTUnwrap(before.recall(of: member.id, at: seconds)), 0.3, accuracy: 1e-3)
    let (right, wrong) = answers(about: member)
    func after(_ result: QuestionResult) -> Memories {
      var memories = before
      memories.remember(result, at: seconds)
      return memories
    }
    let (guessed, recalled, missed) = (after(right), after(typed(right)), after(wrong))
    /// Seconds after the answer until recall falls below learn mode's likely recall.
    func due(_ memories: Memories) -> Double {
      var wait = 1.0
      while memories.recall(of: member.id, at: seconds + wait)! >= 0.85 {
        wait *= 1.01
      }
      return wait
    }
    XCTAssertLessThan(due(guessed), due(recalled), "the guess comes back sooner")
    XCTAssertGreaterThan(due(guessed), due(missed))
    let knew = Memories.knew(recallBefore: 0.3, options: 4)
    XCTAssertEqual(knew, 0.3 / (0.3 + 0.7 / 4), accuracy: 1e-3)
    let learning = { (memories: Memories) in
      try XCTUnwrap(memories.records[member.id]?.memory.learning)
    }
    XCTAssertEqual(
      try learning(guessed), knew * (try learning(recalled)) + (1 - knew) * 60, accuracy: 1e-3)
  }

  /// Seconds after `memory`'s last answer until its recall falls to `recall`.
  private func secondsUntil(_ recall: Double, _ memory: MemoryState, _ model: MemoryModel)
    -> Double
  {
    var (low, high) = (0.0, 1e9)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if model.recall(of: memory, afterDays: middle / 86_400) > recall {
        low = middle
      } else {
        high = middle
      }
    }
    return low
  }

  /// The same rule for the memory across days (FSRS-6): the memory after a right answer
  /// among four is the expectation over a recall and a miss, weighted by P(knew | right).
  func testARightAnswerAmongFourIsWeightedByTheChanceItWasKnown() throws {
    let member = club(4)[0]
    let before = Memories([
      member.id: MemoryRecord(
        memory: MemoryState(stability: 1, difficulty: 5), lastAnswer: 0, lastGrade: .good)
    ])
    let time = 10 * 86_400.0
    let recall = try XCTUnwrap(before.recall(of: member.id, at: time))
    XCTAssertEqual(recall, 0.5, accuracy: 0.3, "a name half forgotten")
    let (right, wrong) = answers(about: member)
    func memory(_ result: QuestionResult) -> MemoryRecord {
      var memories = before
      return memories.remember(result, at: time)
    }
    let (chosen, missed) = (memory(right), memory(wrong))
    // The same answer, known for certain.
    let known = MemoryRecord(
      memory: before.model.answered(
        before.records[member.id]?.memory, right: true, grade: .good, afterDays: 10, options: 0),
      lastAnswer: time, lastGrade: .good)
    let knew = Memories.knew(recallBefore: recall, options: 4)
    XCTAssertEqual(
      chosen.memory.stability,
      knew * known.memory.stability + (1 - knew) * missed.memory.stability, accuracy: 1e-9)
    XCTAssertEqual(
      chosen.memory.difficulty,
      knew * known.memory.difficulty + (1 - knew) * missed.memory.difficulty, accuracy: 1e-9)
    XCTAssertLessThan(chosen.memory.stability, known.memory.stability)
    XCTAssertGreaterThan(chosen.memory.stability, missed.memory.stability)
    XCTAssertEqual(chosen.lastGrade, knew >= 0.5 ? .good : .again)
    XCTAssertEqual(known.lastGrade, .good)
  }
}

/// A question about `member` among the first four of a club, answered right and wrong in 1 s.
/// `result` (a right answer) as a name typed in full.
func typed(_ result: QuestionResult) -> QuestionResult {
  QuestionResult(
    question: result.question.asked(as: .typing), outcome: .correct,
    answerTime: result.answerTime,
    typed: TypedAnswer(text: result.member.name, match: .name))
}

func answers(about member: Member) -> (right: QuestionResult, wrong: QuestionResult) {
  let question = Question(
    number: 1, member: member,
    options: club(4).map { NameOption(name: $0.name, member: $0.id) }, correctIndex: 0)
  return (
    QuestionResult(question: question, outcome: .correct, answerTime: .seconds(1)),
    QuestionResult(
      question: question, outcome: .wrong(chosen: question.options[1]), answerTime: .seconds(1))
  )
}

/// Memories of the game's own model alone, ACT-R not weighed in (`ModelMixture`): for the
/// rules of learn mode as that model says, which ACT-R's side would move in time.
func ownModelAlone(_ model: MemoryModel = .standard) -> Memories {
  Memories(model: model, guessTimes: GuessTimes(), weighsModels: false)
}
