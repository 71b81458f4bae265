import AsyncHTTPClient
import Digests
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import SystemPackage

/// A roster from a server, ready to play from the cache.
public struct FetchedRoster: Hashable, Sendable {
  /// The roster folder in the cache.
  public var folder: FilePath
  /// The club's name from the manifest, else the server's host name.
  public var name: String
  public var version: String
  /// Whether this run downloaded it (false: the cache held it).
  public var downloaded: Bool
  /// Why the server's roster could not be used, when the cached version plays instead.
  public var problem: FetchError?
  /// Where the club collects scores (the manifest's `scores-url`), if it does: as the server
  /// says it now, else as the cache last heard it.
  public var scores: URL?
  /// Why the manifest's `scores-url` cannot be used, when it cannot.
  public var scoresProblem: String?

  /// The problem as a warning: "…: connection refused; playing version 21 from the cache".
  public var warning: String? {
    problem.map { "\($0); playing version \(version) from the cache" }
  }
}

/// How far a download has come.
public struct DownloadProgress: Hashable, Sendable {
  public var received: Int64
  public var total: Int64
  public var elapsed: Duration

  public init(received: Int64, total: Int64, elapsed: Duration) {
    self.received = received
    self.total = total
    self.elapsed = elapsed
  }
}

/// A stage of fetching a roster, for the player to follow.
public enum FetchEvent: Sendable {
  /// Another game holds the roster's cache (it is fetching it): this one waits for it.
  case waitingForAnotherGame
  /// The manifest is asked for; `cached`: the version the cache holds intact, which plays
  /// if the server cannot be used or the fetch is stopped (nil: none).
  case askingForManifest(cached: String?)
  /// The server has a version the cache does not hold; its zip is about to be downloaded.
  case newVersion(RosterManifest)
  /// The zip is being downloaded.
  case downloading(DownloadProgress)
  /// The zip is whole, as large as announced and with the checksum announced.
  case downloaded(bytes: Int64, elapsed: Duration)
  /// The zip is being extracted.
  case extracting
  /// The zip is extracted: so many files and bytes.
  case extracted(files: Int, bytes: Int64, elapsed: Duration)
}

/// Reads a roster's manifest from its server and keeps its zip, checked and extracted, in the
/// cache: downloaded only when the cache does not hold that version intact. When the server
/// cannot be used, or the fetch is stopped, the cached version is returned with the problem
/// (`FetchedRoster.problem`); without one, the error.
public struct RosterFetcher: Sendable {
  public let cache: RosterCache
  public let limits: DownloadLimits

  public init(cache: RosterCache, limits: DownloadLimits = .standard) {
    self.cache = cache
    self.limits = limits
  }

  /// Whether a roster argument is a URL to fetch rather than a folder.
  public static func isURL(_ argument: String) -> Bool {
    let lower = argument.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  /// The scheme of an argument that is a URL of another kind ("ftp"), which cannot be a
  /// folder's path either; nil for anything else.
  public static func otherScheme(_ argument: String) -> String? {
    guard let colon = argument.range(of: "://"), !isURL(argument) else { return nil }
    let scheme = argument[..<colon.lowerBound]
    guard let first = scheme.first, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return String(scheme)
  }

  /// `playing`: the version returned is held for the rest of the process (`PlayedVersions`),
  /// taken before the cache's lock is let go, so that no other run removes it meanwhile.
  public func fetch(
    _ url: URL, playing: Bool = false,
    progress: @escaping @Sendable (FetchEvent) -> Void = { _ in }
  ) async throws(FetchError) -> FetchedRoster {
    let slot = cache.slot(for: url)
    let lock: SystemPackage.FileDescriptor
    do {
      try slot.create()
      lock = try await slot.lock { progress(.waitingForAnotherGame) }
    } catch is CancellationError {
      throw FetchError(url, "stopped", stopped: true)
    } catch {
      throw FetchError(url, "the cache cannot be used: \(error)")
    }
    defer { try? lock.close() }
    var recorded = slot.current()
    // A record written by a version that kept the URL's password (or a relative scores-url's,
    // which took it) is written again without it.
    if var old = recorded {
      old.url = WebAddress.shown(url)
      old.scores = old.scores.map { URL(string: $0).map(WebAddress.shown) ?? $0 }
      if old != recorded {
        recorded = old
        try? slot.record(old)
      }
    }
    // A record that cannot be read says nothing of which version is in use: no version is
    // removed (one may be all there is to play offline); a run after a good download removes
    // them.
    slot.removeLeftovers(
      keeping: recorded,
      versions: recorded != nil || !FileManager.default.fileExists(atPath: slot.record.string))
    let cached = recorded.flatMap { slot.isIntact($0) ? $0 : nil }

    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    let result: Result<FetchedRoster, FetchError>
    progress(.askingForManifest(cached: cached?.version))
    do throws(FetchError) {
      let manifest = try await self.manifest(url, client: client)
      if var cached, cached.isVersion(of: manifest) {
        // The place scores go may change without a new version: the cache keeps the newest.
        if cached.scores != manifest.scores?.absoluteString {
          cached.scores = manifest.scores?.absoluteString
          try? slot.record(cached)
        }
        result = .success(fetched(cached, in: slot, downloaded: false, manifest: manifest))
      } else {
        let installed = try await download(
          manifest, from: url, into: slot, client: client, progress: progress)
        result = .success(fetched(installed, in: slot, downloaded: true, manifest: manifest))
      }
    } catch {
      // Stopped (Ctrl-C) too: the caller chooses between the cached version and quitting. A
      // version with files gone plays only when the server cannot be used (the waiting line
      // offered Ctrl-C no cached version).
      if let cached {
        var roster = fetched(cached, in: slot, downloaded: false)
        roster.problem = error
        result = .success(roster)
      } else if !error.stopped, let recorded, let damage = slot.damage(of: recorded) {
        // Files of the cached version are gone or changed: what is left plays, said so,
        // rather than nothing.
        var roster = fetched(recorded, in: slot, downloaded: false)
        roster.problem = error.adding(damage)
        result = .success(roster)
      } else {
        result = .failure(error)
      }
    }
    try? await client.shutdown()
    if playing, case .success(let roster) = result, let version = slot.current(),
      slot.rosterFolder(of: version) == roster.folder
    {
      PlayedVersions.hold(slot.folder.appending(version.extracted))
    }
    return try result.get()
  }

  private var configuration: HTTPClient.Configuration {
    // Redirects are followed by `answer(to:client:)`, each target checked first.
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: HTTPClient.Configuration.Timeout(
        connect: TimeAmount(limits.connect), read: TimeAmount(limits.silence)))
    // A refused connection is the answer: offline, the cached version plays at once rather
    // than after retries until the connect timeout.
    configuration.connectionPool.retryConnectionEstablishment = false
    return configuration
  }

  /// The roster of `version`, as the server's `manifest` (nil: not reached) describes it.
  private func fetched(
    _ version: CachedVersion, in slot: CacheSlot, downloaded: Bool,
    manifest: RosterManifest? = nil
  ) -> FetchedRoster {
    var roster = FetchedRoster(
      folder: slot.rosterFolder(of: version),
      name: version.name ?? URL(string: version.url)?.host ?? version.url,
      version: version.version, downloaded: downloaded,
      scores: version.scores.flatMap { URL(string: $0) })
    roster.scoresProblem = manifest?.scoresProblem
    return roster
  }

  /// The manifest, read whole (it is small) within its deadline.
  private func manifest(_ url: URL, client: HTTPClient) async throws(FetchError)
    -> RosterManifest
  {
    let data: Data
    // `download-name` is relative to where the manifest was found, after any redirects.
    let base: URL
    do {
      // The whole manifest within its deadline: AsyncHTTPClient's ends with the head.
      (data, base) = try await within(limits.manifest) {
        let (response, found) = try await answer(to: url, client: client)
        try Self.check(response)
        var data = Data()
        for try await buffer in response.body {
          data.append(contentsOf: buffer.readableBytesView)
          guard data.count <= RosterManifest.largestManifest else {
            throw FetchError(
              url,
              "not a roster manifest: it is larger than \(RosterManifest.largestManifest) bytes")
          }
        }
        return (data, found)
      }
    } catch let error as HTTPClientError where error == .readTimeout {
      // A manifest is small: silence and its whole deadline are the same fault.
      throw FetchError(url, Self.tooLong(limits.manifest))
    } catch is DeadlineExceeded {
      throw FetchError(url, Self.tooLong(limits.manifest))
    } catch {
      throw FetchError.explained(error, url: url)
    }
    do {
      return try RosterManifest.parse(data, from: base)
    } catch {
      throw FetchError(url, "not a roster manifest: \(error)")
    }
  }

  /// "the server took too long to answer (30 s for the manifest)".
  private static func tooLong(_ limit: Duration) -> String {
    "the server took too long to answer (\(ProgressText.duration(ProgressText.seconds(limit))) "
      + "for the manifest)"
  }

  /// Downloads the zip to a scratch file, checks its size and checksum, extracts it beside
  /// the version in use and makes it the one in use. Whatever fails, the scratch is removed.
  private func download(
    _ manifest: RosterManifest, from url: URL, into slot: CacheSlot, client: HTTPClient,
    progress: @escaping @Sendable (FetchEvent) -> Void
  ) async throws(FetchError) -> CachedVersion {
    let zip = slot.scratch("download")
    let extracted = slot.scratch("extract")
    defer {
      slot.remove(zip)
      slot.remove(extracted)
    }
    try DownloadRoom.check(manifest, in: slot.folder, limits: limits)
    let clock = ContinuousClock()
    let start = clock.now
    try await stream(manifest, to: zip, client: client, progress: progress)
    let downloaded = clock.now
    progress(.downloaded(bytes: manifest.size, elapsed: start.duration(to: downloaded)))
    progress(.extracting)
    let result: ZipExtraction.Result
    do {
      result = try ZipExtraction.extract(
        zip, size: manifest.size, into: extracted, limits: limits)
    } catch {
      throw FetchError(manifest.download, "not a roster zip: \(error)")
    }
    progress(
      .extracted(
        files: result.files, bytes: result.bytes, elapsed: downloaded.duration(to: clock.now)))
    slot.remove(zip)
    let version = CachedVersion(
      url: WebAddress.shown(url), version: manifest.version, name: manifest.name,
      scores: manifest.scores?.absoluteString, checksum: CachedVersion.checksum(manifest.checksum),
      size: manifest.size,
      extracted: "", root: result.root, files: result.files, bytes: result.bytes)
    do {
      return try slot.install(extracted, as: version)
    } catch {
      throw FetchError(url, "the cache cannot be written: \(error)")
    }
  }

  /// The zip to `file`, hashed as it comes, stopped at the size the manifest announced.
  private func stream(
    _ manifest: RosterManifest, to file: FilePath, client: HTTPClient,
    progress: @escaping @Sendable (FetchEvent) -> Void
  ) async throws(FetchError) {
    let url = manifest.download
    progress(.newVersion(manifest))
    let limits = limits
    let received: Int64
    let found: String
    do {
      let output = try SystemPackage.FileDescriptor.open(
        file, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
        permissions: [.ownerReadWrite])
      defer { try? output.close() }
      // The whole zip within its deadline, and given up on sooner when its rate says it
      // would not make it: AsyncHTTPClient bounds only each read.
      (received, found) = try await within(limits.longest) {
        let (response, _) = try await answer(to: url, client: client)
        try Self.check(response)
        if let length = response.headers.first(name: "content-length").flatMap(Int64.init),
          length > manifest.size
        {
          throw FetchError(
            url, "the server sends \(length) bytes where the manifest announced \(manifest.size)")
        }
        return try await Self.save(
          response.body, of: manifest, to: output, limits: limits, progress: progress)
      }
    } catch is DeadlineExceeded {
      throw FetchError(
        url,
        "too slow: the download took longer than the "
          + "\(ProgressText.duration(ProgressText.seconds(limits.longest))) it may take")
    } catch {
      throw FetchError.explained(error, url: url)
    }
    guard received == manifest.size else {
      throw FetchError(url, Self.cut(received, of: manifest.size))
    }
    guard found == manifest.checksum.hex else {
      throw FetchError(
        url,
        "the download's \(manifest.checksum.kind.rawValue) is \(found), not the "
          + "\(manifest.checksum.hex) the manifest gives")
    }
  }

  /// The body written to `output` and hashed as it comes, stopped at the size the manifest
  /// announced, or when its rate so far would not bring it whole within `limits.longest`.
  /// Returns the bytes received and their checksum.
  private static func save(
    _ body: HTTPClientResponse.Body, of manifest: RosterManifest,
    to output: SystemPackage.FileDescriptor, limits: DownloadLimits,
    progress: @escaping @Sendable (FetchEvent) -> Void
  ) async throws -> (Int64, String) {
    let url = manifest.download
    let clock = ContinuousClock()
    let start = clock.now
    let digest: Digest
    do {
      digest = try Digest(manifest.checksum.kind)
    } catch {
      throw FetchError(url, "its \(manifest.checksum.kind.rawValue) cannot be checked: \(error)")
    }
    var received: Int64 = 0
    progress(.downloading(DownloadProgress(received: 0, total: manifest.size, elapsed: .zero)))
    do {
      for try await buffer in body {
        guard received + Int64(buffer.readableBytes) <= manifest.size else {
          throw FetchError(
            url, "the download is larger than the \(manifest.size) bytes the manifest announced")
        }
        do {
          try buffer.withUnsafeReadableBytes { bytes in
            digest.update(bytes)
            _ = try output.writeAll(bytes)
          }
        } catch let error as Errno {
          throw FetchError(url, "the cache cannot be written (\(error.description.lowercased()))")
        }
        received += Int64(buffer.readableBytes)
        let elapsed = start.duration(to: clock.now)
        progress(
          .downloading(DownloadProgress(received: received, total: manifest.size, elapsed: elapsed))
        )
        if let problem = limits.tooSlow(received, of: manifest.size, in: elapsed) {
          throw FetchError(url, problem)
        }
      }
    } catch let error as HTTPParserError where error == .invalidEOFState {
      // Closed before the length the server announced.
      throw FetchError(url, Self.cut(received, of: manifest.size))
    }
    return (received, hexadecimal(digest.finish()))
  }

  private static func cut(_ received: Int64, of size: Int64) -> String {
    "the download ended after \(received) of the \(size) bytes announced (the connection was "
      + "closed)"
  }
}
