import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The game's `--trace` file, read back.
struct TraceFile {
  let events: [[String: Any]]

  init(_ text: String) {
    events = text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  func all(_ event: String) -> [[String: Any]] {
    events.filter { $0["event"] as? String == event }
  }

  /// The last question shown: its options, the right index and when it was due (µs).
  var lastQuestion: (number: Int, options: [String], correct: Int, due: Int)? {
    guard let question = all("question").last,
      let options = question["options"] as? [String], let correct = question["correct"] as? Int,
      let number = question["number"] as? Int, let due = question["due"] as? Int
    else { return nil }
    return (number, options, correct, due)
  }

  /// When question `number`'s answer time started: its face was on screen.
  func answeringDue(of number: Int) -> Int? {
    all("phase").last { $0["phase"] as? String == "answering" && $0["number"] as? Int == number }?[
      "due"] as? Int
  }
}

/// CLOCK_MONOTONIC in microseconds: the trace's timeline.
func monotonicMicroseconds() -> Int {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return time.tv_sec * 1_000_000 + time.tv_nsec / 1000
}
