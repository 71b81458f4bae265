import Foundation

/// How much a downloaded zip may hold, and how long a server may keep the game waiting.
public struct DownloadLimits: Sendable {
  /// To open a connection.
  public var connect: Duration = .seconds(10)
  /// Without a byte from the server, once connected.
  public var silence: Duration = .seconds(30)
  /// For the whole manifest, from asking for it to its last byte.
  public var manifest: Duration = .seconds(30)
  /// For the whole zip. A download whose rate so far would need longer is given up on as
  /// soon as its rate is judged (`judgedAfter`), not an hour later.
  public var longest: Duration = .seconds(3600)
  /// How long a download runs before its rate is judged (before, a rate is noise).
  public var judgedAfter: Duration = .seconds(10)
  /// Bytes a zip may have: the `largest-download` setting (in MB) raises it.
  public var largest: Int64 = 2_000_000_000
  /// Bytes left free on the cache's disk beyond what the download needs (the zip and its
  /// photos side by side, twice its size): a roster never fills the disk.
  public var spare: Int64 = 500_000_000
  /// Redirects followed, for the manifest and for the zip each.
  public var redirects = 5
  /// Files in the zip.
  public var files = 100_000
  /// Bytes extracted in all (at least `largest`: photos barely compress).
  public var bytes: Int64 = 8 << 30
  /// Bytes extracted for each byte of the zip: photos barely compress, so a zip that swells
  /// far more is a decompression bomb, whatever the sizes it declares.
  public var expansion: Int64 = 20

  public static let standard = DownloadLimits()

  public init() {}

  /// The standard limits with the largest download in megabytes (1 MB: 1,000,000 bytes), as
  /// the `largest-download` setting gives it.
  public init(largestMegabytes: Int64?) {
    if let largestMegabytes {
      largest = largestMegabytes * 1_000_000
      bytes = max(bytes, largest)
    }
  }

  /// The limits with the times `times` names changed (in seconds: "manifest", "silence",
  /// "longest", "judged-after", "connect"), for tests that cannot wait half a minute. Names
  /// it does not know are left out.
  public func with(times: [String: Double]) -> DownloadLimits {
    var limits = self
    for (name, seconds) in times {
      let duration = Duration.milliseconds(Int64(seconds * 1000))
      switch name {
      case "connect": limits.connect = duration
      case "silence": limits.silence = duration
      case "manifest": limits.manifest = duration
      case "longest": limits.longest = duration
      case "judged-after": limits.judgedAfter = duration
      default: continue
      }
    }
    return limits
  }
}

extension DownloadLimits {
  /// Why a download that has brought `received` of `size` bytes in `elapsed` is given up on:
  /// at its rate so far the whole would take longer than it may (judged once it has run for
  /// `judgedAfter`); nil while it may go on.
  func tooSlow(_ received: Int64, of size: Int64, in elapsed: Duration) -> String? {
    let seconds = ProgressText.seconds(elapsed)
    guard elapsed >= judgedAfter, received < size, seconds > 0 else { return nil }
    let rate = Double(received) / seconds
    let limit = ProgressText.seconds(longest)
    let needed = rate > 0 ? Double(size) / rate : .infinity
    guard needed > limit else { return nil }
    let time = needed < 1e9 ? ProgressText.duration(needed) : "for ever"
    return "too slow: at \(ProgressText.bytes(Int64(rate)))/s its \(ProgressText.bytes(size)) "
      + "would take \(time), longer than the \(ProgressText.duration(limit)) a download may take"
  }
}

/// A step ran out of the time it may take in all.
struct DeadlineExceeded: Error {}

/// `operation`'s result, unless `limit` passes first: then it is cancelled and
/// `DeadlineExceeded` thrown. AsyncHTTPClient's own timeouts bound the connection and each
/// read (its deadline ends once the response's head has come), so a server that sends a byte
/// every few seconds would otherwise keep the game waiting for ever.
func within<T: Sendable>(
  _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      throw DeadlineExceeded()
    }
    return value
  }
}
