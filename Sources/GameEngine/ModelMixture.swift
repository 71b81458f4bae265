import RealModule

/// Two models of the player's memory, weighed by how well each foretold the player's answers
/// (Bayesian model averaging): the game's own (`MemoryModel`, FSRS with the first minutes'
/// learning, fitted to the player) and ACT-R's with the spacing effect (`ActrModel`, with
/// its published parameters). People's memories differ in kind, not only in speed: for some
/// a name shown a minute ago is as good as learnt, for others it fades within the minute and
/// a name seen at long intervals keeps better than one seen often. Each family's weight is the
/// chance of the last answers under it (every person's, the history's included), the two
/// equal before any answer; a person's recall is the families' recalls weighed so, and so is
/// the recall below which they are due (`Memories.isDue`). ACT-R's side is nothing but when
/// each name was shown, so it is replayed from the history's cards and answers at each
/// launch: nothing of it is stored. So that a long history neither slows a launch nor holds
/// the weights to what the player was long ago, the weights are the chance of the last
/// `answersWeighed` answers, a guess is scored among the `othersShown` people shown last, and
/// each person keeps their last `ActrTraces.kept` traces.
public struct ModelMixture: Hashable, Sendable {
  /// The recall below which a name is due by ACT-R's account, learnt or not (set on the
  /// benchmark's setting players, see docs/memory-model.md).
  public static let actrDueBelow = 0.6
  /// How many of the last answers weigh the two models.
  public static let answersWeighed = 500
  /// How many of the people shown last (the person asked aside) a guess is scored among.
  public static let othersShown = 50

  /// The time as ACT-R counts it.
  private var clock = SittingClock()
  /// Each person's traces, from their cards and answers.
  private var traces: [MemberID: ActrTraces] = [:]
  /// The people shown last, the last one last, each once.
  private var shown: [MemberID] = []
  /// The log likelihood of each of the last answers under the game's own model, and under
  /// ACT-R's, the last one last; and their sums.
  private(set) var ownLikelihoods: [Double] = []
  private var actrLikelihoods: [Double] = []
  private(set) var ownEvidence = 0.0
  private(set) var actrEvidence = 0.0

  /// ACT-R's weight, 0 to 1: the chance of the answers under it, against the game's own model.
  public var actrWeight: Double {
    1 / (1 + Double.exp(min(700, ownEvidence - actrEvidence)))
  }

  /// The weights of `member`'s speeds on ACT-R's side (`SpeedBelief.speeds`); nil for someone
  /// it never saw shown.
  func speedWeights(of member: MemberID) -> [Double]? {
    traces[member]?.weights
  }

  /// ACT-R's recall of `member` at `time` (Unix seconds); nil for someone it never saw shown.
  func actrRecall(of member: MemberID, at time: Double) -> Double? {
    traces[member]?.recall(at: clock.moment(at: time))
  }

  /// Takes in a card or an answer of `member`: `own` is the game's own model's recall of
  /// each person met just before it; `guessTimes` say what an answer's time says of a guess.
  /// `weighs`: whether an answer weighs the two models (a replay leaves out those that would
  /// not be among the last `answersWeighed`); it weighs the speeds of ACT-R's side always.
  mutating func take(
    _ event: Taken, of member: MemberID, own: (MemberID) -> Double?, guessTimes: GuessTimes,
    weighs: Bool = true
  ) {
    // An answer about someone ACT-R never saw shown (a record kept without its cards and
    // answers) says nothing of it: it weighs nothing.
    if case .answer(let right, let seconds, let kind, _) = event.kind, traces[member] != nil {
      let time = guessTimes.evidence(seconds: seconds, kind: kind)
      let moment = clock.moment(at: event.time)
      let options = kind.guessedAmong
      let slipGuess = options > 0 ? 1 / Double(options) : 0
      let (actrBefore, actrGuess) = actrBefore(member, among: options, at: moment)
      func likelihood(_ recall: Double?, guess: Double) -> Double {
        MemoryFit.likelihood(
          right: right, recall: recall ?? 0, guess: guess, slipGuess: slipGuess, time: time)
      }
      if weighs {
        let ownGuess = guessRight(among: options, others: own, but: member)
        weigh(
          own: Double.log(max(likelihood(own(member), guess: ownGuess), 1e-300)),
          actr: Double.log(max(likelihood(actrBefore, guess: actrGuess), 1e-300)))
      }
      self.traces[member]?.weigh(by: { likelihood($0, guess: actrGuess) }, at: moment)
    }
    traces[member, default: ActrTraces()].shown(at: noteShown(member, at: event.time))
  }

  /// Takes note that `member` was shown at `time` (Unix seconds); returns the time ACT-R
  /// counts at it.
  private mutating func noteShown(_ member: MemberID, at time: Double) -> Double {
    shown.removeAll { $0 == member }
    shown.append(member)
    shown.removeFirst(max(0, shown.count - Self.othersShown - 1))
    return clock.note(time)
  }

  /// ACT-R's recall of `member` at `moment`, and the chance that a guess among `options`
  /// names about them is right (`guessRight`), before an answer.
  private func actrBefore(_ member: MemberID, among options: Int, at moment: Double) -> (
    recall: Double?, guess: Double
  ) {
    (
      traces[member]?.recall(at: moment),
      guessRight(among: options, others: { traces[$0]?.recall(at: moment) }, but: member)
    )
  }

  /// Adds an answer's log likelihoods, the oldest dropped beyond `answersWeighed`.
  private mutating func weigh(own: Double, actr: Double) {
    ownLikelihoods.append(own)
    actrLikelihoods.append(actr)
    ownEvidence += own
    actrEvidence += actr
    if ownLikelihoods.count > Self.answersWeighed {
      ownEvidence -= ownLikelihoods.removeFirst()
      actrEvidence -= actrLikelihoods.removeFirst()
    }
  }

  /// The chance that a guess among `options` names picks the right one when the player rules
  /// out every other name they recall: the others are the people shown last (each recalled
  /// as `recall` says), or strangers where fewer than the options' others were met.
  private func guessRight(
    among options: Int, others recall: (MemberID) -> Double?, but member: MemberID
  ) -> Double {
    guard options > 0 else { return 0 }
    let others = shown.suffix(Self.othersShown + 1).filter { $0 != member }
      .suffix(Self.othersShown)
    return Self.guessRight(among: options, recalls: others.map { recall($0) ?? 0 })
  }

  /// The chance that a guess among `options` names is right when each other name offered is
  /// one of people recalled as `recalls` say (their mean r; strangers, recalled by no one,
  /// where they are fewer than the options' others), and ruled out if recalled: a guess is
  /// even among the names not ruled out, so right with (1 - r^n) / (n (1 - r)) for n options
  /// (1 / n when nothing is recalled). A name typed cannot be guessed: 0.
  static func guessRight(among options: Int, recalls: [Double]) -> Double {
    guard options > 0 else { return 0 }
    let mean = recalls.reduce(0, +) / Double(max(recalls.count, options - 1))
    let n = Double(options)
    if mean < 1e-9 { return 1 / n }
    if mean > 1 - 1e-9 { return 1 }
    return min(1, (1 - Double.pow(mean, n)) / (n * (1 - mean)))
  }

  /// The mixture of everyone's `taken` cards and answers, taken in in the order they came
  /// (a card before an answer of the same moment), the game's own side as `model` takes them.
  /// So that a launch takes a time bounded by the roster, not by the history, only each
  /// person's last `ActrTraces.kept` cards and answers are taken in (by both sides: a person
  /// met long before is replayed from there), and of their answers only the last
  /// `answersWeighed` weigh the models; the clock of sittings takes every one.
  static func replaying(
    _ taken: [MemberID: [Taken]], model: MemoryModel, guessTimes: GuessTimes
  ) -> ModelMixture {
    let times = taken.values.flatMap { $0.map(\.time) }.sorted()
    let laid = taken.flatMap { member, events in
      events.suffix(ActrTraces.kept).map { (member, $0) }
    }.sorted { first, second in
      if Taken.comesBefore(first.1, second.1) { return true }
      if Taken.comesBefore(second.1, first.1) { return false }
      return first.0 < second.0
    }
    let answers = laid.count { !$0.1.isCard }
    var answered = 0
    var next = times.startIndex
    var mixture = ModelMixture()
    var own = Memories(model: model, guessTimes: guessTimes, weighsModels: false)
    for (member, event) in laid {
      // Every card and answer before this one (any person's) moves the clock of sittings.
      while next < times.endIndex, times[next] < event.time {
        _ = mixture.clock.note(times[next])
        next += 1
      }
      if !event.isCard { answered += 1 }
      mixture.take(
        event, of: member, own: { own.ownRecall(of: $0, at: event.time) },
        guessTimes: guessTimes, weighs: answers - answered < answersWeighed)
      own.take(event, of: member)
    }
    return mixture
  }
}
