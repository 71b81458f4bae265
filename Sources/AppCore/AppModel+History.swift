import GameEngine

/// The history's part of the model: each answer and name card kept (as effects), a write the
/// history could not keep taken back, and what the history knew when the game began.
extension AppModel {
  /// The answers after which the player's memory is first fitted again within a launch (then
  /// after twice as many, four times ...), beside each round's or sitting's end.
  static let fitAfter = MemoryFit.minimumAnswers

  /// The history's part of a transition: an answer, or a member met on a name card, with
  /// their memory after it and before.
  mutating func record(
    _ transition: Transition, memoriesBefore before: Memories, into step: inout Step
  ) {
    switch transition.kind {
    case .questionEnded(let result):
      let member = result.member.id
      guard let record = memories.records[member] else { return }
      step.effects.append(
        .recordAnswer(
          RecordedAnswer(
            result: result, answeredAt: record.lastAnswer, memory: record.memory,
            grade: record.lastGrade, typed: record.typed,
            mode: (session.state.game?.mode ?? .quiz).rawValue,
            previous: before.records[member], belief: record.belief)))
      answersSinceFit = true
      answersRecorded += 1
      let fits = answersRecorded / Self.fitAfter
      if answersRecorded % Self.fitAfter == 0, fits.nonzeroBitCount == 1 {
        step.effects.append(.fitMemory(at: session.wallClock.unixSeconds(at: transition.at)))
        answersSinceFit = false
      }

    case .introduced(let member):
      guard let record = memories.records[member.id] else { return }
      step.effects.append(
        .recordIntroduction(member.id, record, previous: before.records[member.id]))
    case .roundFinished:
      // A round whose last answer was just fitted (a round of ten ends at the 30th) is not
      // fitted twice.
      guard answersSinceFit else { return }
      step.effects.append(.fitMemory(at: session.wallClock.unixSeconds(at: transition.at)))
      answersSinceFit = false
    default:
      break
    }
  }

  /// A write the history could not keep: the memory it carried is taken back, so that what
  /// the game believes the player remembers is what the history holds. A later answer about
  /// the same person (its write still on its way) is left as it is; an answer's time is no
  /// longer counted either way.
  mutating func historyFailed(_ write: Effect) {
    switch write {
    case .recordAnswer(let answer):
      let member = answer.result.member.id
      session.uncount(answer.result)
      guard memories.records[member] == answer.record else { return }
      session.revertMemory(of: member, to: answer.previous)
    case .recordIntroduction(let member, let record, let previous):
      guard memories.records[member] == record else { return }
      session.revertMemory(of: member, to: previous)
    default:
      break
    }
  }
}

/// What the front end knows of the history when the game starts.
public struct HistorySetup: Sendable {
  /// Each member's memory as recorded.
  public var memories: Memories
  /// The wall time of the game's clock; nil when no answer can be recorded.
  public var wallClock: WallClock?
  /// What the history cannot keep and why (one line naming the file), if anything.
  public var notice: String?
  /// Everything recorded for the roster so far.
  public var totals = Totals()
  /// Who the player took for whom in the roster's answers.
  public var confusions = Confusions()

  public init(memories: Memories, wallClock: WallClock?, notice: String?) {
    self.memories = memories
    self.wallClock = wallClock
    self.notice = notice
  }
}
