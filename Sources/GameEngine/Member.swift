/// A stable identity for a member, independent of the display name: two people called
/// "Alex Kim" are two members. The roster uses the photo's path inside the roster folder.
public struct MemberID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public static func < (lhs: MemberID, rhs: MemberID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public var description: String { rawValue }
}

/// A person in the club: who they are and the name the player must learn.
public struct Member: Hashable, Sendable, Identifiable {
  public let id: MemberID
  /// The name shown on the answer buttons.
  public let name: String
  /// The subfolder the member's photo was found in (for example "recruits"), if any.
  public let group: String?
  /// The name as typed answers are matched against it (see `Spelling`).
  public let spelling: Spelling
  /// For a name shown with a label that tells two people of that name apart ("Bob Jones
  /// (2)"), the name as shown, label and all, spelt so; nil for a name shown as it is typed.
  public let labelled: Spelling?

  /// `spelling`, the name spelt in Latin letters (see `Spelling`), is the name itself when
  /// not given; `labelled`, the name with its label so spelt, where it has one.
  public init(
    id: MemberID, name: String, group: String? = nil, spelling: String? = nil,
    labelled: String? = nil
  ) {
    self.id = id
    self.name = name
    self.group = group
    self.spelling = Spelling(spelling ?? name)
    self.labelled = labelled.map(Spelling.init)
  }

  /// The key under which two names count as the same answer.
  public var nameKey: NameKey { NameKey(name) }
}

/// A name reduced to what a player can tell apart: Unicode canonical equivalence (Swift's
/// `String` equality and hashing already honour it, so "Zoë" composed and decomposed are
/// equal) and case, folded by upper- then lower-casing so that "ß" and "SS" meet as well.
/// Keys sort in the order of their folded characters, so that case does not decide it.
public struct NameKey: Hashable, Comparable, Sendable {
  private let folded: String

  public init(_ name: String) {
    folded = name.uppercased().lowercased()
  }

  public static func < (lhs: NameKey, rhs: NameKey) -> Bool { lhs.folded < rhs.folded }
}
