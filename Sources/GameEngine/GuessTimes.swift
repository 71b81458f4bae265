/// How long the player takes to choose a name (or a face) among several when they know it and
/// when they guess, learnt from their own answers: a right answer among four may be a lucky
/// guess, and a player who is slow when they guess and quick when they know says which it was
/// by their time.
///
/// Answers are counted as quick or slow (slower than `slowAfter`, the line between recalled
/// and recalled with effort, see `Memories.recalledGrade`):
/// - a wrong answer chosen is a guess (a timeout chooses nothing and is left out);
/// - a right answer is taken for knowing. Some were lucky guesses, so a slow answer looks less
///   like a guess than it is: the evidence errs on the side of a recall.
///
/// Each share starts from one quick and one slow answer (Laplace's rule), so that before any
/// answer, and for a player whose guesses are as quick as their recalls, time says nothing.
/// A typed name cannot be guessed: its time is never counted.
public struct GuessTimes: Hashable, Sendable {
  /// Seconds after which an answer is slow.
  public static let slowAfter = 2.5

  /// Right answers chosen among several, and how many of them were slow.
  public var right: Int
  public var slowRight: Int
  /// Wrong answers chosen among several (timeouts left out), and how many of them were slow.
  public var wrong: Int
  public var slowWrong: Int

  public init(right: Int = 0, slowRight: Int = 0, wrong: Int = 0, slowWrong: Int = 0) {
    self.right = right
    self.slowRight = min(slowRight, right)
    self.wrong = wrong
    self.slowWrong = min(slowWrong, wrong)
  }

  /// How likely an answer as quick or slow as one given in `seconds` is when the player knew
  /// the name and when they guessed it.
  public struct Evidence: Hashable, Sendable {
    public var knew: Double
    public var guessed: Double

    /// Time that says nothing: as likely either way.
    public static let none = Evidence(knew: 1, guessed: 1)
  }

  /// The share of answers that are slow when the player knows the name (estimated).
  public var slowWhenKnown: Double { Double(slowRight + 1) / Double(right + 2) }
  /// The share of answers that are slow when the player guesses (estimated).
  public var slowWhenGuessed: Double { Double(slowWrong + 1) / Double(wrong + 2) }

  /// The evidence of an answer given in `seconds`.
  public func evidence(seconds: Double) -> Evidence {
    seconds > Self.slowAfter
      ? Evidence(knew: slowWhenKnown, guessed: slowWhenGuessed)
      : Evidence(knew: 1 - slowWhenKnown, guessed: 1 - slowWhenGuessed)
  }

  /// The evidence of `result`'s time: none for a name typed, which cannot be a guess.
  public func evidence(of result: QuestionResult) -> Evidence {
    result.question.kind.guessedAmong > 0 ? evidence(seconds: result.answerTime.seconds) : .none
  }

  /// Counts `result`: a right answer or a wrong one chosen among several.
  public mutating func count(_ result: QuestionResult) {
    add(result, 1)
  }

  /// Takes back `result`, counted before (an answer the history could not keep).
  public mutating func uncount(_ result: QuestionResult) {
    add(result, -1)
  }

  private mutating func add(_ result: QuestionResult, _ step: Int) {
    guard result.question.kind.guessedAmong > 0 else { return }
    let slow = result.answerTime.seconds > Self.slowAfter ? step : 0
    switch result.outcome {
    case .correct:
      right = max(0, right + step)
      slowRight = min(right, max(0, slowRight + slow))
    case .wrong:
      wrong = max(0, wrong + step)
      slowWrong = min(wrong, max(0, slowWrong + slow))
    case .timedOut:
      break
    }
  }
}
