import Pictures

/// A tiny raster painter for the sample club's portraits: filled shapes drawn at twice the
/// size and averaged down, so edges are smooth.
struct Painter {
  typealias Color = (r: UInt8, g: UInt8, b: UInt8)

  let size: Int
  private var pixels: [Color]
  private let scale = 2

  init(size: Int, background: Color) {
    self.size = size
    pixels = Array(repeating: background, count: size * size * scale * scale)
  }

  /// Fills the ellipse centred at (x, y) with radii (rx, ry), in output pixels, where `inside`
  /// also holds.
  mutating func ellipse(
    _ x: Double, _ y: Double, _ rx: Double, _ ry: Double, _ color: Color,
    where inside: (Double, Double) -> Bool = { _, _ in true }
  ) {
    fill(color) { px, py in
      let dx = (px - x) / rx
      let dy = (py - y) / ry
      return dx * dx + dy * dy <= 1 && inside(px, py)
    }
  }

  mutating func rectangle(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: Color
  ) {
    fill(color) { px, py in px >= x && px < x + width && py >= y && py < y + height }
  }

  /// An elliptical ring of the given thickness (spectacle frames).
  mutating func ring(
    _ x: Double, _ y: Double, _ rx: Double, _ ry: Double, thickness: Double, _ color: Color
  ) {
    fill(color) { px, py in
      let outer = pow2((px - x) / rx) + pow2((py - y) / ry)
      let inner = pow2((px - x) / (rx - thickness)) + pow2((py - y) / (ry - thickness))
      return outer <= 1 && inner > 1
    }
  }

  /// Fills every sample where `covers` holds; coordinates are in output pixels.
  private mutating func fill(_ color: Color, _ covers: (Double, Double) -> Bool) {
    let side = size * scale
    for sy in 0..<side {
      for sx in 0..<side {
        let x = (Double(sx) + 0.5) / Double(scale)
        let y = (Double(sy) + 0.5) / Double(scale)
        if covers(x, y) { pixels[sy * side + sx] = color }
      }
    }
  }

  /// The portrait at its output size, with an optional deterministic grain that makes it
  /// compress like a real photo.
  func image(width: Int? = nil, height: Int? = nil, grain: Int = 0) -> RGBAImage {
    let width = width ?? size
    let height = height ?? size
    var out = [UInt8](repeating: 255, count: width * height * 4)
    let side = size * scale
    var noise: UInt64 = 0x2545_F491_4F6C_DD1D
    for y in 0..<height {
      for x in 0..<width {
        // Average the samples under this output pixel (nearest for larger outputs).
        let sx0 = x * side / width
        let sy0 = y * side / height
        let sx1 = max(sx0 + 1, (x + 1) * side / width)
        let sy1 = max(sy0 + 1, (y + 1) * side / height)
        var sum = (0, 0, 0)
        for sy in sy0..<sy1 {
          for sx in sx0..<sx1 {
            let color = pixels[sy * side + sx]
            sum = (sum.0 + Int(color.r), sum.1 + Int(color.g), sum.2 + Int(color.b))
          }
        }
        let count = (sx1 - sx0) * (sy1 - sy0)
        var jitter = 0
        if grain > 0 {
          noise ^= noise << 13
          noise ^= noise >> 7
          noise ^= noise << 17
          jitter = Int(noise % UInt64(2 * grain + 1)) - grain
        }
        let offset = (y * width + x) * 4
        out[offset] = clamp(sum.0 / count + jitter)
        out[offset + 1] = clamp(sum.1 / count + jitter)
        out[offset + 2] = clamp(sum.2 / count + jitter)
      }
    }
    return RGBAImage(width: width, height: height, pixels: out)
  }
}

private func pow2(_ value: Double) -> Double { value * value }
private func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
