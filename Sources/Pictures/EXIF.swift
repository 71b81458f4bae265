/// Reads the orientation tag of a JPEG: TurboJPEG does not read EXIF. The tag is 0x0112 in
/// IFD0 of the TIFF structure inside the APP1 segment that starts with "Exif\0\0". Every
/// offset is bounds-checked: a broken tag means "upright", never a crash.
package enum EXIF {
  package static func orientation(ofJPEG bytes: UnsafeRawBufferPointer) -> Orientation {
    var orientation = Orientation.up
    JPEGSegments.forEach(in: bytes) { marker, segment in
      guard marker == 0xE1, segment.starts(with: Array("Exif\0\0".utf8)) else { return true }
      orientation = tiffOrientation(UnsafeRawBufferPointer(rebasing: segment[6...])) ?? .up
      return false
    }
    return orientation
  }

  private static func tiffOrientation(_ tiff: UnsafeRawBufferPointer) -> Orientation? {
    guard tiff.count >= 8 else { return nil }
    let bigEndian: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): bigEndian = false  // "II"
    case (0x4D, 0x4D): bigEndian = true  // "MM"
    default: return nil
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      let (a, b) = (Int(tiff[at]), Int(tiff[at + 1]))
      return bigEndian ? a << 8 | b : b << 8 | a
    }
    func u32(_ at: Int) -> Int? {
      guard let high = u16(bigEndian ? at : at + 2), let low = u16(bigEndian ? at + 2 : at)
      else { return nil }
      return high << 16 | low
    }
    guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
    for entry in 0..<count {
      let at = ifd + 2 + entry * 12
      guard let tag = u16(at) else { return nil }
      // Type 3 is SHORT: the value sits in the first two bytes of the value field.
      if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) {
        return Orientation(rawValue: value)
      }
    }
    return nil
  }
}

extension PictureFile {
  /// `jpeg` with an EXIF segment that carries `orientation` (big-endian TIFF when asked) and
  /// `padding` bytes of filler, as a phone's thumbnail would take: for fixtures and benchmarks.
  public static func addingEXIF(
    to jpeg: [UInt8], orientation: Orientation, bigEndian: Bool = false, padding: Int = 0
  ) -> [UInt8] {
    func u16(_ value: Int) -> [UInt8] {
      bigEndian
        ? [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        : [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }
    func u32(_ value: Int) -> [UInt8] {
      bigEndian ? u16(value >> 16) + u16(value & 0xFFFF) : u16(value & 0xFFFF) + u16(value >> 16)
    }
    var tiff: [UInt8] = bigEndian ? Array("MM".utf8) : Array("II".utf8)
    tiff += u16(42) + u32(8)  // IFD0 right after the header
    tiff += u16(1)  // one entry: Orientation, SHORT, count 1
    tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation.rawValue) + u16(0)
    tiff += u32(0)  // no next IFD
    tiff += [UInt8](repeating: 0, count: padding)
    let payload = Array("Exif\0\0".utf8) + tiff
    let segment: [UInt8] = [
      0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF),
    ]
    return Array(jpeg[0..<2]) + segment + payload + jpeg[2...]
  }
}
