import Foundation

@testable import RosterDownload

/// What a fetch reported, gathered from the thread it reports on.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [FetchEvent] = []

  func add(_ event: FetchEvent) { lock.withLock { events.append(event) } }

  var progress: [DownloadProgress] {
    lock.withLock {
      events.compactMap {
        if case .downloading(let progress) = $0 { progress } else { nil }
      }
    }
  }

  var downloaded: Int64? {
    lock.withLock {
      events.lazy.compactMap { if case .downloaded(let bytes, _) = $0 { bytes } else { nil } }
        .first
    }
  }

  var extracted: (files: Int, bytes: Int64)? {
    lock.withLock {
      events.lazy.compactMap {
        if case .extracted(let files, let bytes, _) = $0 { (files, bytes) } else { nil }
      }.first
    }
  }

}
