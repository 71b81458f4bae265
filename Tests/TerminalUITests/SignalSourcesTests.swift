import AppCore
import Dispatch
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A signal sent as soon as the game has started reaches its Dispatch source: the launch
/// waits until Dispatch has armed it (on Linux, on a thread of its own, after `resume`;
/// until then the signal is ignored and lost).
final class SignalSourcesTests: XCTestCase {
  func testASignalSentOnceTheSourcesAreArmedIsReceived() {
    let previous = signal(SIGUSR2, SIG_IGN)
    defer { signal(SIGUSR2, previous) }
    let received = DispatchSemaphore(value: 0)
    let source = DispatchSource.makeSignalSource(signal: SIGUSR2, queue: .global())
    source.setEventHandler { received.signal() }
    source.resume()
    defer { source.cancel() }
    SignalSources.awaitArmed([SIGUSR2])
    var action = sigaction()
    sigaction(SIGUSR2, nil, &action)
    let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    XCTAssertNotEqual(handler, unsafeBitCast(SIG_IGN, to: Int.self), "armed by Dispatch")
    kill(getpid(), SIGUSR2)
    // A generous ceiling: the source is armed, so the signal comes.
    XCTAssertEqual(received.wait(timeout: .now() + 30), .success)
  }
}
