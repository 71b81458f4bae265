import CLibCrypto
import Foundation

/// A digest of bytes fed as they come, SHA-256 or MD5, computed by OpenSSL's libcrypto
/// (Debian's libssl-dev): photos are known by their SHA-256, and a roster's download is checked
/// against the SHA-256 or MD5 its manifest announces.
public final class Digest {
  public enum Algorithm: String, Sendable, CaseIterable {
    case sha256 = "SHA-256"
    case md5 = "MD5"

    /// The digest's length in bytes.
    public var length: Int { self == .sha256 ? 32 : 16 }
  }

  /// The system's OpenSSL does not compute `algorithm` (MD5, say, in FIPS mode).
  public struct Unavailable: Error, CustomStringConvertible, Equatable {
    public let algorithm: Algorithm

    public var description: String {
      "this system's OpenSSL does not compute \(algorithm.rawValue) (is it in FIPS mode?)"
    }
  }

  public let algorithm: Algorithm
  private let context: OpaquePointer
  private var finished = false

  public init(_ algorithm: Algorithm) throws(Unavailable) {
    self.algorithm = algorithm
    guard let context = EVP_MD_CTX_new() else {
      // Only a failed allocation, which stops any program.
      fatalError("out of memory for a \(algorithm.rawValue) digest")
    }
    let method = algorithm == .sha256 ? EVP_sha256() : EVP_md5()
    guard EVP_DigestInit_ex(context, method, nil) == 1 else {
      EVP_MD_CTX_free(context)
      throw Unavailable(algorithm: algorithm)
    }
    self.context = context
  }

  /// SHA-256, which every provider of OpenSSL 3 computes (FIPS's included).
  public static func sha256() -> Digest {
    do {
      return try Digest(.sha256)
    } catch {
      preconditionFailure(error.description)
    }
  }

  deinit { EVP_MD_CTX_free(context) }

  public func update(_ bytes: UnsafeRawBufferPointer) {
    precondition(!finished, "a digest takes no bytes once finished")
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
    // Hashing bytes in memory cannot fail once the digest has started.
    _ = EVP_DigestUpdate(context, start, bytes.count)
  }

  public func update(_ bytes: some ContiguousBytes) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The digest of every byte fed; the digest then takes no more.
  public func finish() -> [UInt8] {
    precondition(!finished, "a digest is finished once")
    finished = true
    var length: UInt32 = 0
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    _ = EVP_DigestFinal_ex(context, &digest, &length)
    return Array(digest.prefix(Int(length)))
  }

  /// The digest of `bytes`.
  public static func hash(_ algorithm: Algorithm, of bytes: some ContiguousBytes)
    throws(Unavailable) -> [UInt8]
  {
    let digest = try Digest(algorithm)
    digest.update(bytes)
    return digest.finish()
  }

  /// The SHA-256 of `bytes`.
  public static func sha256(of bytes: some ContiguousBytes) -> [UInt8] {
    let digest = sha256()
    digest.update(bytes)
    return digest.finish()
  }
}

/// Bytes as lowercase hexadecimal digits, as checksums are written.
public func hexadecimal(_ bytes: some Sequence<UInt8>) -> String {
  bytes.map { String(format: "%02x", $0) }.joined()
}
