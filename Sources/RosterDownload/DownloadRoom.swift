import Foundation
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a zip may be downloaded at all, said before its first byte: no larger than the
/// largest download the settings allow, and with room on the cache's disk for the zip and its
/// photos side by side, and some to spare.
enum DownloadRoom {
  static func check(
    _ manifest: RosterManifest, in folder: FilePath, limits: DownloadLimits
  ) throws(FetchError) {
    let size = manifest.size
    let bytes = ProgressText.bytes
    guard size <= limits.largest else {
      throw FetchError(
        manifest.download,
        "its \(bytes(size)) are more than the \(bytes(limits.largest)) a download may be "
          + "(the setting largest-download, in MB, raises it)")
    }
    guard let free = freeBytes(folder) else { return }
    let (twice, overflow) = size.multipliedReportingOverflow(by: 2)
    let needed = overflow ? Int64.max : twice.addingReportingOverflow(limits.spare).partialValue
    guard needed <= free else {
      throw FetchError(
        manifest.download,
        "its \(bytes(size)) need \(bytes(needed)) free in \(folder) (the zip, its photos and "
          + "\(bytes(limits.spare)) to spare), and \(bytes(free)) are free")
    }
  }

  /// The bytes an ordinary user may still write on the file system of `folder`; nil when the
  /// system does not say.
  static func freeBytes(_ folder: FilePath) -> Int64? {
    var info = statvfs()
    guard folder.withPlatformString({ statvfs($0, &info) }) == 0 else { return nil }
    let (free, overflow) = Int64(clamping: info.f_bavail).multipliedReportingOverflow(
      by: Int64(clamping: info.f_frsize))
    return overflow ? Int64.max : free
  }
}
