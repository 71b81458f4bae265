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

/// Learn mode's choice of whom to show next, as Anki schedules new cards: short learning steps
/// first, then FSRS.
/// - New people come in batches of `batchSize`, each with a name card, in an order shuffled
///   once per game.
/// - A person met on a card, or missed, is being learnt: they are asked again
///   `learningSteps[0]` seconds later, and after each right answer at the next step; a miss
///   starts the steps again. After the last step they are learnt, and come back when FSRS-6
///   says their recall falls to 0.9 (their interval).
/// - The next question asks whoever is most overdue; when nobody is due, the next batch comes
///   if everyone met has answered right since their card or last miss (so is likely to be
///   recalled), else whoever is due soonest. People due from an earlier day come first.
/// - Never one of the last `spacing` people shown (cards included): a face is not asked while
///   its name is still on the screen of the mind.
public struct LearnScheduler: Sendable {
  /// People introduced together.
  public static let batchSize = 3
  /// How many of the people shown last are never asked next.
  public static let spacing = 3
  /// Seconds from a card or a miss to the first question, then from each right answer to the
  /// next, while a person is being learnt.
  public static let learningSteps: [Double] = [15, 45, 120, 300, 900]

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
  /// The people being learnt, and the learning step each is at.
  private var learning: [MemberID: Int] = [:]

  /// `memories` are what the player remembered when the game began: anyone whose last answer
  /// was a miss starts the learning steps again.
  public init(members: [MemberID], memories: Memories, using random: inout SeededGenerator) {
    order = members.shuffled(using: &random)
    rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    for member in members where memories.records[member]?.lastGrade == .again {
      learning[member] = 0
    }
  }

  /// Takes note that the member was shown (a card or a question).
  public mutating func shown(_ member: MemberID) {
    recent.append(member)
    recent.removeFirst(max(0, recent.count - Self.spacing))
  }

  /// Takes note of a card seen: the member starts the learning steps.
  public mutating func met(_ member: MemberID) { learning[member] = 0 }

  /// Takes note of an answer: recalled (a right answer that counted) moves the member a
  /// learning step on, not recalled starts the steps again.
  public mutating func answered(_ member: MemberID, recalled: Bool) {
    guard recalled else { return learning[member] = 0 }
    guard let step = learning[member] else { return }
    learning[member] = step + 1 < Self.learningSteps.count ? step + 1 : nil
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

  /// When the member is next due (Unix seconds): their learning step's time, or when their
  /// recall falls to 0.9.
  public func due(_ member: MemberID, memories: Memories) -> Double {
    guard let record = memories.records[member] else { return -.infinity }
    if let step = learning[member] { return record.lastAnswer + Self.learningSteps[step] }
    return record.lastAnswer + memories.model.interval(of: record.memory) * 86_400
  }

  /// What `next` would choose now, without moving on.
  public func peek(inPlay: Set<MemberID>, memories: Memories, at time: Double) -> Step {
    if let member = batch.first(where: { inPlay.contains($0) && memories.records[$0] == nil }) {
      return .introduce(member)
    }
    let introduced = order.filter { inPlay.contains($0) && memories.records[$0] != nil }
    let skipped = Set(recent.suffix(max(0, min(Self.spacing, introduced.count - 1))))
    let candidates = introduced.filter { !skipped.contains($0) }
    let soonest = candidates.min { first, second in
      let (a, b) = (due(first, memories: memories), due(second, memories: memories))
      return a != b ? a < b : rank[first, default: 0] < rank[second, default: 0]
    }
    let someoneDue = soonest.map { due($0, memories: memories) <= time } ?? false
    let everyoneLikely = introduced.allSatisfy { (learning[$0] ?? 1) >= 1 }
    if !someoneDue, everyoneLikely || candidates.isEmpty,
      let member = newBatch(inPlay: inPlay, memories: memories).first
    {
      return .introduce(member)
    }
    return .ask(soonest ?? introduced.first ?? order.first { inPlay.contains($0) } ?? order[0])
  }

  private func newBatch(inPlay: Set<MemberID>, memories: Memories) -> [MemberID] {
    Array(
      order.lazy.filter { inPlay.contains($0) && memories.records[$0] == nil }.prefix(
        Self.batchSize))
  }
}
