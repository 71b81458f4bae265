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

  /// Whether the fetch said it waits for another game, within `ceiling` (looked at as it
  /// comes, not timed).
  func waitUntilWaiting(ceiling: Duration) -> Bool {
    let deadline = ContinuousClock.now + ceiling
    while ContinuousClock.now < deadline {
      let waiting = lock.withLock {
        events.contains { if case .waitingForAnotherGame = $0 { true } else { false } }
      }
      if waiting { return true }
      usleep(10_000)
    }
    return false
  }
}

/// How a fetch running in a task ended, handed to the test's thread.
final class Outcome: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var text: String?

  func set(_ text: String) {
    self.text = text
    done.signal()
  }

  /// How it ended; nil when it has not within `ceiling`.
  func wait(ceiling: Duration) -> String? {
    let nanoseconds = ceiling.components.seconds * 1_000_000_000
    guard done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else {
      return nil
    }
    return text
  }
}
