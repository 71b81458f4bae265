import Foundation
import Roster

/// The history as `meet-the-members history` prints it: columns and rows of strings,
/// numbers, booleans and nulls, as CSV or JSON. Answers the game could not keep are saved in
/// the same columns.
public struct HistoryTable {
  public var columns: [String]
  public var rows: [[Any?]]

  public init(columns: [String], rows: [[Any?]]) {
    self.columns = columns
    self.rows = rows
  }

  public var csv: String {
    ([columns.map(Self.field)] + rows.map { $0.map(Self.field) }).map {
      $0.joined(separator: ",") + "\r\n"
    }.joined()
  }

  /// RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled. Text
  /// that a spreadsheet would take for a formula (a name or an answer typed that starts with
  /// `=`, `+`, `-`, `@`, a tab or a carriage return: a roster's names are the club's to write)
  /// is written after a single quote, which a spreadsheet shows as text; so is text that
  /// starts with a quote, so that `unescaped` gives back every value as it was.
  static func field(_ value: Any?) -> String {
    var text: String
    switch value {
    case nil: text = ""
    case let value as Bool: text = value ? "true" : "false"
    case let value as String:
      text = value
      // A number (a fitted value, "-0.5") is one to a spreadsheet too, and stays as it is.
      if let first = value.unicodeScalars.first, formulaStarts.unicodeScalars.contains(first),
        first == "'" || Double(value) == nil
      {
        text = "'" + value
      }
    case let value?: text = "\(value)"
    }
    // By scalars: "\r\n" is one Character, which a lone "\n" or "\r" is not.
    guard text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) })
    else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The table with each text's control characters shown as `\u{1B}` (`TerminalText`), for a
  /// terminal: a file's name (a club's zip names its photos) is printed, not obeyed.
  public func escapingControls() -> HistoryTable {
    HistoryTable(
      columns: columns,
      rows: rows.map { row in
        row.map { value in (value as? String).map(TerminalText.escapingControls) ?? value }
      })
  }

  /// A text field as `field` was given it: without the quote it put before a formula (and
  /// only that quote: a value of a file saved before, as `'t Hart`, stays as it is).
  static func unescaped(_ field: String) -> String {
    let scalars = field.unicodeScalars
    guard scalars.first == "'", let next = scalars.dropFirst().first,
      formulaStarts.unicodeScalars.contains(next)
    else { return field }
    return String(field.dropFirst())
  }

  /// What a value may start with that `field` writes after a quote.
  private static let formulaStarts = "=+-@\t\r'"

  public func json() throws -> String {
    let objects = rows.map { row in
      Dictionary(uniqueKeysWithValues: zip(columns, row.map { $0 ?? NSNull() }))
    }
    let data = try JSONSerialization.data(
      withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])
    return String(decoding: data, as: UTF8.self)
  }

  /// A time as ISO 8601 writes it in UTC, to the nearest millisecond:
  /// `2026-11-29T16:31:24.123Z`, as Foundation's `ISO8601DateFormatter` writes it (which may
  /// round a half millisecond the other way). Worked out with the C library's calendar: that
  /// formatter loads ICU's calendars, time zones and locales (about 5 MiB of memory), and a
  /// file of waiting answers is named so at every launch. A time outside the years 1 to 9999,
  /// which four digits write, is written as the nearest within them.
  public static func iso8601(_ unixSeconds: Double) -> String {
    let rounded = (unixSeconds * 1000).rounded()
    let milliseconds =
      rounded.isNaN ? 0 : min(max(rounded, -62_135_596_800_000), 253_402_300_799_999)
    var seconds = time_t((milliseconds / 1000).rounded(.down))
    let fraction = Int(milliseconds - Double(seconds) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func padded(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-"
      + padded(parts.tm_mday, 2) + "T" + padded(parts.tm_hour, 2) + ":"
      + padded(parts.tm_min, 2) + ":" + padded(parts.tm_sec, 2) + "."
      + padded(Int32(fraction), 3) + "Z"
  }

  /// The Unix seconds of a time as `iso8601` writes it; nil for anything else.
  public static func unixSeconds(_ text: String) -> Double? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)?.timeIntervalSince1970
  }

  /// The columns of every answer's line.
  public static let answerColumns = [
    "name", "file", "roster", "mode", "kind", "outcome", "chosen", "seconds", "answered_at",
  ]
}
