import Foundation
import SwiftCSV

/// `members.csv`: exact names (and optionally groups) for photos whose file names can't say
/// them. A header row names the columns, at least `file` and `name`, in any order and case;
/// commas, semicolons or tabs, as a spreadsheet exports them.
struct MembersCSV {
  struct Row {
    let line: Int
    let file: String
    let name: String
    let group: String?
  }

  private(set) var rows: [Row] = []
  private(set) var warnings: [RosterWarning] = []
  private var byFile: [String: Int] = [:]
  private var byFolded: [String: Int] = [:]
  private(set) var used: Set<Int> = []

  init(path: String, fileName: String) {
    func warn(_ message: String) {
      warnings.append(RosterWarning(file: fileName, message: message, skipsFile: false))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      warn("cannot be read")
      return
    }
    // Spreadsheets on Windows still export CSV in their ANSI code page, and "Unicode text" in
    // UTF-16 after a byte-order mark (tabs between its columns).
    let utf16 = data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
    guard
      var text = utf16
        ? String(data: data, encoding: .utf16)
        : String(data: data, encoding: .utf8) ?? String(data: data, encoding: .windowsCP1252)
    else {
      warn("is not text")
      return
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let csv: CSV<Enumerated>
    do {
      csv = try CSV<Enumerated>(string: text)
    } catch {
      warn("is not valid CSV: \(error)")
      return
    }
    let header = csv.header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    guard let fileColumn = header.firstIndex(of: "file"),
      let nameColumn = header.firstIndex(of: "name")
    else {
      warn("needs a header row with the columns file and name; it was ignored")
      return
    }
    let groupColumn = header.firstIndex(of: "group")
    for (index, fields) in csv.rows.enumerated() {
      let line = index + 2
      func field(_ column: Int?) -> String {
        guard let column, column < fields.count else { return "" }
        return fields[column].trimmingCharacters(in: .whitespaces)
      }
      let file = Self.key(field(fileColumn))
      let name = DisplayName.fromMembersCSV(field(nameColumn))
      if file.isEmpty && name.isEmpty { continue }
      guard !file.isEmpty, !name.isEmpty else {
        warn("line \(line) needs both a file and a name")
        continue
      }
      if byFile[file] != nil {
        warn("line \(line) names \(file) again; the first line for it counts")
        continue
      }
      let group = DisplayName.fromMembersCSV(field(groupColumn))
      byFile[file] = rows.count
      byFolded[file.lowercased()] = byFolded[file.lowercased()] ?? rows.count
      rows.append(Row(line: line, file: file, name: name, group: group.isEmpty ? nil : group))
    }
  }

  /// The row for a photo's path inside the roster folder: exact (after Unicode composition),
  /// else ignoring case, as a `members.csv` written on macOS or Windows may differ in case.
  mutating func row(for relativePath: String) -> Row? {
    let key = Self.key(relativePath)
    guard let index = byFile[key] ?? byFolded[key.lowercased()] else { return nil }
    used.insert(index)
    return rows[index]
  }

  /// Rows that matched no photo.
  var unused: [Row] {
    rows.indices.filter { !used.contains($0) }.map { rows[$0] }
  }

  private static func key(_ path: String) -> String {
    var path = path.precomposedStringWithCanonicalMapping.replacingOccurrences(of: "\\", with: "/")
    while path.hasPrefix("./") { path.removeFirst(2) }
    return path
  }
}
