import GameEngine
import Pictures

/// Where things go on the quiz screen, for any window size.
public enum Layout {
  /// The smallest window the game plays in: the picture keeps at least 7 rows and the name
  /// buttons at least 18 columns.
  public static let minimum = CellSize(columns: 40, rows: 16)

  public static func isTooSmall(_ size: CellSize) -> Bool {
    size.columns < minimum.columns || size.rows < minimum.rows
  }

  // Rows from the top and from the bottom of the quiz screen.
  package static let barRow = 0
  package static let statusRow = 1
  package static let pictureTop = 3
  package static func messageRow(_ size: CellSize) -> Int { size.rows - 5 }
  static func optionRow(_ size: CellSize, _ index: Int) -> Int { size.rows - 4 + index / 2 }
  package static func hintRow(_ size: CellSize) -> Int { size.rows - 1 }

  /// The row between the picture and the message: a pause over a revealed answer says so
  /// there.
  package static func noticeRow(_ size: CellSize) -> Int { size.rows - 6 }

  /// The widest the quiz gets. A wider window keeps it centred, so that the progress bar, the
  /// score, the buttons and the names read as one composed column at every size.
  static let maximumColumnWidth = 100

  /// The columns the quiz uses: the whole width up to `maximumColumnWidth`, centred beyond.
  package static func column(in size: CellSize) -> (left: Int, width: Int) {
    let width = min(size.columns, maximumColumnWidth)
    return ((size.columns - width) / 2, width)
  }

  /// The cells the member's picture may fill: everything between the status line and the
  /// message line, less a margin, in the quiz's column. The picture is converted for exactly
  /// this box.
  public static func pictureBox(in size: CellSize) -> CellSize {
    CellSize(columns: max(1, column(in: size).width - 4), rows: max(1, size.rows - 9))
  }

  /// The smallest face a question of faces shows: four faces smaller than this cannot be told
  /// apart, and the names are asked instead.
  public static let smallestFace = CellSize(columns: 12, rows: 6)
  /// The columns between two faces of a question of faces.
  static let faceGap = 2

  /// The four faces of a question of faces in the picture's box, each with the row under it
  /// for its number (and once answered its name): side by side, or two above two where that
  /// draws them larger (a tall window, or a wide one: the quiz's column stops at
  /// `maximumColumnWidth`, and a play-test saw four faces 22 columns wide in a window of 200 by
  /// 50).
  package static func faceAreas(in size: CellSize) -> [Rect] {
    let count = QuestionGenerator.optionCount
    return areas(count, inRowsOf: facesInARow(in: size), in: size)
  }

  /// How many faces of a question of faces stand side by side: four, or two above two where
  /// only that has room for them (see `smallestFace`), or where both have and it draws each
  /// face larger.
  package static func facesInARow(in size: CellSize) -> Int {
    let count = QuestionGenerator.optionCount
    let row = areas(count, inRowsOf: count, in: size)[0]
    let grid = areas(count, inRowsOf: count / 2, in: size)[0]
    if hasRoom(row) != hasRoom(grid) { return hasRoom(grid) ? count / 2 : count }
    return faceWidth(in: grid) > faceWidth(in: row) ? count / 2 : count
  }

  /// Whether a face in `area` can be told apart (see `smallestFace`).
  private static func hasRoom(_ area: Rect) -> Bool {
    area.columns >= smallestFace.columns && area.rows >= smallestFace.rows
  }

  /// The columns a photo of a face takes in `area`: a portrait (3 wide for 4 high) on cells
  /// twice as tall as wide takes 1.5 columns for each row.
  private static func faceWidth(in area: Rect) -> Double {
    min(Double(area.columns), 1.5 * Double(area.rows))
  }

  /// The two faces of a card of two, side by side, each with the row under it for its name.
  package static func pairAreas(in size: CellSize) -> [Rect] {
    areas(2, inRowsOf: 2, in: size)
  }

  /// The box each face of a card of two is converted for.
  public static func pairBox(in size: CellSize) -> CellSize {
    let area = pairAreas(in: size)[0]
    return CellSize(columns: area.columns, rows: area.rows)
  }

  /// `count` faces in the picture's box, `across` side by side in each row, a row under each.
  private static func areas(_ count: Int, inRowsOf across: Int, in size: CellSize) -> [Rect] {
    let box = pictureBox(in: size)
    let rowsOfFaces = (count + across - 1) / across
    let width = max(1, (box.columns - (across - 1) * faceGap) / across)
    let height = max(1, box.rows / rowsOfFaces - 1)
    let left = (size.columns - (across * width + (across - 1) * faceGap)) / 2
    return (0..<count).map {
      Rect(
        column: left + $0 % across * (width + faceGap),
        row: pictureTop + $0 / across * (height + 1),
        columns: width, rows: height)
    }
  }

  /// The box each face of a question of faces is converted for.
  public static func faceBox(in size: CellSize) -> CellSize {
    let area = faceAreas(in: size)[0]
    return CellSize(columns: area.columns, rows: area.rows)
  }

  /// Whether four faces can be told apart in the window (see `smallestFace`).
  public static func hasRoomForFaces(_ size: CellSize) -> Bool {
    !isTooSmall(size) && hasRoom(faceAreas(in: size)[0])
  }

  /// The columns a window needs for four faces side by side (see `smallestFace`).
  static var columnsForFaces: Int {
    let count = QuestionGenerator.optionCount
    return count * smallestFace.columns + (count - 1) * faceGap + 4
  }

  /// The rows a window needs for four faces two above two (see `smallestFace`; the narrowest
  /// window has the columns for them): the rows above and below the picture's box, and two
  /// faces with a row under each.
  static var rowsForFaces: Int {
    let box = pictureBox(in: minimum)
    return minimum.rows - box.rows + 2 * (smallestFace.rows + 1)
  }

  /// The two rows of the name buttons, across both columns: where a name card's button, a
  /// question of faces' name and the field of a name typed go in their place.
  package static func namesArea(in size: CellSize) -> Rect {
    let first = optionArea(0, in: size)
    let second = optionArea(1, in: size)
    return Rect(
      column: first.column, row: first.row, columns: second.column + second.columns - first.column,
      rows: optionArea(2, in: size).row - first.row + 1)
  }

  /// The name buttons: two columns of two, at most 40 columns each, centred.
  package static func optionArea(_ index: Int, in size: CellSize) -> Rect {
    let width = min(40, (column(in: size).width - 6) / 2)
    let left = (size.columns - (2 * width + 2)) / 2
    return Rect(
      column: left + (index % 2) * (width + 2), row: optionRow(size, index), columns: width,
      rows: 1)
  }
}
