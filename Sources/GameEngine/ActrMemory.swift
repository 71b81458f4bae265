import RealModule

/// ACT-R's model of memory with the spacing effect (Pavlik & Anderson 2005, Cognitive Science
/// 29, 559-586), with the parameters they fitted to people learning word pairs: each time a
/// name is shown (a card, or an answer's reveal, right or wrong) it leaves a trace that decays
/// as a power of the time since, and decays the faster the stronger the memory was when it
/// was shown (so traces laid down close together last less: the spacing effect). The time
/// between sittings counts only `betweenSittings` of its length (their "psychological time").
/// It knows nothing of the player's answers: only when each name was shown.
public enum ActrModel {
  /// The decay's intercept, a.
  public static let decayIntercept = 0.176786766570677
  /// The decay's scale, c: a trace decays at c e^m + a, m the activation when it was laid.
  public static let decayScale = 0.216967308403809
  /// The noise of retrieval, s.
  public static let noise = 0.254893976981164
  /// The retrieval threshold, tau.
  public static let threshold = -0.704205679427144
  /// The share of the time between sittings that counts, h.
  public static let betweenSittings = 0.025
  /// The longest pause between two cards or answers within one sitting (seconds): a longer
  /// one is time between sittings. Not from the paper (its sittings were days apart): set by
  /// the game, so that a pause of the game's, or a break for coffee, is still the sitting.
  public static let longestPauseInSitting = 3_600.0

  /// The probability of recall at activation `m`: 1 / (1 + e^((tau - m) / s)).
  public static func recall(activation m: Double) -> Double {
    guard m > -.infinity else { return 0 }
    return 1 / (1 + Double.exp((threshold - m) / noise))
  }
}

/// The time as ACT-R counts it (seconds): within a sitting in full, between sittings
/// `ActrModel.betweenSittings` of it. The sittings are read from the cards and answers
/// themselves: a pause longer than `ActrModel.longestPauseInSitting` between two of them
/// (any person's) ends one sitting and starts the next.
struct SittingClock: Hashable, Sendable {
  /// The last card or answer (Unix seconds); nil before any.
  private(set) var lastTime: Double?
  /// The time counted at the last card or answer.
  private(set) var lastMoment = 0.0

  /// The time counted at `time` (Unix seconds), no earlier than the last card or answer.
  func moment(at time: Double) -> Double {
    guard let lastTime else { return 0 }
    let gap = max(0, time - lastTime)
    return lastMoment
      + (gap > ActrModel.longestPauseInSitting ? gap * ActrModel.betweenSittings : gap)
  }

  /// Takes note of a card or an answer at `time`; returns the time counted at it.
  mutating func note(_ time: Double) -> Double {
    lastMoment = moment(at: time)
    lastTime = max(time, lastTime ?? time)
    return lastMoment
  }
}

/// One person's traces in ACT-R's memory: when their name was shown (in the time
/// `SittingClock` counts) and how fast each trace decays; and, as the game's own model does
/// (`SpeedBelief`), a belief over how fast the player forgets this person: at each of the
/// belief's speeds time runs that many times faster, so each speed has its own decays, and
/// each answer weighs each speed by how likely it made that answer.
struct ActrTraces: Hashable, Sendable {
  /// How many of a person's last traces are kept, so that recall takes a bounded time however
  /// long the history: an older one is dropped (a name shown more often is taken as shown
  /// these last times alone, which underrates a name practised for years).
  static let kept = 64

  private var moments: [Double] = []
  /// The decay of each trace at each speed (`SpeedBelief.speeds`).
  private var decays: [[Double]] = SpeedBelief.speeds.map { _ in [] }
  /// Each speed's weight, summing to 1.
  private(set) var weights = SpeedBelief.prior

  /// How many traces are kept.
  var count: Int { moments.count }

  /// The logarithms of the speeds, at which time runs faster or slower.
  private static let logSpeeds = SpeedBelief.speeds.map { Double.log($0) }

  /// The activation at `moment` at each speed: ln of the sum of every trace's age (at least a
  /// second) to the power of minus its decay; minus infinity before any. (Each age's logarithm
  /// is taken once for every speed: this runs for everyone met at every step of learn mode.)
  private func activations(at moment: Double) -> [Double] {
    guard !moments.isEmpty else { return Self.logSpeeds.map { _ in -.infinity } }
    var totals = Self.logSpeeds.map { _ in 0.0 }
    for (index, shown) in moments.enumerated() {
      let age = Double.log(max(moment - shown, .leastNormalMagnitude))
      for speed in totals.indices {
        totals[speed] += Double.exp(-decays[speed][index] * max(0, age + Self.logSpeeds[speed]))
      }
    }
    return totals.map { Double.log($0) }
  }

  /// The probability of recall at `moment` at each speed.
  func recalls(at moment: Double) -> [Double] {
    activations(at: moment).map(ActrModel.recall(activation:))
  }

  /// The probability of recall at `moment`: the speeds' recalls, weighed by the belief.
  func recall(at moment: Double) -> Double {
    zip(weights, recalls(at: moment)).reduce(0) { $0 + $1.0 * $1.1 }
  }

  /// The name shown at `moment`: a new trace at each speed, decaying by the activation just
  /// before it. Beyond `kept` traces the oldest is dropped, and the rest laid again from the
  /// first kept, as a launch's replay of the last `kept` cards and answers lays them: so a
  /// name's recall is the same before and after a launch.
  mutating func shown(at moment: Double) {
    lay(at: moment)
    guard moments.count > Self.kept else { return }
    let kept = moments.dropFirst()
    moments = []
    decays = decays.map { _ in [] }
    for moment in kept { lay(at: moment) }
  }

  private mutating func lay(at moment: Double) {
    for (speed, activation) in activations(at: moment).enumerated() {
      decays[speed].append(
        activation > -.infinity
          ? ActrModel.decayScale * Double.exp(activation) + ActrModel.decayIntercept
          : ActrModel.decayIntercept)
    }
    moments.append(moment)
  }

  /// Weighs each speed by `likelihood` of its recall (an answer's, given that recall), as the
  /// belief of the game's own model is weighed.
  mutating func weigh(by likelihood: (Double) -> Double, at moment: Double) {
    let likely = recalls(at: moment).map(likelihood)
    weights = SpeedBelief.normalised(zip(weights, likely).map { $0 * $1 }) ?? SpeedBelief.prior
  }
}
