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

/// Learn mode's choice of whom to show next:
/// - New people come in batches of `batchSize`, each with a name card, in an order shuffled
///   once per game. The next batch comes only when the player knows everyone introduced so
///   far (their last answer was recalled and recall is still at least 0.9), so the people who
///   are due, on a new day, come before anyone new.
/// - Otherwise it asks the introduced person with the lowest recall now, never one of the
///   last `spacing` people shown (cards included), so a face is never asked while its name
///   is still on the screen of the mind. A miss lowers recall at once: that person comes back
///   as soon as the spacing allows. A right answer raises their stability: they come back
///   later and later.
public struct LearnScheduler: Sendable {
  /// People introduced together.
  public static let batchSize = 3
  /// How many of the people shown last are never asked next.
  public static let spacing = 3

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
    let introduced = order.filter { inPlay.contains($0) && memories.records[$0] != nil }
    let everyoneKnown = introduced.allSatisfy { memories.knows($0, at: time) }
    if everyoneKnown || introduced.count < 2,
      let member = newBatch(inPlay: inPlay, memories: memories).first
    {
      return .introduce(member)
    }
    let skipped = Set(recent.suffix(min(Self.spacing, introduced.count - 1)))
    let candidates = introduced.filter { !skipped.contains($0) }
    let weakest = candidates.min { first, second in
      let (a, b) = (
        memories.recall(of: first, at: time) ?? 0, memories.recall(of: second, at: time) ?? 0
      )
      return a != b ? a < b : rank[first, default: 0] < rank[second, default: 0]
    }
    return .ask(weakest ?? introduced.first ?? order.first { inPlay.contains($0) } ?? order[0])
  }

  private func newBatch(inPlay: Set<MemberID>, memories: Memories) -> [MemberID] {
    Array(
      order.lazy.filter { inPlay.contains($0) && memories.records[$0] == nil }.prefix(
        Self.batchSize))
  }
}
