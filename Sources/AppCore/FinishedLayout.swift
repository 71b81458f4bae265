import GameEngine
import Pictures

/// Where the finished scene puts the faces of the people missed.
package enum FinishedLayout {
  /// The rows the scene needs besides the faces, without the lines a sitting or a history
  /// adds.
  static let rowsBesideFaces = 13

  /// The box of each face and how many fit side by side; nil when the window has no room for
  /// faces (the names are listed instead). A sitting of learn mode adds a line (what it
  /// taught), and so does a history (who will be due tomorrow); `besides` are other rows
  /// (the club's scores).
  package static func faces(
    in size: CellSize, missed: Int, sitting: Bool, history: Bool, besides: Int = 0
  ) -> (box: CellSize, count: Int)? {
    let rows = min(
      10, size.rows - rowsBesideFaces - (sitting ? 1 : 0) - (history ? 1 : 0) - besides)
    guard missed > 0, rows >= 4 else { return nil }
    let box = CellSize(columns: rows * 2, rows: rows)
    let count = min(missed, (size.columns - 2) / (box.columns + 2))
    return count > 0 ? (box, count) : nil
  }
}
