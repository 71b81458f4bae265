import GameEngine
import Pictures
import XCTest

@testable import AppCore
@testable import TerminalUI

/// Everything on screen can be read: colours on dark and light backgrounds and on direct-colour
/// terminals, names in ASCII where the locale is not UTF-8, names cut to fit still told apart.
final class LegibilityTests: XCTestCase {
  static let direct = ColorMode.truecolorCount

  func testPaletteColoursAreSentAsTheirRGBValuesToADirectColourTerminal() {
    // Entry 8 sent as 8 would mean RGB 0,0,8 there: nearly black.
    XCTAssertEqual(ColorNumber.of(.palette(8), colors: Self.direct), 0x7f7f7f)
    XCTAssertEqual(ColorNumber.of(.palette(244), colors: Self.direct), 0x808080)
    XCTAssertEqual(ColorNumber.of(.palette(28), colors: Self.direct), 0x008700)
    XCTAssertEqual(ColorNumber.of(.palette(231), colors: Self.direct), 0xffffff)
    XCTAssertEqual(ColorNumber.of(.palette(16), colors: Self.direct), 8, "black, not entry 0")
    // The first eight are the theme's own there too.
    XCTAssertEqual(ColorNumber.of(.palette(3), colors: Self.direct), 3)
    XCTAssertEqual(ColorNumber.of(.rgb(0x000005), colors: Self.direct), 8)
    XCTAssertEqual(ColorNumber.of(.rgb(0x123456), colors: Self.direct), 0x123456)
    XCTAssertEqual(ColorNumber.of(.terminalDefault, colors: Self.direct), -1)
    // Palette terminals get palette numbers.
    XCTAssertEqual(ColorNumber.of(.palette(244), colors: 256), 244)
    XCTAssertEqual(ColorNumber.of(.palette(9), colors: 8), 1)
    XCTAssertEqual(ColorNumber.of(.palette(244), colors: 8), -1)
    XCTAssertEqual(ColorNumber.of(.rgb(0x123456), colors: 256), -1)
  }

  func testEveryColourOfTheScreensReadsOnDarkAndLightBackgrounds() {
    for colors in [ColorMode.colors240, .truecolor] {
      for (name, frame) in screens(CellStyle(colors: colors, symbols: .unicode)) {
        for cell in frame.cells where cell.style.background != .palette(17) && cell.text != " " {
          let foreground = cell.style.foreground
          guard foreground != .terminalDefault else { continue }
          let rgb = try! XCTUnwrap(fixedRGB(foreground), "\(foreground) in \(name)")
          if let background = fixedRGB(cell.style.background) {
            XCTAssertGreaterThanOrEqual(contrast(rgb, background), 3.5, "\(cell) in \(name)")
          } else {
            XCTAssertGreaterThanOrEqual(contrast(rgb, 0x000000), 3.5, "\(cell) on black, \(name)")
            XCTAssertGreaterThanOrEqual(contrast(rgb, 0xffffff), 3.5, "\(cell) on white, \(name)")
          }
        }
      }
    }
  }

  func testWithEightColoursSecondaryTextIsDimNotLightGrey() {
    for (name, frame) in screens(CellStyle(colors: .colors8, symbols: .unicode)) {
      for cell in frame.cells where cell.style.background == .terminalDefault {
        XCTAssertNotEqual(cell.style.foreground, .palette(7), "\(cell) in \(name)")
      }
      let hint = try! XCTUnwrap(cell(of: "q quit", in: frame), name)
      XCTAssertTrue(frame[hint.column, hint.row].style.dim, name)
    }
  }

  func testNamesAreSpeltInASCIIWhereTheLocaleIsNotUTF8() {
    XCTAssertEqual(ASCIIText.spelling("Nguyễn Thị Hoa"), "Nguyen Thi Hoa")
    XCTAssertEqual(ASCIIText.spelling("Zoë Ångström"), "Zoe Angstrom")
    XCTAssertEqual(ASCIIText.spelling("Мария"), "Maria")
    XCTAssertTrue(ASCIIText.spelling("田中 美咲").allSatisfy(\.isASCII))
    var frame = Frame(size: CellSize(columns: 20, rows: 1), asciiOnly: true)
    frame.put("Zoë Laurent", column: 0, row: 0)
    XCTAssertEqual(frame.text, "Zoe Laurent")
  }

  func testNamesCutToFitAreStillToldApart() {
    let cut = DisplayWidth.truncateDistinctly(
      [
        ("Marie-Claire Dupont", 15), ("Marie-Claire Dupuis", 15), ("Ada Lovelace", 15),
        ("Marie-Claire Dupont", 15),
      ])
    XCTAssertEqual(cut[2], "Ada Lovelace")
    XCTAssertEqual(cut[0], cut[3], "the same name looks the same")
    XCTAssertNotEqual(cut[0], cut[1])
    for label in cut { XCTAssertLessThanOrEqual(DisplayWidth.of(label), 15) }
    XCTAssertEqual(cut[0], "Marie-Cl…Dupont")
    XCTAssertEqual(
      DisplayWidth.truncateDistinctly([("Marie-Claire Dupont", 15), ("Anna Smith", 15)]),
      ["Marie-Claire D…", "Anna Smith"], "cut at the end as usual when nothing clashes")

    // On screen at the minimum size, where buttons are 17 columns.
    let members = [
      "Marie-Claire Fontaine-Dubois", "Marie-Claire Fontaine-Durand", "Marie-Claire Fontaine",
      "Marie-Claire Fontainebleau", "Kofi Mensah",
    ].enumerated().map { Member(id: MemberID("m\($0.offset)"), name: $0.element) }
    for seed in UInt64(1)...20 {
      var model = makeModel(size: Layout.minimum, seed: seed, members: members)
      model.startQuiz()
      let frame = model.frame
      let labels = model.question.options.indices.map { index -> String in
        let area = Layout.optionArea(index, in: frame.size)
        // The name, after " 1  ".
        return (area.column + 4..<area.column + area.columns).map { frame[$0, area.row].text }
          .joined()
      }
      XCTAssertEqual(Set(labels).count, 4, "seed \(seed):\n\(frame.text)")
    }
  }

  // MARK: - Helpers

  /// The start screen and the quiz's screens in an appearance.
  private func screens(_ look: CellStyle) -> [(String, Frame)] {
    var model = makeModel(appearance: look)
    let start = model.frame
    model.startQuiz()
    model.handle(.tick, at: .seconds(2.5))
    let answering = model.frame
    var wrong = model
    wrong.handle(
      .key(.character(Character("\((model.question.correctIndex + 1) % 4 + 1)"))), at: .seconds(3))
    var right = model
    right.handle(.key(.character(Character("\(model.question.correctIndex + 1)"))), at: .seconds(3))
    var paused = model
    paused.handle(.key(.character("p")), at: .seconds(3))
    var help = model
    help.handle(.key(.character("?")), at: .seconds(3))
    return [
      ("start", start), ("name-question", answering), ("wrong", wrong.frame),
      ("right", right.frame),
      ("paused", paused.frame), ("help", help.frame),
    ]
  }

  /// The RGB of a colour that does not depend on the theme; nil for the theme's colours.
  private func fixedRGB(_ color: CellColor) -> UInt32? {
    switch color {
    case .rgb(let value): value
    case .palette(let index) where index >= 16: ColorNumber.rgb(ofPaletteEntry: index)
    case .palette, .terminalDefault: nil
    }
  }

  /// WCAG's contrast ratio between two colours.
  private func contrast(_ first: UInt32, _ second: UInt32) -> Double {
    func luminance(_ rgb: UInt32) -> Double {
      func channel(_ shift: UInt32) -> Double {
        let value = Double((rgb >> shift) & 0xff) / 255
        return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
