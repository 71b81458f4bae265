import ArgumentParser
import GameEngine
import Pictures
import Roster

#if canImport(Glibc)
  import Glibc
#endif

/// What the command line does, apart from parsing it.
enum Commands {
  static func loadRoster(_ folder: String?) throws -> Roster {
    guard let folder = folder ?? SampleClub.folder() else {
      throw ValidationError("the sample club is not installed: give a roster folder")
    }
    do {
      return try Roster.load(folder)
    } catch let error as RosterError {
      throw ValidationError("\(error)")
    }
  }

  static func makeGame(roster: Roster, seed: UInt64?, rules: Rules) throws -> Game {
    do {
      let questions = try QuestionGenerator(
        members: roster.members, seed: seed ?? UInt64.random(in: 0...UInt64.max))
      return Game(questions: questions, rules: rules)
    } catch {
      throw ValidationError("\(TerminalText.escapingControls(roster.folder)): \(error)")
    }
  }

  /// `--check` (every photo decoded) and `--list` (headers only): the roster and its warnings
  /// printed. Returns the exit status: 0 when the roster can be played.
  static func printRoster(_ loaded: Roster, decodingEveryPhoto: Bool) -> Int32 {
    var roster = loaded
    if decodingEveryPhoto { roster.verifyEveryPhoto() }
    let safe = TerminalText.escapingControls
    print("Roster \(safe(roster.folder)): \(roster.entries.count) members")
    let width = min(40, roster.entries.map { $0.member.name.count }.max() ?? 0)
    for entry in roster.entries {
      let name = entry.member.name.padding(toLength: width)
      let group = entry.member.group.map { "  [\($0)]" } ?? ""
      print("  \(name)  \(safe(entry.file))\(group)")
    }
    if !roster.warnings.isEmpty {
      print("\(roster.warnings.count) warning\(roster.warnings.count == 1 ? "" : "s"):")
      for warning in roster.warnings { print("  \(warning)") }
    }
    do {
      _ = try QuestionGenerator(members: roster.members, seed: 0)
      return 0
    } catch {
      print("Cannot play: \(error)")
      return 1
    }
  }

  /// `--preview`: one photo as ANSI text.
  static func preview(_ path: String, size: CellSize, colors: ColorMode) throws {
    let style = CellStyle(colors: colors, symbols: ColorSupport.localeIsUTF8() ? .unicode : .ascii)
    let image: RGBAImage
    do {
      image = try PictureFile.decode(path, minimumSize: CellConverter.pixelsNeeded(for: size))
    } catch {
      throw ValidationError("\(TerminalText.escapingControls(path)): \(error)")
    }
    print(CellConverter.ansiText(image, in: size, style: style))
  }
}

extension String {
  /// Pads with spaces to `length` characters (never cuts).
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}

/// What the terminal says it can show.
enum ColorSupport {
  /// NO_COLOR means none; COLORTERM truecolor or 24bit means truecolor; a TERM with 256
  /// colours means 240 (the theme-independent part of the palette); otherwise 16, and 8 for
  /// the plainest terminals.
  static func detect(environment: [String: String] = currentEnvironment()) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
    let term = environment["TERM"] ?? ""
    if term.hasSuffix("-direct") { return .truecolor }
    if term.contains("256color") { return .colors240 }
    if term == "dumb" || term.isEmpty { return .monochrome }
    if term == "linux" || term.hasPrefix("vt") { return .colors8 }
    return .colors16
  }

  static func currentEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }

  static func localeIsUTF8() -> Bool {
    setlocale(LC_CTYPE, "")
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    return String(cString: codeset).uppercased().filter { $0 != "-" } == "UTF8"
  }
}
