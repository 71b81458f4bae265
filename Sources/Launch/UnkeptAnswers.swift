import AppCore
import Foundation
import GameEngine
import History

/// Answers the history could not keep as the game ended, saved beside it in the format of
/// `meet-the-members history --format csv`, so that nothing a player answered is gone.
enum UnkeptAnswers {
  /// Writes `answers` (of the roster called `roster`) to a new file beside the history at
  /// `historyPath`, named for the moment, or where that cannot be written (the disk full,
  /// the folder read-only or no folder) to one in the temporary folder; returns its path.
  /// Where neither can be written, the answers go to standard error as the file would have
  /// held them, and the error thrown says so: written nowhere, they would be lost.
  static func save(_ answers: [RecordedAnswer], roster: String, besides historyPath: String)
    throws -> String
  {
    let table = HistoryTable(
      columns: HistoryTable.answerColumns,
      rows: answers.map { answer in
        let result = answer.result
        let option = result.chosenIndex.map { result.question.options[$0] }
        return [
          result.member.name, result.member.id.rawValue, roster, answer.mode,
          result.question.kind.rawValue, History.Outcome(result.outcome).rawValue,
          result.typed?.text ?? option?.name, result.answerTime.seconds,
          HistoryTable.iso8601(answer.answeredAt),
        ]
      })
    let stamp = HistoryTable.iso8601(Date().timeIntervalSince1970)
      .replacingOccurrences(of: ":", with: "-")
    let name = "unkept-answers-\(stamp).csv"
    var reasons: [String] = []
    for folder in [(historyPath as NSString).deletingLastPathComponent, NSTemporaryDirectory()] {
      let path = (folder as NSString).appendingPathComponent(name)
      do {
        try Data(table.csv.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        return path
      } catch {
        // A file begun and not finished (the disk full) holds nothing to keep.
        if (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 {
          try? FileManager.default.removeItem(atPath: path)
        }
        reasons.append(History.reason(error))
      }
    }
    FileHandle.standardError.write(Data(table.csv.utf8))
    throw Unsaved(description: "\(reasons[0]); they are on standard error above, as a CSV")
  }

  struct Unsaved: Error, CustomStringConvertible {
    let description: String
  }
}
