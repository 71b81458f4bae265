import Digests
import Foundation
import XCTest

final class DigestTests: XCTestCase {
  /// The test vectors of FIPS 180-2 (SHA-256) and RFC 1321 (MD5).
  func testDigestsAreThePublishedOnes() throws {
    XCTAssertEqual(
      hexadecimal(Digest.sha256(of: Data("abc".utf8))),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      hexadecimal(Digest.sha256(of: Data())),
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(
      hexadecimal(try Digest.hash(.md5, of: Data("abc".utf8))), "900150983cd24fb0d6963f7d28e17f72")
    XCTAssertEqual(
      hexadecimal(try Digest.hash(.md5, of: Data())), "d41d8cd98f00b204e9800998ecf8427e")
    for algorithm in Digest.Algorithm.allCases {
      XCTAssertEqual(try Digest.hash(algorithm, of: Data("x".utf8)).count, algorithm.length)
    }
  }

  /// Bytes fed in pieces, empty ones among them, give the digest of the whole.
  func testBytesFedInPiecesGiveTheDigestOfTheWhole() throws {
    let whole = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    for algorithm in Digest.Algorithm.allCases {
      let digest = try Digest(algorithm)
      var start = 0
      for size in [0, 1, 63, 64, 65, 0, 4_096, 100_000] where start < whole.count {
        let end = min(whole.count, start + size)
        digest.update(whole[start..<end])
        start = end
      }
      digest.update(whole[start...])
      XCTAssertEqual(digest.finish(), try Digest.hash(algorithm, of: whole), "\(algorithm)")
    }
  }
}
