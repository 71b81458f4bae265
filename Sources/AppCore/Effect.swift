import GameEngine
import Pictures

/// A picture the model wants: a member's photo converted for a box of cells in the
/// terminal's colours and symbols.
public struct PictureRequest: Hashable, Sendable {
  /// Why the picture is wanted: the one on screen goes ahead of any prefetch.
  public typealias Purpose = PictureStore.Priority

  public let member: MemberID
  public let box: CellSize
  public let style: CellStyle
  public let purpose: Purpose

  public init(member: MemberID, box: CellSize, style: CellStyle, purpose: Purpose) {
    self.member = member
    self.box = box
    self.style = style
    self.purpose = purpose
  }
}

/// What the model asks the loop to do. The model never performs an effect: it returns
/// effects as values, the loop (or the headless front end) runs them in order, and what they
/// produce later comes back as an `Input`.
public enum Effect: Hashable, Sendable {
  /// Make a picture; the result comes back as `.pictureReady` or `.pictureFailed`.
  case preparePicture(PictureRequest)
  /// Draw the model's `screen` at its `size`: something on it changed.
  case render
  /// The frame just drawn shows this member's face, whose question waits for it: hand back
  /// `.faceDrawn` once the frame is out, and the question's answer time starts then.
  case confirmFaceDrawn(MemberID)
  /// Set the clock to fire `.tick` at this instant; nil when nothing is due (nothing ticks).
  case setClock(Instant?)
  /// Something happened in the game: for the trace, and the headless front end's events.
  case report(Transition)
  /// Keep this answer in the history; a failure comes back as `.historyFailed`, and the
  /// memory it carried is taken back.
  case recordAnswer(RecordedAnswer)
  /// Keep the memory of a member just met on a name card (Unix seconds), which was
  /// `previous` before; a failure comes back as `.historyFailed`.
  case recordIntroduction(MemberID, MemoryRecord, previous: MemoryRecord?)
  /// Forget everything the history recorded for the roster ("Forget my progress"); a failure
  /// comes back as `.historyFailed`.
  case forgetProgress
  /// Fit the player's memory again to every answer kept (a round or a sitting ended at this
  /// Unix time); the numbers found come back as `.memoryFitted`.
  case fitMemory(at: Double)
  /// A member's photo cannot be shown and they left the game; the start screen lists it.
  case memberWithdrawn(Member, file: String, reason: String)
  /// Keep a setting (its key, its value as typed) in the settings file, or with no value
  /// take it out (back to its default); the result comes back as `.settingSaved`.
  case saveSetting(key: String, value: String?)
  /// Send a round's score to the club (the player said yes), and any waiting from before;
  /// how they went comes back as `.scoresSent`.
  case sendScores(RoundScore?)
  /// Give the terminal back to the shell and stop until continued (Ctrl-Z).
  case suspend
  /// Restore the terminal, print the summary line if there is one, and exit with `status`.
  case quit(status: Int32, summary: String?)
}

/// An answer as the history keeps it: the result, when it was revealed, and the member's
/// memory after it.
public struct RecordedAnswer: Hashable, Sendable {
  public let result: QuestionResult
  /// Unix seconds.
  public let answeredAt: Double
  public let memory: MemoryState
  /// How the answer counted as evidence of memory.
  public let grade: Grade
  /// Whether the name is recalled by typing it after the answer (`MemoryRecord.typed`).
  public let typed: Bool
  /// "quiz" (the timed game) or "learn".
  public let mode: String
  /// The member's memory before it; nil when they were new.
  public let previous: MemoryRecord?
  /// How fast the player forgets the member's name, after it (`SpeedBelief`).
  public let belief: SpeedBelief?

  public init(
    result: QuestionResult, answeredAt: Double, memory: MemoryState, grade: Grade,
    typed: Bool = false, mode: String, previous: MemoryRecord? = nil,
    belief: SpeedBelief? = nil
  ) {
    self.previous = previous
    self.belief = belief
    self.result = result
    self.answeredAt = answeredAt
    self.memory = memory
    self.grade = grade
    self.typed = typed
    self.mode = mode
  }

  /// The member's record after the answer, as the game holds it.
  public var record: MemoryRecord {
    MemoryRecord(
      memory: memory, lastAnswer: answeredAt, lastGrade: grade, typed: typed, belief: belief)
  }
}
