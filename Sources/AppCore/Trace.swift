import Foundation
import GameEngine

#if canImport(Glibc)
  import Glibc
#endif

/// `--trace FILE`: one JSON object per line for everything the loop handles, stamped with the
/// monotonic clock in microseconds.
public final class Trace {
  /// A JSON value as the trace writes it.
  public enum Value: Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case int(Int64)
    case strings([String])
    case bool(Bool)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .string(let text): try container.encode(text)
      case .int(let number): try container.encode(number)
      case .bool(let flag): try container.encode(flag)
      case .strings(let texts): try container.encode(texts)
      }
    }
  }

  private let file: UnsafeMutablePointer<FILE>
  private let path: String
  /// Why the trace stopped being written, in one line naming its file (the disk full, say);
  /// nil while every line is written. Said as the game ends: a trace with lines missing
  /// misleads whoever reads it.
  public private(set) var failure: String?
  /// Each line's object, keys sorted. (JSONSerialization's sorted keys compare in a locale,
  /// which loads ICU's data: megabytes of memory the game itself never needs.)
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
  /// When the clock was last set to fire (see `expectTick`).
  var tickDue: Instant?

  /// Opens (and empties) the trace file. Throws a one-line reason.
  public init(path: String) throws(OpenError) {
    guard let file = fopen(path, "w") else {
      throw OpenError(
        description: "\(path): cannot write the trace: \(String(cString: strerror(errno)))")
    }
    self.file = file
    self.path = path
  }

  deinit { fclose(file) }

  /// Why the trace file cannot be written, in one line naming it.
  public struct OpenError: Error, CustomStringConvertible {
    public let description: String
  }

  public func write(
    _ event: String, at instant: Instant, _ fields: KeyValuePairs<String, Value> = [:]
  ) {
    write(event, at: instant, fields.map { ($0.key, $0.value) })
  }

  public func write(_ event: String, at instant: Instant, _ fields: [(String, Value)]) {
    var object: [String: Value] = [
      "t": .int(MonotonicClock.microseconds(instant)), "event": .string(event),
    ]
    for (key, value) in fields { object[key] = value }
    guard let line = try? encoder.encode(object) else { return }
    let written = line.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    if written < line.count || fputs("\n", file) == EOF || fflush(file) != 0, failure == nil {
      failure = "\(path): the trace could not be written: \(String(cString: strerror(errno)))"
    }
  }
}

/// Bytes this process has written so far (all descriptors), from /proc/self/io: read around a
/// screen update, the difference is what the update sent to the terminal.
package enum WrittenBytes {
  package static func total() -> Int64? {
    let file = open("/proc/self/io", O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
      return Int64(String(line.dropFirst(6).filter { $0 != " " }))
    }
    return nil
  }
}
