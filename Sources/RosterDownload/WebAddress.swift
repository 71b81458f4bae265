import Foundation
import URLText

/// The http and https URLs the game fetches from or sends to: a roster's manifest, its zip, a
/// redirect's target, a club's scores, each checked here before any request is made.
/// AsyncHTTPClient stops the program (a trap, not an error it throws) on an IP address whose
/// port is beyond 65535, so no such URL may reach it, whoever named it: the player, a
/// manifest, a redirect, or a score kept in the history.
public enum WebAddress {
  /// Why `url` cannot be fetched from or sent to, in words ("its port 99999 is beyond
  /// 65535"); nil when it can.
  public static func problem(with url: URL) -> String? {
    guard isHTTP(url) else { return "not an http or https URL" }
    guard url.host?.isEmpty == false else { return "it names no server" }
    // As written: a port too large for an integer is no port to Foundation (`url.port` is
    // nil), and the client would then go to the scheme's own port.
    if let written = URLText.port(in: url.absoluteString),
      Int(written).map({ (0...65535).contains($0) }) != true
    {
      return "its port \(written) is beyond 65535"
    }
    return nil
  }

  /// Whether `url` is an http or https URL.
  public static func isHTTP(_ url: URL) -> Bool {
    ["http", "https"].contains(url.scheme?.lowercased())
  }

  /// `url` as the game shows it: without its password (a `user:password@` URL's), which the
  /// request still sends.
  public static func shown(_ url: URL) -> String {
    URLText.withoutPassword(url.absoluteString)
  }
}
