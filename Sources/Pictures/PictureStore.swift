import Dispatch
import Synchronization
import SystemPackage

/// Decoded and converted pictures, cached, and prepared on background queues while the
/// current question is played. Thread-safe.
///
/// Each photo is decoded to the fewest pixels its box needs (never at full size when it is
/// larger), and that image is kept for the next box it serves: a resize converts it again,
/// and decodes the file again only when the new box needs more pixels than it has. A photo
/// that fails is remembered, so that it fails at once the next time. The picture on screen
/// never waits behind a prefetch: the two run on queues of their own, and a request that is
/// already on its way is joined, not made twice.
public final class PictureStore: Sendable {
  /// Why a picture is wanted.
  public enum Priority: Hashable, Sendable {
    /// The screen shows it now.
    case onScreen
    /// A question to come will show it.
    case prefetch
  }

  private struct CellKey: Hashable {
    let path: FilePath
    let box: CellSize
    let style: CellStyle
  }

  private struct Decoded {
    let path: FilePath
    let image: RGBAImage
    /// The photo's own size, upright.
    let original: PixelSize
    var bytes: Int { image.pixels.count }
  }

  private typealias Completion = @Sendable (Result<CellPicture, PictureError>) -> Void

  /// A request on its way, and whoever waits for it.
  private struct Job {
    var started = false
    var waiters: [(queue: DispatchQueue, completion: Completion)] = []
  }

  private struct State {
    /// Most recently used last.
    var cells: [(key: CellKey, picture: CellPicture)] = []
    /// Most recently used last.
    var images: [Decoded] = []
    var failures: [FilePath: PictureError] = [:]
    /// Photos checked and found good (`check`).
    var checked: Set<FilePath> = []
    var jobs: [CellKey: Job] = [:]
    var decodes = 0
    var conversions = 0
  }

  public let limits: DecodeLimits
  private let cellCapacity: Int
  private let imageBudget: Int
  private let state = Mutex(State())
  private let onScreenQueue = DispatchQueue(
    label: "meet-the-members.pictures.on-screen", qos: .userInteractive)
  private let prefetchQueue = DispatchQueue(
    label: "meet-the-members.pictures.prefetch", qos: .utility)

  /// Keeps up to `cellCapacity` converted pictures and decoded images of up to `imageBudget`
  /// bytes in all.
  public init(
    limits: DecodeLimits = .standard, cellCapacity: Int = 32, imageBudget: Int = 16 << 20
  ) {
    self.limits = limits
    self.cellCapacity = cellCapacity
    self.imageBudget = imageBudget
  }

  /// How many times files were decoded (or tried) and pictures converted so far (to check
  /// the cache works).
  public var counts: (decodes: Int, conversions: Int) {
    state.withLock { ($0.decodes, $0.conversions) }
  }

  /// The bytes of decoded images held, and the largest of them: what the cache costs.
  public var imageBytes: (total: Int, largest: Int) {
    state.withLock { state in
      (state.images.reduce(0) { $0 + $1.bytes }, state.images.map(\.bytes).max() ?? 0)
    }
  }

  /// Whether the photo at `path` can be shown: decoded once, to the fewest pixels, for a
  /// front end that draws no picture (the headless one); nil when it decodes, else why not.
  /// The answer is kept, a failure with the others.
  public func check(_ path: FilePath) -> PictureError? {
    let known = state.withLock { state -> PictureError?? in
      state.checked.contains(path) ? .some(nil) : state.failures[path].map { .some($0) }
    }
    if let known { return known }
    do {
      _ = try decode(path, size: .atLeast(PixelSize(width: 1, height: 1)))
      state.withLock { state in
        state.checked.insert(path)
        // A check keeps no pixels: the next picture of this photo is decoded for its box.
        state.images.removeAll { $0.path == path }
      }
      return nil
    } catch {
      let failure = error as? PictureError ?? .damaged("\(error)")
      state.withLock { $0.failures[path] = failure }
      return failure
    }
  }

  /// The picture if it is ready, without any work.
  public func cached(_ path: FilePath, in box: CellSize, style: CellStyle) -> CellPicture? {
    let key = CellKey(path: path, box: box, style: style)
    return state.withLock { state in state.cells.last { $0.key == key }?.picture }
  }

  /// The picture of the photo at `path` in `box`, decoding and converting only what is not
  /// cached. Throws a `PictureError`.
  public func picture(_ path: FilePath, in box: CellSize, style: CellStyle) throws -> CellPicture {
    let key = CellKey(path: path, box: box, style: style)
    let size = DecodeSize.cells(box, style)
    let (cell, image, failure) = state.withLock { state in
      (
        state.cells.last { $0.key == key }?.picture,
        state.images.last { $0.path == path && size.isServed(by: $0.image.size, of: $0.original) }?
          .image,
        state.failures[path]
      )
    }
    if let cell { return cell }
    if let failure { throw failure }
    let decoded: RGBAImage
    if let image {
      decoded = image
    } else {
      do {
        decoded = try decode(path, size: size)
      } catch {
        let failure = error as? PictureError ?? .damaged("\(error)")
        state.withLock { $0.failures[path] = failure }
        throw failure
      }
    }
    let picture = CellConverter.convert(decoded, in: box, style: style)
    state.withLock { state in
      state.conversions += 1
      state.cells.removeAll { $0.key == key }
      state.cells.append((key, picture))
      if state.cells.count > cellCapacity { state.cells.removeFirst() }
    }
    return picture
  }

  private func decode(_ path: FilePath, size: DecodeSize) throws -> RGBAImage {
    state.withLock { $0.decodes += 1 }
    let decoded = try PictureFile.decodeWithSize(path, size: size, limits: limits)
    let image = decoded.image
    let original = decoded.original
    state.withLock { state in
      state.images.removeAll { $0.path == path }
      state.images.append(Decoded(path: path, image: image, original: original))
      var total = state.images.reduce(0) { $0 + $1.bytes }
      while total > imageBudget, state.images.count > 1 {
        total -= state.images.removeFirst().bytes
      }
    }
    return image
  }

  /// Prepares the picture on the queue for its priority, then calls `completion` on
  /// `callbackQueue`. The same picture asked for again while on its way is made once; asked
  /// for on screen while its prefetch still waits, it is made on the on-screen queue.
  ///
  /// On screen, when the photo must be decoded again for more pixels (the window grew), the
  /// picture is first made at once from the pixels in hand and `completion` is called with
  /// it; it is called again with the sharp picture.
  public func prepare(
    _ path: FilePath, in box: CellSize, style: CellStyle, priority: Priority,
    callbackQueue: DispatchQueue,
    completion: @escaping @Sendable (Result<CellPicture, PictureError>) -> Void
  ) {
    let key = CellKey(path: path, box: box, style: style)
    let schedule = state.withLock { state -> Bool in
      let waiting = state.jobs[key]
      state.jobs[key, default: Job()].waiters.append((callbackQueue, completion))
      // A new job runs; one already started is joined; one still queued behind prefetches
      // is also queued on screen when the screen needs it, and runs where it starts first.
      return waiting == nil || (priority == .onScreen && waiting?.started == false)
    }
    guard schedule else { return }
    let queue = priority == .onScreen ? onScreenQueue : prefetchQueue
    queue.async { self.run(key, priority: priority) }
  }

  private func run(_ key: CellKey, priority: Priority) {
    let claimed = state.withLock { state -> Bool in
      guard let job = state.jobs[key], !job.started else { return false }
      state.jobs[key]?.started = true
      return true
    }
    guard claimed else { return }
    if priority == .onScreen, let picture = provisional(key) {
      let waiters = state.withLock { $0.jobs[key]?.waiters ?? [] }
      for waiter in waiters { waiter.queue.async { waiter.completion(.success(picture)) } }
    }
    let result: Result<CellPicture, PictureError>
    do {
      result = .success(try picture(key.path, in: key.box, style: key.style))
    } catch {
      result = .failure(error as? PictureError ?? .damaged("\(error)"))
    }
    let waiters = state.withLock { $0.jobs.removeValue(forKey: key)?.waiters ?? [] }
    for waiter in waiters { waiter.queue.async { waiter.completion(result) } }
  }

  /// The picture made from the pixels of the photo in hand, when they are too few for the
  /// box and the photo must be decoded again; nil when there are none, or they are enough.
  private func provisional(_ key: CellKey) -> CellPicture? {
    let size = DecodeSize.cells(key.box, key.style)
    let image = state.withLock { state -> RGBAImage? in
      guard !state.cells.contains(where: { $0.key == key }), state.failures[key.path] == nil,
        let decoded = state.images.last(where: { $0.path == key.path }),
        !size.isServed(by: decoded.image.size, of: decoded.original)
      else { return nil }
      return decoded.image
    }
    return image.map { CellConverter.convert($0, in: key.box, style: key.style) }
  }
}
