/// How a game chooses whom to show.
public enum PlayMode: String, Hashable, Sendable, CaseIterable {
  /// The classic timed quiz: everyone once, shuffled, round after round.
  case quiz
  /// Learning: new people are introduced with a name card in small batches, and the questions
  /// ask whoever the player is most likely to forget.
  case learn
}

/// A name card: a new person's face and name, no question. It stays until the player goes
/// on, or for `Rules.introductionTime` once the face is on screen.
public struct Introduction: Hashable, Sendable {
  public let member: Member
  /// When the face appeared (moved on by the length of any pause); nil while it loads.
  public var shownAt: Instant?
  /// The progress bar's step, 0 to `Rules.progressSteps`, over the card's time.
  public var step: Int

  public init(member: Member, shownAt: Instant? = nil, step: Int = 0) {
    self.member = member
    self.shownAt = shownAt
    self.step = step
  }
}

/// The memory of a name within one sitting, which FSRS (a model of days: a first look is
/// taken to last hours) does not describe: a name seen once is half gone within minutes, and
/// each recall makes it last longer, the more so the harder the recall was (the spacing
/// effect). It follows FSRS-6's forms in seconds: recall fades along FSRS-6's forgetting
/// curve, and a recall with probability R multiplies stability by 1 + g (e^(w10 (1 - R)) - 1),
/// FSRS-6's stability increase with its w10. All of its numbers are here.
public struct ShortTermMemory: Hashable, Sendable {
  /// Seconds until recall falls to 0.9 after a name card, or after a miss shows the name:
  /// the first learning step of Anki's defaults (1 minute).
  public static let firstStability = 60.0
  /// The gain g, chosen so that a recall at 0.9 multiplies stability by 2.5, the growth of
  /// Anki's learning steps; a harder recall (at 0.5) multiplies it by 9.8.
  public static let gain = 18.0

  /// Seconds until recall falls to 0.9.
  public var stability: Double
  /// When the name was last shown or recalled (Unix seconds).
  public var since: Double
  /// Whether it was recalled since it was last shown (on a card, or after a miss).
  public var hasBeenRecalled = false

  /// A name just shown, at `time`.
  public init(shownAt time: Double) {
    stability = Self.firstStability
    since = time
  }

  /// The probability of recalling the name at `time`.
  public func recall(at time: Double, model: MemoryModel) -> Double {
    model.recall(after: time - since, stability: stability)
  }

  /// The memory after a recall at `time`, whose probability was `recall`.
  public func recalled(at time: Double, recall: Double, model: MemoryModel) -> ShortTermMemory {
    var next = self
    next.stability *= 1 + Self.gain * (Double.exp(model.parameters[10] * (1 - recall)) - 1)
    next.since = time
    next.hasBeenRecalled = true
    return next
  }
}

/// Learn mode's choice of whom to show next: whoever the player is most likely to forget now.
/// - New people come in batches of `batchSize`, each with a name card, in an order shuffled
///   once per game. The next batch comes when everyone who may be asked is likely to be
///   recalled: they have been recalled since their card or last miss, and their recall is still
///   at least `likelyRecall`.
/// - Recall is predicted by `ShortTermMemory` for the people met, missed or answered this game
///   (and anyone whose last answer in the history was a miss), by FSRS-6 for the rest (people
///   learnt on earlier days, who come first when their recall has fallen).
/// - A miss shows the name again: that person's short-term memory starts again, so they come
///   back within a few questions. A right answer is a recall weighted by the chance the player
///   knew the name rather than guessed it among the options (`Memories.knew`); it spaces them
///   out, the more so the lower their recall was, as far as it was likely known.
/// - Never one of the last `spacing` people shown (cards included): a face is not asked while
///   its name is still on the screen of the mind.
public struct LearnScheduler: Sendable {
  /// People introduced together.
  public static let batchSize = 3
  /// How many of the people shown last are never asked next.
  public static let spacing = 3
  /// The recall every person who may be asked must have before anyone new is met.
  public static let likelyRecall = 0.85

  /// What comes next.
  public enum Step: Hashable, Sendable {
    case introduce(MemberID)
    case ask(MemberID)

    public var member: MemberID {
      switch self {
      case .introduce(let member), .ask(let member): member
      }
    }
  }

  /// The order in which new people are met.
  private let order: [MemberID]
  /// Where each member is in `order`, for ties.
  private let rank: [MemberID: Int]
  /// The people shown most recently, the last one last.
  private var recent: [MemberID] = []
  /// The rest of the batch being introduced, the next one first.
  private var batch: [MemberID] = []
  /// The short-term memory of each person seen this game (or missed last time).
  private var shortTerm: [MemberID: ShortTermMemory] = [:]
  /// Each person's short-term memory before their last card or answer (none inside: they had
  /// none), so that a card or answer taken back (`revert`) can be undone.
  private var shortTermBeforeLast: [MemberID: ShortTermMemory?] = [:]

  /// `memories` are what the player remembered when the game began: anyone whose last answer
  /// was a miss is learnt again from that answer on.
  public init(members: [MemberID], memories: Memories, using random: inout SeededGenerator) {
    order = members.shuffled(using: &random)
    rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    for member in members {
      if let record = memories.records[member], record.lastGrade == .again {
        shortTerm[member] = ShortTermMemory(shownAt: record.lastAnswer)
      }
    }
  }

  /// Takes note that the member was shown (a card or a question).
  public mutating func shown(_ member: MemberID) {
    recent.append(member)
    recent.removeFirst(max(0, recent.count - Self.spacing))
  }

  /// Takes note of a card seen at `time` (Unix seconds).
  public mutating func met(_ member: MemberID, at time: Double) {
    shortTermBeforeLast[member] = .some(shortTerm[member])
    shortTerm[member] = ShortTermMemory(shownAt: time)
  }

  /// Takes back the member's last card or answer (`met` or `answered`), which the history
  /// could not keep: their short-term memory is what it was before it. They stay among the
  /// people shown last (the player did see them). Nothing happens when there is nothing to
  /// take back, or it was already taken back.
  public mutating func revert(_ member: MemberID) {
    guard let before = shortTermBeforeLast.removeValue(forKey: member) else { return }
    shortTerm[member] = before
  }

  /// Takes note of an answer revealed at `time` (Unix seconds): right or not, and the recall
  /// predicted just before it (`recall(of:memories:at:)`). A right answer among several
  /// names is weighted by the chance the player knew it (`Memories.knew`): the memory after
  /// it is the expectation over a recall and a guess (after which the name shown is learnt
  /// afresh), so that a likely guess brings its person back soon.
  public mutating func answered(
    _ result: QuestionResult, recallBefore: Double?, options: Int, model: MemoryModel,
    at time: Double
  ) {
    let member = result.member.id
    shortTermBeforeLast[member] = .some(shortTerm[member])
    let fresh = ShortTermMemory(shownAt: time)
    guard case .correct = result.outcome else { return shortTerm[member] = fresh }
    let knew = Memories.knew(recallBefore: recallBefore, options: options)
    guard knew > 0 else { return shortTerm[member] = fresh }
    guard
      let recalled = shortTerm[member]?.recalled(
        at: time, recall: recallBefore ?? 1, model: model)
    else { return }
    var memory = recalled
    memory.stability = knew * recalled.stability + (1 - knew) * fresh.stability
    memory.hasBeenRecalled = knew >= 0.5
    shortTerm[member] = memory
  }

  /// The probability that the player recalls the member's name at `time` (Unix seconds); nil
  /// for someone never met.
  public func recall(of member: MemberID, memories: Memories, at time: Double) -> Double? {
    guard let memory = shortTerm[member] else {
      return memories.recall(of: member, at: time)
    }
    return memory.recall(at: time, model: memories.model)
  }

  /// Chooses the next step among `inPlay`, given what the player remembers at `time`, and
  /// moves on a batch being introduced.
  public mutating func next(inPlay: Set<MemberID>, memories: Memories, at time: Double) -> Step {
    let step = peek(inPlay: inPlay, memories: memories, at: time)
    if case .introduce(let member) = step {
      if batch.isEmpty { batch = newBatch(inPlay: inPlay, memories: memories) }
      batch.removeAll { $0 == member }
    }
    return step
  }

  /// What `next` would choose now, without moving on.
  public func peek(inPlay: Set<MemberID>, memories: Memories, at time: Double) -> Step {
    if let member = batch.first(where: { inPlay.contains($0) && memories.records[$0] == nil }) {
      return .introduce(member)
    }
    let met = order.filter { inPlay.contains($0) && memories.records[$0] != nil }
    let recalls = Dictionary(
      uniqueKeysWithValues: met.map { ($0, recall(of: $0, memories: memories, at: time) ?? 0) })
    let skipped = Set(recent.suffix(max(0, min(Self.spacing, met.count - 1))))
    let candidates = met.filter { !skipped.contains($0) }
    let weakest = candidates.min { first, second in
      let (a, b) = (recalls[first, default: 0], recalls[second, default: 0])
      return a != b ? a < b : rank[first, default: 0] < rank[second, default: 0]
    }
    let everyoneLikely = candidates.allSatisfy {
      recalls[$0, default: 0] >= Self.likelyRecall && shortTerm[$0]?.hasBeenRecalled ?? true
    }
    if everyoneLikely,
      let member = newBatch(inPlay: inPlay, memories: memories).first
    {
      return .introduce(member)
    }
    return .ask(weakest ?? met.first ?? order.first { inPlay.contains($0) } ?? order[0])
  }

  private func newBatch(inPlay: Set<MemberID>, memories: Memories) -> [MemberID] {
    Array(
      order.lazy.filter { inPlay.contains($0) && memories.records[$0] == nil }.prefix(
        Self.batchSize))
  }
}
