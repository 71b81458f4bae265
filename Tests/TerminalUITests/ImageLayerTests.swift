import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// What the terminal is sent as images come and go, so that image and cells agree.
final class ImageLayerTests: XCTestCase {
  private let area = Rect(column: 5, row: 3, columns: 30, rows: 15)

  private func image(_ graphics: PixelGraphics, size: Int = 4000) -> PixelImage {
    let data: String
    switch graphics {
    case .kitty:
      data = "\u{1B}_Gm=1;" + String(repeating: "A", count: size) + "\u{1B}\\\u{1B}_Gm=0\u{1B}\\"
    case .sixel: data = "\u{1B}Pq" + String(repeating: "~", count: size) + "\u{1B}\\"
    case .iterm2:
      data = "\u{1B}]1337;File=inline=1:" + String(repeating: "A", count: size) + "\u{07}"
    }
    return PixelImage(
      graphics: graphics, size: CellSize(columns: area.columns, rows: area.rows),
      bytes: Array(data.utf8), kittyKeys: graphics == .kitty ? "f=32,s=300,v=300" : "")
  }

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// Kitty: a face is sent once under its identity, then only placed; taken off, it stays
  /// in the terminal, and shown again it costs a few bytes.
  func testKittySendsAFaceOnceThenOnlyPlacesIt() {
    var layer = ImageLayer(graphics: .kitty)
    let face = image(.kitty)
    let first = layer.change(to: [PlacedImage(image: face, area: area)])
    let sent = text(first.after)
    // Sent under its identity, not shown; then placed at its cells, the cursor kept.
    XCTAssertEqual(
      sent,
      "\u{1B}_Ga=t,i=\(face.id),f=32,s=300,v=300,q=2,m=1\u{1B}\\" + text(face.bytes)
        + "\u{1B}7\u{1B}[4;6H\u{1B}_Ga=p,i=\(face.id),p=1,c=30,r=15,C=1,q=2\u{1B}\\\u{1B}8")
    XCTAssertEqual(first.redrawRows, [])

    let off = layer.change(to: [])
    XCTAssertEqual(
      text(off.after), "\u{1B}_Ga=d,d=i,i=\(face.id),q=2\u{1B}\\",
      "the placement goes, the data stays")

    let again = layer.change(to: [PlacedImage(image: face, area: area)])
    XCTAssertFalse(text(again.after).contains("a=t"))
    XCTAssertLessThan(again.after.count, 200, text(again.after).debugDescription)
    XCTAssertTrue(text(again.after).contains("a=p,i=\(face.id)"))

    // Nothing changes: nothing is sent.
    XCTAssertEqual(layer.change(to: [PlacedImage(image: face, area: area)]).after, [])
  }

  /// Kitty: a new face takes the old one's place in one write, the old placement deleted
  /// before the new one is made.
  func testKittyReplacesAFaceInOneWrite() {
    var layer = ImageLayer(graphics: .kitty)
    let old = image(.kitty)
    let new = image(.kitty)
    _ = layer.change(to: [PlacedImage(image: old, area: area)])
    let change = text(layer.change(to: [PlacedImage(image: new, area: area)]).after)
    let deleted = change.range(of: "a=d,d=i,i=\(old.id),")
    let placed = change.range(of: "a=p,i=\(new.id),")
    XCTAssertNotNil(deleted)
    XCTAssertNotNil(placed)
    if let deleted, let placed { XCTAssertLessThan(deleted.lowerBound, placed.lowerBound) }
  }

  /// Kitty keeps a bounded number of images: the oldest not on screen are freed.
  func testKittyFreesTheOldestImages() {
    var layer = ImageLayer(graphics: .kitty)
    let faces = (0...ImageLayer.keptImages).map { _ in image(.kitty, size: 8) }
    var freed: [String] = []
    for face in faces {
      freed.append(text(layer.change(to: [PlacedImage(image: face, area: area)]).after))
    }
    XCTAssertFalse(freed.dropLast().joined().contains("d=I"))
    XCTAssertTrue(
      freed.last!.contains("a=d,d=I,i=\(faces[0].id),q=2"), freed.last!.debugDescription)
    XCTAssertFalse(freed.last!.contains("d=I,i=\(faces[1].id),"))
    // At the end every image left is freed.
    let end = text(layer.release())
    XCTAssertTrue(end.contains("a=d,d=a,q=2"))
    for face in faces.dropFirst() { XCTAssertTrue(end.contains("a=d,d=I,i=\(face.id),q=2")) }
  }

  /// Sixels: a face taken off has its lines drawn again by ncurses, which paints over its
  /// pixels; a face replaced in the same cells is drawn straight over, never blanked first.
  func testSixelsArePaintedOverOrReplacedInPlace() {
    for graphics in [PixelGraphics.sixel, .iterm2] {
      var layer = ImageLayer(graphics: graphics)
      let old = image(graphics)
      let first = layer.change(to: [PlacedImage(image: old, area: area)])
      XCTAssertEqual(
        text(first.after), "\u{1B}7\u{1B}[4;6H" + text(old.bytes) + "\u{1B}8", "\(graphics)")

      let new = image(graphics)
      let replaced = layer.change(to: [PlacedImage(image: new, area: area)])
      XCTAssertEqual(replaced.redrawRows, [], "\(graphics)")
      XCTAssertEqual(text(replaced.after), "\u{1B}7\u{1B}[4;6H" + text(new.bytes) + "\u{1B}8")

      // An image with transparent parts would let the old one show through: lines first.
      let clear = PixelImage(
        graphics: graphics, size: new.size, bytes: new.bytes, isOpaque: false)
      XCTAssertEqual(
        layer.change(to: [PlacedImage(image: clear, area: area)]).redrawRows, [3..<18])
      _ = layer.change(to: [PlacedImage(image: new, area: area)])

      let moved = Rect(column: 2, row: 1, columns: 10, rows: 5)
      let elsewhere = layer.change(to: [PlacedImage(image: new, area: moved)])
      XCTAssertEqual(elsewhere.redrawRows, [3..<18], "\(graphics)")
      XCTAssertTrue(text(elsewhere.after).hasPrefix("\u{1B}7\u{1B}[2;3H"))

      let off = layer.change(to: [])
      XCTAssertEqual(off.redrawRows, [1..<6], "\(graphics)")
      XCTAssertEqual(off.after, [])
      XCTAssertEqual(layer.release(), [], "nothing to free")
    }
  }

  /// Sixels that stay are drawn again when ncurses writes on one of their lines (it may
  /// write over unchanged cells there); kitty's images lie under the cells and stay as they
  /// are.
  func testAnImageThatStaysIsDrawnAgainWhenItsLinesAreWritten() {
    let beside = Rect(column: 40, row: 3, columns: 30, rows: 15)
    for graphics in [PixelGraphics.sixel, .iterm2, .kitty] {
      var layer = ImageLayer(graphics: graphics)
      let one = PlacedImage(image: image(graphics), area: area)
      let two = PlacedImage(image: image(graphics), area: beside)
      _ = layer.change(to: [one, two])
      XCTAssertEqual(layer.change(to: [one, two], writtenRows: [0, 20]).after, [])
      let written = layer.change(to: [one, two], writtenRows: [10])
      XCTAssertEqual(written.redrawRows, [])
      if graphics == .kitty {
        XCTAssertEqual(written.after, [], "\(graphics)")
      } else {
        XCTAssertEqual(
          text(written.after),
          "\u{1B}7\u{1B}[4;6H" + text(one.image.bytes) + "\u{1B}8" + "\u{1B}7\u{1B}[4;41H"
            + text(two.image.bytes) + "\u{1B}8", "\(graphics)")
      }
    }
  }

  /// A face taken off beside one that stays has its lines drawn again whole: the one that
  /// stays is drawn again too.
  func testAnImageBesideOneTakenOffIsDrawnAgain() {
    let beside = Rect(column: 40, row: 3, columns: 30, rows: 15)
    var layer = ImageLayer(graphics: .sixel)
    let stays = PlacedImage(image: image(.sixel), area: area)
    let goes = PlacedImage(image: image(.sixel), area: beside)
    _ = layer.change(to: [stays, goes])
    let narrower = PlacedImage(
      image: image(.sixel), area: Rect(column: 42, row: 3, columns: 20, rows: 15))
    let change = layer.change(to: [stays, narrower])
    XCTAssertEqual(change.redrawRows, [3..<18])
    XCTAssertTrue(text(change.after).contains("\u{1B}[4;6H"), "the face that stays, again")
    XCTAssertTrue(text(change.after).contains("\u{1B}[4;43H"))
  }

  /// The screen drawn anew: every image is put on again with the next frame.
  func testAClearedScreenGetsItsImagesAgain() {
    var layer = ImageLayer(graphics: .kitty)
    let face = image(.kitty)
    _ = layer.change(to: [PlacedImage(image: face, area: area)])
    XCTAssertEqual(text(layer.clear()), "\u{1B}_Ga=d,d=a,q=2\u{1B}\\")
    let again = text(layer.change(to: [PlacedImage(image: face, area: area)]).after)
    XCTAssertTrue(again.contains("a=p,i=\(face.id)"))
    XCTAssertFalse(again.contains("a=t"), "still held by the terminal")
    // Given back to the shell (Ctrl-Z): freed, and sent again when the game comes back.
    XCTAssertTrue(text(layer.release()).contains("a=d,d=I,i=\(face.id),q=2"))
    let back = text(layer.change(to: [PlacedImage(image: face, area: area)]).after)
    XCTAssertTrue(back.contains("a=t,i=\(face.id)"))
  }

  /// A window drawn over an image takes the whole image off the frame; drawing beside it
  /// does not.
  func testAWindowOverAnImageTakesItOff() {
    var frame = Frame(size: CellSize(columns: 60, rows: 24))
    let face = image(.sixel)
    let picture = CellPicture(
      size: face.size,
      cells: Array(
        repeating: PictureCell(
          character: " ", foreground: .terminalDefault, background: .terminalDefault),
        count: face.size.columns * face.size.rows),
      image: face)
    frame.draw(picture, column: area.column, row: area.row)
    XCTAssertEqual(frame.images, [PlacedImage(image: face, area: area)])
    frame.put("beside", column: 40, row: 5)
    XCTAssertEqual(frame.images.count, 1)
    frame.put("over", column: 20, row: 10)
    XCTAssertEqual(frame.images, [])

    // An image that would stick out of the frame is not placed.
    var small = Frame(size: CellSize(columns: 20, rows: 10))
    small.draw(picture, column: 0, row: 0)
    XCTAssertEqual(small.images, [])
  }

  /// Inside tmux each sequence is passed through on its own, its escapes doubled, with the
  /// cursor placed on the outside terminal: the pane's corner plus the cell.
  func testInsideTmuxEverySequenceIsPassedThrough() {
    var layer = ImageLayer(graphics: .kitty, pane: (top: 2, left: 40))
    let face = image(.kitty, size: 10)
    let sent = text(layer.change(to: [PlacedImage(image: face, area: area)]).after)
    // Each sequence inside ESC P tmux; ... ESC \, its own escapes doubled.
    func passed(_ sequence: String) -> String {
      "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
        + "\u{1B}\\"
    }
    let expected = [
      "\u{1B}_Ga=t,i=\(face.id),f=32,s=300,v=300,q=2,m=1\u{1B}\\",
      "\u{1B}_Gm=1;AAAAAAAAAA\u{1B}\\",
      "\u{1B}_Gm=0\u{1B}\\",
      "\u{1B}7\u{1B}[6;46H\u{1B}_Ga=p,i=\(face.id),p=1,c=30,r=15,C=1,q=2\u{1B}\\\u{1B}8",
    ].map(passed).joined()
    XCTAssertEqual(sent, expected, "each chunk on its own")
    XCTAssertEqual(
      text(layer.clear()), "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=a,q=2\u{1B}\u{1B}\\\u{1B}\\")
  }
}
