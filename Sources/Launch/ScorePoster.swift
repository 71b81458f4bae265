import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RosterDownload

/// Sends a score to the club's server: one JSON document POSTed to the manifest's
/// `scores-url`. Any 2xx answer takes it.
public enum ScorePoster {
  /// How long a score may take, from connecting to the answer's status.
  public static let deadline = Duration.seconds(10)

  /// Why a score was not taken, in one line: refused (a redirect, or a 4xx other than 408
  /// and 429: the server will not take that document, so sending it again is no use; or a
  /// URL no request can go to, `WebAddress`), or
  /// failed (a 5xx, a 408 or 429, a connection refused or dropped, no answer within the
  /// deadline: it may be taken later).
  public struct Failure: Error, Hashable, Sendable {
    public let reason: String
    public let refused: Bool

    public init(reason: String, refused: Bool) {
      self.reason = reason
      self.refused = refused
    }
  }

  /// POSTs `document` (JSON) to `url`; throws why it was not taken.
  public static func post(_ document: Data, to url: URL, deadline: Duration = deadline)
    async throws(Failure)
  {
    // A URL no request can go to (a score kept before its manifest's was checked) is never
    // sent, and not kept to be sent again.
    if let problem = WebAddress.problem(with: url) {
      throw Failure(reason: "\(WebAddress.shown(url)) cannot be used: \(problem)", refused: true)
    }
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: HTTPClient.Configuration.Timeout(
        connect: TimeAmount(deadline), read: TimeAmount(deadline)))
    // A refused connection is the answer: the score waits and is sent later.
    configuration.connectionPool.retryConnectionEstablishment = false
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = .POST
    request.headers.add(name: "User-Agent", value: "meet-the-members")
    request.headers.add(name: "Content-Type", value: "application/json")
    request.body = .bytes(ByteBuffer(bytes: document))
    let result: Result<Void, Failure>
    do {
      // Its status says whether the score was taken. The body says nothing the game reads,
      // and is not waited for: a server that sends it a byte at a time (the deadline counts
      // only between bytes) or without end would hold the scores that follow for ever.
      let response = try await client.execute(request, timeout: TimeAmount(deadline))
      let code = response.status.code
      if (200..<300).contains(code) {
        result = .success(())
      } else {
        result = .failure(
          Failure(
            reason: "the server answered \(code) \(response.status.reasonPhrase)",
            refused: (300..<500).contains(code) && code != 408 && code != 429))
      }
    } catch let error as HTTPClientError where error == .readTimeout {
      result = .failure(failed(HTTPClientError.deadlineExceeded, url: url))
    } catch {
      result = .failure(failed(error, url: url))
    }
    try? await client.shutdown()
    try result.get()
  }

  private static func failed(_ error: any Error, url: URL) -> Failure {
    Failure(reason: FetchError.explained(error, url: url).problem, refused: false)
  }
}
