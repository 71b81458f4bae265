import Foundation

/// Times by name, in seconds, that an environment variable gives ("launch=0.2,late=0"), with
/// which tests shorten the game's waits (`MEET_THE_MEMBERS_DOWNLOAD_TIMES`,
/// `MEET_THE_MEMBERS_HISTORY_WAITS`). A pair whose value is no number, or below 0, is left
/// out.
enum TestTimes {
  static func named(_ variable: String) -> [String: Double] {
    let text = ProcessInfo.processInfo.environment[variable] ?? ""
    var times: [String: Double] = [:]
    for pair in text.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2, let seconds = Double(parts[1]), seconds >= 0 else { continue }
      times[parts[0]] = seconds
    }
    return times
  }
}
