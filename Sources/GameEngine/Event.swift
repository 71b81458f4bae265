/// Something that happened, named after what happened. Every event reaches the engine with
/// the instant it happened at (see `Session.handle(_:at:)`).
public enum Event: Hashable, Sendable {
  /// The Start button was pressed: a new game of the quiz begins with score 0.
  case startPressed
  /// The Learn button was pressed: a new game of learn mode begins with score 0.
  case learnPressed
  /// The start screen's confusions drill was chosen: a new game of it begins with score 0
  /// (ignored without pairs to drill, see `Session.drillPairs`).
  case drillPressed
  /// The player went on from a name card before its time was up.
  case nextPressed
  /// The face of the member asked about is on screen: the question's answer time starts now.
  /// Until then the question is loading and no clock runs.
  case faceShown
  /// The player chose the option at this index (0 to 3).
  case answerChosen(Int)
  /// The player typed `text` as the name and submitted it; `spelling` is the text spelt in
  /// Latin letters by the front end (see `Spelling`).
  case answerTyped(String, spelling: String)
  /// The player pressed a key or clicked, whatever it did: someone is playing. Ends a run of
  /// timeouts (see `Rules.pauseAfterTimeouts`).
  case playerActive
  /// Time passed; sent when `Session.nextChange` is due, but any instant is fine.
  case clockTicked
  /// The Pause button was pressed while the game ran.
  case pausePressed
  /// The Resume button was pressed while the game was paused.
  case resumePressed
  /// The finished scene's Next round was pressed.
  case nextRoundPressed
  /// The statistics were opened.
  case statsOpened
  /// The statistics were closed.
  case statsClosed
  /// The player can no longer see the quiz: help or the start screen opened, the terminal
  /// was suspended, lost focus or became too small.
  case screenLeft
  /// The window has room for a question of four faces, or has not (each face under 12 by 6
  /// cells, say): without it, a question of faces is asked as names from the next question
  /// on. The game begins with room.
  case roomForFaces(Bool)
  /// The member's photo cannot be shown after all (it failed to decode): they leave the game.
  /// A question about them on screen gives way, unscored, to the next one, which takes its
  /// number. Ignored when the game would be left with fewer than four different names.
  case memberWithdrawn(MemberID)
}

/// A change of phase, in the order it happened, with the instant it was due at: a timeout
/// is due exactly when the answer time runs out, however late the clock fired.
public struct Transition: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// A question is on screen; its face is loading and its clock does not run yet.
    case questionPosed(Question)
    /// The question's face is on screen: its answer time runs from here.
    case questionShown(Question)
    case questionEnded(QuestionResult)
    case paused(PauseReason)
    case resumed
    /// A name card is on screen; its face is loading.
    case introductionPosed(Member)
    /// A name card's face is on screen: the player has met the member.
    case introduced(Member)
    /// A card of two people often taken for each other is on screen; nobody's memory
    /// changes.
    case pairShown(Member, Member)
    /// A member left the game because their photo cannot be shown.
    case memberWithdrawn(Member)
    /// The last question of a round was revealed: the finished scene shows the round.
    case roundFinished(RoundSummary)
  }

  public let kind: Kind
  public let at: Instant

  public init(kind: Kind, at: Instant) {
    self.kind = kind
    self.at = at
  }
}
