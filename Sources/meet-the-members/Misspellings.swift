import Foundation
import GameEngine

/// A command or an old flag misspelt: what the word typed was likely meant for, so that the
/// refusal names it rather than taking the word for something else.
enum Misspellings {
  /// The command `word` was likely meant for: a command's name (or help) but for a slip or
  /// two ("chek", "histroy"), where `word` is the first argument and names no file, folder or
  /// URL here; nil otherwise. Without it, a misspelt command is taken for a roster folder, and
  /// the refusal blames the wrong word ("Unexpected argument 'mixed'" for `chek mixed`).
  static func commandMeant(_ word: String) -> String? {
    let names = OldSpellings.commandNames + ["help"]
    guard !names.contains(word), !word.hasPrefix("-"), !word.contains("/"), !word.contains(":"),
      !FileManager.default.fileExists(atPath: word)
    else { return nil }
    return near(word.lowercased(), among: names, slips: { $0.count >= 6 ? 2 : 1 })
  }

  /// The old flag `option` was likely meant for, but for one slip ("--chek"); nil when it is
  /// none or is one. One slip only: two would take `--formet` for `--forget`, not `--format`.
  static func flagMeant(_ option: String) -> String? {
    guard OldSpellings.commands[option] == nil else { return nil }
    return near(option, among: OldSpellings.commands.keys.sorted(), slips: { _ in 1 })
  }

  /// The one word of `words` that `word` is but for at most `slips(candidate)` slips; nil when
  /// none is, or more than one, or `word` is shorter than three letters.
  private static func near(_ word: String, among words: [String], slips: (String) -> Int)
    -> String?
  {
    guard word.drop(while: { $0 == "-" }).count >= 3 else { return nil }
    let close = words.filter { NameMatching.slips(word, $0, atMost: slips($0)) }
    return close.count == 1 ? close[0] : nil
  }
}
