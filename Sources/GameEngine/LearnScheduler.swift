/// A name card: a new person's face and name, no question; or, with a `partner`, two people
/// often taken for each other, side by side. It stays until the player goes on, or for
/// `Rules.introductionTime` once the face is on screen.
public struct Introduction: Hashable, Sendable {
  public let member: Member
  /// The person shown beside `member` on a card of two; nil on a name card.
  public var partner: Member?
  /// When the face appeared (moved on by the length of any pause); nil while it loads.
  public var shownAt: Instant?
  /// The progress bar's step, 0 to `Rules.progressSteps`, over the card's time.
  public var step: Int

  public init(member: Member, partner: Member? = nil, shownAt: Instant? = nil, step: Int = 0) {
    self.member = member
    self.partner = partner
    self.shownAt = shownAt
    self.step = step
  }
}

/// Learn mode's choice of whom to show next: whoever the player is most likely to forget now.
/// - New people are met one at a time, each with a name card, in an order shuffled once per
///   game, whenever nobody who may be asked is due: a name being learnt is due below the
///   recall at which asking teaches it in the fewest questions (`askingRecall`, from the
///   player's memory model), a name learnt below the desired recall (0.9). So the people met
///   at once are as many as the model says stay above it, but each is asked soon (below); on
///   a later day, whoever is due comes before anyone new. Whenever someone is due, the weakest
///   is asked.
/// - Recall is what `Memories` says (one model from the first seconds to months, see
///   `MemoryModel`): people learnt on earlier days come first when their recall has fallen.
/// - A miss shows the name again: that person's learning falls back, and the belief of how fast
///   they are forgotten moves to the faster speeds (`SpeedBelief`), so they come back sooner;
///   a person with few answers, whose speed is not known yet, comes back sooner than one whose
///   answers said it. A right answer is a
///   recall weighted by the chance the player knew the name rather than guessed it among the
///   options (`Memories.knew`); it spaces them out, the more so the lower their recall was, as far
///   as it was likely known.
/// - Never one of the last `spacing` people shown (cards included), while anyone else met may
///   be asked: a face is not asked while its name is still on the screen of the mind. (With
///   only three met, the first of them may be; and the first of three people waiting, below.)
/// - A new person is asked soon after their card, and again soon after a miss, until they are
///   answered right: no more than `mostWaiting` people met and never answered right, and never
///   more than that many name cards in a row. With that many waiting (or after that many
///   cards), one of them is asked though nobody is due: the one shown longest ago (by their
///   card or their last miss) not among the last three shown, or, when all three are (three
///   cards in a row), the first of them. So a game's first question asks the first card after
///   the third, and from then on, while nobody is due and the answers are right, a card and a
///   question come in turn, each new person asked within five steps of their card; a miss
///   holds the next card back until someone waiting is answered right (expanding retrieval: a
///   first try soon, while it is likely to succeed, then intervals that grow as the memories
///   say).
///   A player whose fitted first learning says they keep a new name at least twice as long as
///   the model's default (`keepsNewNamesLonger`) meets people as the memories say alone.
public struct LearnScheduler: Sendable {
  /// How many of the people shown last are never asked next.
  public static let spacing = 3
  /// The most people met and never answered right, and so the most name cards shown in a
  /// row, unless the player keeps new names longer.
  public static let mostWaiting = 3

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
  /// The name cards shown since the last question.
  private var cards = 0

  /// New people are met in an order shuffled by `random`.
  public init(members: [MemberID], using random: inout SeededGenerator) {
    order = members.shuffled(using: &random)
    rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
  }

  /// Takes note that the step was shown.
  public mutating func shown(_ step: Step) {
    recent.append(step.member)
    recent.removeFirst(max(0, recent.count - Self.spacing))
    if case .introduce = step { cards += 1 } else { cards = 0 }
  }

  /// Whether the player's fitted first learning (the seconds a name card alone keeps a name
  /// at 0.9) is at least twice the model's default: their answers show that they keep new
  /// names longer than the cap on cards in a row assumes.
  public static func keepsNewNamesLonger(_ model: MemoryModel) -> Bool {
    model.firstLearning >= 2 * MemoryModel.defaultFirstLearning
  }

  /// Chooses the next step among `inPlay`, given what the player remembers at `time` (the
  /// choice is taken once `shown` is told of it).
  public func next(inPlay: Set<MemberID>, memories: Memories, at time: Double) -> Step {
    let met = order.filter { inPlay.contains($0) && memories.records[$0] != nil }
    let recalls = Dictionary(
      uniqueKeysWithValues: met.map { ($0, memories.recall(of: $0, at: time) ?? 0) })
    let skipped = Set(recent.suffix(max(0, min(Self.spacing, met.count - 1))))
    let candidates = met.filter { !skipped.contains($0) }
    let weakest = candidates.min { first, second in
      let (a, b) = (recalls[first, default: 0], recalls[second, default: 0])
      return a != b ? a < b : rank[first, default: 0] < rank[second, default: 0]
    }
    // Someone is due when a name learnt falls below the desired recall (FSRS's review), or a
    // name being learnt below the asking recall: what the screens count as due.
    let someoneDue = candidates.contains { memories.isDue($0, at: time) }
    if !someoneDue,
      let member = order.first(where: { inPlay.contains($0) && memories.records[$0] == nil })
    {
      if !Self.keepsNewNamesLonger(memories.model) {
        // The people met and never answered right, the one shown longest ago first (everyone
        // met has a record).
        let waiting = met.filter(memories.wasNeverRight).sorted { first, second in
          let (a, b) = (memories.records[first]!.lastAnswer, memories.records[second]!.lastAnswer)
          return a != b ? a < b : rank[first, default: 0] < rank[second, default: 0]
        }
        if waiting.count >= Self.mostWaiting || cards >= Self.mostWaiting,
          let first = waiting.first(where: { !skipped.contains($0) }) ?? waiting.first ?? weakest
        {
          return .ask(first)
        }
      }
      return .introduce(member)
    }
    return .ask(weakest ?? met.first ?? order.first { inPlay.contains($0) } ?? order[0])
  }

  /// The recall at which asking someone learns their name in the fewest questions, as `model`
  /// says: asked each time their recall falls to R, a name is learnt (its learning stability
  /// grown from `firstLearning` to FSRS's first stability) after K(R) right answers in a row,
  /// each growing it by the learning's growth at R times the chance the answer was known, and
  /// each right with chance q = R + (1 - R) / 4 but for a slip (a guess among four may be
  /// right: the fit's own likelihood of a right answer, `MemoryFit.likelihood`, and of it the
  /// share known), a miss
  /// taken as starting it again (it keeps a little: the estimate leans to asking early):
  /// (1 - q^K) / ((1 - q) q^K) questions on average. Asking late grows a
  /// memory more per right answer but misses more often (and a right answer at a low recall
  /// may be a guess, so counts less); the best R lies between.
  public static func askingRecall(_ model: MemoryModel) -> Double {
    let options = QuestionGenerator.optionCount
    let card = model.remember(nil, grade: .again, afterDays: nil)
    let needed = Double.log(max(card.stability * 86_400 / model.firstLearning, 1.01))
    func questions(_ recall: Double) -> Double {
      let right = MemoryFit.likelihood(right: true, recall: recall, options: options)
      let knew = (1 - MemoryFit.slip) * recall / right
      let growth = knew * model.learningGrowth(atRecall: recall)
      guard growth > 1 else { return .infinity }
      let all = Double.pow(right, needed / Double.log(growth))
      return (1 - all) / ((1 - right) * all)
    }
    // The grid is never empty, so it always has a least.
    let grid = stride(from: 0.30, through: 0.95, by: 0.01)
    return grid.min { questions($0) < questions($1) }!
  }
}
