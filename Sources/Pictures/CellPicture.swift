import Synchronization

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
  /// Pictures are drawn with their pixels in this mode; nil draws them with symbols. The
  /// cells' aspect follows the mode's cells.
  public var pixels: PixelMode? {
    didSet { if let pixels { cellAspect = pixels.cellAspect } }
  }

  /// With `pixels`, the cells' aspect is that of their pixels, whatever `cellAspect` says.
  public init(
    colors: ColorMode = .colors240, symbols: SymbolSet = .unicode, cellAspect: Double = 0.5,
    pixels: PixelMode? = nil
  ) {
    self.colors = colors
    self.symbols = symbols
    self.cellAspect = pixels?.cellAspect ?? cellAspect
    self.pixels = pixels
  }
}

/// Pictures drawn with their pixels: the terminal's graphics protocol and the size of its
/// cells in pixels.
public struct PixelMode: Hashable, Sendable {
  public var graphics: PixelGraphics
  public var cellPixels: PixelSize

  public init(graphics: PixelGraphics, cellPixels: PixelSize) {
    self.graphics = graphics
    self.cellPixels = PixelSize(width: max(1, cellPixels.width), height: max(1, cellPixels.height))
  }

  var cellAspect: Double { Double(cellPixels.width) / Double(cellPixels.height) }
}

/// A picture encoded for a terminal graphics protocol, at the pixel size of the cells it
/// covers. Each conversion has an identity of its own, which is what tells two images apart:
/// the same image drawn again (from the cache) is known to be the same without comparing
/// its bytes, and kitty keeps it under that identity.
public struct PixelImage: Hashable, Sendable {
  public let graphics: PixelGraphics
  /// The cells it covers.
  public let size: CellSize
  /// Unique among the images of this process, never 0.
  public let id: UInt32
  /// Sixel and iTerm2: the sequence that draws the image at the cursor. Kitty: the image's
  /// data, in chunks (`ESC _G m=1;… ESC \` to `m=0`), sent after a first chunk that names
  /// the image and carries `kittyKeys`.
  public let bytes: [UInt8]
  /// Kitty: the keys that describe the data (`f=32,s=400,v=400`); empty otherwise.
  public let kittyKeys: String
  /// Whether every pixel is opaque: an image with transparent parts drawn over another
  /// would let the other show through them.
  public let isOpaque: Bool

  private static let counter = Atomic<UInt32>(0)

  public init(
    graphics: PixelGraphics, size: CellSize, bytes: [UInt8], kittyKeys: String = "",
    isOpaque: Bool = true
  ) {
    self.graphics = graphics
    self.size = size
    self.bytes = bytes
    self.kittyKeys = kittyKeys
    self.isOpaque = isOpaque
    id = Self.counter.add(1, ordering: .relaxed).newValue
  }

  public static func == (lhs: PixelImage, rhs: PixelImage) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
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

/// A picture as terminal cells, ready for the front end to draw; row by row. A picture drawn
/// with its pixels has blank cells, which the image covers.
public struct CellPicture: Hashable, Sendable {
  public let size: CellSize
  public let cells: [PictureCell]
  /// The picture's pixels, when the style asks for them.
  public let image: PixelImage?

  public init(size: CellSize, cells: [PictureCell], image: PixelImage? = nil) {
    precondition(cells.count == size.columns * size.rows, "one cell per column and row")
    self.size = size
    self.cells = cells
    self.image = image
  }

  public subscript(column: Int, row: Int) -> PictureCell {
    cells[row * size.columns + column]
  }
}

/// The terminal protocols that draw a picture's pixels.
public enum PixelGraphics: String, CaseIterable, Hashable, Sendable {
  case kitty
  case sixel
  case iterm2
}
