import GameEngine
import Pictures

/// A command line the program refuses: a value out of range or options that contradict each
/// other. Said in one line, without the usage text, with ArgumentParser's exit status for
/// usage errors (64), so that a script can tell it from a roster `--check` finds unplayable (1).
struct UsageError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

/// What a game is played with, in the terminal or headless.
struct GameSettings {
  var folder: String?
  var seed: UInt64?
  var rules: Rules
  /// Where the history is kept; nil when there is no home to keep it in.
  var dataFolder: String?
  /// The mode the start screen offers first (headless: the one `start` plays); nil when
  /// `--mode` was not given.
  var mode: PlayMode?
  /// The quiz's order: shuffled rounds, or anyone at any time.
  var randomOrder: Bool
  /// The group to play (`--group`), as typed; nil for everyone.
  var group: String?
}

/// What one run of the program does, once its options are known to fit together.
enum Action {
  case play(GameSettings, colors: ColorMode?, graphics: GraphicsOption, trace: String?)
  /// `--headless`: the game on standard input and output; `clock` is the wall time (Unix
  /// seconds) of the virtual clock's start, nil for now.
  case playHeadless(GameSettings, clock: Double?)
  /// `--check` (every photo decoded) or `--list` (headers only).
  case printRoster(folder: String?, decodingEveryPhoto: Bool)
  case preview(photo: String, size: CellSize, colors: ColorMode?, graphics: GraphicsOption)
  /// `--forget`: the roster's history cleared, once confirmed.
  case forget(folder: String?, dataFolder: String?)
}

extension MeetTheMembers {
  static let previewSize = CellSize(columns: 40, rows: 20)
  static let largestPreview = 1000

  /// The action the options ask for, or the first thing wrong with them: contradictions
  /// first, since a value is beside the point when its option cannot be used at all.
  func action() throws(UsageError) -> Action {
    try checkCombination()
    if let preview {
      return .preview(
        photo: preview, size: try Self.cellSize(size), colors: colors,
        graphics: try GameOptions.graphics(graphics))
    }
    if check || list {
      return .printRoster(folder: rosterFolder, decodingEveryPhoto: check)
    }
    if forget {
      return .forget(folder: rosterFolder, dataFolder: try GameOptions.dataFolder(dataDir))
    }
    var rules = try GameOptions.rules(
      answerSeconds: answerSeconds, revealSeconds: revealSeconds, typeSeconds: typeSeconds)
    rules.questionKinds = try GameOptions.questionKinds(kind)
    rules.roundLength = try GameOptions.roundLength(round)
    rules.sittingLength = try GameOptions.sittingLength(minutes)
    let settings = GameSettings(
      folder: rosterFolder, seed: try GameOptions.seed(seed), rules: rules,
      dataFolder: try GameOptions.dataFolder(dataDir), mode: try GameOptions.mode(mode),
      randomOrder: try GameOptions.randomOrder(order), group: group)
    if headless { return .playHeadless(settings, clock: try GameOptions.clock(clock)) }
    return .play(
      settings, colors: colors, graphics: try GameOptions.graphics(graphics), trace: trace)
  }

  /// Refuses options that would be ignored or that ask for two things at once: the game, the
  /// roster (`--check`, `--list`) and `--preview` each take only their own options.
  private func checkCombination() throws(UsageError) {
    if check && list { throw UsageError("--check and --list cannot be used together") }
    if forget {
      let given: [(String, Bool)] = [
        ("--check", check), ("--list", list), ("--preview", preview != nil),
        ("--headless", headless), ("--seed", seed != nil),
        ("--answer-seconds", answerSeconds != nil), ("--reveal-seconds", revealSeconds != nil),
        ("--round", round != nil), ("--minutes", minutes != nil), ("--mode", mode != nil),
        ("--type-seconds", typeSeconds != nil), ("--kind", kind != nil),
        ("--order", order != nil), ("--group", group != nil), ("--colors", colors != nil),
        ("--trace", trace != nil),
        ("--size", size != nil), ("--clock", clock != nil),
      ]
      if let other = given.first(where: \.1) {
        throw UsageError("--forget cannot be used with \(other.0)")
      }
    }
    if preview != nil {
      if check || list {
        throw UsageError("--preview cannot be used with \(check ? "--check" : "--list")")
      }
      if let rosterFolder {
        throw UsageError("--preview shows one photo and takes no roster folder (\(rosterFolder))")
      }
    } else if size != nil {
      throw UsageError("--size only applies to --preview")
    }
    if clock != nil, !headless { throw UsageError("--clock only applies to --headless") }
    if headless {
      if let other = check ? "--check" : list ? "--list" : preview != nil ? "--preview" : nil {
        throw UsageError("--headless cannot be used with \(other)")
      }
      if trace != nil { throw UsageError("--trace only applies to the game in a terminal") }
      if colors != nil { throw UsageError("--colors only applies to the game in a terminal") }
      if graphics != nil {
        throw UsageError("--graphics only applies to the game in a terminal")
      }
    }
    guard let other = check ? "--check" : list ? "--list" : preview != nil ? "--preview" : nil
    else { return }
    let gameOptions: [(name: String, given: Bool)] = [
      ("--seed", seed != nil), ("--answer-seconds", answerSeconds != nil),
      ("--reveal-seconds", revealSeconds != nil), ("--round", round != nil),
      ("--minutes", minutes != nil), ("--trace", trace != nil), ("--data-dir", dataDir != nil),
      ("--mode", mode != nil), ("--type-seconds", typeSeconds != nil), ("--kind", kind != nil),
      ("--order", order != nil), ("--group", group != nil),
    ]
    if let option = gameOptions.first(where: \.given) {
      throw UsageError("\(option.name) only applies to the game, not to \(other)")
    }
    if preview == nil,
      let option = colors != nil ? "--colors" : graphics != nil ? "--graphics" : nil
    {
      throw UsageError("\(option) only applies to the game and --preview, not to \(other)")
    }
  }

  /// `--size 60x30`.
  private static func cellSize(_ text: String?) throws(UsageError) -> CellSize {
    guard let text else { return previewSize }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    let sizes = 1...largestPreview
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      sizes.contains(columns), sizes.contains(rows)
    else {
      throw UsageError(
        "--size must be COLSxROWS with each from 1 to \(largestPreview), not \(text)")
    }
    return CellSize(columns: columns, rows: rows)
  }
}
