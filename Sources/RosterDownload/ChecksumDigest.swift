import Crypto

/// SHA-256 or MD5, fed as the bytes come.
struct ChecksumDigest {
  private var sha256: SHA256?
  private var md5: Insecure.MD5?

  init(_ kind: Checksum.Kind) {
    switch kind {
    case .sha256: sha256 = SHA256()
    case .md5: md5 = Insecure.MD5()
    }
  }

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    sha256?.update(bufferPointer: bytes)
    md5?.update(bufferPointer: bytes)
  }

  var hex: String {
    hexDigits(sha256.map { Array($0.finalize()) } ?? md5.map { Array($0.finalize()) } ?? [])
  }
}
