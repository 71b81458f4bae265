/// How many questions a round has.
public enum RoundLength: Hashable, Sendable {
  /// A fixed number of questions.
  case questions(Int)
  /// Everyone in play once.
  case everyone
}

/// A round played: what the finished scene shows.
public struct RoundSummary: Hashable, Sendable {
  /// 1 for the game's first round.
  public let number: Int
  /// The round's questions, in the order they were played.
  public let results: [QuestionResult]

  public init(number: Int, results: [QuestionResult]) {
    self.number = number
    self.results = results
  }

  /// Right answers.
  public var correct: Int { results.filter(\.outcome.isCorrect).count }

  /// The longest run of right answers within the round.
  public var longestStreak: Int {
    var longest = 0
    var current = 0
    for result in results {
      current = result.outcome.isCorrect ? current + 1 : 0
      longest = max(longest, current)
    }
    return longest
  }

  /// The average time taken by the answers given (time outs left out); nil when none was.
  public var averageAnswerTime: Duration? {
    let answered = results.filter { $0.outcome != .timedOut }
    guard !answered.isEmpty else { return nil }
    return answered.map(\.answerTime).reduce(.zero, +) / answered.count
  }

  /// The people answered wrongly or not in time, each once, in the order they came.
  public var missed: [Member] {
    var seen = Set<MemberID>()
    return results.filter { !$0.outcome.isCorrect }.map(\.member).filter {
      seen.insert($0.id).inserted
    }
  }

  /// A word for the round.
  public var verdict: String {
    guard !results.isEmpty else { return "No questions" }
    let share = Double(correct) / Double(results.count)
    switch share {
    case 1: return "Perfect!"
    case 0.8...: return "Almost!"
    case 0.5...: return "Getting there"
    default: return "Keep going"
    }
  }
}
