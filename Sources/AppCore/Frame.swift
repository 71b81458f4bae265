import Pictures

/// How a cell looks apart from its character.
public struct Style: Hashable, Sendable {
  public var foreground: CellColor
  public var background: CellColor
  public var bold: Bool
  public var reverse: Bool
  public var underline: Bool
  /// Fainter than normal text (where no grey colour can be used).
  public var dim: Bool

  public init(
    foreground: CellColor = .terminalDefault, background: CellColor = .terminalDefault,
    bold: Bool = false, reverse: Bool = false, underline: Bool = false, dim: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.reverse = reverse
    self.underline = underline
    self.dim = dim
  }

  public static let plain = Style()
}

/// One terminal cell: a character (with any combining marks) and its style. The cell right of
/// a wide character is a continuation with empty text.
public struct Cell: Hashable, Sendable {
  public var text: String
  public var style: Style

  public init(text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }

  public static let blank = Cell(text: " ")
  public var isContinuation: Bool { text.isEmpty }
}

/// A cell rectangle.
public struct Rect: Hashable, Sendable {
  public var column: Int
  public var row: Int
  public var columns: Int
  public var rows: Int

  public init(column: Int, row: Int, columns: Int, rows: Int) {
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
  }

  public func contains(column: Int, row: Int) -> Bool {
    (self.column..<self.column + columns).contains(column)
      && (self.row..<self.row + rows).contains(row)
  }
}

/// An image drawn with its pixels, and the cells it covers.
public struct PlacedImage: Hashable, Sendable {
  public var image: PixelImage
  public var area: Rect

  public init(image: PixelImage, area: Rect) {
    self.image = image
    self.area = area
  }
}

/// What a screen looks like: a grid of cells of the terminal's size, plus where its buttons are
/// (for mouse clicks). Drawing outside the grid is cut off, so nothing can land outside the
/// window whatever its size.
public struct Frame: Hashable, Sendable {
  public let size: CellSize
  public private(set) var cells: [Cell]
  /// The buttons drawn, last drawn (topmost) last.
  public private(set) var buttons: [(control: Control, area: Rect)] = []
  /// The images drawn with their pixels over blank cells. Drawing anything over one of
  /// them (a window) takes the whole image off, so that what is drawn over it is readable.
  public private(set) var images: [PlacedImage] = []

  /// Whether text is written in ASCII only: a terminal whose locale is not UTF-8 would show
  /// other characters as bytes of garbage, so names are spelt in Latin letters instead.
  public let asciiOnly: Bool

  public init(size: CellSize, asciiOnly: Bool = false) {
    self.size = CellSize(columns: max(0, size.columns), rows: max(0, size.rows))
    self.asciiOnly = asciiOnly
    cells = Array(repeating: .blank, count: self.size.columns * self.size.rows)
  }

  public subscript(column: Int, row: Int) -> Cell {
    cells[row * size.columns + column]
  }

  /// The button at a cell, if any (the topmost, as overlays cover what is under them).
  public func control(atColumn column: Int, row: Int) -> Control? {
    buttons.last { $0.area.contains(column: column, row: row) }?.control
  }

  /// The frame as text, a line per row, trailing blanks removed: what a snapshot compares.
  public var text: String {
    (0..<size.rows).map { row in
      var line = ""
      for column in 0..<size.columns { line += self[column, row].text }
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }

  // MARK: - Drawing

  /// Writes `text` from a cell on, cut at `width` columns (and at the frame's edge) with an
  /// ellipsis when it does not fit. Returns the columns used.
  @discardableResult
  public mutating func put(
    _ text: String, column: Int, row: Int, style: Style = .plain, width: Int? = nil,
    ellipsis: String = "…"
  ) -> Int {
    let limit = min(width ?? Int.max, size.columns - column)
    let text = asciiOnly ? ASCIIText.spelling(text) : text
    let fitted = DisplayWidth.truncate(text, to: limit, ellipsis: ellipsis)
    var x = column
    for character in fitted {
      let characterWidth = DisplayWidth.of(character)
      if characterWidth == 0 { continue }
      setCell(column: x, row: row, Cell(text: String(character), style: style))
      if characterWidth == 2 { setCell(column: x + 1, row: row, Cell(text: "", style: style)) }
      x += characterWidth
    }
    return x - column
  }

  /// Writes `text` centred in `width` columns starting at `column`.
  public mutating func putCentered(
    _ text: String, column: Int = 0, row: Int, width: Int? = nil, style: Style = .plain,
    ellipsis: String = "…"
  ) {
    let width = width ?? size.columns - column
    let text = asciiOnly ? ASCIIText.spelling(text) : text
    let used = min(DisplayWidth.of(text), width)
    put(
      text, column: column + max(0, (width - used) / 2), row: row, style: style, width: width,
      ellipsis: ellipsis)
  }

  /// Fills a rectangle with one character and style.
  public mutating func fill(_ area: Rect, with cell: Cell = .blank) {
    for row in area.row..<area.row + max(0, area.rows) {
      for column in area.column..<area.column + max(0, area.columns) {
        setCell(column: column, row: row, cell)
      }
    }
  }

  /// Draws a button, its label from the left or centred, and remembers where it is.
  public mutating func putButton(
    _ label: String, control: Control, column: Int, row: Int, width: Int, style: Style,
    centered: Bool = false, ellipsis: String = "…"
  ) {
    let area = Rect(column: column, row: row, columns: width, rows: 1)
    fill(area, with: Cell(text: " ", style: style))
    if centered {
      putCentered(
        label, column: column, row: row, width: width, style: style, ellipsis: ellipsis)
    } else {
      put(label, column: column, row: row, style: style, width: width, ellipsis: ellipsis)
    }
    buttons.append((control, area))
  }

  /// Makes an area drawn already a button (a face that can be clicked).
  public mutating func addButton(_ control: Control, area: Rect) {
    buttons.append((control, area))
  }

  /// Draws a picture with its top left corner at a cell: its symbols, or its image over
  /// blank cells (only when the image fits in the frame whole).
  public mutating func draw(_ picture: CellPicture, column: Int, row: Int) {
    let area = Rect(
      column: column, row: row, columns: picture.size.columns, rows: picture.size.rows)
    if let image = picture.image {
      fill(area)
      if column >= 0, row >= 0, column + area.columns <= size.columns,
        row + area.rows <= size.rows
      {
        images.append(PlacedImage(image: image, area: area))
      }
      return
    }
    for y in 0..<picture.size.rows {
      for x in 0..<picture.size.columns {
        let cell = picture[x, y]
        setCell(
          column: column + x, row: row + y,
          Cell(
            text: String(Character(cell.character)),
            style: Style(foreground: cell.foreground, background: cell.background)))
      }
    }
  }

  /// Sets a cell if it is inside the frame. A wide character that would stick out of the right
  /// edge, or that gets half covered, becomes a blank.
  public mutating func setCell(column: Int, row: Int, _ cell: Cell) {
    guard (0..<size.columns).contains(column), (0..<size.rows).contains(row) else { return }
    if !images.isEmpty { images.removeAll { $0.area.contains(column: column, row: row) } }
    let index = row * size.columns + column
    // Covering half of a wide character blanks its other half.
    if cells[index].isContinuation, column > 0, !cell.isContinuation {
      cells[index - 1] = Cell(text: " ", style: cells[index - 1].style)
    }
    if column + 1 < size.columns, cells[index + 1].isContinuation {
      cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)
    }
    if !cell.isContinuation, DisplayWidth.of(cell.text) == 2, column + 1 >= size.columns {
      cells[index] = Cell(text: " ", style: cell.style)
      return
    }
    cells[index] = cell
  }

  public static func == (lhs: Frame, rhs: Frame) -> Bool {
    lhs.size == rhs.size && lhs.cells == rhs.cells && lhs.images == rhs.images
      && lhs.buttons.elementsEqual(rhs.buttons) { $0 == $1 }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(cells)
  }
}
