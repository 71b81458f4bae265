import Dispatch
import Synchronization

/// Decoded and converted pictures, cached, and prepared on a background queue while the
/// current question is played. Thread-safe.
public final class PictureStore: Sendable {
  private struct CellKey: Hashable {
    let path: String
    let box: CellSize
  }

  private struct Cache {
    /// Most recently used last.
    var cells: [(key: CellKey, picture: CellPicture)] = []
    /// Each decoded image with the pixel size it was decoded for.
    var images: [(path: String, image: RGBAImage, decodedFor: PixelSize)] = []
    var decodes = 0
    var conversions = 0
  }

  public let style: CellStyle
  public let limits: DecodeLimits
  private let cellCapacity: Int
  private let imageCapacity: Int
  private let cache = Mutex(Cache())
  private let queue = DispatchQueue(label: "meet-the-members.pictures", qos: .userInitiated)

  public init(
    style: CellStyle, limits: DecodeLimits = .standard, cellCapacity: Int = 32,
    imageCapacity: Int = 4
  ) {
    self.style = style
    self.limits = limits
    self.cellCapacity = cellCapacity
    self.imageCapacity = imageCapacity
  }

  /// How many files were decoded and pictures converted so far (to check the cache works).
  public var counts: (decodes: Int, conversions: Int) {
    cache.withLock { ($0.decodes, $0.conversions) }
  }

  /// The picture if it is ready, without any work.
  public func cached(_ path: String, in box: CellSize) -> CellPicture? {
    let key = CellKey(path: path, box: box)
    return cache.withLock { cache in cache.cells.last { $0.key == key }?.picture }
  }

  /// The picture of the photo at `path` in `box`, decoding and converting only what is not
  /// cached. A resize converts again from the decoded image when it has pixels enough.
  /// Throws a `PictureError`.
  public func picture(_ path: String, in box: CellSize) throws -> CellPicture {
    if let picture = cached(path, in: box) { return picture }
    let needed = CellConverter.pixelsNeeded(for: box)
    var image = cache.withLock { cache in
      cache.images.last {
        $0.path == path && $0.decodedFor.width >= needed.width
          && $0.decodedFor.height >= needed.height
      }?.image
    }
    if image == nil {
      let decoded = try PictureFile.decode(path, minimumSize: needed, limits: limits)
      cache.withLock { cache in
        cache.decodes += 1
        cache.images.removeAll { $0.path == path }
        cache.images.append((path, decoded, needed))
        if cache.images.count > imageCapacity { cache.images.removeFirst() }
      }
      image = decoded
    }
    let picture = CellConverter.convert(image!, in: box, style: style)
    let key = CellKey(path: path, box: box)
    cache.withLock { cache in
      cache.conversions += 1
      cache.cells.removeAll { $0.key == key }
      cache.cells.append((key, picture))
      if cache.cells.count > cellCapacity { cache.cells.removeFirst() }
    }
    return picture
  }

  /// Prepares the picture on the background queue, then calls `completion` on `callbackQueue`.
  public func prepare(
    _ path: String, in box: CellSize, callbackQueue: DispatchQueue,
    completion: @escaping @Sendable (Result<CellPicture, PictureError>) -> Void
  ) {
    queue.async {
      let result: Result<CellPicture, PictureError>
      do {
        result = .success(try self.picture(path, in: box))
      } catch let error as PictureError {
        result = .failure(error)
      } catch {
        result = .failure(.damaged("\(error)"))
      }
      callbackQueue.async { completion(result) }
    }
  }
}
