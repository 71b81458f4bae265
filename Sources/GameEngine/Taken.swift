/// A name card or an answer as `Memories` took it in, at `time` (Unix seconds).
public struct Taken: Hashable, Sendable {
  /// A name card, or an answer: the same kinds the history records and the fit replays.
  public typealias Kind = MemoryFit.Event.Kind

  public var time: Double
  public var kind: Kind

  public init(time: Double, kind: Kind) {
    self.time = time
    self.kind = kind
  }

  /// Whether it is a name card.
  var isCard: Bool { kind == .card }

  /// Whether it is a right answer.
  var isRight: Bool {
    if case .answer(right: true, _, _, _) = kind { true } else { false }
  }
}

/// The history's cards and answers as `Memories` takes them in.
extension Taken {
  /// The cards and answers of `events` (in any order; the history's, as the fit reads them)
  /// by person, each person's in order, a card before an answer of the same moment; only
  /// those of `people` when given.
  public static func byPerson(_ events: [MemoryFit.Event], only people: Set<Int64>? = nil)
    -> [Int64: [Taken]]
  {
    var taken: [Int64: [Taken]] = [:]
    for event in events where people?.contains(event.person) ?? true {
      taken[event.person, default: []].append(Taken(time: event.time, kind: event.kind))
    }
    for index in taken.indices {
      taken.values[index].sort(by: comesBefore)
    }
    return taken
  }

  /// The cards and answers of `events` (every roster's) about `members` (the history's people
  /// by the member each is), each member's in order, as `byPerson` orders them.
  public static func byMember(_ events: [MemoryFit.Event], members: [Int64: MemberID])
    -> [MemberID: [Taken]]
  {
    var taken: [MemberID: [Taken]] = [:]
    for (person, events) in byPerson(events, only: Set(members.keys)) {
      if let member = members[person] { taken[member] = events }
    }
    return taken
  }

  /// Whether `first` comes before `second` when taken in: the earlier first, and a card
  /// before an answer of the same moment.
  static func comesBefore(_ first: Taken, _ second: Taken) -> Bool {
    first.time != second.time ? first.time < second.time : first.isCard && !second.isCard
  }
}
