import Foundation
import GRDB
import XCTest

/// Another program holding a history: an exclusive transaction on a thread of its own, from
/// `hold` until `release`.
final class HistoryHolder: @unchecked Sendable {
  private let path: String
  private let locked = DispatchSemaphore(value: 0)
  private let released = DispatchSemaphore(value: 0)
  private let ended = DispatchSemaphore(value: 0)

  init(_ path: String) { self.path = path }

  /// Returns once the transaction holds the database.
  func hold() throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    // Opening reads the schema before the busy timeout holds: a game writing at that moment
    // makes it busy, and it is opened again.
    var opened: DatabaseQueue?
    for attempt in 1...100 {
      do {
        opened = try DatabaseQueue(path: path, configuration: configuration)
        break
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 100 {
        usleep(20_000)
      }
    }
    let database = try XCTUnwrap(opened)
    Thread { [locked, released, ended] in
      try? database.inTransaction(.exclusive) { _ in
        locked.signal()
        released.wait()
        return .commit
      }
      // Closed here: the last connection to close copies the log into the database, and
      // holds the file meanwhile.
      try? database.close()
      ended.signal()
    }.start()
    locked.wait()
  }

  /// Returns once the transaction has ended and the connection is closed.
  func release() {
    released.signal()
    ended.wait()
  }
}
