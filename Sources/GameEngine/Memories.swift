/// A person's memory after their last answer, and when that was.
public struct MemoryRecord: Hashable, Sendable {
  /// The memory at the speed the model gives everyone (what FSRS keeps of the person).
  public var memory: MemoryState
  /// How fast the player forgets this name, as their answers say (see `SpeedBelief`); nil
  /// for a record kept before beliefs were: the model's speed alone.
  public var belief: SpeedBelief?
  /// Unix seconds.
  public var lastAnswer: Double
  /// How the last answer counted.
  public var lastGrade: Grade
  /// Whether the name was recalled by typing it, and not missed since: recalled, not only
  /// recognised among four.
  public var typed: Bool

  public init(
    memory: MemoryState, lastAnswer: Double, lastGrade: Grade, typed: Bool = false,
    belief: SpeedBelief? = nil
  ) {
    self.memory = memory
    self.belief = belief
    self.lastAnswer = lastAnswer
    self.lastGrade = lastGrade
    self.typed = typed
  }
}

/// How well the player knows each member's name, across games: what the history recorded,
/// brought up to date with every card and answer. It is the one place that says how likely a
/// name is recalled, for everyone who asks: learn mode's choice, the names known and due, the
/// people window and the statistics.
public struct Memories: Hashable, Sendable {
  public let model: MemoryModel
  public private(set) var records: [MemberID: MemoryRecord]
  /// The recall below which a name being learnt is due: where asking it teaches it in the
  /// fewest questions, as the model says (`LearnScheduler.askingRecall`).
  public let askingRecall: Double

  /// How quickly the player answers when they know a name and when they guess: what the
  /// time of a right answer says of whether it was a guess.
  public private(set) var guessTimes: GuessTimes

  /// Each member's name cards and answers, in order, as taken in: what a memory fitted anew
  /// replays (`replayed(with:)`), so that every record is what the model now in use makes of
  /// them.
  public private(set) var taken: [MemberID: [Taken]]

  /// The game's own model and ACT-R's, weighed by the answers (`ModelMixture`): what
  /// `recall(of:at:)` and `isDue` say. Nil in a replay of the game's own model alone.
  public private(set) var mixture: ModelMixture?

  public init(
    _ records: [MemberID: MemoryRecord] = [:], model: MemoryModel = .standard,
    guessTimes: GuessTimes = GuessTimes(), taken: [MemberID: [Taken]] = [:]
  ) {
    self.init(records, model: model, guessTimes: guessTimes, taken: taken, weighsModels: true)
  }

  /// `weighsModels`: whether the memories keep the `mixture` (or the game's own model alone).
  init(
    _ records: [MemberID: MemoryRecord] = [:], model: MemoryModel, guessTimes: GuessTimes,
    taken: [MemberID: [Taken]] = [:], weighsModels: Bool
  ) {
    self.records = records
    self.model = model
    self.guessTimes = guessTimes
    self.taken = taken
    askingRecall = LearnScheduler.askingRecall(model)
    mixture =
      weighsModels
      ? ModelMixture.replaying(taken, model: model, guessTimes: guessTimes) : nil
  }

  /// The same cards and answers taken in by `model` from the start: each member's record
  /// replayed, in order, by the rules the game takes them in by. A member recorded with
  /// nothing taken (kept without their cards and answers) keeps their record.
  public func replayed(with model: MemoryModel) -> Memories {
    var replay = Memories(model: model, guessTimes: guessTimes, weighsModels: false)
    for (member, events) in taken {
      for event in events { replay.take(event, of: member) }
    }
    for (member, record) in records where replay.records[member] == nil {
      replay.records[member] = record
    }
    if mixture != nil {
      replay.mixture = ModelMixture.replaying(taken, model: model, guessTimes: guessTimes)
    }
    return replay
  }

  /// The record that one person's cards and answers `events` (in order) leave when `model`
  /// takes them in from the start, each answer's time weighed by `guessTimes`, as
  /// `replayed(with:)` replays each member's; nil for no event.
  public static func record(
    replaying events: [Taken], model: MemoryModel, guessTimes: GuessTimes
  ) -> MemoryRecord? {
    var replay = Memories(model: model, guessTimes: guessTimes, weighsModels: false)
    let someone = MemberID("")
    for event in events { replay.take(event, of: someone) }
    return replay.records[someone]
  }

  /// The probability that the player recalls the member's name at `time` (Unix seconds);
  /// nil for someone never asked: the game's own model's and ACT-R's, weighed as the
  /// `mixture` weighs them (the game's own alone for someone ACT-R never saw shown, a record
  /// kept without its cards and answers).
  public func recall(of member: MemberID, at time: Double) -> Double? {
    weighed(member, at: time)?.recall
  }

  /// The member's recall at `time`, and the recall below which they are due (see `isDue`),
  /// each the two models' weighed by the `mixture`; nil for someone never asked.
  private func weighed(_ member: MemberID, at time: Double) -> (recall: Double, due: Double)? {
    guard let record = records[member], let own = ownRecall(of: member, at: time) else {
      return nil
    }
    let due =
      record.belief?.threshold(learnt: model.desiredRecall, learning: askingRecall)
      ?? (record.memory.learning == nil ? model.desiredRecall : askingRecall)
    guard let mixture, let actr = mixture.actrRecall(of: member, at: time) else {
      return (own, due)
    }
    let weight = mixture.actrWeight
    return (
      (1 - weight) * own + weight * actr,
      (1 - weight) * due + weight * ModelMixture.actrDueBelow
    )
  }

  /// The game's own model's recall of the member at `time`; nil for someone never asked.
  func ownRecall(of member: MemberID, at time: Double) -> Double? {
    guard let record = records[member] else { return nil }
    let days = (time - record.lastAnswer) / 86_400
    guard let belief = record.belief else {
      return model.recall(of: record.memory, afterDays: days)
    }
    return belief.recall(afterDays: days, model: model)
  }

  /// Whether the player recognises the member's name at `time`: their last answer counted
  /// as recalled (a miss, or a likely guess, shows the name but is not knowing it), and
  /// recall is still at least the model's desired recall (0.9).
  public func recognises(_ member: MemberID, at time: Double) -> Bool {
    guard let record = records[member], record.lastGrade != .again else { return false }
    return (recall(of: member, at: time) ?? 0) >= model.desiredRecall
  }

  /// Whether the player knows the member's name at `time`: recognises it, and has recalled
  /// it by typing it (`MemoryRecord.typed`).
  public func knows(_ member: MemberID, at time: Double) -> Bool {
    records[member]?.typed == true && recognises(member, at: time)
  }

  /// How many of `members` the player knows at `time` (recalled by typing).
  public func known(among members: [MemberID], at time: Double) -> Int {
    members.count { knows($0, at: time) }
  }

  /// How many of `members` the player recognises at `time` but has not recalled by typing.
  public func recognisedOnly(among members: [MemberID], at time: Double) -> Int {
    members.count { !knows($0, at: time) && recognises($0, at: time) }
  }

  /// Whether the member, met before, is due at `time`: a question now is what keeps their
  /// name. A name learnt is due when its recall has fallen below the model's desired recall
  /// (0.9); a name being learnt when it has fallen below `askingRecall` (asked sooner, it
  /// would be learnt in more questions). Learn mode asks by the same rule. With a belief over
  /// the person's speed, whose speeds may be learnt at different times, the threshold is each
  /// speed's, weighed as the belief weighs it. With ACT-R weighed in (`mixture`), its side
  /// is due below `ModelMixture.actrDueBelow`, and the threshold is the two weighed as the
  /// recall is.
  public func isDue(_ member: MemberID, at time: Double) -> Bool {
    guard let weighed = weighed(member, at: time) else { return false }
    return weighed.recall < weighed.due
  }

  /// How many of `members`, met before, are due at `time` (`isDue`).
  public func due(among members: [MemberID], at time: Double) -> Int {
    members.count { isDue($0, at: time) }
  }

  /// The names the player typed once they had answered them right, every person's together
  /// (the cards and answers taken in, the history's included): how many were typed right, and
  /// how many were asked. A name typed before any right answer about that person (a quiz's
  /// typed question about someone never met, say) is left out: it says nothing of how well
  /// the player types a name they recognise.
  public var typedAnswers: (right: Int, asked: Int) {
    var right = 0
    var asked = 0
    for events in taken.values {
      for (previous, event) in zip(events, events.dropFirst()) {
        guard previous.isRight, case .answer(let correct, _, .typing, _) = event.kind
        else { continue }
        asked += 1
        if correct { right += 1 }
      }
    }
    return (right, asked)
  }

  /// Whether the member was met but has never been answered right: nothing but cards,
  /// misses and time-outs taken in. A member kept without their cards and answers (a history
  /// from before cards were recorded) counts as answered right: their record says nothing of
  /// it.
  public func wasNeverRight(_ member: MemberID) -> Bool {
    taken[member]?.allSatisfy { !$0.isRight } ?? false
  }

  /// How many of `members` were never met (no card and no answer taken in).
  public func new(among members: [MemberID]) -> Int {
    members.count { records[$0] == nil }
  }

  /// The probability that a right answer was known rather than guessed among `options`
  /// names, given the recall predicted before it: R / (R + (1 - R) / options), each side
  /// weighed by how likely the answer's time is when the player knows and when they guess
  /// (`GuessTimes`: a slow answer from a player whose guesses are slow is likelier a guess).
  /// An answer with no options offered (a name typed) cannot be guessed: 1.
  public static func knew(
    recallBefore: Double?, options: Int, time: GuessTimes.Evidence = .none
  ) -> Double {
    guard options > 0 else { return 1 }
    let recall = recallBefore ?? 0
    let known = recall * time.knew
    let total = known + (1 - recall) / Double(options) * time.guessed
    return total > 0 ? known / total : 0
  }

  /// How an answer is recorded. A wrong answer or a timeout is not recalled. A right one
  /// may be a guess among the options: it is recorded as recalled only if, given the recall
  /// predicted before it, the player more likely knew the name than guessed it (so a right
  /// answer to someone new, or nearly forgotten, is not knowing them). Then an answer within
  /// 2.5 s is recalled, a slower one recalled with effort; a name typed, which cannot be a
  /// guess, recalled however long the typing took (see `recalledGrade`). (The memory itself takes
  /// in the answer as evidence weighted by that probability: see `remember`.)
  /// `time` is what the answer's time says (see `knew`).
  public static func grade(
    _ result: QuestionResult, recallBefore: Double?, time: GuessTimes.Evidence = .none
  ) -> Grade {
    guard case .correct = result.outcome,
      knew(recallBefore: recallBefore, options: result.question.kind.guessedAmong, time: time)
        >= 0.5
    else { return .again }
    return recalledGrade(result)
  }

  /// The grade of a right answer known (see `recalledGrade(seconds:kind:slip:)`).
  static func recalledGrade(_ result: QuestionResult) -> Grade {
    recalledGrade(
      seconds: result.answerTime.seconds, kind: result.question.kind,
      slip: result.typed?.match == .slip)
  }

  /// The grade of a right answer known, given in `seconds` to a question of `kind` (`slip`: a
  /// name typed with a slip). A name or a face chosen: within 2.5 s recalled (good), slower
  /// recalled with effort (hard). A name typed: recalled (good) however long it took (typing speed is
  /// the player's, not their memory's), with a slip recalled with effort (hard). So a name
  /// typed counts above a name chosen: in full, never weighed down as a possible guess, and
  /// never graded down for its time.
  static func recalledGrade(seconds: Double, kind: QuestionKind, slip: Bool) -> Grade {
    switch kind {
    case .typing: slip ? .hard : .good
    case .name, .face: seconds <= 2.5 ? .good : .hard
    }
  }

  /// Takes in a name card seen at `time` (Unix seconds): the name was shown, not recalled, so
  /// the memory starts as after a miss (FSRS's first grade, again) and the person is met but
  /// not known until a right answer.
  @discardableResult
  public mutating func introduce(_ member: MemberID, at time: Double) -> MemoryRecord {
    take(Taken(time: time, kind: .card), of: member)
  }

  /// Takes in a card or an answer of `member` (an answer's time is counted apart, by
  /// `remember`); returns the member's new record.
  @discardableResult
  mutating func take(_ event: Taken, of member: MemberID) -> MemoryRecord {
    if var mixture {
      self.mixture = nil  // taken out, so that it is changed in place
      let before = self
      mixture.take(
        event, of: member, own: { before.ownRecall(of: $0, at: event.time) },
        guessTimes: guessTimes)
      self.mixture = mixture
    }
    taken[member, default: []].append(event)
    guard case .answer(let right, let seconds, let kind, let slip) = event.kind else {
      return introduced(member, at: event.time)
    }
    return answered(
      member, right: right, seconds: seconds, kind: kind, slip: slip, at: event.time)
  }

  private mutating func introduced(_ member: MemberID, at time: Double) -> MemoryRecord {
    let previous = records[member]
    let days = previous.map { (time - $0.lastAnswer) / 86_400 }
    let memory = model.remember(previous?.memory, grade: .again, afterDays: days)
    let belief = (previous.map(Self.belief(of:)) ?? SpeedBelief(memory: memory))
      .introduced(afterDays: previous == nil ? nil : days, model: model)
    let record = MemoryRecord(
      memory: belief.typicalMemory, lastAnswer: time, lastGrade: .again, belief: belief)
    records[member] = record
    return record
  }

  /// Takes in an answer revealed at `time` (Unix seconds); returns the member's new record.
  /// A right answer among several names is evidence weighted by the chance the player knew
  /// it (from the recall before it and the answer's time, see `knew`; the answer's time is
  /// then counted in `guessTimes`): the memory after it is the expectation over "knew"
  /// (recalled) and "guessed" (as after a miss), so that a likely guess is never rewarded as a recall; a right answer
  /// that could not be guessed (a name typed) counts in full. A name typed right is recalled
  /// by typing from then on, until a miss.
  @discardableResult
  public mutating func remember(_ result: QuestionResult, at time: Double) -> MemoryRecord {
    let record = take(
      Taken(
        time: time,
        kind: .answer(
          right: result.outcome.isCorrect, seconds: result.answerTime.seconds,
          kind: result.question.kind, slip: result.typed?.match == .slip)),
      of: result.member.id)
    guessTimes.count(result)
    return record
  }

  private mutating func answered(
    _ member: MemberID, right: Bool, seconds: Double, kind: QuestionKind, slip: Bool,
    at time: Double
  ) -> MemoryRecord {
    let previous = records[member]
    let recallBefore = ownRecall(of: member, at: time)
    let evidence = guessTimes.evidence(seconds: seconds, kind: kind)
    let options = kind.guessedAmong
    let recalled = Self.recalledGrade(seconds: seconds, kind: kind, slip: slip)
    let grade =
      right && Self.knew(recallBefore: recallBefore, options: options, time: evidence) >= 0.5
      ? recalled : .again
    let typed = grade == .again ? false : kind == .typing || previous?.typed == true
    let record: MemoryRecord
    if let previous {
      let belief = Self.belief(of: previous).answered(
        right: right, grade: recalled, afterDays: (time - previous.lastAnswer) / 86_400,
        options: options, time: evidence, model: model)
      record = MemoryRecord(
        memory: belief.typicalMemory, lastAnswer: time, lastGrade: grade, typed: typed,
        belief: belief)
    } else {
      let memory = model.answered(
        nil, right: right, grade: recalled, afterDays: nil, options: options, time: evidence)
      record = MemoryRecord(
        memory: memory, lastAnswer: time, lastGrade: grade, typed: typed,
        belief: SpeedBelief(memory: memory))
    }
    records[member] = record
    return record
  }

  private static func belief(of record: MemoryRecord) -> SpeedBelief {
    record.belief ?? SpeedBelief(memory: record.memory)
  }

  /// Puts back the record a member had before a card or answer (nil: never met), when that
  /// card or answer could not be kept.
  public mutating func revert(_ member: MemberID, to record: MemoryRecord?) {
    records[member] = record
    taken[member]?.removeLast()
    if taken[member]?.isEmpty == true { taken[member] = nil }
    if mixture != nil {
      mixture = ModelMixture.replaying(taken, model: model, guessTimes: guessTimes)
    }
  }

  /// No longer counts an answer's time (one the history could not keep).
  public mutating func uncount(_ answer: QuestionResult) {
    guessTimes.uncount(answer)
  }
}
