/// A name as typed answers are compared with it: lower case, letters and digits only, words
/// separated by one space. Punctuation inside a word goes ("O'Connor" is "oconnor",
/// "Jean-Luc" is "jeanluc"); accents and other scripts are spelt in Latin letters by the front
/// end before it comes here (ICU's "Any-Latin; Latin-ASCII": "Nguyễn Thị Hoa" is
/// "nguyen thi hoa"), so that the engine needs no Unicode tables of its own.
public struct Spelling: Hashable, Sendable, CustomStringConvertible {
  /// The words, each of letters and digits.
  public let words: [String]

  /// `text` (spelt in Latin letters where it can be) reduced as above.
  public init(_ text: String) {
    words = text.lowercased().split(whereSeparator: \.isWhitespace).map { word in
      String(word.filter { $0.isLetter || $0.isNumber })
    }.filter { !$0.isEmpty }
  }

  /// The letters without the spaces: "Mary Jane" typed "maryjane" is the same name.
  public var letters: String { words.joined() }

  public var description: String { words.joined(separator: " ") }
}

/// How a typed answer was taken.
public enum TypedMatch: String, Hashable, Sendable {
  /// The whole name (case, accents, punctuation and spaces aside).
  case name
  /// The first word of the name alone, which no one else in play has as a first or last
  /// word or as their name.
  case firstName = "first_name"
  /// The last word of the name alone, so: a family name, or the given name of a name written
  /// family name first ("Hoa" for Nguyễn Thị Hoa). Which word a person is called by cannot be
  /// told from the name, so either end counts (a play-test typed "Hoa" and was told wrong).
  case lastName = "last_name"
  /// One slip in a name (or a first or last word that counts alone) of five letters or more: a
  /// letter wrong, missing or extra, or two side by side swapped. Right, shown with the
  /// spelling.
  case slip
  /// Anything else.
  case wrong

  public var isRight: Bool { self != .wrong }
}

/// A typed answer: the text as typed, how it was taken, and whose name it is when it is
/// someone else's in play (to count who is taken for whom).
public struct TypedAnswer: Hashable, Sendable {
  public let text: String
  public let match: TypedMatch
  /// The member in play whose name (or first name alone) was typed, when the answer is wrong
  /// and names one person.
  public let other: NameOption?

  public init(text: String, match: TypedMatch, other: NameOption? = nil) {
    self.text = text
    self.match = match
    self.other = other
  }
}

/// Matches a typed answer with the name asked, forgiving in the ways people are (see
/// `TypedMatch`), and never right for what is another's name in play (but where two people's
/// names are typed alike: then the name is right for each).
public enum NameMatching {
  /// The shortest name (in letters) in which one slip is forgiven.
  public static let slipLength = 5

  /// How `text`, spelt `spelling` (see `Spelling`), answers a question about `member`, whose
  /// name is told apart from those of `inPlay` (the members in play, `member` among them or
  /// not).
  public static func match(
    _ text: String, spelling: Spelling, for member: Member, among inPlay: [Member]
  ) -> TypedAnswer {
    let typed = spelling.letters
    // Not those whose name is typed as this one is (two people of one name, told apart on
    // the buttons by a label, "Bob Jones (2)"; "Zoë Lee" and "Zoe Lee"): typing cannot tell
    // them apart, so the name typed is right for each.
    let others = inPlay.filter {
      $0.nameKey != member.nameKey && $0.spelling.letters != member.spelling.letters
    }
    // The name as the buttons show it, label and all, is theirs too; another's label is not.
    if let labelled = member.labelled?.letters {
      if typed == labelled { return TypedAnswer(text: text, match: .name) }
      let mates = inPlay.filter {
        $0.id != member.id && $0.spelling.letters == member.spelling.letters
      }
      if let mate = mates.first(where: { $0.labelled?.letters == typed }) {
        return TypedAnswer(text: text, match: .wrong, other: option(mate))
      }
    }
    let names = NamesInPlay(inPlay + [member])
    // Each other's first and last words where they count alone (no one else in play has them).
    let othersAlone = others.map { ($0, names.alone(of: $0)) }
    // Someone else's whole name is theirs, however close it is to the one asked.
    if let other = others.first(where: { $0.spelling.letters == typed }) {
      return TypedAnswer(text: text, match: .wrong, other: option(other))
    }
    if !typed.isEmpty, typed == member.spelling.letters {
      return TypedAnswer(text: text, match: .name)
    }
    let alone = names.alone(of: member)
    if !typed.isEmpty, alone.contains(typed) {
      return TypedAnswer(
        text: text, match: typed == member.spelling.words.first ? .firstName : .lastName)
    }
    if let other = othersAlone.first(where: { $0.1.contains(typed) })?.0 {
      return TypedAnswer(text: text, match: .wrong, other: option(other))
    }
    let targets = ([member.spelling.letters] + alone).filter { $0.count >= slipLength }
    let othersTargets = othersAlone.flatMap { [$0.0.spelling.letters] + $0.1 }
    if targets.contains(where: { isOneSlip(typed, $0) }),
      !othersTargets.contains(where: { isOneSlip(typed, $0) })
    {
      return TypedAnswer(text: text, match: .slip)
    }
    return TypedAnswer(text: text, match: .wrong)
  }

  /// The first and last words and the whole names in play, once, to tell whose words count
  /// alone in time linear in the roster.
  struct NamesInPlay {
    /// For each first or last word, the names (by key) that start or end with it.
    private var endWords: [String: Set<NameKey>] = [:]
    /// For each whole name's letters, the names (by key) spelt so.
    private var wholeNames: [String: Set<NameKey>] = [:]

    init(_ members: [Member]) {
      for member in members {
        for word in Set(Self.ends(of: member)) {
          endWords[word, default: []].insert(member.nameKey)
        }
        wholeNames[member.spelling.letters, default: []].insert(member.nameKey)
      }
    }

    /// The first and last words of a name of more words than one, but for an initial
    /// ("Maria G."): a letter alone is not a name.
    private static func ends(of member: Member) -> [String] {
      let words = member.spelling.words
      guard words.count > 1, let first = words.first, let last = words.last else { return [] }
      return (first == last ? [first] : [first, last]).filter { $0.count > 1 }
    }

    /// The member's first and last words that count alone: those no one else in play (with
    /// another name) has as a first or last word or as their whole name.
    func alone(of member: Member) -> [String] {
      Self.ends(of: member).filter { word in
        (endWords[word] ?? []).union(wholeNames[word] ?? []).subtracting([member.nameKey])
          .isEmpty
      }
    }
  }

  private static func option(_ member: Member) -> NameOption {
    NameOption(name: member.name, member: member.id)
  }

  /// Whether two names look alike, as a player might take one for the other: the same first
  /// name, first names of the same initial and length, or whole names at most two slips apart
  /// (see `isOneSlip`).
  public static func lookAlike(_ a: Spelling, _ b: Spelling) -> Bool {
    guard let first = a.words.first, let other = b.words.first else { return false }
    if first == other { return true }
    if first.first == other.first, first.count == other.count { return true }
    return slips(a.letters, b.letters, atMost: 2)
  }

  /// The one word of `words` that `word` is but for at most `slips(candidate)` slips (by
  /// default one, two for a word of six letters or more), the word a typo was meant for
  /// ("chek": check); nil when none is, or more than one, or `word` (its leading dashes
  /// aside) is shorter than three letters.
  public static func meant(
    _ word: String, among words: [String], slips limit: (String) -> Int = { $0.count >= 6 ? 2 : 1 }
  ) -> String? {
    guard word.drop(while: { $0 == "-" }).count >= 3 else { return nil }
    let close = words.filter { slips(word, $0, atMost: limit($0)) }
    return close.count == 1 ? close[0] : nil
  }

  /// Whether `a` is `b` but for at most `limit` slips (the optimal string alignment
  /// distance), computed only near the diagonal.
  public static func slips(_ a: String, _ b: String, atMost limit: Int) -> Bool {
    let (x, y) = (Array(a), Array(b))
    guard abs(x.count - y.count) <= limit else { return false }
    if x.isEmpty || y.isEmpty { return max(x.count, y.count) <= limit }
    var before = Array(0...y.count)
    var previous = before
    for i in 1...x.count {
      var row = [i] + Array(repeating: limit + 1, count: y.count)
      for j in max(1, i - limit)...min(y.count, i + limit) {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          row[j] = min(row[j], before[j - 2] + 1)
        }
      }
      if row.min()! > limit { return false }
      (before, previous) = (previous, row)
    }
    return previous[y.count] <= limit
  }

  /// Whether `a` is `b` but for one slip: the optimal string alignment distance (Damerau's
  /// edits: a letter changed, missing or extra, or two side by side swapped) is exactly 1.
  static func isOneSlip(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a), Array(b))
    guard abs(x.count - y.count) <= 1, x != y else { return false }
    // Skip the common start and end; what is left must be one edit.
    let rest = difference(x, y)
    let (restX, restY) = (x[rest.a], y[rest.b])
    switch (restX.count, restY.count) {
    case (1, 1), (1, 0), (0, 1): return true
    case (2, 2):
      return restX.first == restY.last && restX.last == restY.first
    default: return false
    }
  }

  /// Where `a` and `b` differ: the indices of each left between their longest common start
  /// and, after it, their longest common end. The two ranges start at the same index.
  public static func difference<Element: Equatable>(
    _ a: [Element], _ b: [Element]
  ) -> (a: Range<Int>, b: Range<Int>) {
    var start = 0
    while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
    var end = 0
    while end < min(a.count, b.count) - start, a[a.count - 1 - end] == b[b.count - 1 - end] {
      end += 1
    }
    return (start..<(a.count - end), start..<(b.count - end))
  }
}
