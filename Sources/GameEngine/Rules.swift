/// The settings of a game: how long things take and how the progress bar counts.
public struct Rules: Hashable, Sendable {
  /// Time to answer a question; no answer by then counts as incorrect.
  public var answerTime: Duration
  /// Time to type a name, in place of `answerTime` for a question of that kind.
  public var typingTime: Duration
  /// Which kinds of question are asked; nil for each mode's own: the quiz picks names, learn
  /// mode picks a name until it is recognised, then types it. Given, the quiz asks these, and
  /// learn mode only picks names (`names`), only types them (`typing`) or goes its own way
  /// (`mixed`).
  public var questionKinds: QuestionKinds?
  /// How long the correct name stays on screen after an answer or a timeout.
  public var revealTime: Duration
  /// The progress bar has `progressSteps + 1` positions: 0 (empty) at the start of a question,
  /// one more after each `answerTime / progressSteps`, full at the timeout.
  public var progressSteps: Int
  /// During the reveal the chosen button is lit, then dark, for this long each.
  public var flashHalfPeriod: Duration
  /// A question normally starts exactly when the previous reveal ends, so the game does not
  /// drift however late the clock fires. If the process was stopped for longer than this
  /// (the machine slept, a debugger held it), the next question starts when it can be seen
  /// instead, so that nobody times out on a question they never saw.
  public var maximumLateStart: Duration
  /// After this many timeouts in a row with no key pressed, the game pauses itself: nobody
  /// seems to be playing, and it should not go on asking an empty room.
  public var pauseAfterTimeouts: Int
  /// How many questions a round has; after the last one the finished scene shows the round.
  public var roundLength: RoundLength
  /// How long a name card stays once its face is on screen, unless the player goes on first.
  public var introductionTime: Duration
  /// How long a sitting of learn mode lasts (pauses left out): it ends at the first answer
  /// revealed after it, with the finished scene.
  public var sittingLength: Duration

  public init(
    answerTime: Duration = .seconds(5),
    revealTime: Duration = .seconds(2),
    progressSteps: Int = 5,
    flashHalfPeriod: Duration = .milliseconds(250),
    maximumLateStart: Duration = .milliseconds(500),
    pauseAfterTimeouts: Int = 3,
    roundLength: RoundLength = .questions(10),
    introductionTime: Duration = .seconds(6),
    sittingLength: Duration = .seconds(600),
    typingTime: Duration = .seconds(15),
    questionKinds: QuestionKinds? = nil
  ) {
    precondition(answerTime > .zero, "the answer time must be positive")
    precondition(revealTime >= .zero, "the reveal time cannot be negative")
    precondition(progressSteps > 0, "the progress bar needs at least one step")
    precondition(flashHalfPeriod > .zero, "the flash period must be positive")
    self.answerTime = answerTime
    self.revealTime = revealTime
    self.progressSteps = progressSteps
    self.flashHalfPeriod = flashHalfPeriod
    self.maximumLateStart = maximumLateStart
    self.pauseAfterTimeouts = max(1, pauseAfterTimeouts)
    if case .questions(let count) = roundLength {
      precondition(count > 0, "a round needs at least one question")
    }
    self.roundLength = roundLength
    precondition(introductionTime > .zero, "a name card must stay on screen")
    self.introductionTime = introductionTime
    precondition(sittingLength > .zero, "a sitting must last")
    self.sittingLength = sittingLength
    precondition(typingTime > .zero, "the typing time must be positive")
    self.typingTime = typingTime
    self.questionKinds = questionKinds
  }

  /// The time to answer a question of `kind`.
  public func answerTime(for kind: QuestionKind) -> Duration {
    kind == .typing ? typingTime : answerTime
  }

  /// The rules of the classic game: 5 s to answer, 2 s to read the correct name.
  public static let standard = Rules()

  /// How many names each question offers.
  public var optionCount: Int { QuestionGenerator.optionCount }

  /// When, after the start of a question, the progress bar reaches `step`.
  func stepTime(_ step: Int, of time: Duration? = nil) -> Duration {
    (time ?? answerTime) * step / progressSteps
  }

  /// The whole seconds a name card has left at its progress bar's `step` (rounded up): what
  /// its line "or it goes on in 4 s" counts down.
  public func cardSecondsLeft(atStep step: Int) -> Int {
    let left = introductionTime - stepTime(step, of: introductionTime)
    let (seconds, attoseconds) = left.components
    return Int(seconds) + (attoseconds > 0 ? 1 : 0)
  }

  /// The progress bar's step `elapsed` after the start of a question (or, `of` a name card's
  /// time, of a card).
  func step(after elapsed: Duration, of time: Duration? = nil) -> Int {
    guard elapsed > .zero else { return 0 }
    let reached =
      elapsed.wholeNanoseconds * Int64(progressSteps) / (time ?? answerTime).wholeNanoseconds
    return Int(min(reached, Int64(progressSteps)))
  }

  /// How many halves of the flash period have passed `elapsed` after the reveal began.
  func flashHalves(after elapsed: Duration) -> Int64 {
    guard elapsed > .zero else { return 0 }
    return elapsed.wholeNanoseconds / flashHalfPeriod.wholeNanoseconds
  }
}
