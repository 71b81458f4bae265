import AsyncHTTPClient
import Foundation

/// What a roster's fetch asks of a server: a GET, its redirects followed, and whether the
/// answer is the one asked for.
extension RosterFetcher {
  /// The server's answer to a GET of `url`, and the URL that gave it: `url` and each
  /// redirect's target are checked first (`WebAddress`: the client stops the program on an IP
  /// address with a port beyond 65535), so a redirect is followed here, not by
  /// AsyncHTTPClient: at most `limits.redirects` of them, none to a URL already asked. A
  /// redirect's body is not read (the client closes that connection).
  func answer(to url: URL, client: HTTPClient) async throws -> (HTTPClientResponse, URL) {
    if let problem = WebAddress.problem(with: url) { throw FetchError(url, problem) }
    var current = url
    var asked: Set<String> = [url.absoluteString]
    while true {
      let response = try await client.execute(request(current), deadline: .distantFuture)
      guard Self.redirects.contains(response.status.code),
        let location = response.headers.first(name: "location")
      else { return (response, current) }
      guard let target = URL(string: location, relativeTo: current)?.absoluteURL else {
        throw FetchError(url, "it redirects to \(quoted(location)), which is not a URL")
      }
      if let problem = WebAddress.problem(with: target) {
        throw FetchError(url, "it redirects to \(quoted(target.absoluteString)): \(problem)")
      }
      guard asked.insert(target.absoluteString).inserted else {
        throw FetchError(url, "its redirects go round in a loop")
      }
      guard asked.count <= limits.redirects + 1 else {
        throw FetchError(url, "it redirects too many times")
      }
      current = Self.keepingCredentials(of: current, in: target)
    }
  }

  /// `target` with the name and password of `current` where it names none and is the same
  /// server (scheme, host and port): a server that redirects to itself by an absolute URL
  /// still gets them; another server never does.
  static func keepingCredentials(of current: URL, in target: URL) -> URL {
    guard let from = URLComponents(url: current, resolvingAgainstBaseURL: true),
      from.user != nil, var to = URLComponents(url: target, resolvingAgainstBaseURL: true),
      to.user == nil, to.scheme?.lowercased() == from.scheme?.lowercased(),
      to.host?.lowercased() == from.host?.lowercased(), to.port == from.port
    else { return target }
    to.percentEncodedUser = from.percentEncodedUser
    to.percentEncodedPassword = from.percentEncodedPassword
    return to.url ?? target
  }

  /// The statuses of a redirect to the answer's `Location`.
  private static let redirects: Set<UInt> = [301, 302, 303, 307, 308]

  /// A GET of `url`, with the name and password it carries (`user:password@`) as HTTP basic
  /// authentication, which AsyncHTTPClient does not take from the URL itself.
  private func request(_ url: URL) -> HTTPClientRequest {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "User-Agent", value: "meet-the-members")
    if let parts = URLComponents(url: url, resolvingAgainstBaseURL: true), let user = parts.user {
      request.setBasicAuth(username: user, password: parts.password ?? "")
    }
    return request
  }

  /// A response other than 200 OK is the server's refusal.
  static func check(_ response: HTTPClientResponse) throws(ServerAnswer) {
    guard response.status == .ok else { throw ServerAnswer(status: response.status) }
  }
}
