import Dispatch
import GRDB
import GameEngine

/// The player's memory fitted to every answer they gave (`MemoryFit`), kept in one row.
extension History {
  /// A fit as kept: the numbers, how many answers it scored, its log loss with the defaults
  /// and with its numbers, and when it was made (Unix seconds).
  public struct FittedMemory: Hashable, Sendable {
    public var memory: PlayerMemory
    public var answers: Int
    public var lossBefore: Double
    public var lossAfter: Double
    public var fittedAt: Double

    public init(_ result: MemoryFit.Result, at time: Double) {
      memory = result.memory
      answers = result.answers
      lossBefore = result.lossBefore
      lossAfter = result.lossAfter
      fittedAt = time
    }
  }

  private struct PlayerMemoryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "playerMemory"
    var id = 1
    var firstLearning: Double
    var learningGain: Double
    var learningDecay: Double
    var answers: Int
    var lossBefore: Double
    var lossAfter: Double
    var fittedAt: Double

    init(_ fitted: FittedMemory) {
      firstLearning = fitted.memory.firstLearning
      learningGain = fitted.memory.learningGain
      learningDecay = fitted.memory.learningDecay
      answers = fitted.answers
      lossBefore = fitted.lossBefore
      lossAfter = fitted.lossAfter
      fittedAt = fitted.fittedAt
    }

    /// The fit kept, within the bounds a fit keeps to; nil when a number is not finite.
    var fitted: FittedMemory? {
      MemoryFit.bounded(
        PlayerMemory(
          firstLearning: firstLearning, learningGain: learningGain, learningDecay: learningDecay)
      ).map { memory in
        FittedMemory(
          MemoryFit.Result(
            memory: memory, answers: answers, lossBefore: lossBefore, lossAfter: lossAfter),
          at: fittedAt)
      }
    }
  }

  /// The fit kept; nil before there were enough answers for one. A number out of a fit's
  /// bounds is taken to its bound, and a fit with a number that is not one is not used.
  public func fittedMemory() throws(Unavailable) -> FittedMemory? {
    try reading { db in
      try PlayerMemoryRecord.fetchOne(db)?.fitted
    }
  }

  /// The memory model the player's answers say: the fit kept, else the defaults.
  public func memoryModel() throws(Unavailable) -> MemoryModel {
    try fittedMemory()?.memory.model ?? .standard
  }

  /// The fit's shares of people run at once, on every processor (`MemoryFit.Shares`).
  static let atOnce: MemoryFit.Shares = { count, work in
    DispatchQueue.concurrentPerform(iterations: count, execute: work)
  }

  /// A fit made, and what it was made from.
  public struct Refit: Sendable {
    /// The fit kept; nil while there are too few answers.
    public var fitted: FittedMemory?
    /// Every card and answer, of every roster, and the answer times (`readAnswers()`).
    public var read: AnswersRead
  }

  /// Fits the player's memory to the cards and answers recorded, of every roster (of the
  /// people met most recently, as far as `MemoryFit.mostEvents` go), and keeps it (at `time`,
  /// Unix seconds); with too few answers no fit is kept (one made before a roster's progress was
  /// forgotten is not the player's any more).
  @discardableResult
  public func refitMemory(at time: Double) throws(Unavailable) -> Refit {
    let read = try readAnswers()
    guard let result = MemoryFit.fit(read.events, guessTimes: read.guessTimes, run: Self.atOnce)
    else {
      try writing { db in _ = try PlayerMemoryRecord.deleteAll(db) }
      return Refit(fitted: nil, read: read)
    }
    let fitted = FittedMemory(result, at: time)
    try writing { db in try PlayerMemoryRecord(fitted).save(db) }
    return Refit(fitted: fitted, read: read)
  }
}
