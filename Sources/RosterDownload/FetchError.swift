import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Why a roster could not be fetched: the URL concerned and what went wrong.
public struct FetchError: Error, Hashable, CustomStringConvertible {
  /// The URL as the game shows it, without its password (`WebAddress.shown`).
  public let url: String
  public let problem: String
  /// Ctrl-C (the task was cancelled): nothing to warn of, the player asked.
  public let stopped: Bool

  init(_ url: URL, _ problem: String, stopped: Bool = false) {
    self.url = WebAddress.shown(url)
    self.problem = problem
    self.stopped = stopped
  }

  public var description: String { "\(url): \(problem)" }

  /// The same failure with `note` after its problem ("…; the cached copy has 17 of its 18
  /// files").
  func adding(_ note: String) -> FetchError {
    FetchError(url: url, problem: "\(problem); \(note)", stopped: stopped)
  }

  private init(url: String, problem: String, stopped: Bool) {
    self.url = url
    self.problem = problem
    self.stopped = stopped
  }
}

extension FetchError {
  /// Any failure as one line for the player: the server's answer, the client's reason, or
  /// Ctrl-C.
  public static func explained(_ error: any Error, url: URL) -> FetchError {
    switch error {
    case let error as FetchError: return error
    case let answer as ServerAnswer:
      return FetchError(
        url, "the server answered \(answer.status.code) \(answer.status.reasonPhrase)")
    case is CancellationError: return FetchError(url, "stopped", stopped: true)
    case let error as HTTPClientError:
      if error == .cancelled || error == .requestStreamCancelled || Task.isCancelled {
        return FetchError(url, "stopped", stopped: true)
      }
      return FetchError(url, reason(error))
    default:
      if Task.isCancelled { return FetchError(url, "stopped", stopped: true) }
      return FetchError(url, "cannot reach the server (\(networkReason(error)))")
    }
  }

  /// What the system said, in its own words: "connection refused", "no such host".
  private static func networkReason(_ error: any Error) -> String {
    switch error {
    case let error as IOError:
      String(cString: strerror(error.errnoCode)).lowercased()
    case let error as SocketAddressError.UnknownHost:
      "no such host: \(error.host)"
    case let error as NIOConnectionError:
      if let lookup = error.dnsAError ?? error.dnsAAAAError {
        networkReason(lookup)
      } else if let last = error.connectionErrors.last {
        networkReason(last.error)
      } else {
        "\(error)"
      }
    default:
      "\(error)"
    }
  }

  private static func reason(_ error: HTTPClientError) -> String {
    switch error {
    case .readTimeout: "the server stopped sending (timed out)"
    case .connectTimeout: "cannot reach the server (timed out connecting)"
    case .deadlineExceeded: "the server took too long to answer"
    case .remoteConnectionClosed: "the server closed the connection"
    default: "the request failed (\(error))"
    }
  }
}

/// A status other than 200.
struct ServerAnswer: Error {
  var status: HTTPResponseStatus
}
