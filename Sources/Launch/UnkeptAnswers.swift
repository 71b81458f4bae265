import AppCore
import Foundation
import GameEngine
import History

/// Answers the history could not keep as the game ended, saved beside it in the format of
/// `meet-the-members history --format csv`, so that nothing a player answered is gone.
enum UnkeptAnswers {
  /// Writes `answers` (of the roster called `roster`) to a new file beside the history at
  /// `historyPath`, named for the moment; returns its path.
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
    let folder = (historyPath as NSString).deletingLastPathComponent
    let stamp = HistoryTable.iso8601(Date().timeIntervalSince1970)
      .replacingOccurrences(of: ":", with: "-")
    let path = (folder as NSString).appendingPathComponent("unkept-answers-\(stamp).csv")
    try Data(table.csv.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
    return path
  }
}
