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

/// A member's picture with four different names to choose from, exactly one of them right.
public struct Question: Hashable, Sendable {
  /// The question's position in the session, from 1.
  public let number: Int
  /// The member whose picture is shown.
  public let member: Member
  /// The four names, each different from the others (see `NameKey`).
  public let options: [NameOption]
  /// Where the right name is among `options`.
  public let correctIndex: Int

  public init(number: Int, member: Member, options: [NameOption], correctIndex: Int) {
    self.number = number
    self.member = member
    self.options = options
    self.correctIndex = correctIndex
  }

  public var correctOption: NameOption { options[correctIndex] }

  /// The same question under another number.
  func numbered(_ number: Int) -> Question {
    Question(number: number, member: member, options: options, correctIndex: correctIndex)
  }
}
