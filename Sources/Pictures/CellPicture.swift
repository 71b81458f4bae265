/// How many colours the terminal can show.
public enum ColorMode: String, CaseIterable, Hashable, Sendable {
  /// 24-bit colour.
  case truecolor
  /// The whole 256-colour palette.
  case colors256 = "256"
  /// The 240 colours of the 256 palette whose look does not depend on the user's theme: the
  /// right choice for photos on a 256-colour terminal.
  case colors240 = "240"
  case colors16 = "16"
  case colors8 = "8"
  /// No colour: shapes in the terminal's own foreground and background.
  case monochrome = "none"
}

/// Which characters may draw a picture.
public enum SymbolSet: Hashable, Sendable {
  /// Block, border and space symbols: the best picture on a UTF-8 terminal.
  case unicode
  /// ASCII only, for terminals without UTF-8.
  case ascii
}

/// A size in terminal cells.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  public var description: String { "\(columns)x\(rows)" }
}

/// How a picture is turned into cells: what the terminal at hand can show (the game's screens
/// draw with the same colours and symbols).
public struct CellStyle: Hashable, Sendable {
  public var colors: ColorMode
  public var symbols: SymbolSet
  /// A cell's width divided by its height; terminal cells are about twice as tall as wide.
  public var cellAspect: Double

  public init(
    colors: ColorMode = .colors240, symbols: SymbolSet = .unicode, cellAspect: Double = 0.5
  ) {
    self.colors = colors
    self.symbols = symbols
    self.cellAspect = cellAspect
  }
}

/// The colour of a cell's foreground or background.
public enum CellColor: Hashable, Sendable {
  /// The terminal's own colour: transparent areas, and everything in monochrome.
  case terminalDefault
  /// An entry of the terminal's palette (0 to 255).
  case palette(UInt8)
  /// A 24-bit colour, 0xRRGGBB.
  case rgb(UInt32)
}

/// One terminal cell of a picture.
public struct PictureCell: Hashable, Sendable {
  public var character: Unicode.Scalar
  public var foreground: CellColor
  public var background: CellColor

  public init(character: Unicode.Scalar, foreground: CellColor, background: CellColor) {
    self.character = character
    self.foreground = foreground
    self.background = background
  }
}

/// A picture as terminal cells, ready for the front end to draw; row by row.
public struct CellPicture: Hashable, Sendable {
  public let size: CellSize
  public let cells: [PictureCell]

  public init(size: CellSize, cells: [PictureCell]) {
    precondition(cells.count == size.columns * size.rows, "one cell per column and row")
    self.size = size
    self.cells = cells
  }

  public subscript(column: Int, row: Int) -> PictureCell {
    cells[row * size.columns + column]
  }
}
