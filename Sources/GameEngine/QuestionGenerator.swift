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
      return "found \(counted(members, "member")); the game needs at least \(needed)"
    }
    return
      "found \(members) members but only \(counted(differentNames, "different name")); "
      + "the game needs at least \(needed)"
  }
}

/// Makes questions from a roster: a member chosen by the `MemberPicker`, their name in a
/// uniformly random position, and three other different names that teach, chosen in this
/// order (uniformly within each): the names of people the player has taken for this one or
/// this one for (`Confusions`), names that look alike (the same first name, a first name of
/// the same initial and length, or whole names two slips apart), names of the same group; then
/// anyone's. A group can be chosen: only its members are asked, and the other names come from
/// the group when it has at least four different names in play, else from everyone, so that a
/// small group still plays. A question of faces offers the same tiers of names, each as the
/// face of a member in play who bears it, and leaves out a name with no face the question
/// does not already show (the same photo is never offered twice); when fewer than three are
/// left it asks the name instead.
public struct QuestionGenerator: Sendable {
  /// How many names a question offers.
  public static let optionCount = 4

  public let members: [Member]
  /// The seed the generator started from.
  public let seed: UInt64
  private var picker: any MemberPicker
  /// The picker as given, to start afresh when another group is chosen.
  private let freshPicker: any MemberPicker
  private var random: SeededGenerator
  /// The group whose members are asked; nil for everyone.
  public private(set) var group: String?
  /// The members who may be asked (by index, withdrawn ones included): the group's.
  private var askable: [Int]
  /// The chosen group's members in play (indices in `members`) and the members themselves:
  /// whom the picker chooses among.
  private var askableNow: [Int]
  private var askableMembers: [Member]
  /// One option per different name, in roster order.
  private let names: [NameOption]
  /// How each name in `names` is spelt (its first member's), to tell names that look alike.
  private let spellings: [Spelling]
  /// Where each member's name is in `names`.
  private let nameIndexOfMember: [Int]
  /// The members who bear each name in `names` (by index), as a list through the members:
  /// the first, and after each the next (-1 after the last).
  private let firstWithName: [Int]
  private let nextWithName: [Int]
  /// Each member's photo, as the index of the first member with the same photo.
  private let photoOf: [Int]
  /// How many members not withdrawn answer to each name in `names`.
  private var playingWithName: [Int]
  /// Members taken out of the game (by index), whose photos cannot be shown.
  private var withdrawn: Set<Int> = []
  private var previous: Int?
  private var made = 0

  /// `samePhotos` are the sets of members who share one photo (a club's placeholder, say):
  /// only one of each set is offered in a question of faces.
  public init(
    members: [Member], seed: UInt64, picker: any MemberPicker = ShuffledRounds(),
    samePhotos: [[MemberID]] = []
  ) throws(NotEnoughNamesError) {
    var names: [NameOption] = []
    var spellings: [Spelling] = []
    var nameIndexOfKey: [NameKey: Int] = [:]
    var nameIndexOfMember: [Int] = []
    // Sized at once (names at most one a member), as they are kept for the whole game.
    names.reserveCapacity(members.count)
    nameIndexOfMember.reserveCapacity(members.count)
    for member in members {
      let key = member.nameKey
      if let index = nameIndexOfKey[key] {
        nameIndexOfMember.append(index)
      } else {
        nameIndexOfKey[key] = names.count
        nameIndexOfMember.append(names.count)
        names.append(NameOption(name: member.name, member: member.id))
        spellings.append(member.spelling)
      }
    }
    guard names.count >= Self.optionCount else {
      throw NotEnoughNamesError(
        members: members.count, differentNames: names.count, needed: Self.optionCount)
    }
    self.members = members
    self.names = names
    self.spellings = spellings
    self.nameIndexOfMember = nameIndexOfMember
    var firstWithName = Array(repeating: -1, count: names.count)
    var nextWithName = Array(repeating: -1, count: members.count)
    for (member, name) in nameIndexOfMember.enumerated().reversed() {
      nextWithName[member] = firstWithName[name]
      firstWithName[name] = member
    }
    self.firstWithName = firstWithName
    self.nextWithName = nextWithName
    var photoOf = Array(members.indices)
    if !samePhotos.isEmpty {
      var index: [MemberID: Int] = [:]
      for (position, member) in members.enumerated() { index[member.id] = position }
      for same in samePhotos {
        let found = same.compactMap { index[$0] }
        guard let first = found.min() else { continue }
        for member in found { photoOf[member] = first }
      }
    }
    self.photoOf = photoOf
    var playingWithName = Array(repeating: 0, count: names.count)
    for index in nameIndexOfMember { playingWithName[index] += 1 }
    self.playingWithName = playingWithName
    self.picker = picker
    self.freshPicker = picker
    self.groups = Set(members.compactMap(\.group)).sorted { (NameKey($0), $0) < (NameKey($1), $1) }
    self.askable = Array(members.indices)
    self.askableNow = Array(members.indices)
    self.askableMembers = members
    self.seed = seed
    self.random = SeededGenerator(seed: seed)
  }

  /// Members not withdrawn.
  public var membersInPlay: Int { members.count - withdrawn.count }

  /// The groups members belong to, by name (case folded).
  public let groups: [String]

  /// Asks only the members of `group` (everyone when nil) from the next question on, in a
  /// new order. Refused (false) when none of them is in play.
  public mutating func choose(group: String?) -> Bool {
    let chosen = members.indices.filter { group == nil || members[$0].group == group }
    guard chosen.contains(where: { !withdrawn.contains($0) }) else { return false }
    self.group = group
    askable = chosen
    updateAskableNow()
    picker = freshPicker
    return true
  }

  /// Everyone not withdrawn, in roster order.
  public var everyoneInPlay: [Member] {
    members.indices.filter { !withdrawn.contains($0) }.map { members[$0] }
  }

  /// The members in play of the chosen group.
  public var askableInPlay: [Member] {
    askableMembers
  }

  /// Different names still in play.
  public var differentNamesInPlay: Int { playingWithName.filter { $0 > 0 }.count }

  /// Takes a member out of the game: never asked again, and their name offered no more unless
  /// someone else still playing has it. Refused (false) when the game would be left with
  /// fewer than four different names, or the member is unknown or already out.
  public mutating func withdraw(_ id: MemberID) -> Bool {
    guard let index = members.firstIndex(where: { $0.id == id }), !withdrawn.contains(index)
    else { return false }
    let name = nameIndexOfMember[index]
    if playingWithName[name] == 1, differentNamesInPlay <= Self.optionCount { return false }
    withdrawn.insert(index)
    playingWithName[name] -= 1
    // The group's last member in play: everyone is asked from now on.
    if askable.allSatisfy({ withdrawn.contains($0) }) {
      _ = choose(group: nil)
    } else {
      updateAskableNow()
    }
    return true
  }

  private mutating func updateAskableNow() {
    askableNow = askable.filter { !withdrawn.contains($0) }
    askableMembers = askableNow.map { members[$0] }
  }

  /// Whether the member is in the roster and not withdrawn.
  public func isInPlay(_ id: MemberID) -> Bool {
    guard let index = members.firstIndex(where: { $0.id == id }) else { return false }
    return !withdrawn.contains(index)
  }

  /// The next question, of the kind `kinds` asks under its number.
  public mutating func next(
    confusions: Confusions = Confusions(), kinds: QuestionKinds = .names
  ) -> Question {
    made += 1
    return makeQuestion(
      number: made, confusions: confusions, kind: kinds.kind(ofQuestion: made))
  }

  /// Another question in place of one that can no longer be asked, under its number, of the
  /// kind `kinds` asks under it.
  public mutating func replacing(
    _ question: Question, confusions: Confusions = Confusions(), kinds: QuestionKinds = .names
  ) -> Question {
    makeQuestion(
      number: question.number, confusions: confusions,
      kind: kinds.kind(ofQuestion: question.number))
  }

  /// A question about this member (who must be in play), numbered `number`. The other names
  /// are drawn from the members in `familiar` when at least three other names are among them
  /// (so that no option is ruled out only because it was never met), else every familiar name
  /// first and the rest from everyone.
  public mutating func question(
    about member: MemberID, number: Int, familiar: Set<MemberID>? = nil,
    confusions: Confusions = Confusions(), kind: QuestionKind = .name
  ) -> Question {
    let asked = members.firstIndex { $0.id == member } ?? 0
    previous = asked
    var pool: [Int]?
    var first: [Int] = []
    if let familiar {
      var names = Set<Int>()
      for (index, other) in members.enumerated() where familiar.contains(other.id) {
        let name = nameIndexOfMember[index]
        if name != nameIndexOfMember[asked], playingWithName[name] > 0 { names.insert(name) }
      }
      if names.count >= Self.optionCount - 1 {
        pool = names.sorted()
      } else {
        first = names.sorted()
      }
    }
    return makeQuestion(
      number: number, asking: asked, otherNames: pool, first: first, confusions: confusions,
      kind: kind)
  }

  /// A question about whom the picker chooses among those who can be asked now.
  private mutating func makeQuestion(number: Int, confusions: Confusions, kind: QuestionKind)
    -> Question
  {
    let after = previous.flatMap { askableNow.firstIndex(of: $0) }
    let asked = askableNow[picker.nextMember(of: askableMembers, after: after, using: &random)]
    previous = asked
    return makeQuestion(
      number: number, asking: asked, otherNames: nil, confusions: confusions, kind: kind)
  }

  /// A member in play who bears the name `name` (an index in `names`) and whose photo is not
  /// among `photos`: one of `preferred` (the people confused with the one asked) when one
  /// bears it, else the first in roster order; nil when there is none.
  private func face(bearing name: Int, besides photos: Set<Int>, preferring preferred: Set<Int>)
    -> Int?
  {
    var first: Int?
    var member = firstWithName[name]
    while member >= 0 {
      if !withdrawn.contains(member), !photos.contains(photoOf[member]) {
        if preferred.contains(member) { return member }
        first = first ?? member
      }
      member = nextWithName[member]
    }
    return first
  }

  /// Whether two members' photos are one file (see `samePhotos`).
  public func samePhoto(_ one: MemberID, _ other: MemberID) -> Bool {
    guard let first = members.firstIndex(where: { $0.id == one }),
      let second = members.firstIndex(where: { $0.id == other })
    else { return false }
    return photoOf[first] == photoOf[second]
  }

  /// The names of `pool` in the order they teach most as another name for `members[asked]`:
  /// confused with theirs, alike, of their group, then the pool itself (each a subset of the
  /// pool, in its order; empty tiers left out).
  private func tiers(of asked: Int, in pool: [Int], confusions: Confusions) -> [[Int]] {
    let member = members[asked]
    let partners = confusions.isEmpty ? [:] : confusions.partners(of: member.id)
    var confused = Set<Int>()
    if !partners.isEmpty {
      for (index, other) in members.enumerated() where partners[other.id] != nil {
        confused.insert(nameIndexOfMember[index])
      }
    }
    var grouped = Set<Int>()
    if let group = member.group {
      for (index, other) in members.enumerated() where other.group == group {
        grouped.insert(nameIndexOfMember[index])
      }
    }
    let alike = pool.filter { NameMatching.lookAlike(member.spelling, spellings[$0]) }
    return [pool.filter(confused.contains), alike, pool.filter(grouped.contains), pool]
      .filter { !$0.isEmpty }
  }

  /// The names (indices in `names`) of the chosen group's members in play, when they are at
  /// least as many as a question's options; nil for everyone's.
  private var groupNames: [Int]? {
    guard group != nil else { return nil }
    var found = Set<Int>()
    for index in askable where !withdrawn.contains(index) { found.insert(nameIndexOfMember[index]) }
    return found.count >= Self.optionCount ? found.sorted() : nil
  }

  /// A question about `members[asked]`; the other names are drawn from `otherNames` (indices
  /// in `names`), or from the group's names (see `groupNames`), or from every name in play:
  /// first those confused with the asked member's, then those that look alike, then those of
  /// their group, then any (see the type); the names in `first`, fewer than the options need,
  /// before all of them. A question of faces without three other faces to offer is asked as
  /// names.
  private mutating func makeQuestion(
    number: Int, asking asked: Int, otherNames: [Int]?, first: [Int] = [],
    confusions: Confusions, kind: QuestionKind
  ) -> Question {
    let member = members[asked]
    let correctName = nameIndexOfMember[asked]
    let pool = otherNames ?? groupNames ?? Array(names.indices)

    var taken: Set<Int> = [correctName]
    var photos: Set<Int> = [photoOf[asked]]
    // The very people confused with the one asked, whose faces a question of faces shows
    // (another who bears their name is someone else).
    var confused = Set<Int>()
    if kind == .face, !confusions.isEmpty {
      let partners = confusions.partners(of: member.id)
      confused = Set(members.indices.filter { partners[members[$0].id] != nil })
    }
    var options: [NameOption] = []
    let drawn = (first.isEmpty ? [] : [first]) + tiers(of: asked, in: pool, confusions: confusions)
    for tier in drawn {
      // Drawn uniformly from the tier until it has no name left to give. (A tier of every
      // name in the pool draws as a plain uniform choice does.)
      var left = tier.count { playingWithName[$0] > 0 && !taken.contains($0) }
      while options.count < Self.optionCount - 1, left > 0 {
        let candidate = tier.randomElement(using: &random)!
        guard playingWithName[candidate] > 0, taken.insert(candidate).inserted else { continue }
        left -= 1
        guard kind == .face else {
          options.append(names[candidate])
          continue
        }
        guard let shown = face(bearing: candidate, besides: photos, preferring: confused) else {
          continue
        }
        photos.insert(photoOf[shown])
        options.append(NameOption(name: members[shown].name, member: members[shown].id))
      }
    }
    guard options.count == Self.optionCount - 1 else {
      return makeQuestion(
        number: number, asking: asked, otherNames: otherNames, first: first,
        confusions: confusions, kind: .name)
    }
    let correctIndex = Int.random(in: 0..<Self.optionCount, using: &random)
    options.insert(NameOption(name: member.name, member: member.id), at: correctIndex)
    return Question(
      number: number, member: member, options: options, correctIndex: correctIndex, kind: kind)
  }
}
