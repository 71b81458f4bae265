import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Sends a score to the club's server: one JSON document POSTed to the manifest's
/// `scores-url`. Any 2xx answer takes it; anything else (another status, a redirect, a
/// connection refused or dropped, no answer within the deadline) is the reason it was not
/// sent, in one line.
public enum ScorePoster {
  /// How long a score may take, from connecting to the answer's end.
  public static let deadline = Duration.seconds(10)

  /// POSTs `document` (JSON) to `url`; throws why it was not taken.
  public static func post(_ document: Data, to url: URL, deadline: Duration = deadline)
    async throws(FetchError)
  {
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: HTTPClient.Configuration.Timeout(
        connect: TimeAmount(deadline), read: TimeAmount(deadline)))
    // A refused connection is the answer: the score is kept and sent at the next launch.
    configuration.connectionPool.retryConnectionEstablishment = false
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = .POST
    request.headers.add(name: "User-Agent", value: "meet-the-members")
    request.headers.add(name: "Content-Type", value: "application/json")
    request.body = .bytes(ByteBuffer(bytes: document))
    let result: Result<Void, FetchError>
    do {
      let response = try await client.execute(request, timeout: TimeAmount(deadline))
      // The answer's body says nothing the game reads, but is read to its end.
      for try await _ in response.body {}
      if (200..<300).contains(response.status.code) {
        result = .success(())
      } else {
        result = .failure(
          FetchError(
            url,
            "the server answered \(response.status.code) \(response.status.reasonPhrase)"))
      }
    } catch let error as HTTPClientError where error == .readTimeout {
      result = .failure(RosterFetcher.explained(HTTPClientError.deadlineExceeded, url: url))
    } catch {
      result = .failure(RosterFetcher.explained(error, url: url))
    }
    try? await client.shutdown()
    try result.get()
  }
}
