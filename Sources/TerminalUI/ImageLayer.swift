import AppCore
import Pictures

/// The images over the cells ncurses draws: what each frame's images need written to the
/// terminal, along with ncurses's update of the cells, so that image and cells agree at
/// every moment.
///
/// - An image taken off (a window opens over it, a new question, another screen) is deleted
///   (kitty) in the same write that puts the new ones on, or its lines are drawn again by
///   ncurses, which paints over its pixels (sixels, iTerm2): `redrawRows`.
/// - An image put on is drawn once ncurses is done, at its cells, the cursor saved and
///   restored around it. A sixel or iTerm2 image that stays is drawn again when ncurses
///   writes on any of its lines (another face's cells beside it, say): ncurses may write over
///   cells that did not change, to move the cursor along a line, and so over its pixels. An opaque image that replaces one of the same cells is drawn
///   straight over it, so the old face never shows without its question or blinks out first.
/// - With kitty each image is sent once under its identity and then only placed: a face shown
///   again costs a few bytes. The terminal keeps the last `keptImages` sent; older ones are
///   deleted as new ones come.
/// - Inside tmux every sequence is passed through to the terminal outside it, each wrapped on
///   its own, with the cursor placed in the outside terminal's cells (the pane's corner plus
///   the cell).
struct ImageLayer {
  let graphics: PixelGraphics
  /// Where the pane sits on the terminal outside tmux; nil outside tmux.
  var pane: (top: Int, left: Int)?
  /// Images drawn now.
  private(set) var shown: [PlacedImage] = []
  /// Kitty: the images the terminal holds, oldest first.
  private var sent: [UInt32] = []
  static let keptImages = 48

  init(graphics: PixelGraphics, pane: (top: Int, left: Int)? = nil) {
    self.graphics = graphics
    self.pane = pane
  }

  /// What changes from the images shown to `images`: the rows ncurses must draw anew, and
  /// the bytes to write, in one piece, once it has.
  struct Change {
    var redrawRows: [Range<Int>] = []
    var after: [UInt8] = []
  }

  /// `writtenRows`: the lines whose cells ncurses writes for this frame.
  mutating func change(to images: [PlacedImage], writtenRows: Set<Int> = []) -> Change {
    var change = Change()
    let gone = shown.filter { !images.contains($0) }
    let new = images.filter { !shown.contains($0) }
    for old in gone {
      switch graphics {
      case .kitty:
        change.after += wrapped(Self.kitty("a=d,d=i,i=\(old.image.id),q=2"))
      case .sixel, .iterm2:
        // Painted over by an opaque image that replaces it in the same cells, or by its
        // lines (through an image's transparent parts it would still show).
        if !new.contains(where: { $0.area == old.area && $0.image.isOpaque }) {
          change.redrawRows.append(old.area.row..<old.area.row + old.area.rows)
        }
      }
    }
    // The lines ncurses writes: the cells that changed, and the lines drawn again whole.
    var written = writtenRows
    for rows in change.redrawRows { written.formUnion(rows) }
    let coming = images.filter { image in
      guard shown.contains(image) else { return true }
      // Kitty's images lie under the cells, whatever is written on them.
      return graphics != .kitty
        && (image.area.row..<image.area.row + image.area.rows).contains(where: written.contains)
    }
    for new in coming {
      // Placed in one sequence with the cursor's moves: tmux may move the cursor between two.
      var placing = Self.saveCursor + moveCursor(to: new.area)
      switch graphics {
      case .kitty:
        if !sent.contains(new.image.id) { change.after += transmit(new.image) }
        sent.removeAll { $0 == new.image.id }
        sent.append(new.image.id)
        placing += Self.kitty(
          "a=p,i=\(new.image.id),p=1,c=\(new.area.columns),r=\(new.area.rows),C=1,q=2")
      case .sixel, .iterm2:
        placing += new.image.bytes
      }
      change.after += wrapped(placing + Self.restoreCursor)
    }
    if graphics == .kitty {
      // The oldest images leave the terminal's memory, unless they are on screen.
      while sent.count > Self.keptImages,
        let index = sent.firstIndex(where: { id in !images.contains { $0.image.id == id } })
      {
        change.after += wrapped(Self.kitty("a=d,d=I,i=\(sent.remove(at: index)),q=2"))
      }
    }
    shown = images
    return change
  }

  /// The screen is cleared and drawn anew (a resize, a return from the shell): every image
  /// is taken off, and put on again with the next frame.
  mutating func clear() -> [UInt8] {
    shown = []
    return graphics == .kitty ? wrapped(Self.kittyAllOff) : []
  }

  /// The terminal is given back (suspension, or the end): images off, and kitty's freed
  /// (it forgets those of the alternate screen when that is left: they are sent again).
  mutating func release() -> [UInt8] {
    var bytes = clear()
    if graphics == .kitty {
      for id in sent { bytes += wrapped(Self.kitty("a=d,d=I,i=\(id),q=2")) }
      sent = []
    }
    return bytes
  }

  /// Kitty: the image's data under its identity, not shown yet (`a=t`), no answer asked.
  private func transmit(_ image: PixelImage) -> [UInt8] {
    var bytes = wrapped(Self.kitty("a=t,i=\(image.id),\(image.kittyKeys),q=2,m=1"))
    guard pane != nil else { return bytes + image.bytes }
    // Chunk by chunk: tmux limits how long one passed-through sequence may be.
    var start = 0
    for index in image.bytes.indices.dropFirst()
    where image.bytes[index - 1] == 0x1B && image.bytes[index] == UInt8(ascii: "\\") {
      bytes += wrapped(Array(image.bytes[start...index]))
      start = index + 1
    }
    if start < image.bytes.count { bytes += wrapped(Array(image.bytes[start...])) }
    return bytes
  }

  /// A sequence as the terminal outside tmux gets it: inside tmux's passthrough (`ESC P
  /// tmux;`, each ESC doubled, `ESC \\`), unchanged outside tmux.
  func wrapped(_ sequence: [UInt8]) -> [UInt8] {
    guard pane != nil else { return sequence }
    var bytes = Array("\u{1B}Ptmux;".utf8)
    bytes.reserveCapacity(sequence.count + 16)
    for byte in sequence {
      if byte == 0x1B { bytes.append(0x1B) }
      bytes.append(byte)
    }
    return bytes + Array("\u{1B}\\".utf8)
  }

  /// Kitty: every image placed on the screen taken off.
  static let kittyAllOff = kitty("a=d,d=a,q=2")

  /// A kitty graphics command without data.
  static func kitty(_ keys: String) -> [UInt8] { Array("\u{1B}_G\(keys)\u{1B}\\".utf8) }

  static let saveCursor = Array("\u{1B}7".utf8)
  static let restoreCursor = Array("\u{1B}8".utf8)

  /// The cursor to the area's top left cell (of the terminal outside tmux, inside it).
  func moveCursor(to area: Rect) -> [UInt8] {
    let row = area.row + (pane?.top ?? 0) + 1
    let column = area.column + (pane?.left ?? 0) + 1
    return Array("\u{1B}[\(row);\(column)H".utf8)
  }
}
