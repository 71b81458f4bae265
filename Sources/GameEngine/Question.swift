/// One of the four names offered for a picture, or one of the four faces offered for a name.
public struct NameOption: Hashable, Sendable {
  /// The name on the button.
  public let name: String
  /// The member this name belongs to (for a name shared by several members, the first); in
  /// a question of faces, the member whose face is offered.
  public let member: MemberID

  public init(name: String, member: MemberID) {
    self.name = name
    self.member = member
  }
}

/// How a question is asked.
public enum QuestionKind: String, Hashable, Sendable, CaseIterable {
  /// A face and four names to choose from.
  case name
  /// A name and four faces to choose from, each a different person with a photo of their
  /// own.
  case face
  /// A face, and the name typed: recall, not recognition.
  case typing

  /// How many options a right answer may have been guessed among: none for a name typed.
  public var guessedAmong: Int {
    switch self {
    case .name, .face: QuestionGenerator.optionCount
    case .typing: 0
    }
  }

  /// Whether the answer is chosen among the options (names or faces), not typed.
  public var isChosen: Bool { self != .typing }
}

/// Which kinds of question the quiz asks.
public enum QuestionKinds: String, Hashable, Sendable, CaseIterable {
  /// Pick the name among four.
  case names
  /// Pick the face among four.
  case faces
  /// Type the name.
  case typing
  /// The three in turn: a name picked, a face picked, a name typed.
  case mixed

  /// The kind of the quiz's question numbered `number` (from 1).
  public func kind(ofQuestion number: Int) -> QuestionKind {
    switch self {
    case .names: .name
    case .faces: .face
    case .typing: .typing
    case .mixed: [.typing, .name, .face][number % 3]
    }
  }
}

/// A member's picture with four different names to choose from, exactly one of them right,
/// asked as `kind` says: for a name typed, the names are not offered; for a face picked, the
/// member's name is shown and the options are four faces (each option's member), four people
/// with four different names and four different photos.
public struct Question: Hashable, Sendable {
  /// The question's position in the session, from 1.
  public let number: Int
  /// The member whose picture is shown.
  public let member: Member
  /// The four names, each different from the others (see `NameKey`).
  public let options: [NameOption]
  /// Where the right name is among `options`.
  public let correctIndex: Int
  public let kind: QuestionKind

  public init(
    number: Int, member: Member, options: [NameOption], correctIndex: Int,
    kind: QuestionKind = .name
  ) {
    self.number = number
    self.member = member
    self.options = options
    self.correctIndex = correctIndex
    self.kind = kind
  }

  public var correctOption: NameOption { options[correctIndex] }

  /// Whether the question shows this member's face: the member asked about, or in a question
  /// of faces any member offered.
  public func shows(_ id: MemberID) -> Bool {
    member.id == id || (kind == .face && options.contains { $0.member == id })
  }

  /// The same question under another number.
  func numbered(_ number: Int) -> Question {
    Question(
      number: number, member: member, options: options, correctIndex: correctIndex, kind: kind)
  }

  /// The same question asked as `kind` (a question of faces asked as names keeps its
  /// options, each still a name of its own).
  public func asked(as kind: QuestionKind) -> Question {
    Question(
      number: number, member: member, options: options, correctIndex: correctIndex, kind: kind)
  }
}
