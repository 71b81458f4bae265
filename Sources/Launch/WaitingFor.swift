import Dispatch

/// Runs `body` on the concurrent executor and waits for it (from a thread of no task: the
/// main thread, a dispatch queue's).
func waitingFor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<
  T, any Error
> {
  started(body).result()
}

/// `body` started on the concurrent executor: its task, and what waits for its result.
func started<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> (
  task: Task<Void, Never>, result: () -> Result<T, any Error>
) {
  let outcome = Outcome<T>()
  let task = Task.detached {
    let result: Result<T, any Error>
    do {
      result = .success(try await body())
    } catch {
      result = .failure(error)
    }
    outcome.finish(result)
  }
  return (task, outcome.wait)
}

/// A result handed from the task to the waiting thread.
private final class Outcome<T: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<T, any Error>?

  func finish(_ result: Result<T, any Error>) {
    self.result = result
    done.signal()
  }

  func wait() -> Result<T, any Error> {
    done.wait()
    return result!
  }
}
