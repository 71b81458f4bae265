import AppCore
import Foundation
import GameEngine

/// A line of the headless front end's output: what happened, when (`t`, seconds on the
/// virtual clock) and its fields. Written with sorted keys, so a line's keys always come in
/// the same order.
struct HeadlessEvent: Encodable {
  var name: String
  /// Seconds since virtual instant zero.
  var time: Double
  var fields: any Encodable

  init(_ name: String, at time: Double, _ fields: any Encodable = Empty()) {
    self.name = name
    self.time = time
    self.fields = fields
  }

  private enum Key: String, CodingKey {
    case event
    case t
  }

  func encode(to encoder: any Encoder) throws {
    try fields.encode(to: encoder)
    var envelope = encoder.container(keyedBy: Key.self)
    try envelope.encode(name, forKey: .event)
    try envelope.encode(time, forKey: .t)
  }

  /// The event as one line of JSON. One that cannot be written (a number JSON has no way to
  /// say) is not dropped in silence: an error event says which, and why.
  var line: String {
    do {
      return String(decoding: try Self.encoder.encode(self), as: UTF8.self)
    } catch {
      let message = "the \(name) event could not be written: \(error)"
      let time = time.isFinite ? time : 0
      let fallback = HeadlessEvent("error", at: time, Message(message: message))
      return (try? Self.encoder.encode(fallback)).map { String(decoding: $0, as: UTF8.self) }
        ?? #"{"event":"error","message":"an event could not be written"}"#
    }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  struct Empty: Encodable {}

  /// A value written as null when absent (an absent optional field is left out instead).
  struct Nullable<Value: Encodable>: Encodable {
    var value: Value?

    init(_ value: Value?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      if let value { try container.encode(value) } else { try container.encodeNil() }
    }
  }

  /// A member as events name them: their name and their photo's file.
  struct MemberRef: Encodable {
    var name: String
    var file: String
  }

  struct Message: Encodable {
    var message: String
  }

  /// How the scores sent to the club went: when the server last took one (Unix seconds),
  /// why the latest try failed, and how many wait for the next launch.
  struct Scores: Encodable {
    var lastSent: Nullable<Double>
    var failure: Nullable<String>
    var waiting: Int

    enum CodingKeys: String, CodingKey {
      case lastSent = "last_sent"
      case failure, waiting
    }
  }

  struct Roster: Encodable {
    struct Group: Encodable {
      var name: String
      var members: Int
      var known: Int?
    }

    var members: Int
    var folder: String
    var skipped: [String]
    /// What is worth saying of files that play, and of `members.csv` (nil: nothing).
    var warnings: [String]?
    /// Recalled by typing the name.
    var known: Int?
    /// Recognised among four names only.
    var recognised: Int?
    var new: Int?
    /// Met before and due now.
    var due: Int?
    var history: String?
    var notice: String?
    var groups: [Group]?
    var group: String?
  }

  /// A question: its kind ("name": the four names to choose from, and which is right;
  /// "face": the four members whose faces are offered, and which is right; "typing": the
  /// name is typed, no options).
  /// The drill's card of two people often taken for each other.
  struct Pair: Encodable {
    var members: [MemberRef]
  }

  struct Question: Encodable {
    var number: Int
    var kind: String
    var member: MemberRef
    var options: Options?
    var correct: Int?
  }

  /// A question's options: four names, or four members (the faces of a question of faces).
  enum Options: Encodable {
    case names([String])
    case faces([MemberRef])

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .names(let names): try names.encode(to: encoder)
      case .faces(let members): try members.encode(to: encoder)
      }
    }
  }

  /// A question's end: for a name typed, what was typed and how it was taken ("name",
  /// "first_name", "last_name", "slip" or "wrong"), in place of the option chosen.
  struct Result: Encodable {
    var number: Int
    var outcome: String
    var chosen: Nullable<Int>?
    var correct: Int?
    var typed: String?
    var match: String?
    var score: Int
    var seconds: Double
  }

  struct Paused: Encodable {
    var reason: String
  }

  struct Score: Encodable {
    var score: Int
  }

  struct Finished: Encodable {
    var round: Int
    var correct: Int
    var questions: Int
    var word: String
    var longestStreak: Int
    var missed: [MemberRef]
    var averageSeconds: Nullable<Double>
    /// With a history: how many will be due in a day's time.
    var dueTomorrow: Int?
    /// For a sitting of learn mode: its minutes of play and the names it taught.
    var sitting: Sitting?

    /// Where everyone stands, as the scene says it: known, recognised, learning, new.
    struct Sitting: Encodable {
      var seconds: Double
      var learnt: Int
      var newlyRecognised: Int
      var known: Int
      var recognised: Int
      var learning: Int
      var new: Int

      enum CodingKeys: String, CodingKey {
        case seconds, learnt, known, recognised, learning, new
        case newlyRecognised = "newly_recognised"
      }
    }

    enum CodingKeys: String, CodingKey {
      case round, correct, questions, word, missed, sitting
      case longestStreak = "longest_streak"
      case averageSeconds = "average_seconds"
      case dueTomorrow = "due_tomorrow"
    }
  }

  struct Introduced: Encodable {
    var member: MemberRef
  }

  struct Withdrawn: Encodable {
    var member: MemberRef
    var file: String
    var reason: String
  }

  struct Exit: Encodable {
    var status: Int
    var score: Int
    var longestStreak: Int
    var questions: Int
    /// What became of the writes that waited for the history (see
    /// `HistoryRecorder.finish`); null when none waited.
    var history: Nullable<String>

    enum CodingKeys: String, CodingKey {
      case status, score, questions, history
      case longestStreak = "longest_streak"
    }
  }

  /// Answers and name cards waiting for the history, and why (null once none waits).
  struct HistoryWaiting: Encodable {
    var writes: Int
    var reason: Nullable<String>
  }

  /// Average and fastest right answer times, null before any.
  struct Times: Encodable {
    var averageSeconds: Nullable<Double>
    var fastestSeconds: Nullable<Double>

    init(_ times: AnswerTimes) {
      averageSeconds = Nullable(times.average.map(\.seconds))
      fastestSeconds = Nullable(times.fastestRight.map(\.seconds))
    }

    enum CodingKeys: String, CodingKey {
      case averageSeconds = "average_seconds"
      case fastestSeconds = "fastest_seconds"
    }
  }

  struct Stats: Encodable {
    struct AllTime: Encodable {
      var times: Times
      var questions: Int
      var correct: Int
      var bestStreak: Int
      var seconds: Double

      enum CodingKeys: String, CodingKey {
        case questions, correct, seconds
        case bestStreak = "best_streak"
      }

      func encode(to encoder: any Encoder) throws {
        try times.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(questions, forKey: .questions)
        try container.encode(correct, forKey: .correct)
        try container.encode(bestStreak, forKey: .bestStreak)
        try container.encode(seconds, forKey: .seconds)
      }
    }

    struct Recent: Encodable {
      var member: MemberRef
      var outcome: String
      var chose: String?
      var seconds: Double
    }

    var times: Times
    var allTime: AllTime?
    var score: Int
    var streak: Int
    var longestStreak: Int
    var questions: Int
    var recent: [Recent]

    enum CodingKeys: String, CodingKey {
      case score, streak, questions, recent
      case allTime = "all_time"
      case longestStreak = "longest_streak"
    }

    func encode(to encoder: any Encoder) throws {
      try times.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(allTime, forKey: .allTime)
      try container.encode(score, forKey: .score)
      try container.encode(streak, forKey: .streak)
      try container.encode(longestStreak, forKey: .longestStreak)
      try container.encode(questions, forKey: .questions)
      try container.encode(recent, forKey: .recent)
    }
  }

  struct People: Encodable {
    struct Person: Encodable {
      var name: String
      var recall: Nullable<Double>
      var known: Bool
      var right: Int
      var wrong: Int
      var averageSeconds: Nullable<Double>
      var seenSecondsAgo: Nullable<Double>
      /// Who they are most often taken for, or taken for them; null for no one.
      var confusedWith: Nullable<String>

      enum CodingKeys: String, CodingKey {
        case name, recall, known, right, wrong
        case averageSeconds = "average_seconds"
        case seenSecondsAgo = "seen_seconds_ago"
        case confusedWith = "confused_with"
      }
    }

    var order: String
    var people: [Person]
  }
}
