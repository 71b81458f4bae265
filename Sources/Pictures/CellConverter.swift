import CChafa
import CDeflate

#if canImport(Glibc)
  import Glibc
#endif

/// Turns pictures into terminal cells with libchafa's symbol mode.
public enum CellConverter {
  /// The cell size that `image` takes inside `box`: as large as its aspect ratio allows.
  public static func fittedSize(of image: PixelSize, in box: CellSize, style: CellStyle)
    -> CellSize
  {
    guard box.columns > 0, box.rows > 0, image.width > 0, image.height > 0 else {
      return CellSize(columns: 0, rows: 0)
    }
    var columns = Int32(box.columns)
    var rows = Int32(box.rows)
    chafa_calc_canvas_geometry(
      Int32(image.width), Int32(image.height), &columns, &rows, Float(style.cellAspect), 1, 0)
    return CellSize(columns: max(1, Int(columns)), rows: max(1, Int(rows)))
  }

  /// How many pixels a picture needs to fill `box` well in `style`: the pixels of its cells
  /// when it is drawn with them, else 8x8 a cell, which is what chafa looks at for a symbol.
  public static func pixelsNeeded(for box: CellSize, style: CellStyle) -> PixelSize {
    let cell = style.pixels?.cellPixels ?? PixelSize(width: 8, height: 8)
    return PixelSize(width: box.columns * cell.width, height: box.rows * cell.height)
  }

  /// `image` as cells filling as much of `box` as its aspect ratio allows: symbols, or blank
  /// cells under the image of its pixels when `style` asks for them.
  public static func convert(_ image: RGBAImage, in box: CellSize, style: CellStyle)
    -> CellPicture
  {
    if let pixels = style.pixels {
      if let picture = pixelPicture(image, in: box, style: style, mode: pixels) { return picture }
      var symbols = style
      symbols.pixels = nil
      return convert(image, in: box, style: symbols)
    }
    return withCanvas(image, in: box, style: style) { canvas, size in
      var cells: [PictureCell] = []
      cells.reserveCapacity(size.columns * size.rows)
      for row in 0..<Int32(size.rows) {
        for column in 0..<Int32(size.columns) {
          var foreground: Int32 = -1
          var background: Int32 = -1
          chafa_canvas_get_raw_colors_at(canvas, column, row, &foreground, &background)
          let character = Unicode.Scalar(chafa_canvas_get_char_at(canvas, column, row)) ?? " "
          cells.append(
            PictureCell(
              character: character, foreground: color(foreground, style.colors),
              background: color(background, style.colors)))
        }
      }
      return CellPicture(size: size, cells: cells)
    }
  }

  /// Blank cells and the image that covers them; nil when libchafa's kitty output is not
  /// the one expected (a first chunk of keys, then the data), so that symbols stand in.
  private static func pixelPicture(
    _ image: RGBAImage, in box: CellSize, style: CellStyle, mode: PixelMode
  ) -> CellPicture? {
    let (size, text) = pixelCanvas(image, in: box, style: style, mode: mode)
    let blank = PictureCell(
      character: " ", foreground: .terminalDefault, background: .terminalDefault)
    let cells = Array(repeating: blank, count: size.columns * size.rows)
    var bytes = Array(text.utf8)
    var keys = ""
    if mode.graphics == .kitty {
      guard let kitty = deflatedKitty(bytes) else { return nil }
      (keys, bytes) = kitty
    }
    return CellPicture(
      size: size, cells: cells,
      image: PixelImage(
        graphics: mode.graphics, size: size, bytes: bytes, kittyKeys: keys,
        isOpaque: image.isOpaque))
  }

  /// libchafa's kitty image (`ESC _G a=T,f=32,s=W,v=H,c=C,r=R,m=1 ESC \`, then chunks of
  /// base64 pixels, each encoded on its own) as the keys that describe its data, without
  /// those that show it at once (the terminal's to say), and the data compressed with zlib
  /// for kitty's `o=z`, in chunks of its own: a face's pixels in a few kilobytes instead of
  /// hundreds over a slow link. Nil when the output is not of that shape.
  static func deflatedKitty(_ printed: [UInt8]) -> (keys: String, data: [UInt8])? {
    var keys: String?
    var raw: [UInt8] = []
    let start = Array("\u{1B}_G".utf8)
    var index = 0
    while index < printed.count {
      guard printed[index...].starts(with: start),
        let end = printed[(index + start.count)...].indices.first(where: {
          printed[$0] == 0x1B && $0 + 1 < printed.count && printed[$0 + 1] == UInt8(ascii: "\\")
        })
      else { return nil }
      let body = printed[(index + start.count)..<end]
      index = end + 2
      guard let separator = body.firstIndex(of: UInt8(ascii: ";")) else {
        // The first sequence: keys only.
        guard keys == nil else { continue }
        keys = String(decoding: body, as: UTF8.self).split(separator: ",").filter { key in
          !["a=", "c=", "r=", "m=", "q="].contains { key.hasPrefix($0) }
        }.joined(separator: ",")
        continue
      }
      var text = body[(separator + 1)...].map { CChar(bitPattern: $0) }
      text.append(0)
      var length: gsize = 0
      guard let decoded = g_base64_decode(text, &length) else { return nil }
      raw += UnsafeBufferPointer(start: decoded, count: Int(length))
      g_free(decoded)
    }
    guard let keys, keys.contains("s="), keys.contains("v=") else { return nil }
    guard !raw.isEmpty else { return nil }
    // The fastest level: a face is compressed while its question waits to be asked.
    var size = compressBound(uLong(raw.count))
    var compressed = [UInt8](repeating: 0, count: Int(size))
    guard compress2(&compressed, &size, raw, uLong(raw.count), Z_BEST_SPEED) == Z_OK else {
      return nil
    }
    guard let encoded = g_base64_encode(compressed, gsize(size)) else { return nil }
    defer { g_free(encoded) }
    let base64 = Array(UnsafeBufferPointer<CChar>(start: encoded, count: strlen(encoded)))
    var result: [UInt8] = []
    result.reserveCapacity(base64.count + base64.count / 4096 * 12 + 16)
    var offset = 0
    repeat {
      let next = min(offset + 4096, base64.count)
      result += Array("\u{1B}_Gm=\(next < base64.count ? 1 : 0);".utf8)
      result += base64[offset..<next].map { UInt8(bitPattern: $0) }
      result += [0x1B, UInt8(ascii: "\\")]
      offset = next
    } while offset < base64.count
    return (keys + ",o=z", result)
  }

  /// `image` as the ANSI text that libchafa prints for a terminal, one line a row.
  public static func ansiText(_ image: RGBAImage, in box: CellSize, style: CellStyle) -> String {
    withCanvas(image, in: box, style: style) { canvas, _ in
      // A terminal that knows every sequence; the canvas mode decides which are used.
      let variables = ["TERM=xterm-256color", "COLORTERM=truecolor"]
      var environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) }
      environment.append(nil)
      defer { environment.forEach { free($0) } }
      let database = chafa_term_db_get_default()
      let terminal = environment.withUnsafeMutableBufferPointer {
        chafa_term_db_detect(database, $0.baseAddress)
      }
      defer { chafa_term_info_unref(terminal) }
      return printed(canvas, for: terminal)
    }
  }

  /// `image` as the escape sequences that draw its pixels with `graphics`, as large as its
  /// aspect ratio allows inside `box`, whose cells are `cellPixels` each; the cursor ends
  /// below the picture. libchafa scales the picture to the cells' pixels and encodes it
  /// (sixels with their own palette, kitty's and iTerm2's images as 8-bit RGB).
  public static func pixelText(
    _ image: RGBAImage, in box: CellSize, cellPixels: PixelSize, graphics: PixelGraphics
  ) -> String {
    let mode = PixelMode(graphics: graphics, cellPixels: cellPixels)
    return pixelCanvas(
      image, in: box, style: CellStyle(colors: .truecolor, pixels: mode), mode: mode
    )
    .text
  }

  /// The cells the picture covers and what libchafa prints for it in a pixel mode.
  private static func pixelCanvas(
    _ image: RGBAImage, in box: CellSize, style: CellStyle, mode: PixelMode
  ) -> (size: CellSize, text: String) {
    let configure: (OpaquePointer?) -> Void = { config in
      chafa_canvas_config_set_cell_geometry(
        config, Int32(mode.cellPixels.width), Int32(mode.cellPixels.height))
      chafa_canvas_config_set_pixel_mode(config, mode.graphics.chafaMode)
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
      chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE)
    }
    return withCanvas(image, in: box, style: style, configure: configure) { canvas, size in
      // libchafa's fallback terminal knows every protocol's sequences.
      let terminal = chafa_term_db_get_fallback_info(chafa_term_db_get_default())
      defer { chafa_term_info_unref(terminal) }
      return (size, printed(canvas, for: terminal))
    }
  }

  /// What libchafa prints for the canvas on `terminal`.
  private static func printed(_ canvas: OpaquePointer, for terminal: OpaquePointer?) -> String {
    guard let text = chafa_canvas_print(canvas, terminal) else { return "" }
    defer { g_string_free(text, 1) }
    return String(cString: text.pointee.str)
  }

  /// A canvas for `image` in `box`, configured for `style` and then by `configure`.
  private static func withCanvas<Result>(
    _ image: RGBAImage, in box: CellSize, style: CellStyle,
    configure: (OpaquePointer?) -> Void = { _ in }, _ body: (OpaquePointer, CellSize) -> Result
  ) -> Result {
    let size = fittedSize(
      of: PixelSize(width: image.width, height: image.height), in: box, style: style)

    let symbols = chafa_symbol_map_new()
    defer { chafa_symbol_map_unref(symbols) }
    switch style.symbols {
    case .unicode:
      chafa_symbol_map_add_by_tags(
        symbols,
        ChafaSymbolTags(
          CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue
            | CHAFA_SYMBOL_TAG_SPACE.rawValue))
      chafa_symbol_map_remove_by_tags(
        symbols,
        ChafaSymbolTags(CHAFA_SYMBOL_TAG_WIDE.rawValue | CHAFA_SYMBOL_TAG_AMBIGUOUS.rawValue))
    case .ascii:
      chafa_symbol_map_add_by_tags(
        symbols, ChafaSymbolTags(CHAFA_SYMBOL_TAG_ASCII.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
    }

    let config = chafa_canvas_config_new()
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(size.columns), Int32(size.rows))
    chafa_canvas_config_set_canvas_mode(config, canvasMode(style.colors))
    chafa_canvas_config_set_symbol_map(config, symbols)
    if style.colors == .colors16 || style.colors == .colors8 {
      // A few colours turn smooth tones into bands of the nearest ones: spreading each
      // cell's error over its neighbours mixes them, which keeps greys grey and skin the
      // colour of skin.
      chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_DIFFUSION)
    }
    configure(config)

    let canvas = chafa_canvas_new(config)!
    defer { chafa_canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(image.width),
        Int32(image.height), Int32(image.width * 4))
    }
    return body(canvas, size)
  }

  private static func canvasMode(_ colors: ColorMode) -> ChafaCanvasMode {
    switch colors {
    case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
    case .colors256: CHAFA_CANVAS_MODE_INDEXED_256
    case .colors240: CHAFA_CANVAS_MODE_INDEXED_240
    case .colors16: CHAFA_CANVAS_MODE_INDEXED_16
    case .colors8: CHAFA_CANVAS_MODE_INDEXED_8
    case .monochrome: CHAFA_CANVAS_MODE_FGBG
    }
  }

  /// A raw chafa colour: packed RGB in truecolor, a palette index otherwise, negative for
  /// "transparent" (the terminal's own colour).
  private static func color(_ raw: Int32, _ colors: ColorMode) -> CellColor {
    guard raw >= 0, colors != .monochrome else { return .terminalDefault }
    if colors == .truecolor { return .rgb(UInt32(raw) & 0xFF_FFFF) }
    guard raw <= 255 else { return .terminalDefault }
    return .palette(UInt8(raw))
  }
}

extension PixelGraphics {
  /// libchafa's name for the protocol.
  var chafaMode: ChafaPixelMode {
    switch self {
    case .kitty: CHAFA_PIXEL_MODE_KITTY
    case .sixel: CHAFA_PIXEL_MODE_SIXELS
    case .iterm2: CHAFA_PIXEL_MODE_ITERM2
    }
  }
}
