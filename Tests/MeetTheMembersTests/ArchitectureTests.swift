import Foundation
import XCTest

/// The modules import what docs/architecture.md says they may, and nothing above them: its
/// table lists each module of ours with the modules of ours it imports, lowest first.
final class ArchitectureTests: XCTestCase {
  /// Each module of the table, in its order, with the imports it allows.
  private func documentedModules() throws -> [(name: String, imports: Set<String>)] {
    let text = try String(
      contentsOf: packageDirectory.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let start = try XCTUnwrap(text.range(of: "| module | holds | imports of ours |"))
    let lines = text[start.upperBound...].split(separator: "\n").dropFirst()
    var modules: [(name: String, imports: Set<String>)] = []
    for line in lines.prefix(while: { $0.hasPrefix("| ") }) {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let allowed = cells[cells.count - 1]
      let imports: Set<String>
      switch allowed {
      case "none": imports = []
      case "all of the above": imports = Set(modules.map(\.name))
      default: imports = Set(allowed.components(separatedBy: ", "))
      }
      modules.append((name, imports))
    }
    return modules
  }

  /// The modules of ours each source file of `module` imports.
  private func imports(of module: String, among ours: Set<String>) throws -> [String: Set<String>] {
    let folder = packageDirectory.appendingPathComponent("Sources/\(module)")
    var found: [String: Set<String>] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard let name = Self.importedModule(in: String(line)) else { continue }
        if ours.contains(name) { found["\(module)/\(file)", default: []].insert(name) }
      }
    }
    return found
  }

  /// The module a line imports, in every form Swift has (attributes, an access level, one
  /// declaration of a module: `import struct GameEngine.Member`); nil for any other line.
  static func importedModule(in line: String) -> String? {
    // Swift's regular expressions are slow: only a line that may import is matched.
    guard line.contains("import ") else { return nil }
    let form =
      #/^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#
    return line.firstMatch(of: form).map { String($0.1) }
  }

  func testTheImportsAreReadInEveryForm() {
    let lines = [
      "import History", "  import Glibc", "@testable import Launch", "@_exported import Roster",
      "public import Settings", "package import AppCore", "private import Digests",
      "import struct GameEngine.Member", "@preconcurrency internal import Pictures",
    ]
    XCTAssertEqual(
      lines.map(Self.importedModule),
      [
        "History", "Glibc", "Launch", "Roster", "Settings", "AppCore", "Digests", "GameEngine",
        "Pictures",
      ])
    for line in ["// import History", "let important = 1", "/// imports History", "importer"] {
      XCTAssertNil(Self.importedModule(in: line), line)
    }
  }

  func testEveryModuleImportsOnlyWhatTheArchitectureAllowsAndNothingAboveIt() throws {
    let modules = try documentedModules()
    XCTAssertGreaterThanOrEqual(modules.count, 11, "the table of modules is read")
    let ours = Set(modules.map { $0.name.replacingOccurrences(of: "-", with: "_") })
    var below: Set<String> = []
    for module in modules {
      let allowed = Set(module.imports.map { $0.replacingOccurrences(of: "-", with: "_") })
      XCTAssert(
        allowed.isSubset(of: below),
        "\(module.name) is said to import a module above it: \(allowed.subtracting(below))")
      for (file, imported) in try imports(of: module.name, among: ours) {
        XCTAssert(
          imported.isSubset(of: allowed),
          "\(file) imports \(imported.subtracting(allowed).sorted()), which docs/architecture.md "
            + "does not allow \(module.name)")
      }
      below.insert(module.name.replacingOccurrences(of: "-", with: "_"))
    }
  }

  /// The model and the headless front end run without a terminal: neither imports ncurses.
  func testOnlyTheTerminalFrontEndImportsNcurses() throws {
    for module in ["GameEngine", "AppCore", "HeadlessUI", "Launch"] {
      XCTAssertEqual(try imports(of: module, among: ["CNcurses", "TerminalUI"]), [:], module)
    }
  }
}
