import Foundation

/// How a download's progress reads: a bar redrawn on one line in a terminal, or plain lines
/// in a log.
public enum ProgressText {
  /// "████████░░░░░░░░  5.8 of 12.3 MB  47%  8.1 MB/s  2 s left", fitted to `width` columns
  /// (the bar takes what the figures leave, at least 10); `unicode` false draws it with # and -.
  public static func bar(_ progress: DownloadProgress, width: Int, unicode: Bool) -> String {
    let figures = "  \(amount(progress))  \(percent(progress))%\(speed(progress))"
    let barWidth = max(10, min(40, width - figures.count - 1))
    let filled =
      progress.total > 0
      ? Int(Double(barWidth) * Double(progress.received) / Double(progress.total)) : barWidth
    let (full, empty) = unicode ? ("█", "░") : ("#", "-")
    return String(repeating: full, count: filled)
      + String(repeating: empty, count: barWidth - filled)
      + figures
  }

  /// "47% (5.8 of 12.3 MB, 8.1 MB/s, 2 s left)", for a log.
  public static func line(_ progress: DownloadProgress) -> String {
    "\(percent(progress))% (\(amount(progress))\(speed(progress).replacingOccurrences(of: "  ", with: ", ")))"
  }

  /// Bytes as people read a download's size: "950 bytes", "12.3 MB", "1.2 GB" (powers of
  /// 1000).
  public static func bytes(_ count: Int64) -> String {
    guard let (size, unit) = unit(of: count) else {
      return "\(count) byte\(count == 1 ? "" : "s")"
    }
    return "\(decimal(Double(count) / size)) \(unit)"
  }

  private static func unit(of count: Int64) -> (size: Double, name: String)? {
    [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")].first { Double(count) >= $0.0 }
  }

  /// Whole percent, never 100 before the end.
  static func percent(_ progress: DownloadProgress) -> Int {
    guard progress.total > 0 else { return 100 }
    let percent = Int(100 * Double(progress.received) / Double(progress.total))
    return progress.received < progress.total ? min(99, percent) : 100
  }

  /// "5.8 of 12.3 MB": the received amount in the total's unit.
  static func amount(_ progress: DownloadProgress) -> String {
    guard let (size, name) = unit(of: progress.total) else {
      return "\(progress.received) of \(bytes(progress.total))"
    }
    let received = decimal(Double(progress.received) / size)
    return "\(received) of \(decimal(Double(progress.total) / size)) \(name)"
  }

  /// "  8.1 MB/s  2 s left", once a quarter of a second has passed (before, a rate is noise).
  static func speed(_ progress: DownloadProgress) -> String {
    let seconds = seconds(progress.elapsed)
    guard seconds >= 0.25, progress.received > 0 else { return "" }
    let rate = Double(progress.received) / seconds
    let left = Double(progress.total - progress.received) / rate
    let remaining =
      progress.received >= progress.total ? "" : "  \(duration(left)) left"
    return "  \(bytes(Int64(rate)))/s\(remaining)"
  }

  /// "Downloaded 52.4 MB in 0.41 s (128 MB/s); its SHA-256 is right".
  public static func downloaded(_ bytes: Int64, in elapsed: Duration, checksum: Checksum.Kind)
    -> String
  {
    let seconds = self.seconds(elapsed)
    let rate = seconds > 0 ? " (\(self.bytes(Int64(Double(bytes) / seconds)))/s)" : ""
    return "Downloaded \(self.bytes(bytes)) in \(format(seconds)) s\(rate); its "
      + "\(checksum.rawValue) is right"
  }

  /// "Extracted 250 files (52.4 MB) in 0.20 s".
  public static func extracted(files: Int, bytes: Int64, in elapsed: Duration) -> String {
    "Extracted \(files) file\(files == 1 ? "" : "s") (\(self.bytes(bytes))) in "
      + "\(format(seconds(elapsed))) s"
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// Two decimals under ten seconds, one above: "0.41", "12.5".
  private static func format(_ seconds: Double) -> String {
    seconds < 10
      ? String(format: "%.2f", seconds) : String(format: "%.1f", seconds)
  }

  /// "2 s", "3 min", "1 h 5 min", "1 h".
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    if whole < 60 { return "\(max(1, whole)) s" }
    if whole < 3600 { return "\((whole + 30) / 60) min" }
    let minutes = (whole % 3600) / 60
    return "\(whole / 3600) h" + (minutes > 0 ? " \(minutes) min" : "")
  }

  /// One decimal below 100, none above: "5.8", "123".
  private static func decimal(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
