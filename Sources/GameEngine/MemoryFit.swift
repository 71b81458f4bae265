import RealModule

/// What the memory model learns of one player: the few numbers of `MemoryModel` that differ
/// most between people, fitted to their own answers.
public struct PlayerMemory: Hashable, Sendable, Codable {
  /// Seconds until recall falls to 0.9 after a name card or a miss (`MemoryModel.firstLearning`).
  public var firstLearning: Double
  /// How much a recall while learning makes a name last longer (`MemoryModel.learningGain`).
  public var learningGain: Double
  /// How fast recall fades while learning (`MemoryModel.learningDecay`).
  public var learningDecay: Double

  public init(firstLearning: Double, learningGain: Double, learningDecay: Double) {
    self.firstLearning = firstLearning
    self.learningGain = learningGain
    self.learningDecay = learningDecay
  }

  /// The defaults, for a player the game knows nothing of.
  public static let standard = PlayerMemory(MemoryModel.standard)

  /// The numbers of `model`.
  public init(_ model: MemoryModel) {
    self.init(
      firstLearning: model.firstLearning, learningGain: model.learningGain,
      learningDecay: model.learningDecay)
  }

  /// The memory model with these numbers, and FSRS-6's defaults for the rest.
  public var model: MemoryModel {
    MemoryModel(
      firstLearning: firstLearning, learningGain: learningGain, learningDecay: learningDecay)
  }
}

/// Fits a player's memory (`PlayerMemory`) to their answers by maximum likelihood: every
/// answer's outcome against the recall the model predicted just before it, replaying each
/// person's name cards and answers in order as the game took them in.
///
/// - A right answer among four names is likely R + (1 - R) / 4 (a guess is right one time in
///   four), but for a `slip` (then a guess whatever R); a wrong answer or a timeout 1 - that.
///   A name typed cannot be guessed: right with probability R, but for a slip. A name typed
///   right is taken in as the game took it: recalled, with effort if it had a spelling slip
///   (`TypedMatch.slip`, not the fit's `slip`).
/// - A person's replay starts at their first name card, and every answer after it is scored.
///   An answer before any card (a quiz's, or one recorded before cards were) starts it
///   instead, unscored: the name is shown at its reveal.
/// - Bounded (each number within `lowerBounds` and `upperBounds`) and regularised toward the
///   defaults, so that a short history moves the model only as far as its evidence goes.
/// - The optimiser is Nelder and Mead's simplex over the numbers' logarithms: three numbers
///   need no gradient.
public enum MemoryFit {
  /// One thing recorded of a person: a name card seen, or an answer.
  public struct Event: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      /// A name card: the name shown, nothing asked.
      case card
      /// An answer to a question of `kind`, right or not, given in `seconds`; `slip`: a name
      /// typed right with a spelling slip (`TypedMatch.slip`).
      case answer(right: Bool, seconds: Double, kind: QuestionKind, slip: Bool)
    }

    /// Whom it was about: any value that tells people apart.
    public var person: Int64
    /// Unix seconds.
    public var time: Double
    public var kind: Kind

    public init(person: Int64, time: Double, kind: Kind) {
      self.person = person
      self.time = time
      self.kind = kind
    }

    /// An answer about `person` at `time`.
    public static func answer(
      person: Int64, time: Double, right: Bool, seconds: Double, kind: QuestionKind = .name,
      slip: Bool = false
    ) -> Self {
      Self(
        person: person, time: time,
        kind: .answer(right: right, seconds: seconds, kind: kind, slip: slip))
    }

    /// A name card of `person` seen at `time`.
    public static func card(person: Int64, time: Double) -> Self {
      Self(person: person, time: time, kind: .card)
    }
  }

  /// What a fit found.
  public struct Result: Hashable, Sendable {
    public var memory: PlayerMemory
    /// The answers scored (an answer before any card of its person aside).
    public var answers: Int
    /// The mean log loss of the answers, with the defaults and with the fitted numbers.
    public var lossBefore: Double
    public var lossAfter: Double

    public init(memory: PlayerMemory, answers: Int, lossBefore: Double, lossAfter: Double) {
      self.memory = memory
      self.answers = answers
      self.lossBefore = lossBefore
      self.lossAfter = lossAfter
    }
  }

  /// Fewer scored answers than this, and the defaults stay: a few minutes into a first sitting
  /// (the prior holds a fit of so few answers near the defaults).
  public static let minimumAnswers = 30
  /// The most cards and answers a fit replays: those of the people met most recently, each
  /// from their first (`newestMet(_:most:)`). A fit's time grows with what it replays, and the
  /// fit runs as a sitting ends and as the player quits, so a history of years is fitted in
  /// the time of this many. The three numbers are those of a name's first minutes and days,
  /// which each person's first cards and answers tell, and the people met lately tell them of
  /// the player as they are now (the engine's tests bring them back within a tenth from 5,000
  /// people, 55,000 cards and answers).
  public static let mostEvents = 60_000
  /// Each number's range: its least value here, its greatest in `upperBounds`.
  public static let lowerBounds = PlayerMemory(
    firstLearning: 5, learningGain: 1.5, learningDecay: 0.1)
  public static let upperBounds = PlayerMemory(
    firstLearning: 7_200, learningGain: 200, learningDecay: 2)
  /// How strongly the fit is held to the defaults: a penalty of half the squared distance
  /// from them in units of `priorWidth` of each number's logarithm (a factor of e^1.1 = 3),
  /// weighed against the sum of the answers' log losses.
  static let priorWidth = 1.1

  /// The chance that an answer is a slip (a tap on the wrong name, a name known but not
  /// brought up in time): its outcome is then a guess among the options whatever the recall,
  /// so that one mis-tap just after a recall costs the fit a few units of log likelihood
  /// rather than twenty.
  public static let slip = 0.02

  /// How likely an answer is at recall `recall` among `options` names (0: a name typed, which
  /// cannot be guessed): right with R + (1 - R) g (g is 1 / options), but for a slip, a guess
  /// g whatever R; a right answer's two sides, known and guessed, each weighed by its `time`
  /// (`GuessTimes`); a wrong one 1 - that, untimed (a wrong answer's time says nothing).
  public static func likelihood(
    right: Bool, recall: Double, options: Int, time: GuessTimes.Evidence = .none
  ) -> Double {
    let guess = options > 0 ? 1 / Double(options) : 0
    return likelihood(right: right, recall: recall, guess: guess, slipGuess: guess, time: time)
  }

  /// How likely an answer is at recall `recall` when a guess of a name not recalled is right
  /// with chance `guess`, and a slip (a pick whatever the recall, among every option) with
  /// chance `slipGuess` (see `likelihood(right:recall:options:time:)`).
  public static func likelihood(
    right: Bool, recall: Double, guess: Double, slipGuess: Double,
    time: GuessTimes.Evidence = .none
  ) -> Double {
    guard right else {
      return 1 - ((1 - slip) * (recall + (1 - recall) * guess) + slip * slipGuess)
    }
    let guessed = (1 - slip) * (1 - recall) * guess + slip * slipGuess
    return (1 - slip) * recall * time.knew + guessed * time.guessed
  }

  /// `memory` within the bounds, as a fit finds it; nil when a number is not finite (a
  /// fit kept by something else, or damaged).
  public static func bounded(_ memory: PlayerMemory) -> PlayerMemory? {
    let values = numbers(memory)
    guard values.allSatisfy(\.isFinite) else { return nil }
    let clamped = zip(values, ranges).map { clamp($0, $1.0, $1.1) }
    return PlayerMemory(
      firstLearning: clamped[0], learningGain: clamped[1], learningDecay: clamped[2])
  }

  /// How many answers of `events` a fit scores (an answer before any card of its person
  /// aside).
  public static func scored(_ events: [Event]) -> Int { Replay(events).scored }

  /// The cards and answers of `events` that a fit replays: at most `most`, the people met
  /// most recently first (by their first card or answer), each from their first in the order
  /// they came; the last person kept may be cut short (their replay is exact up to the cut,
  /// and what comes after is not scored).
  static func newestMet(_ events: [Event], most: Int = mostEvents) -> [Event] {
    guard events.count > most else { return events }
    // Each person's in the order a replay takes them in.
    let newestFirst = Taken.byPerson(events).sorted { first, second in
      (first.value[0].time, first.key) > (second.value[0].time, second.key)
    }
    var kept: [Event] = []
    for (person, taken) in newestFirst where kept.count < most {
      kept += taken.prefix(most - kept.count).map {
        Event(person: person, time: $0.time, kind: $0.kind)
      }
    }
    return kept
  }

  /// How the fit runs its shares of people (`count` pieces of `work`, each on its own share):
  /// one after another (`oneAfterAnother`), or at once, on threads the caller owns (`History`
  /// runs them on Dispatch's `concurrentPerform`): the engine makes none. Whichever, every loss
  /// is the same to the last bit.
  public typealias Shares = @Sendable (_ count: Int, _ work: @Sendable (Int) -> Void) -> Void

  /// Each share after the one before, on the caller's thread.
  public static let oneAfterAnother: Shares = { count, work in
    for share in 0..<count { work(share) }
  }

  /// The mean log loss of the answers of `events` (in any order) under `model`, and how many
  /// were scored; each right answer taken in as the game takes it, its time weighed by
  /// `guessTimes` (the player's, see `GuessTimes`).
  public static func logLoss(
    of events: [Event], model: MemoryModel, guessTimes: GuessTimes = GuessTimes(),
    run: @escaping Shares = oneAfterAnother
  ) -> (loss: Double, count: Int) {
    let replay = Replay(events, guessTimes: guessTimes, run: run)
    let total = replay.loss(model)
    return (total / Double(max(1, replay.scored)), replay.scored)
  }

  /// The player's memory fitted to the cards and answers of `events` (in any order; of the
  /// people met most recently, at most `most`: `newestMet`), starting from `prior`; nil when
  /// fewer than `minimumAnswers` would be scored. Each right answer is taken in as the game
  /// takes it, its time weighed by `guessTimes` (the player's).
  public static func fit(
    _ events: [Event], prior: PlayerMemory = .standard, guessTimes: GuessTimes = GuessTimes(),
    most: Int = mostEvents, run: @escaping Shares = oneAfterAnother
  ) -> Result? {
    let replay = Replay(newestMet(events, most: most), guessTimes: guessTimes, run: run)
    guard replay.scored >= minimumAnswers else { return nil }
    let start = point(prior)
    func objective(_ x: [Double]) -> Double {
      let penalty = zip(x, start).reduce(0) { sum, pair in
        sum + 0.5 * Double.pow((pair.0 - pair.1) / priorWidth, 2)
      }
      return replay.loss(memory(at: x).model) + penalty + 1_000 * excess(x)
    }
    let best = minimise(objective, from: start, step: 0.5)
    let fitted = memory(at: best)
    let count = Double(replay.scored)
    return Result(
      memory: fitted, answers: replay.scored, lossBefore: replay.loss(prior.model) / count,
      lossAfter: replay.loss(fitted.model) / count)
  }

  // MARK: - The numbers as a point of the optimiser's space: their logarithms

  private static func point(_ memory: PlayerMemory) -> [Double] {
    zip(numbers(memory), ranges).map { value, range in
      Double.log(clamp(value, range.0, range.1))
    }
  }

  private static func memory(at x: [Double]) -> PlayerMemory {
    bounded(
      PlayerMemory(
        firstLearning: .exp(x[0]), learningGain: .exp(x[1]), learningDecay: .exp(x[2])))
      ?? .standard
  }

  /// How far `x` lies outside the bounds, in the optimiser's space (0 inside them): what lies
  /// beyond a bound costs more the farther it is, so that the simplex comes back rather than
  /// wander where every point is the bound.
  private static func excess(_ x: [Double]) -> Double {
    zip(x, ranges).reduce(0) { sum, pair in
      let (value, (low, high)) = pair
      return sum + max(0, Double.log(low) - value) + max(0, value - Double.log(high))
    }
  }

  /// Each number's least and greatest value, in `numbers`' order.
  private static let ranges = Array(zip(numbers(lowerBounds), numbers(upperBounds)))

  private static func numbers(_ memory: PlayerMemory) -> [Double] {
    [memory.firstLearning, memory.learningGain, memory.learningDecay]
  }

  private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    min(max(value, low), high)
  }

  /// Nelder and Mead's simplex: the point where `f` is least, from `start`, with a first
  /// simplex of sides `step`.
  static func minimise(
    _ f: ([Double]) -> Double, from start: [Double], step: Double, evaluations: Int = 300
  ) -> [Double] {
    var simplex =
      [start]
      + start.indices.map { index in
        var vertex = start
        vertex[index] += step
        return vertex
      }
    var values = simplex.map(f)
    var used = values.count
    func blend(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
      zip(a, b).map { $0 + t * ($1 - $0) }
    }
    while used < evaluations {
      let order = values.indices.sorted { values[$0] < values[$1] }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      let (best, worst) = (values[0], values[values.count - 1])
      // Done when the values differ by a hundredth of a unit of log likelihood, or the
      // points by a thousandth (a tenth of a percent of each number).
      let size =
        simplex.dropFirst().map { vertex in
          zip(vertex, simplex[0]).map { abs($0 - $1) }.max() ?? 0
        }.max() ?? 0
      if worst - best <= 1e-2 || size <= 1e-3 { break }
      let others = simplex.dropLast()
      let centre = others.dropFirst().reduce(others[0]) { sum, vertex in
        zip(sum, vertex).map(+)
      }.map { $0 / Double(others.count) }
      let reflected = blend(centre, simplex[simplex.count - 1], -1)
      let reflectedValue = f(reflected)
      used += 1
      if reflectedValue < best {
        let expanded = blend(centre, simplex[simplex.count - 1], -2)
        let expandedValue = f(expanded)
        used += 1
        (simplex[simplex.count - 1], values[values.count - 1]) =
          expandedValue < reflectedValue
          ? (expanded, expandedValue) : (reflected, reflectedValue)
      } else if reflectedValue < values[values.count - 2] {
        (simplex[simplex.count - 1], values[values.count - 1]) = (reflected, reflectedValue)
      } else {
        let contracted = blend(centre, simplex[simplex.count - 1], 0.5)
        let contractedValue = f(contracted)
        used += 1
        if contractedValue < worst {
          (simplex[simplex.count - 1], values[values.count - 1]) = (contracted, contractedValue)
        } else {
          for index in simplex.indices.dropFirst() {
            simplex[index] = blend(simplex[0], simplex[index], 0.5)
            values[index] = f(simplex[index])
          }
          used += simplex.count - 1
        }
      }
    }
    return simplex[values.indices.min { values[$0] < values[$1] }!]
  }
}
