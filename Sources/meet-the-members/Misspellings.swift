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
    guard !word.contains("/"), !word.contains(":"), !FileManager.default.fileExists(atPath: word)
    else { return nil }
    return commandNear(word)
  }

  /// The command (or help) `word` is but for a slip or two, wherever it was typed; nil when it
  /// names one, is an option, or is near none.
  static func commandNear(_ word: String) -> String? {
    guard !words.contains(word), !word.hasPrefix("-") else { return nil }
    return NameMatching.meant(word.lowercased(), among: words)
  }

  /// The refusal of `help WORD` where WORD names no command: without it, ArgumentParser
  /// prints the general help and says nothing of the word. Nil for any other command line.
  static func helpRefused(_ arguments: [String]) -> String? {
    guard arguments.first == "help", arguments.count > 1 else { return nil }
    let word = arguments[1]
    guard !words.contains(word), !word.hasPrefix("-") else { return nil }
    let hint =
      commandNear(word).map { "did you mean \($0)?" }
      ?? "the commands are \(OptionList.words(OldSpellings.commandNames))"
    return "\(word): no such command (\(hint))"
  }

  /// A command named after the options of a command line that names none first: the word
  /// play would take for its roster folder (`--data-dir D history`, `--seed 3 plya`), and the
  /// command it names or was likely meant for; nil when there is no such word, it names a
  /// file or folder here, or is neither. The options' values are not looked at (`--data-dir
  /// history`), nor anything after "--".
  /// A command named after play's roster (`./club history`) is one too: play takes one
  /// roster, and the word after it is the command the player meant first.
  static func commandAfterOptions(_ arguments: [String]) -> (word: String, meant: String)? {
    guard let first = arguments.first, !words.contains(first) else { return nil }
    let takesValue = OldSpellings.valueOptions(of: Play.configuration.commandName!)
    var index = arguments.startIndex
    var roster: String?
    while index < arguments.endIndex, arguments[index] != "--" {
      let word = arguments[index]
      guard word.hasPrefix("-") else {
        if words.contains(word), !FileManager.default.fileExists(atPath: word) {
          return (word, word)
        }
        // The first word not an option is play's roster, where it is no command misspelt.
        if roster == nil, index == arguments.startIndex || commandMeant(word) == nil {
          roster = word
          index += 1
          continue
        }
        return commandMeant(word).map { (word, $0) }
      }
      index += takesValue.contains(word) ? 2 : 1
    }
    return nil
  }

  /// The words that name a command: the commands' names and help.
  private static var words: [String] { OldSpellings.commandNames + ["help"] }

  /// The old flag `option` was likely meant for, but for one slip ("--chek"); nil when it is
  /// none or is one. One slip only: two would take `--formet` for `--forget`, not `--format`.
  static func flagMeant(_ option: String) -> String? {
    guard OldSpellings.commands[option] == nil else { return nil }
    return NameMatching.meant(option, among: OldSpellings.commands.keys.sorted(), slips: { _ in 1 })
  }
}
