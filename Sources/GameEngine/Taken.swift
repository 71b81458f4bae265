/// A name card or an answer as `Memories` took it in, at `time` (Unix seconds).
public struct Taken: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case card
    /// An answer to a question of `kind`, right or not, given in `seconds`; `slip`: a name
    /// typed with a slip.
    case answer(right: Bool, seconds: Double, kind: QuestionKind, slip: Bool)
  }

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
      let kind: Kind =
        switch event.kind {
        case .card: .card
        case .answer(let right, let seconds, let kind, let slip):
          .answer(right: right, seconds: seconds, kind: kind, slip: slip)
        }
      taken[event.person, default: []].append(Taken(time: event.time, kind: kind))
    }
    for index in taken.indices {
      taken.values[index].sort {
        $0.time != $1.time ? $0.time < $1.time : $0.isCard && !$1.isCard
      }
    }
    return taken
  }
}
