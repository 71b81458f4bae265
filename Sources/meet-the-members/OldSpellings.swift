import ArgumentParser
import Foundation
import GameEngine
import Launch

/// The command line as it was before the commands: the flags that chose what to do
/// (`--headless`, `--check`, `--list`, `--forget`, `--preview PHOTO`) anywhere among the
/// options. Scripts and bots still use them, so each is read as its command:
/// `meet-the-members ~/club --headless --seed 3` is `meet-the-members headless ~/club --seed 3`.
enum OldSpellings {
  /// Each old flag and the command it now is.
  static let commands: [String: String] = [
    "--headless": Headless.configuration.commandName!, "--check": Check.configuration.commandName!,
    "--list": List.configuration.commandName!, "--forget": Forget.configuration.commandName!,
    "--preview": Preview.configuration.commandName!,
  ]

  /// The command line with an old flag read as its command; as it is when it names a command
  /// or uses no old flag. Two old flags ask for two things at once and are refused.
  static func commandLine(_ arguments: [String]) throws(UsageError) -> [String] {
    if let first = arguments.first, commandNames.contains(first) || first == "help" {
      return arguments
    }
    // Only options count, not what follows "--" (a folder called --check, say).
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    let found = arguments[..<end].indices.filter { index in
      commands[flag(arguments[index])] != nil
    }
    guard let index = found.first else { return arguments }
    if found.count > 1 {
      throw UsageError(
        "\(flag(arguments[index])) and \(flag(arguments[found[1]])) cannot be used together")
    }
    var rest = arguments
    let word = rest.remove(at: index)
    let name = flag(word)
    var command = [commands[name]!]
    // --preview PHOTO and --preview=PHOTO: the photo is the command's argument.
    if name == "--preview" {
      if word.count > name.count {
        command.append(String(word.dropFirst(name.count + 1)))
      } else if index < rest.endIndex {
        command.append(rest.remove(at: index))
      }
    }
    return command + rest
  }

  /// `--preview=x.jpg` as `--preview`.
  private static func flag(_ word: String) -> String {
    word.hasPrefix("--preview=") ? "--preview" : word
  }

  /// A command line ArgumentParser refused, in one line. An option that another command
  /// takes says which: `--graphics only applies to play and preview, not to forget`.
  static func said(_ error: any Error, arguments: [String]) -> String {
    let message = MeetTheMembers.message(for: error)
    let line = message.split(separator: "\n").first.map(String.init) ?? message
    if let value = valueRefused(line) { return value }
    guard line.hasPrefix("Unknown option '"), let end = line.dropFirst(16).firstIndex(of: "'")
    else { return line }
    let option = String(line.dropFirst(16)[..<end])
    let command = arguments.first.flatMap { commandNames.contains($0) ? $0 : nil } ?? "play"
    let others = commandNames.filter { options(of: $0).contains(option) }
    guard !others.isEmpty else {
      // --version and --help, which every command line takes, but for one slip.
      if !line.contains("Did you mean"),
        let meant = NameMatching.meant(option, among: ["--version", "--help"], slips: { _ in 1 })
      {
        return "Unknown option '\(option)'. Did you mean '\(meant)'?"
      }
      // The old flags are read only where no command is named.
      guard !commandNames.contains(arguments.first ?? ""),
        let meant = Misspellings.flagMeant(option)
      else { return line }
      return
        "Unknown option '\(option)'. Did you mean '\(meant)' (the command \(commands[meant]!))?"
    }
    return "\(option) only applies to \(OptionList.words(others)), not to \(command)"
  }

  /// ArgumentParser's refusal of a value among choices, or of an option without its value,
  /// in the words the game's own checks use: "--format must be csv or json, not xml",
  /// "--round needs a value (n|all)"; nil for any other line.
  private static func valueRefused(_ line: String) -> String? {
    if let match = line.wholeMatch(
      of: /The value '(.*)' is invalid for '(--[a-z-]+)[^']*'\. Please provide one of (.+)\./)
    {
      let choices = match.3.replacing("'", with: "").replacing(" and ", with: " or ")
      return "\(match.2) must be \(choices), not \(match.1)"
    }
    if let match = line.wholeMatch(of: /Missing value for '--([a-z-]+) <([^>]*)>'/) {
      // The value's name says more than the option's only where it is not the same word.
      return "--\(match.1) needs a value" + (match.2 == match.1 ? "" : " (\(match.2))")
    }
    return nil
  }

  /// The commands by name, in the order of the help.
  static var commandNames: [String] {
    MeetTheMembers.configuration.subcommands.compactMap { $0.configuration.commandName }
  }

  /// The long options a command takes ("--seed"), as ArgumentParser describes it.
  static func options(of command: String) -> Set<String> {
    Set(longOptions(of: command).map(\.name))
  }

  /// The long options of a command that take a value ("--seed 3"; not "--no-sound").
  static func valueOptions(of command: String) -> Set<String> {
    Set(longOptions(of: command).filter(\.takesValue).map(\.name))
  }

  /// Each long option of a command, and whether it takes a value.
  private static func longOptions(of command: String) -> [(name: String, takesValue: Bool)] {
    guard
      let type = MeetTheMembers.configuration.subcommands.first(where: {
        $0.configuration.commandName == command
      }),
      let object = try? JSONSerialization.jsonObject(with: Data(type._dumpHelp().utf8))
        as? [String: Any],
      let info = object["command"] as? [String: Any],
      let arguments = info["arguments"] as? [[String: Any]]
    else { return [] }
    var found: [(name: String, takesValue: Bool)] = []
    for argument in arguments {
      let takesValue = argument["kind"] as? String == "option"
      for name in argument["names"] as? [[String: Any]] ?? []
      where name["kind"] as? String == "long" {
        if let name = name["name"] as? String { found.append(("--\(name)", takesValue)) }
      }
    }
    return found
  }
}

/// Words in a list: "a", "a and b", "a, b and c".
enum OptionList {
  static func words(_ items: [String]) -> String {
    items.count < 2
      ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}
