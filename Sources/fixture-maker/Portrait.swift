/// What a sample member looks like: the traits that tell faces apart even in 40x20 cells.
struct Portrait {
  enum Hair { case bald, short, fringe, long, bun, afro, curly, braids, bob }

  typealias Color = Painter.Color

  let fileName: String
  let background: Color
  let skin: Color
  let hair: Hair
  let hairColor: Color
  let eyes: Color
  var glasses = false
  var beard = false
  var moustache = false
  /// A head covering in this colour (a hijab) instead of visible hair.
  var headscarf: Color? = nil
  let shirt: Color

  func draw(size: Int = 256) -> Painter {
    var p = Painter(size: size, background: background)
    let s = Double(size) / 256
    let face = (x: 128 * s, y: 116 * s, rx: 54 * s, ry: 68 * s)
    let darkSkin: Color = (
      UInt8(Double(skin.r) * 0.82), UInt8(Double(skin.g) * 0.78), UInt8(Double(skin.b) * 0.78)
    )

    // Behind the head.
    if let scarf = headscarf {
      p.ellipse(128 * s, 124 * s, 80 * s, 96 * s, scarf)
    }
    switch headscarf == nil ? hair : .bald {
    case .long, .braids:
      p.ellipse(128 * s, 130 * s, 76 * s, 100 * s, hairColor)
    case .afro:
      p.ellipse(128 * s, 92 * s, 92 * s, 80 * s, hairColor)
    case .curly:
      p.ellipse(128 * s, 86 * s, 74 * s, 58 * s, hairColor)
    default: break
    }
    if hair == .braids && headscarf == nil {
      p.ellipse(70 * s, 200 * s, 14 * s, 56 * s, hairColor)
      p.ellipse(186 * s, 200 * s, 14 * s, 56 * s, hairColor)
    }

    // Shoulders and neck.
    p.ellipse(128 * s, 292 * s, 118 * s, 96 * s, shirt)
    p.rectangle(106 * s, 160 * s, 44 * s, 50 * s, darkSkin)
    p.ellipse(128 * s, 206 * s, 24 * s, 10 * s, darkSkin)

    // Ears and face.
    if headscarf == nil {
      p.ellipse(face.x - face.rx, 122 * s, 11 * s, 17 * s, darkSkin)
      p.ellipse(face.x + face.rx, 122 * s, 11 * s, 17 * s, darkSkin)
    }
    p.ellipse(face.x, face.y, face.rx, face.ry, skin)

    // Hair over the forehead.
    if headscarf == nil {
      switch hair {
      case .bald:
        break
      case .short, .curly, .afro:
        p.ellipse(face.x, 78 * s, 58 * s, 40 * s, hairColor) { _, y in y < 82 * s }
      case .fringe, .bob:
        p.ellipse(face.x, 84 * s, 60 * s, 48 * s, hairColor) { _, y in y < 92 * s }
        if hair == .bob {
          p.rectangle(68 * s, 84 * s, 16 * s, 78 * s, hairColor)
          p.rectangle(172 * s, 84 * s, 16 * s, 78 * s, hairColor)
        }
      case .long, .braids:
        p.ellipse(face.x, 80 * s, 60 * s, 44 * s, hairColor) { _, y in y < 84 * s }
      case .bun:
        p.ellipse(face.x, 80 * s, 58 * s, 42 * s, hairColor) { _, y in y < 82 * s }
        p.ellipse(face.x, 36 * s, 28 * s, 24 * s, hairColor)
      }
    } else if let scarf = headscarf {
      p.ellipse(face.x, 76 * s, 60 * s, 40 * s, scarf) { _, y in y < 78 * s }
    }

    // Beard under the features.
    if beard {
      p.ellipse(face.x, 150 * s, 54 * s, 42 * s, hairColor) { _, y in y > 132 * s }
    }

    // Eyes, brows, nose and mouth.
    for side in [-1.0, 1.0] {
      let x = face.x + side * 22 * s
      p.ellipse(x, 112 * s, 11 * s, 7 * s, (245, 245, 240))
      p.ellipse(x, 112 * s, 5.5 * s, 5.5 * s, eyes)
      p.ellipse(x, 112 * s, 2.5 * s, 2.5 * s, (20, 20, 20))
      p.ellipse(x, 97 * s, 14 * s, 3.5 * s, hair == .bald ? darkSkin : hairColor)
      if glasses {
        p.ring(x, 112 * s, 17 * s, 13 * s, thickness: 3.5 * s, (30, 30, 35))
      }
    }
    if glasses {
      p.rectangle(face.x - 6 * s, 110 * s, 12 * s, 3 * s, (30, 30, 35))
    }
    p.ellipse(face.x, 134 * s, 7 * s, 10 * s, darkSkin)
    if moustache {
      p.ellipse(face.x, 148 * s, 20 * s, 5 * s, hairColor)
    }
    p.ellipse(face.x, 158 * s, 17 * s, 7 * s, (150, 40, 50)) { _, y in y > 156 * s }
    return p
  }
}

/// The bundled sample club: fictional people, names from many places.
let sampleClub: [Portrait] = [
  Portrait(
    fileName: "Amara Okafor.png", background: (250, 204, 60), skin: (110, 68, 45), hair: .afro,
    hairColor: (25, 20, 20), eyes: (60, 35, 20), shirt: (30, 140, 80)),
  Portrait(
    fileName: "Lars Eriksson.png", background: (70, 120, 200), skin: (245, 210, 190), hair: .short,
    hairColor: (235, 200, 110), eyes: (70, 130, 200), beard: true, shirt: (200, 40, 40)),
  Portrait(
    fileName: "Mei Lin Chen.png", background: (245, 170, 190), skin: (240, 205, 170), hair: .long,
    hairColor: (20, 20, 25), eyes: (50, 30, 20), glasses: true, shirt: (30, 40, 100)),
  Portrait(
    fileName: "Diego Ramírez.png", background: (240, 130, 40), skin: (200, 150, 105), hair: .short,
    hairColor: (60, 40, 25), eyes: (70, 45, 25), moustache: true, shirt: (240, 240, 240)),
  Portrait(
    fileName: "Priya Natarajan.png", background: (40, 160, 160), skin: (160, 105, 70), hair: .bun,
    hairColor: (25, 20, 20), eyes: (50, 30, 20), shirt: (130, 50, 160)),
  Portrait(
    fileName: "kofi_mensah.png", background: (150, 150, 150), skin: (90, 55, 35), hair: .bald,
    hairColor: (20, 20, 20), eyes: (50, 30, 20), glasses: true, shirt: (250, 220, 40)),
  Portrait(
    fileName: "Siobhán O'Connor.png", background: (170, 215, 245), skin: (250, 225, 210),
    hair: .long, hairColor: (200, 80, 30), eyes: (60, 140, 80), shirt: (40, 130, 60)),
  Portrait(
    fileName: "Yuki Tanaka.png", background: (190, 170, 230), skin: (245, 215, 185), hair: .fringe,
    hairColor: (15, 15, 20), eyes: (40, 25, 15), shirt: (25, 25, 25)),
  Portrait(
    fileName: "Fatima Al-Sayed.png", background: (170, 235, 200), skin: (210, 160, 120),
    hair: .long, hairColor: (30, 20, 15), eyes: (60, 40, 20), headscarf: (120, 30, 50),
    shirt: (120, 30, 50)),
  Portrait(
    fileName: "Costa, Mateus.png", background: (120, 200, 240), skin: (190, 140, 100),
    hair: .curly, hairColor: (45, 30, 20), eyes: (70, 45, 25), glasses: true, beard: true,
    shirt: (240, 120, 30)),
  Portrait(
    fileName: "Anna Kowalska.png", background: (210, 50, 50), skin: (245, 215, 195), hair: .bob,
    hairColor: (120, 75, 40), eyes: (70, 110, 160), shirt: (30, 150, 150)),
  Portrait(
    fileName: "Tāne Walker.png", background: (40, 100, 50), skin: (165, 115, 80), hair: .bun,
    hairColor: (20, 15, 15), eyes: (50, 30, 20), beard: true, shirt: (140, 140, 150)),
  Portrait(
    fileName: "Nguyễn Thị Hoa.png", background: (250, 140, 120), skin: (235, 195, 160),
    hair: .long, hairColor: (20, 15, 20), eyes: (40, 25, 15), shirt: (245, 245, 245)),
  Portrait(
    fileName: "Olumide Adeyemi.png", background: (110, 60, 150), skin: (100, 62, 40), hair: .short,
    hairColor: (20, 15, 15), eyes: (45, 30, 20), beard: true, shirt: (150, 200, 240)),
  Portrait(
    fileName: "Ingrid Müller.png", background: (140, 140, 60), skin: (245, 220, 205), hair: .bun,
    hairColor: (200, 200, 205), eyes: (90, 130, 170), glasses: true, shirt: (190, 30, 40)),
  Portrait(
    fileName: "Rafael Ben-David.png", background: (60, 190, 170), skin: (215, 170, 130),
    hair: .curly, hairColor: (90, 55, 30), eyes: (80, 55, 30), glasses: true,
    shirt: (110, 70, 40)),
  Portrait(
    fileName: "Aiyana Redcloud.png", background: (30, 50, 110), skin: (175, 115, 80), hair: .braids,
    hairColor: (20, 15, 15), eyes: (50, 30, 20), shirt: (245, 200, 40)),
  Portrait(
    fileName: "Zoë Laurent.png", background: (200, 50, 150), skin: (250, 225, 210), hair: .long,
    hairColor: (240, 210, 120), eyes: (60, 120, 180), shirt: (20, 20, 25)),
]
