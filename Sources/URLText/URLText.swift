/// A URL's password and port where its text writes them. The game reads them in the text, not
/// through Foundation's `URLComponents`, which writes a URL again (a host in another script as
/// punycode, a space as `%20`): a roster is known by its URL to the letter, so the URL with its
/// password taken out must be the rest of the text unchanged. The authority is what follows
/// `://` up to the first `/`, `?` or `#`; its user and password end at its last `@`.
public enum URLText {
  /// Where `url`'s password lies (between the user's colon and the authority's `@`: `secret`
  /// in `https://ann:secret@club.example.org/`); nil for a URL without one, or text that is no
  /// URL.
  public static func password(in url: String) -> Range<String.Index>? {
    guard let info = userInfo(of: url), let colon = info.colon else { return nil }
    return url.index(after: colon)..<info.at
  }

  /// `url` without its password, its user name kept (`https://ann@club.example.org/`; without a
  /// user, the `@` goes too), the rest to the letter.
  public static func withoutPassword(_ url: String) -> String {
    guard let password = password(in: url) else { return url }
    let colon = url.index(before: password.lowerBound)
    let user = url[authority(of: url)!.startIndex..<colon]
    return String(url[..<colon]) + (user.isEmpty ? "" : "@")
      + url[url.index(after: password.upperBound)...]
  }

  /// `url` with its password written as `mask`; `url` itself when it has none.
  public static func masking(_ url: String, with mask: String) -> String {
    guard let password = password(in: url) else { return url }
    var masked = url
    masked.replaceSubrange(password, with: mask)
    return masked
  }

  /// The port as `url` writes it (what follows the host's colon, digits or not), nil where it
  /// names none: a port too large for an integer is no port to Foundation, which would then go
  /// to the scheme's own.
  public static func port(in url: String) -> Substring? {
    guard let authority = authority(of: url) else { return nil }
    let start = userInfo(of: url).map { authority.index(after: $0.at) } ?? authority.startIndex
    var host = authority[start...]
    if host.first == "[", let close = host.firstIndex(of: "]") {
      host = host[host.index(after: close)...]
    }
    guard let colon = host.lastIndex(of: ":") else { return nil }
    let port = host[host.index(after: colon)...]
    return port.isEmpty ? nil : port
  }

  /// The authority of `url` as written; nil when the text has no `://`.
  private static func authority(of url: String) -> Substring? {
    guard let scheme = url.firstRange(of: "://") else { return nil }
    return url[scheme.upperBound...].prefix { !"/?#".contains($0) }
  }

  /// Where the authority's user information ends (its last `@`), and the colon before a
  /// password in it (nil without one); nil when the authority has no `@`.
  private static func userInfo(of url: String) -> (colon: String.Index?, at: String.Index)? {
    guard let authority = authority(of: url), let at = authority.lastIndex(of: "@") else {
      return nil
    }
    return (authority[..<at].firstIndex(of: ":"), at)
  }
}
