import XCTest

@testable import GameEngine

/// ACT-R's model with its published parameters, the time it counts, and the game's own model
/// and ACT-R's weighed by the player's answers (`ModelMixture`).
final class ModelMixtureTests: XCTestCase {
  private let people = club(10)

  /// One trace decays as t^-a: at the typical speed a name shown once is recalled with 0.94
  /// a second later, 0.76 ten seconds later and 0.48 a minute later (Pavlik & Anderson's
  /// parameters); a faster speed, as if more time had passed.
  func testOneTraceFadesAsThePublishedModelSays() {
    var traces = ActrTraces()
    traces.shown(at: 0)
    let typical = SpeedBelief.typical
    XCTAssertEqual(SpeedBelief.speeds[typical], 1)
    XCTAssertEqual(traces.recalls(at: 1)[typical], 0.940, accuracy: 0.001)
    XCTAssertEqual(traces.recalls(at: 10)[typical], 0.762, accuracy: 0.001)
    XCTAssertEqual(traces.recalls(at: 60)[typical], 0.481, accuracy: 0.001)
    let fastest = SpeedBelief.speeds.count - 1
    XCTAssertEqual(
      traces.recalls(at: 10)[fastest],
      traces.recalls(at: 10 * SpeedBelief.speeds[fastest])[typical], accuracy: 1e-12)
    XCTAssertEqual(ActrTraces().recall(at: 60), 0)
  }

  /// Two showings far apart keep a name longer than two close together: the spacing effect.
  func testShowingsSpacedOutKeepANameLongerThanShowingsCloseTogether() {
    var massed = ActrTraces()
    massed.shown(at: 0)
    massed.shown(at: 5)
    var spaced = ActrTraces()
    spaced.shown(at: 0)
    spaced.shown(at: 300)
    XCTAssertGreaterThan(spaced.recall(at: 86_400), massed.recall(at: 86_400))
  }

  /// Within a sitting every second counts; a pause longer than an hour is time between
  /// sittings, of which 0.025 counts.
  func testTimeBetweenSittingsCountsAFortieth() {
    var clock = SittingClock()
    XCTAssertEqual(clock.note(1_000), 0)
    XCTAssertEqual(clock.note(1_600), 600)
    XCTAssertEqual(clock.moment(at: 1_600 + 3_600), 4_200)
    XCTAssertEqual(clock.note(1_600 + 86_400), 600 + 2_160)
    XCTAssertEqual(clock.moment(at: 1_600 + 86_400 + 10), 2_770)
  }

  /// Ten people met, each asked (typed) two minutes after their card, 20 seconds later and
  /// ten minutes after that, answered right when `follows` says their recall is at least a
  /// half: two minutes after a card ACT-R says 0.36, the game's own model more than 0.7.
  private func play(following follows: (Memories, MemberID, Double) -> Double) -> Memories {
    var memories = Memories()
    var time = 0.0
    for person in people {
      memories.introduce(person.id, at: time)
      for delay in [120.0, 140, 740] {
        let right = typed(answers(about: person).right)
        let answer =
          follows(memories, person.id, time + delay) >= 0.5
          ? right
          : QuestionResult(
            question: right.question, outcome: .wrong(chosen: nil), answerTime: .seconds(5),
            typed: TypedAnswer(text: "?", match: .wrong))
        memories.remember(answer, at: time + delay)
      }
      time += 1_000
    }
    return memories
  }

  private func actr(_ memories: Memories, _ member: MemberID, _ time: Double) -> Double {
    memories.mixture?.actrRecall(of: member, at: time) ?? 0
  }

  private func own(_ memories: Memories, _ member: MemberID, _ time: Double) -> Double {
    memories.ownRecall(of: member, at: time) ?? 0
  }

  /// A player whose answers go as ACT-R says is weighed to ACT-R; one whose answers go as
  /// the game's own model says, to the game's own; and the recall is the two weighed so.
  func testTheAnswersWeighTheModelThatForetoldThem() throws {
    let actrPlayer = play(following: actr)
    let ownPlayer = play(following: own)
    XCTAssertGreaterThan(try XCTUnwrap(actrPlayer.mixture).actrWeight, 0.99)
    XCTAssertLessThan(try XCTUnwrap(ownPlayer.mixture).actrWeight, 0.01)
    let (someone, later) = (people[9].id, 9_000 + 1_200.0)
    XCTAssertEqual(
      try XCTUnwrap(actrPlayer.recall(of: someone, at: later)),
      actr(actrPlayer, someone, later), accuracy: 0.01)
    XCTAssertEqual(
      try XCTUnwrap(ownPlayer.recall(of: someone, at: later)),
      own(ownPlayer, someone, later), accuracy: 0.01)
    XCTAssertEqual(Memories().mixture?.actrWeight, 0.5)
  }

  /// Weighed to ACT-R, a name is due once ACT-R's recall falls below 0.7, though the game's
  /// own model still trusts it.
  func testWeighedToACTRANameIsDueWhenACTRSaysSo() throws {
    let memories = play(following: actr)
    let (someone, card) = (people[9].id, 9_000.0)
    let due = try XCTUnwrap(
      stride(from: card + 900, to: card + 3_000, by: 10).first { memories.isDue(someone, at: $0) })
    XCTAssertLessThan(actr(memories, someone, due), ModelMixture.actrDueBelow)
    XCTAssertGreaterThanOrEqual(actr(memories, someone, due - 10), ModelMixture.actrDueBelow)
    XCTAssertGreaterThan(own(memories, someone, due), memories.askingRecall)
  }

  /// The history keeps no part of ACT-R's: its traces and both models' weights are replayed
  /// from the cards and answers at launch, and again when the game's own model is fitted anew.
  func testLaunchingAgainReplaysTheMixtureFromTheCardsAndAnswers() throws {
    let played = play(following: actr)
    let launched = Memories(
      played.records, model: played.model, guessTimes: played.guessTimes, taken: played.taken)
    let (mixture, relaunched) = (try XCTUnwrap(played.mixture), try XCTUnwrap(launched.mixture))
    XCTAssertEqual(relaunched.actrWeight, mixture.actrWeight, accuracy: 1e-9)
    XCTAssertEqual(relaunched.ownEvidence, mixture.ownEvidence, accuracy: 1e-6)
    for person in people {
      XCTAssertEqual(
        try XCTUnwrap(launched.recall(of: person.id, at: 20_000)),
        try XCTUnwrap(played.recall(of: person.id, at: 20_000)), accuracy: 1e-9)
    }
    let fitted = PlayerMemory(firstLearning: 600, learningGain: 9, learningDecay: 0.25).model
    let refitted = try XCTUnwrap(played.replayed(with: fitted).mixture)
    XCTAssertNotEqual(refitted.ownEvidence, mixture.ownEvidence)
    XCTAssertEqual(refitted.actrEvidence, mixture.actrEvidence, accuracy: 1e-9)
  }

  /// Learn mode meets someone new only while nobody met (but the last three shown) is due by
  /// the mixture's rule, ACT-R weighed in: the rule the screens count by.
  func testLearnModeMeetsSomeoneNewOnlyWhileNobodyIsDueByTheMixture() {
    var learner = LearningTests.Learner(members: club(12))
    let met = learner.playCheckingEachCard(80) { _, others, time, memories in
      for other in others {
        XCTAssertFalse(memories.isDue(other, at: time), "\(other) was due")
      }
    }
    XCTAssertEqual(met.count, 12, "\(learner.seen)")
  }

  /// A long history: the weights are the chance of the last 500 answers alone, a launch
  /// replays them to the same weights, and a person keeps their last 64 traces, laid as a
  /// launch lays them.
  func testTheWeightsAreTheLastAnswersChanceAndALaunchReplaysThem() throws {
    var memories = Memories()
    var time = 0.0
    for person in people {
      memories.introduce(person.id, at: time)
      for _ in 0..<60 {
        time += 30
        let right = typed(answers(about: person).right)
        memories.remember(right, at: time)
      }
    }
    let mixture = try XCTUnwrap(memories.mixture)
    XCTAssertEqual(mixture.ownLikelihoods.count, ModelMixture.answersWeighed)
    XCTAssertEqual(
      mixture.ownEvidence, mixture.ownLikelihoods.reduce(0, +), accuracy: 1e-6)
    let launched = try XCTUnwrap(
      Memories(
        memories.records, model: memories.model, guessTimes: memories.guessTimes,
        taken: memories.taken
      ).mixture)
    XCTAssertEqual(launched.ownEvidence, mixture.ownEvidence, accuracy: 1e-6)
    XCTAssertEqual(launched.actrEvidence, mixture.actrEvidence, accuracy: 1e-6)

    var traces = ActrTraces()
    for moment in 0..<100 { traces.shown(at: Double(moment) * 60) }
    var last = ActrTraces()
    for moment in 36..<100 { last.shown(at: Double(moment) * 60) }
    XCTAssertEqual(traces.count, ActrTraces.kept)
    XCTAssertEqual(ActrTraces.kept, 64)
    XCTAssertEqual(traces.recalls(at: 86_400), last.recalls(at: 86_400))
  }

  /// A miss among names the player knows is a slip: likely at 1 in 50 times 3 in 4, whatever
  /// the guess's chance, so one slip never rules a model out.
  func testAMissAmongNamesKnownIsASlip() {
    let likelihood = MemoryFit.likelihood(
      right: false, recall: 1, guess: 1, slipGuess: 0.25)
    XCTAssertEqual(likelihood, MemoryFit.slip * 0.75, accuracy: 1e-12)
  }

  /// A guess rules out the names the player recalls: among four, with the three others
  /// recalled at 0.9 it is right 0.86 of the time, with nobody known a quarter, with one other
  /// met recalled for sure and two strangers (a mean of a third), 0.37; a name typed cannot be
  /// guessed.
  func testAGuessRulesOutTheNamesThePlayerRecalls() {
    XCTAssertEqual(
      ModelMixture.guessRight(among: 4, recalls: [0.9, 0.9, 0.9]), 0.8598, accuracy: 1e-4)
    XCTAssertEqual(ModelMixture.guessRight(among: 4, recalls: []), 0.25)
    XCTAssertEqual(ModelMixture.guessRight(among: 4, recalls: [0, 0, 0, 0, 0]), 0.25)
    XCTAssertEqual(ModelMixture.guessRight(among: 4, recalls: [1.0]), 0.3704, accuracy: 1e-4)
    XCTAssertEqual(ModelMixture.guessRight(among: 4, recalls: [1, 1, 1]), 1)
    XCTAssertEqual(ModelMixture.guessRight(among: 0, recalls: [0.9]), 0)
  }

  /// Each person's speeds on ACT-R's side are weighed by their answers: missed soon after
  /// their card, a name is believed to fade faster than the typical speed, and recalled long
  /// after it, slower.
  func testACTRsSpeedsAreWeighedByEachPersonsAnswers() throws {
    var memories = Memories()
    let (missed, kept) = (people[0], people[1])
    memories.introduce(missed.id, at: 0)
    memories.introduce(kept.id, at: 0)
    let right = typed(answers(about: kept).right)
    let wrong = QuestionResult(
      question: typed(answers(about: missed).right).question, outcome: .wrong(chosen: nil),
      answerTime: .seconds(5), typed: TypedAnswer(text: "?", match: .wrong))
    memories.remember(wrong, at: 15)
    memories.remember(right, at: 600)
    func meanLogSpeed(_ member: MemberID) throws -> Double {
      let weights = try XCTUnwrap(memories.mixture?.speedWeights(of: member))
      return zip(weights, SpeedBelief.speeds).reduce(0) { $0 + $1.0 * Double.log($1.1) }
    }
    XCTAssertGreaterThan(try meanLogSpeed(missed.id), 0.05)
    XCTAssertLessThan(try meanLogSpeed(kept.id), -0.05)
  }
}
