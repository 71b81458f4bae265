import Pictures

/// The images over the cells ncurses draws: what each frame's images need written to the
/// terminal, along with ncurses's update of the cells, so that image and cells agree at
/// every moment.
///
/// - An image taken off (a window opens over it, a new question, another screen) is deleted
///   (kitty) in the same write that puts the new ones on, or its lines are drawn again by
///   ncurses, which paints over its pixels (sixels, iTerm2): `redrawRows`.
/// - An image put on is drawn once ncurses is done, at its cells, the cursor saved and
///   restored around it. An image that replaces one of the same cells is drawn straight over
///   it, so the old face never shows without its question or blinks out first.
/// - With kitty each image is sent once under its identity and then only placed: a face shown
///   again costs a few bytes. The terminal keeps the last `keptImages` sent; older ones are
///   deleted as new ones come.
struct ImageLayer {
  let graphics: PixelGraphics
  /// Images drawn now.
  private(set) var shown: [PlacedImage] = []
  /// Kitty: the images the terminal holds, oldest first.
  private var sent: [UInt32] = []
  static let keptImages = 48

  init(graphics: PixelGraphics) {
    self.graphics = graphics
  }

  /// What changes from the images shown to `images`: the rows ncurses must draw anew, and
  /// the bytes to write, in one piece, once it has.
  struct Change {
    var redrawRows: [Range<Int>] = []
    var after: [UInt8] = []
  }

  mutating func change(to images: [PlacedImage]) -> Change {
    var change = Change()
    let gone = shown.filter { !images.contains($0) }
    let coming = images.filter { !shown.contains($0) }
    for old in gone {
      switch graphics {
      case .kitty:
        change.after += Self.kitty("a=d,d=i,i=\(old.image.id),q=2")
      case .sixel, .iterm2:
        // Painted over by the image that replaces it in the same cells, or by its lines.
        if !coming.contains(where: { $0.area == old.area }) {
          change.redrawRows.append(old.area.row..<old.area.row + old.area.rows)
        }
      }
    }
    for new in coming {
      change.after += Self.saveCursor + Self.moveCursor(to: new.area)
      switch graphics {
      case .kitty:
        if !sent.contains(new.image.id) { change.after += transmit(new.image) }
        sent.removeAll { $0 == new.image.id }
        sent.append(new.image.id)
        change.after += Self.kitty(
          "a=p,i=\(new.image.id),p=1,c=\(new.area.columns),r=\(new.area.rows),C=1,q=2")
      case .sixel, .iterm2:
        change.after += new.image.bytes
      }
      change.after += Self.restoreCursor
    }
    if graphics == .kitty {
      // The oldest images leave the terminal's memory, unless they are on screen.
      while sent.count > Self.keptImages,
        let index = sent.firstIndex(where: { id in !images.contains { $0.image.id == id } })
      {
        change.after += Self.kitty("a=d,d=I,i=\(sent.remove(at: index)),q=2")
      }
    }
    shown = images
    return change
  }

  /// The screen is cleared and drawn anew (a resize, a return from the shell): every image
  /// is taken off, and put on again with the next frame.
  mutating func clear() -> [UInt8] {
    shown = []
    return graphics == .kitty ? Self.kittyAllOff : []
  }

  /// The terminal is given back (suspension, or the end): images off, and at the end the
  /// kitty images freed.
  mutating func release(freeing: Bool) -> [UInt8] {
    var bytes = clear()
    if freeing, graphics == .kitty {
      for id in sent { bytes += Self.kitty("a=d,d=I,i=\(id),q=2") }
      sent = []
    }
    return bytes
  }

  /// Kitty: the image's data under its identity, not shown yet (`a=t`), no answer asked.
  private func transmit(_ image: PixelImage) -> [UInt8] {
    Self.kitty("a=t,i=\(image.id),\(image.kittyKeys),q=2,m=1") + image.bytes
  }

  /// Kitty: every image placed on the screen taken off.
  static let kittyAllOff = kitty("a=d,d=a,q=2")

  /// A kitty graphics command without data.
  static func kitty(_ keys: String) -> [UInt8] { Array("\u{1B}_G\(keys)\u{1B}\\".utf8) }

  static let saveCursor = Array("\u{1B}7".utf8)
  static let restoreCursor = Array("\u{1B}8".utf8)

  static func moveCursor(to area: Rect) -> [UInt8] {
    Array("\u{1B}[\(area.row + 1);\(area.column + 1)H".utf8)
  }
}
