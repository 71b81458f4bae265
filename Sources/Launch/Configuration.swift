import AppCore
import Foundation
import GameEngine
import Pictures
import Roster
import RosterDownload
import Settings

/// The player's settings file and what it gives the command line: each setting is the option
/// of the same name (`answer-seconds` is `--answer-seconds`), and an option typed overrides
/// it. A bad value is one line on standard error that names the file, the line and the key,
/// and the game plays with that setting's default.
package struct Configuration {
  /// The settings this version knows: their keys, checks and defaults.
  static let table = SettingsTable.standard

  /// The file, when there is one to read or write (nil without a home).
  package let file: ConfigFile?
  /// The settings that passed their checks, as typed after their options.
  package let values: [String: String]
  /// One line for each thing wrong with the file.
  package let warnings: [String]

  /// The file `--config` names (which must exist; `/dev/null`: none, the defaults played and
  /// no setting kept), else the one in the XDG config folder unless `standard` is off (the
  /// headless game: a seed plays the same game on every machine, whatever its player set).
  package static func load(option: String?, standard: Bool = true) throws(UsageError)
    -> Configuration
  {
    let path: String?
    if let option {
      guard !option.isEmpty else { throw UsageError("--config needs a file") }
      path = option
    } else if standard {
      path = ConfigFile.standardPath(environment: ProcessInfo.processInfo.environment)
    } else {
      path = nil
    }
    // `--config /dev/null`, as programs take it: no settings, and none kept.
    guard let path, path != "/dev/null" else {
      return Configuration(file: nil, values: [:], warnings: [])
    }
    let file: ConfigFile
    do {
      file = try ConfigFile(path: path, mustExist: option != nil)
    } catch {
      // A named file that is not there is a typo to hear about; the standard one unreadable
      // is said and the defaults play.
      if option != nil { throw UsageError("--config \(error.description)") }
      return Configuration(file: nil, values: [:], warnings: [error.description])
    }
    return Configuration(file: file)
  }

  init(file: ConfigFile) {
    var values: [String: String] = [:]
    var warnings = file.problems
    // In the order of their lines, as the player reads the file.
    let line = { (key: String) in file.line(of: key) ?? 0 }
    for key in file.values.keys.sorted(by: { (line($0), $0) < (line($1), $1) }) {
      guard let value = file.values[key] else { continue }
      let place = file.place(of: key)
      guard Self.table[key] != nil else {
        // A slip or two from a setting names it; anything else lists them all.
        let meant = NameMatching.meant(key.lowercased(), among: Self.table.keys.sorted())
        warnings.append(
          "\(place): \(key) is not a setting "
            + (meant.map { "(did you mean \($0)?)" } ?? "(the settings: \(Self.keyList))"))
        continue
      }
      if let reason = Self.refusal(of: value.text, for: key) {
        warnings.append("\(place): \(reason); its default is used")
      } else {
        values[key] = key == "roster" ? Self.rosterPath(value.text, file: file) : value.text
      }
    }
    self.init(file: file, values: values, warnings: warnings)
  }

  /// Only a warning to say.
  package init(warning: String) {
    self.init(file: nil, values: [:], warnings: [warning])
  }

  private init(file: ConfigFile?, values: [String: String], warnings: [String]) {
    self.file = file
    self.values = values
    self.warnings = warnings
  }

  /// A roster folder as the settings give it, found from the settings file's folder when it
  /// is relative (`~/` is the home folder); a URL as it is.
  private static func rosterPath(_ text: String, file: ConfigFile) -> String {
    if text.contains("://") || text.hasPrefix("/") { return text }
    if text.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
      return home + text.dropFirst()
    }
    return URL(fileURLWithPath: file.path).deletingLastPathComponent()
      .appendingPathComponent(text).standardized.path
  }

  private static var keyList: String { table.keys.joined(separator: ", ") }

  /// Why `text` is no value of the setting `key`, said of the key ("round must be ..."); nil
  /// when it is one, or no setting has the key.
  private static func refusal(of text: String, for key: String) -> String? {
    table[key]?.refusal(of: text, as: key)
  }

  /// The settings a command takes (the keys of `typed`): each typed on the command line, else
  /// the file's. A value typed is checked as the table checks it, and refused in the option's
  /// name.
  package func settings(typed: [String: String?]) throws(UsageError) -> [String: String] {
    var settings = try Self.checked(typed: typed)
    for key in typed.keys where settings[key] == nil { settings[key] = values[key] }
    return settings
  }

  /// The values typed, each checked (in the table's order, so that the first refused is
  /// always the same one).
  static func checked(typed: [String: String?]) throws(UsageError) -> [String: String] {
    var checked: [String: String] = [:]
    for setting in table.settings {
      guard let typed = typed[setting.key], let typed else { continue }
      if let reason = setting.refusal(of: typed, as: setting.option) { throw UsageError(reason) }
      checked[setting.key] = typed
    }
    return checked
  }

  /// The settings file for the settings window: where it is, its settings as typed, and the
  /// settings `typed` on the command line for this launch (by key; nil for one not typed).
  package func settingsFile(typed: [String: String?] = [:]) -> SettingsFile? {
    guard let file else { return nil }
    return SettingsFile(
      path: TerminalText.escapingControls(file.path),
      values: file.values.mapValues(\.text).filter { key, _ in Self.table[key] != nil },
      thisLaunch: typed.compactMapValues { $0 }.filter { key, _ in Self.table[key] != nil })
  }

  /// What keeps a setting in the file: the value as typed, checked as the option checks it
  /// (a number as a number, true and false as such), or no value to take the setting out
  /// (back to its default); nil, or why not. A score server's URL pasted for `send-scores`
  /// is kept as its host.
  package var settingSaver: (@Sendable (String, String?) -> String?)? {
    guard let path = file?.path else { return nil }
    return { key, typed in
      guard let typed else {
        return Self.edit(path) { (file: inout ConfigFile) throws(ConfigError) in
          try file.remove(key)
        }
      }
      var text =
        key == "send-scores"
        ? typed.split(whereSeparator: \.isWhitespace).map { word in
          word.contains("://")
            ? URL(string: String(word)).map(ScoresConsent.host(of:)) ?? String(word) : String(word)
        }.joined(separator: " ") : typed
      if let reason = Self.refusal(of: text, for: key) { return reason }
      if key == "roster" {
        // A folder by its whole path, and one that is there: a URL is checked when played.
        text = Self.club(of: text)
        var folder: ObjCBool = false
        if !RosterFetcher.isURL(text),
          !FileManager.default.fileExists(atPath: text, isDirectory: &folder) || !folder.boolValue
        {
          // A URL of a scheme no roster has is taken for a folder: said as typed, its
          // password as dots.
          let said = typed.contains("://") ? SettingKind.place.shown(typed) : text
          return TerminalText.escapingControls("roster \(said): no such folder")
        }
      }
      let value: ConfigValue =
        if key == "send-scores", text == "true" || text == "false" {
          .bool(text == "true")
        } else if key != "player", key != "roster", let number = Int(text) {
          .integer(number)
        } else if key != "player", key != "roster", let number = Double(text) {
          .float(number)
        } else { .string(text) }
      return Self.edit(path) { (file: inout ConfigFile) throws(ConfigError) in
        try file.set(key, to: value)
      }
    }
  }

  /// The settings file at `path` read again (it may have changed since the game began),
  /// changed and written: nil, or why not.
  private static func edit(
    _ path: String, _ change: (inout ConfigFile) throws(ConfigError) -> Void
  ) -> String? {
    do throws(ConfigError) {
      var file = try ConfigFile(path: path)
      try change(&file)
      try file.write()
      return nil
    } catch {
      return TerminalText.escapingControls("\(error)")
    }
  }

  /// The roster (a folder or a URL, as typed on the command line) as the settings would keep
  /// it, when the start screen is to offer to make it the player's club; nil when there is no
  /// file to keep it in, or it is the club already.
  package func clubOffered(for roster: String) -> String? {
    guard file != nil else { return nil }
    let club = Self.club(of: roster)
    return values["roster"].map(Self.club(of:)) == club ? nil : club
  }

  /// A roster typed on the command line as the settings keep it: a URL as it is, a folder
  /// by its whole path, links followed.
  static func club(of roster: String) -> String {
    RosterFetcher.isURL(roster)
      ? roster : URL(fileURLWithPath: roster).standardized.resolvingSymlinksInPath().path
  }

  /// Says what is wrong with the file on standard error, a line each.
  package func warn() {
    for warning in warnings {
      FileHandle.standardError.write(
        Data("Warning: \(TerminalText.escapingControls(warning))\n".utf8))
    }
  }
}
