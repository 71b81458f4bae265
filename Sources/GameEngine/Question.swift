/// One of the four names offered for a picture.
public struct NameOption: Hashable, Sendable {
  /// The name on the button.
  public let name: String
  /// The member this name belongs to (for a name shared by several members, the first).
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
  /// A face, and the name typed: recall, not recognition.
  case typing

  /// How many names a right answer may have been guessed among: none for a name typed.
  public var guessedAmong: Int {
    switch self {
    case .name: QuestionGenerator.optionCount
    case .typing: 0
    }
  }
}

/// Which kinds of question the quiz asks.
public enum QuestionKinds: String, Hashable, Sendable, CaseIterable {
  /// Pick the name among four.
  case names
  /// Type the name.
  case typing
  /// The two in turn: names, then typing.
  case mixed

  /// The kind of the quiz's question numbered `number` (from 1).
  public func kind(ofQuestion number: Int) -> QuestionKind {
    switch self {
    case .names: .name
    case .typing: .typing
    case .mixed: number % 2 == 1 ? .name : .typing
    }
  }
}

/// A member's picture with four different names to choose from, exactly one of them right,
/// asked as `kind` says (for a name typed, the names are not offered).
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

  /// The same question under another number.
  func numbered(_ number: Int) -> Question {
    Question(
      number: number, member: member, options: options, correctIndex: correctIndex, kind: kind)
  }

  /// The same question asked as `kind`.
  public func asked(as kind: QuestionKind) -> Question {
    Question(
      number: number, member: member, options: options, correctIndex: correctIndex, kind: kind)
  }
}
