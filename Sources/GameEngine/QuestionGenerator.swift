/// The roster cannot make a question: it needs four members with different names.
public struct NotEnoughNamesError: Error, Hashable, Sendable, CustomStringConvertible {
  /// How many members the roster has.
  public let members: Int
  /// How many different names they have (see `NameKey`).
  public let differentNames: Int
  /// How many different names a question needs.
  public let needed: Int

  public var description: String {
    if members == differentNames {
      return "found \(members) member\(members == 1 ? "" : "s"); the game needs at least \(needed)"
    }
    return
      "found \(members) members but only \(differentNames) different "
      + "name\(differentNames == 1 ? "" : "s"); the game needs at least \(needed)"
  }
}

/// Makes questions from a roster: a member chosen by the `MemberPicker`, their name in a
/// uniformly random position, and three other different names chosen uniformly.
public struct QuestionGenerator: Sendable {
  /// How many names a question offers.
  public static let optionCount = 4

  public let members: [Member]
  private var picker: any MemberPicker
  private var random: SeededGenerator
  /// One option per different name, in roster order.
  private let names: [NameOption]
  /// Where each member's name is in `names`.
  private let nameIndexOfMember: [Int]
  private var previous: Int?
  private var made = 0

  public init(
    members: [Member], seed: UInt64, picker: any MemberPicker = ShuffledRounds()
  ) throws(NotEnoughNamesError) {
    var names: [NameOption] = []
    var nameIndexOfKey: [NameKey: Int] = [:]
    var nameIndexOfMember: [Int] = []
    for member in members {
      let key = member.nameKey
      if let index = nameIndexOfKey[key] {
        nameIndexOfMember.append(index)
      } else {
        nameIndexOfKey[key] = names.count
        nameIndexOfMember.append(names.count)
        names.append(NameOption(name: member.name, member: member.id))
      }
    }
    guard names.count >= Self.optionCount else {
      throw NotEnoughNamesError(
        members: members.count, differentNames: names.count, needed: Self.optionCount)
    }
    self.members = members
    self.names = names
    self.nameIndexOfMember = nameIndexOfMember
    self.picker = picker
    self.random = SeededGenerator(seed: seed)
  }

  /// The next question.
  public mutating func next() -> Question {
    let asked = picker.nextMember(of: members, after: previous, using: &random)
    previous = asked
    made += 1
    let member = members[asked]
    let correctName = nameIndexOfMember[asked]

    var taken: Set<Int> = [correctName]
    var options: [NameOption] = []
    while options.count < Self.optionCount - 1 {
      let candidate = Int.random(in: names.indices, using: &random)
      if taken.insert(candidate).inserted {
        options.append(names[candidate])
      }
    }
    let correctIndex = Int.random(in: 0..<Self.optionCount, using: &random)
    options.insert(NameOption(name: member.name, member: member.id), at: correctIndex)
    return Question(number: made, member: member, options: options, correctIndex: correctIndex)
  }
}
