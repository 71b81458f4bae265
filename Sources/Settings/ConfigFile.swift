import Foundation
import SystemWords
internal import TOMLKit

/// A value of the configuration file, as TOML gives it.
public enum ConfigValue: Hashable, Sendable {
  case string(String)
  case integer(Int)
  case float(Double)
  case bool(Bool)

  /// The value as it would be typed after its command-line option ("5", "all", "true").
  public var text: String {
    switch self {
    case .string(let text): text
    case .integer(let number): String(number)
    case .float(let number): String(number)
    case .bool(let flag): String(flag)
    }
  }
}

/// Why the configuration file cannot be used at all: it cannot be read or written.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
  public let description: String

  public init(_ description: String) { self.description = description }
}

/// The player's configuration file: TOML, each setting a key of the top level. It is read
/// with TOMLKit (toml++), and a setting is written back by editing its own line only, so that
/// the player's comments, blank lines, order and keys this version does not know stay as they
/// were (no TOML library for Swift writes a document back as it was read). A file that is not
/// TOML is reported with its line and used for nothing.
public struct ConfigFile: Sendable {
  /// Where the file is (it may not exist yet).
  public let path: String
  /// The file's text as read or as edited since; empty for a file that does not exist.
  public private(set) var text: String
  /// The settings of the top level, by key; empty when the file is not TOML.
  public private(set) var values: [String: ConfigValue] = [:]
  /// What is wrong with the file, one line each, naming it and the line: a file that is not
  /// TOML, or a value of a type no setting has (a table, an array, a date).
  public private(set) var problems: [String] = []
  /// Whether the text is TOML (an empty file is).
  private var isTOML = true

  /// The file in the XDG config folder: `$XDG_CONFIG_HOME/meet-the-members/config.toml`,
  /// else `~/.config/meet-the-members/config.toml`; nil without a home.
  public static func standardPath(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/meet-the-members/config.toml"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/meet-the-members/config.toml"
  }

  /// The largest settings file read: 1 MiB, a thousand times what the settings take. A larger
  /// one is no settings file (a log written there by mistake) and would hold the launch.
  public static let largest = 1 << 20

  /// Reads the file at `path`; one that does not exist is empty (`mustExist` refuses it). A
  /// link is read where it leads; one that leads nowhere is a file that does not exist, one
  /// that leads round in a loop is refused, as are a file larger than `largest` and one that
  /// is not a regular file (a folder, a device), each in one line.
  public init(path: String, mustExist: Bool = false) throws(ConfigError) {
    self.path = path
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      guard code == ENOENT else {
        let reason =
          code == ELOOP
          ? "a link that leads round in a loop" : String(cString: strerror(code)).lowercased()
        throw ConfigError("\(path): cannot be read (\(reason)); its settings are not used")
      }
      guard !mustExist else { throw ConfigError("\(path): no such file") }
      text = ""
      return
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw ConfigError("\(path): not a regular file; its settings are not used")
    }
    guard info.st_size <= Self.largest else {
      throw ConfigError(
        "\(path): \(info.st_size) bytes, more than the \(Self.largest) (1 MiB) a settings file "
          + "may have; its settings are not used")
    }
    // Read no more than the limit, even from a file that grows while it is read.
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno)).lowercased()
      throw ConfigError("\(path): cannot be read (\(reason)); its settings are not used")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    guard let data = try? handle.read(upToCount: Self.largest + 1) ?? Data(),
      data.count <= Self.largest
    else {
      throw ConfigError("\(path): cannot be read; its settings are not used")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigError("\(path): not UTF-8 text")
    }
    self.text = text
    parse()
  }

  /// The settings in `text`, as a file at `path` would hold them.
  public init(path: String, text: String) {
    self.path = path
    self.text = text
    parse()
  }

  /// What a line TOML refuses likely lacks: quotes around a text (`kind = names` for
  /// `kind = "names"`), said after the parser's own words; empty for anything else.
  static func hint(forLine number: Int, of text: String) -> String {
    let lines = Self.lines(of: text)
    guard number >= 1, number <= lines.count else { return "" }
    let line = lines[number - 1]
    guard let equals = line.firstIndex(of: "=") else { return "" }
    let key = line[..<equals].trimmingCharacters(in: .whitespaces)
    // A comment after the value is not the value.
    let value = line[line.index(after: equals)...].prefix { $0 != "#" }
      .trimmingCharacters(in: .whitespaces)
    guard !key.isEmpty, let first = value.unicodeScalars.first,
      CharacterSet.letters.contains(first)
    else { return "" }
    // true and false are written in small letters.
    if ["true", "false"].contains(value.lowercased()) {
      return "; true and false are written in small letters: \(key) = \(value.lowercased())"
    }
    return "; a text is written in quotes: \(key) = \"\(value)\""
  }

  private mutating func parse() {
    values = [:]
    problems = []
    isTOML = false
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
      isTOML = true
    } catch let error as TOMLParseError {
      let line = error.source.begin.line
      problems.append(
        "\(path):\(line): not TOML (\(error.description)\(Self.hint(forLine: line, of: text))); "
          + "its settings are not used")
      return
    } catch {
      problems.append("\(path): not TOML (\(error)); its settings are not used")
      return
    }
    for key in table.keys {
      guard let value = table[key] else { continue }
      switch value.type {
      case .string: values[key] = value.string.map(ConfigValue.string)
      case .int: values[key] = value.int.map(ConfigValue.integer)
      case .double: values[key] = value.double.map(ConfigValue.float)
      case .bool: values[key] = value.bool.map(ConfigValue.bool)
      case .table:
        continue  // a section of its own: no setting of this version
      default:
        problems.append("\(place(of: key)): \(key) is not a string, a number or true or false")
      }
    }
  }

  /// "FILE:LINE" of a key of the top level, or the file alone when its line is not found.
  public func place(of key: String) -> String {
    line(of: key).map { "\(path):\($0)" } ?? path
  }

  /// The line (from 1) of a key of the top level; nil when it is not found.
  public func line(of key: String) -> Int? {
    let lines = self.lines
    return topLevel(of: lines).first { Self.key(of: lines[$0]) == key }.map { $0 + 1 }
  }

  private var lines: [Substring] { Self.lines(of: text) }

  /// The lines of `text`, whether they end in LF or CRLF (a file written on Windows), without
  /// their endings. (A Swift `Character` "\r\n" is one character, not a "\n".)
  private static func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }

  /// The lines of `lines` as the file ends them: CRLF where it has one, LF otherwise.
  private func joined(_ lines: [String]) -> String {
    let ending = text.contains("\r\n") ? "\r\n" : "\n"
    let joined = lines.joined(separator: ending)
    return joined.hasSuffix(ending) ? joined : joined + ending
  }

  /// The text made of `lines`, kept when `key` then holds `value` (nil: none) and the file is
  /// TOML, with no new problem and every other setting as it was; otherwise the file stays as
  /// it was, and this says why (`what` was done to the key: "set", "taken out").
  private mutating func write(
    _ lines: [String], editing key: String, to value: ConfigValue?, _ what: String
  ) throws(ConfigError) {
    let before = self
    text = joined(lines)
    parse()
    let others = values.filter { $0.key != key }
    guard values[key] == value, isTOML, problems.count <= before.problems.count,
      others == before.values.filter({ $0.key != key })
    else {
      self = before
      throw ConfigError("\(path): \(key) could not be \(what) without changing the rest")
    }
  }

  /// The lines before the first table header: the top level's.
  private func topLevel(of lines: [Substring]) -> Range<Int> {
    0..<(lines.firstIndex(where: Self.isTableHeader) ?? lines.count)
  }

  /// Whether a line is a table's header (`[scores]`, `[[people]]`), not a line of an array.
  private static func isTableHeader(_ line: Substring) -> Bool {
    var text = line.trimmingCharacters(in: .whitespaces)
    if let comment = text.firstIndex(of: "#") {
      text = String(text[..<comment]).trimmingCharacters(in: .whitespaces)
    }
    return text.hasPrefix("[") && text.hasSuffix("]") && !text.contains(",")
      && !text.contains("=")
  }

  /// The bare key a line of the top level sets (`key = value`); nil for anything else. Lines
  /// after the first table header belong to a table.
  private static func key(of line: Substring) -> String? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard let equals = trimmed.firstIndex(of: "=") else { return nil }
    let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
    let bare = key.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_"
    }
    return bare && !key.isEmpty ? key : nil
  }

  /// Sets `key` to `value` in the text: on the key's own line when the top level has it (the
  /// comment after the value kept), else on a new line after the top level's last line.
  /// Everything else stays as it was.
  public mutating func set(_ key: String, to value: ConfigValue) throws(ConfigError) {
    // A file that is not TOML is left for the player to mend: an edit could not be checked.
    if !isTOML, let problem = problems.first { throw ConfigError(problem) }
    let literal = try Self.literal(value)
    let topLevel = topLevel(of: self.lines)
    var lines = self.lines.map(String.init)
    let firstTable = topLevel.upperBound < lines.count ? topLevel.upperBound : nil
    if let index = topLevel.first(where: { Self.key(of: lines[$0][...]) == key }) {
      let line = lines[index]
      let equals = line.firstIndex(of: "=")!
      let comment = Self.comment(after: line[line.index(after: equals)...])
      lines[index] = "\(line[...equals]) \(literal)\(comment ?? "")"
    } else {
      // After the last line of the top level that is not blank, or first of all.
      let last = topLevel.last { !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }
      let at = last.map { $0 + 1 } ?? 0
      lines.insert("\(key) = \(literal)", at: at)
      if at == 0, lines.count > 1, !lines[1].isEmpty, firstTable == 0 { lines.insert("", at: 1) }
    }
    try write(lines, editing: key, to: value, "set")
  }

  /// Takes `key`'s line out of the top level (the setting back to its default); everything
  /// else stays as it was. Nothing to do when the top level has no such line.
  public mutating func remove(_ key: String) throws(ConfigError) {
    if !isTOML, let problem = problems.first { throw ConfigError(problem) }
    var lines = self.lines.map(String.init)
    guard let index = topLevel(of: self.lines).first(where: { Self.key(of: lines[$0][...]) == key })
    else {
      // Held, but not on a line of its own this can take out (a quoted key, a first line
      // after a byte-order mark): saying it was taken out would be wrong.
      if values[key] != nil {
        throw ConfigError("\(path): \(key) is not on a line of its own: take it out by hand")
      }
      return
    }
    lines.remove(at: index)
    try write(lines, editing: key, to: nil, "taken out")
  }

  /// The comment at the end of a line's value (from its `#`, outside any string); nil
  /// when there is none.
  private static func comment(after value: Substring) -> Substring? {
    var quote: Character?
    var escaped = false
    for index in value.indices {
      let character = value[index]
      if let open = quote {
        if escaped {
          escaped = false
        } else if character == "\\", open == "\"" {
          escaped = true
        } else if character == open {
          quote = nil
        }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" {
        // With the blanks before it, as they were.
        var start = index
        while start > value.startIndex, [" ", "\t"].contains(value[value.index(before: start)]) {
          start = value.index(before: start)
        }
        return value[start...]
      }
    }
    return nil
  }

  /// The value as TOML writes it, from TOMLKit: a string quoted and escaped as TOML wants.
  private static func literal(_ value: ConfigValue) throws(ConfigError) -> String {
    let table = TOMLTable()
    switch value {
    case .string(let text): table["v"] = text
    case .integer(let number): table["v"] = number
    case .float(let number): table["v"] = number
    case .bool(let flag): table["v"] = flag
    }
    let written = table.convert(to: .toml)
    guard let equals = written.firstIndex(of: "=") else {
      throw ConfigError("\(value.text) cannot be written as TOML")
    }
    return written[written.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Writes the text to the file: to a temporary file beside it, then renamed into place
  /// (rename(2)), so that the file is never half written; its folder is made if need be. A
  /// link (a dotfiles setup) stays a link: the file it leads to is written, and keeps its
  /// permissions (a file of mode 600 stays 600).
  public func write() throws(ConfigError) {
    let target = Self.resolvingLinks(path)
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).new")
    var info = stat()
    let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: temporary)
      if let mode, chmod(temporary.path, mode) != 0 {
        throw ConfigError("\(path): cannot be written (\(String(cString: strerror(errno))))")
      }
      guard rename(temporary.path, target) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw ConfigError("\(path): cannot be written (\(reason))")
      }
    } catch let error as ConfigError {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw ConfigError("\(path): cannot be written (\(SystemWords.of(error)))")
    }
  }

  /// The file a path names once its links are followed (a link's target read from the
  /// link's folder), even when the last one leads to a file not there yet; the path itself
  /// when it is no link. Stops after 40 links, as the kernel does.
  static func resolvingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        target.hasPrefix("/")
        ? target
        : URL(fileURLWithPath: current).deletingLastPathComponent()
          .appendingPathComponent(target).path
    }
    return current
  }
}
