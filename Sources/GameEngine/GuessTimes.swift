/// How long the player takes to choose a name (or a face) among several when they know it and
/// when they guess, learnt from their own answers: a right answer among four may be a lucky
/// guess, and a player who is slower when they guess than when they know says which it was by
/// their time.
///
/// Answers are counted by how long they took, in four spans (`spans`: up to 1.5 s, to 2.5 s,
/// to 3.5 s, and longer):
/// - a wrong answer chosen is a guess (a timeout chooses nothing and is left out);
/// - a right answer is taken for knowing. Some were lucky guesses, so a slow answer looks less
///   like a guess than it is: the evidence errs on the side of a recall.
///
/// Each span's share starts from two answers in every span (`startingAnswers`), so that
/// before any answer, and for a player whose guesses take as long as their recalls, time says
/// nothing, and a few answers say little; and no answer's time favours a guess or a recall by
/// more than a factor of ten (`strongest`).
/// A typed name cannot be guessed: its time is never counted.
public struct GuessTimes: Hashable, Sendable {
  /// The upper ends of the spans but the last, in seconds.
  public static let spans: [Double] = [1.5, 2.5, 3.5]

  /// Right answers chosen among several, in each span.
  public private(set) var right: [Int]
  /// Wrong answers chosen among several (timeouts left out), in each span.
  public private(set) var wrong: [Int]

  /// No answer yet.
  public init() {
    right = Array(repeating: 0, count: Self.spans.count + 1)
    wrong = right
  }

  /// The counts of right and wrong answers in each span (a count missing is none).
  public init(right: [Int], wrong: [Int]) {
    self.init()
    for span in self.right.indices {
      self.right[span] = max(0, right.indices.contains(span) ? right[span] : 0)
      self.wrong[span] = max(0, wrong.indices.contains(span) ? wrong[span] : 0)
    }
  }

  /// The span of an answer given in `seconds`.
  public static func span(of seconds: Double) -> Int {
    spans.firstIndex { seconds <= $0 } ?? spans.count
  }

  /// How likely an answer as quick or slow as one given in `seconds` is when the player knew
  /// the name and when they guessed it.
  public struct Evidence: Hashable, Sendable {
    public var knew: Double
    public var guessed: Double

    /// Time that says nothing: as likely either way.
    public static let none = Evidence(knew: 1, guessed: 1)
  }

  /// The share of the player's answers in each span when they know the name (estimated).
  public var whenKnown: [Double] { Self.shares(right) }
  /// The share of the player's answers in each span when they guess (estimated).
  public var whenGuessed: [Double] { Self.shares(wrong) }

  /// The answers each span's share starts from, before the player's own: a few, so that the
  /// first answers move it only a little.
  public static let startingAnswers = 2

  private static func shares(_ counts: [Int]) -> [Double] {
    let total = Double(counts.reduce(0, +) + counts.count * startingAnswers)
    return counts.map { Double($0 + startingAnswers) / total }
  }

  /// The most an answer's time can favour a guess over knowing, or the other way: a factor of
  /// `strongest`. Time is a hint, never proof: someone who knows a name may be slow to find it
  /// (a weak memory, a distraction), and a quick wrong answer may be a confusion.
  public static let strongest = 10.0

  /// The evidence of an answer given in `seconds`, no stronger than `strongest` either way.
  public func evidence(seconds: Double) -> Evidence {
    let span = Self.span(of: seconds)
    let ratio = whenGuessed[span] / whenKnown[span]
    return Evidence(knew: 1, guessed: min(max(ratio, 1 / Self.strongest), Self.strongest))
  }

  /// The evidence of an answer to a question of `kind` given in `seconds`: none for a name
  /// typed, which cannot be a guess.
  public func evidence(seconds: Double, kind: QuestionKind) -> Evidence {
    kind.guessedAmong > 0 ? evidence(seconds: seconds) : .none
  }

  /// The evidence of `result`'s time.
  public func evidence(of result: QuestionResult) -> Evidence {
    evidence(seconds: result.answerTime.seconds, kind: result.question.kind)
  }

  /// Counts `result`: a right answer or a wrong one chosen among several.
  public mutating func count(_ result: QuestionResult) {
    add(result, 1)
  }

  /// Takes back `result`, counted before (an answer the history could not keep).
  public mutating func uncount(_ result: QuestionResult) {
    add(result, -1)
  }

  /// Counts an answer chosen (not a timeout) to a question of `kind`, given in `seconds`.
  public mutating func count(kind: QuestionKind, seconds: Double, right: Bool) {
    add(kind: kind, seconds: seconds, right: right, 1)
  }

  private mutating func add(_ result: QuestionResult, _ step: Int) {
    let (kind, seconds) = (result.question.kind, result.answerTime.seconds)
    switch result.outcome {
    case .correct: add(kind: kind, seconds: seconds, right: true, step)
    case .wrong: add(kind: kind, seconds: seconds, right: false, step)
    case .timedOut: break
    }
  }

  private mutating func add(kind: QuestionKind, seconds: Double, right isRight: Bool, _ step: Int) {
    guard kind.guessedAmong > 0 else { return }
    let span = Self.span(of: seconds)
    if isRight {
      right[span] = max(0, right[span] + step)
    } else {
      wrong[span] = max(0, wrong[span] + step)
    }
  }
}
