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

/// Learn mode's choice of whom to show next: whoever the player is most likely to forget now.
/// - New people come in batches of `batchSize`, each with a name card, in an order shuffled
///   once per game. The next batch comes when everyone who may be asked is likely to be
///   recalled: they have been recalled since their card or last miss, and their recall is still
///   at least `likelyRecall`.
/// - Recall is what `Memories` says (one model from the first seconds to months, see
///   `MemoryModel`): people learnt on earlier days come first when their recall has fallen.
/// - A miss shows the name again: that person's learning starts again, so they come back within
///   a few questions. A right answer is a recall weighted by the chance the player knew the
///   name rather than guessed it among the options (`Memories.knew`); it spaces them out, the
///   more so the lower their recall was, as far as it was likely known.
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

  /// New people are met in an order shuffled by `random`.
  public init(members: [MemberID], using random: inout SeededGenerator) {
    order = members.shuffled(using: &random)
    rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
  }

  /// Takes note that the member was shown (a card or a question).
  public mutating func shown(_ member: MemberID) {
    recent.append(member)
    recent.removeFirst(max(0, recent.count - Self.spacing))
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
      uniqueKeysWithValues: met.map { ($0, memories.recall(of: $0, at: time) ?? 0) })
    let skipped = Set(recent.suffix(max(0, min(Self.spacing, met.count - 1))))
    let candidates = met.filter { !skipped.contains($0) }
    let weakest = candidates.min { first, second in
      let (a, b) = (recalls[first, default: 0], recalls[second, default: 0])
      return a != b ? a < b : rank[first, default: 0] < rank[second, default: 0]
    }
    let everyoneLikely = candidates.allSatisfy {
      recalls[$0, default: 0] >= Self.likelyRecall && memories.records[$0]?.lastGrade != .again
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
