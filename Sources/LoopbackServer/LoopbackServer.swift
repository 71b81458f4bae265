import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1, on a port of its own, for tests: each path answers as
/// the test says, including the ways servers fail (a status, a redirect, a connection cut
/// short, silence, a pause until the test lets it go on).
public final class LoopbackServer: Sendable {
  /// How the server answers a path.
  public enum Reply: Sendable {
    /// 200 OK with this body and its Content-Length.
    case body(Data)
    /// This status, with a short text body.
    case status(Int)
    /// 302 Found to this location.
    case redirect(String)
    /// The body without a Content-Length (chunked), so only its end tells its size.
    case chunked(Data)
    /// Announces `announcing` bytes, sends these and closes the connection.
    case cut(Data, announcing: Int)
    /// Accepts the request and never answers.
    case silence
    /// Reads the request whole, then closes the connection without a word.
    case drop
    /// Sends the first `after` bytes of the body, then waits until the gate opens.
    case paused(Data, after: Int, gate: Gate)
    /// Announces the whole body and sends its first `fast` bytes at once, then one byte every
    /// `every` (a server on a bad line, or one that holds the game on purpose).
    case slow(Data, fast: Int, every: TimeAmount)
  }

  private let state = NIOLockedValueBox(State())
  private let channel: any Channel
  public let port: Int

  private struct State {
    var replies: [String: Reply] = [:]
    var requests: [String] = []
    var received: [Request] = []
    var connections: [any Channel] = []
  }

  /// A request as it came: its method, path, Content-Type and body.
  public struct Request: Hashable, Sendable {
    public var method: String
    public var path: String
    public var contentType: String?
    /// The `Authorization` header, if any.
    public var authorization: String?
    public var body: Data
  }

  /// Starts listening; `stop()` ends it.
  public init() throws {
    let state = state
    channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        state.withLockedValue { $0.connections.append(channel) }
        return channel.pipeline.configureHTTPServerPipeline().flatMapThrowing {
          try channel.pipeline.syncOperations.addHandler(Handler(state: state))
        }
      }
      .bind(host: "127.0.0.1", port: 0).wait()
    port = channel.localAddress?.port ?? 0
  }

  deinit { stop() }

  /// The answer for a path ("/roster.json").
  public subscript(path: String) -> Reply? {
    get { state.withLockedValue { $0.replies[path] } }
    set { state.withLockedValue { $0.replies[path] = newValue } }
  }

  /// The paths asked for, in order.
  public var requests: [String] { state.withLockedValue { $0.requests } }

  /// Every request read whole, in order, with its body.
  public var received: [Request] { state.withLockedValue { $0.received } }

  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// Closes the listening socket and every connection.
  public func stop() {
    // Closed before it returns: a request made next finds no server (a connection refused),
    // where closing in the background let the next request in now and then.
    try? channel.close().wait()
    for connection in state.withLockedValue({ $0.connections }) {
      connection.close(promise: nil)
    }
  }

  private final class Handler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let state: NIOLockedValueBox<State>
    var path = ""
    var request: Request?

    init(state: NIOLockedValueBox<State>) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head):
        path = String(head.uri.prefix { $0 != "?" })
        let path = path
        state.withLockedValue { $0.requests.append(path) }
        request = Request(
          method: head.method.rawValue, path: path,
          contentType: head.headers.first(name: "Content-Type"),
          authorization: head.headers.first(name: "Authorization"), body: Data())
      case .body(let buffer):
        request?.body.append(contentsOf: buffer.readableBytesView)
      case .end:
        let request = request
        let reply = state.withLockedValue { state in
          if let request { state.received.append(request) }
          return state.replies[path]
        }
        answer(reply ?? .status(404), context: context)
      }
    }

    private func answer(_ reply: Reply, context: ChannelHandlerContext) {
      switch reply {
      case .body(let data):
        send(status: .ok, length: data.count, body: data, context: context)
      case .status(let code):
        let status = HTTPResponseStatus(statusCode: code)
        let text = Data("\(code) \(status.reasonPhrase)\n".utf8)
        send(status: status, length: text.count, body: text, context: context)
      case .redirect(let location):
        send(
          status: .found, length: 0, body: Data(), headers: [("Location", location)],
          context: context)
      case .chunked(let data):
        send(status: .ok, length: nil, body: data, context: context)
      case .cut(let data, let announcing):
        head(.ok, length: announcing, context: context)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data)))))
          .whenComplete { _ in channel.close(promise: nil) }
      case .silence:
        break
      case .drop:
        context.close(promise: nil)
      case .slow(let data, let fast, let every):
        head(.ok, length: data.count, context: context)
        context.writeAndFlush(
          wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: data.prefix(fast))))), promise: nil)
        trickle(data.dropFirst(fast), every: every, context: context)
      case .paused(let data, let after, let gate):
        head(.ok, length: data.count, context: context)
        let first = data.prefix(after)
        let rest = data.dropFirst(after)
        context.writeAndFlush(
          wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: first)))), promise: nil)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let loop = context.eventLoop
        gate.whenOpen {
          loop.execute {
            let (handler, context) = bound.value
            handler.finish(rest, context: context)
          }
        }
      }
    }

    /// The rest of the body a byte at a time, until it is all sent or the client hangs up.
    private func trickle(_ rest: Data, every: TimeAmount, context: ChannelHandlerContext) {
      let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
      context.eventLoop.scheduleTask(in: every) {
        let (handler, context) = bound.value
        guard context.channel.isActive else { return }
        guard rest.count > 1 else { return handler.finish(rest, context: context) }
        context.writeAndFlush(
          handler.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: rest.prefix(1))))),
          promise: nil)
        handler.trickle(rest.dropFirst(), every: every, context: context)
      }
    }

    private func head(
      _ status: HTTPResponseStatus, length: Int?, headers extra: [(String, String)] = [],
      context: ChannelHandlerContext
    ) {
      var headers = HTTPHeaders(extra)
      headers.add(name: "Connection", value: "close")
      if let length { headers.add(name: "Content-Length", value: "\(length)") }
      context.write(
        wrapOutboundOut(
          .head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
        promise: nil)
    }

    private func send(
      status: HTTPResponseStatus, length: Int?, body: Data, headers: [(String, String)] = [],
      context: ChannelHandlerContext
    ) {
      head(status, length: length, headers: headers, context: context)
      finish(body, context: context)
    }

    /// The rest of the body, the end, and the connection closed.
    private func finish(_ body: Data, context: ChannelHandlerContext) {
      if !body.isEmpty {
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
      }
      let channel = context.channel
      context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
        channel.close(promise: nil)
      }
    }
  }
}

/// Holds back a `.paused` reply until the test opens it.
public final class Gate: Sendable {
  private let state = NIOLockedValueBox((open: false, waiting: [@Sendable () -> Void]()))

  public init() {}

  public func open() {
    let waiting = state.withLockedValue { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for action in waiting { action() }
  }

  func whenOpen(_ action: @escaping @Sendable () -> Void) {
    let now = state.withLockedValue { state in
      if !state.open { state.waiting.append(action) }
      return state.open
    }
    if now { action() }
  }
}
