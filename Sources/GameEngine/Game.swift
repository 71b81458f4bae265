/// One run of questions, started by Start: its own score and streak. A session (launch to
/// quit) plays any number of games; what outlives a game (the longest streak, every result)
/// belongs to the `Session`.
public struct Game: Hashable, Sendable {
  /// 1 for the session's first game, 2 for the next one started, ...
  public let number: Int
  /// The quiz, or learn mode.
  public var mode: PlayMode = .quiz
  /// Right answers since the game started, or since the last resume (resuming resets it).
  public var score = 0
  /// Right answers in a row, up to the last question.
  public var streak = 0
  /// Questions answered or timed out in this game.
  public var questionsPlayed = 0
  /// The round being played, from 1.
  public var round = 1
  /// This round's questions so far.
  public var roundResults: [QuestionResult] = []

  public init(
    number: Int, mode: PlayMode = .quiz, score: Int = 0, streak: Int = 0, questionsPlayed: Int = 0,
    round: Int = 1, roundResults: [QuestionResult] = []
  ) {
    self.number = number
    self.mode = mode
    self.score = score
    self.streak = streak
    self.questionsPlayed = questionsPlayed
    self.round = round
    self.roundResults = roundResults
  }
}

/// What the player sees of a session, apart from the clock-driven details inside the phase.
public struct State: Hashable, Sendable {
  public var phase: Phase = .start
  /// The game being played, or the last one; nil before the first Start.
  public var game: Game?
  /// The longest run of correct answers this session, across games.
  public var longestStreak = 0
  /// The last three results, most recent first (fewer when fewer were played).
  public var recentResults: [QuestionResult] = []
  /// Questions answered or timed out this session.
  public var questionsPlayed = 0
  /// How fast this session's answers came (what the statistics' first lines say beside
  /// `questionsPlayed` and `longestStreak`: one scope on one line).
  public var times = AnswerTimes()
  /// The question that comes next, known in advance so its picture can be prepared.
  public var upcoming: Question

  public init(
    phase: Phase = .start, game: Game? = nil, longestStreak: Int = 0,
    recentResults: [QuestionResult] = [], questionsPlayed: Int = 0,
    times: AnswerTimes = AnswerTimes(), upcoming: Question
  ) {
    self.phase = phase
    self.game = game
    self.longestStreak = longestStreak
    self.recentResults = recentResults
    self.questionsPlayed = questionsPlayed
    self.times = times
    self.upcoming = upcoming
  }

  /// The current game's score (0 before the first game).
  public var score: Int { game?.score ?? 0 }
  /// The current game's streak of right answers.
  public var streak: Int { game?.streak ?? 0 }
}

/// The time a round (a sitting of learn mode) has been played, pauses left out: a clock that
/// runs while the round does.
struct PlayClock: Hashable, Sendable {
  /// The time played up to `since`.
  private var played: Duration = .zero
  /// Since when the round has been running; nil while it is paused or over.
  private var since: Instant?

  /// A round that starts running at `instant`.
  init(startingAt instant: Instant? = nil) {
    since = instant
  }

  /// The time played by `instant`.
  func played(at instant: Instant) -> Duration {
    played + (since.map { max(.zero, instant - $0) } ?? .zero)
  }

  /// The round stops at `instant` (a pause, its end).
  mutating func stop(at instant: Instant) {
    played = played(at: instant)
    since = nil
  }

  /// The round goes on at `instant` (a resume).
  mutating func run(at instant: Instant) {
    if since == nil { since = instant }
  }
}
