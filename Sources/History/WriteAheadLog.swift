import Foundation

/// What SQLite will not read of a history's write-ahead log (`history.sqlite-wal`), found
/// before the history is opened: a game killed with SIGKILL leaves its last writes there, and
/// SQLite takes a log whose header or frames fail their checksums as absent (or cut short at
/// the first bad frame), then discards it. Read by the log's published format
/// (sqlite.org/fileformat2.html, "The Write-Ahead Log"), so that the game can say how many
/// writes it could not read and keep a copy of the log before it is discarded.
///
/// - The header's 32 bytes: the magic number (its lowest bit says the checksums' byte order),
///   the format's version, the page size, the checkpoint's sequence number, two salts and the
///   header's checksum.
/// - Each frame: 24 bytes of header (the page's number; for the last frame of a transaction,
///   the database's size in pages after it, else 0; the two salts; a checksum running over
///   every frame before it) and a page.
/// - A frame counts when its salts are the header's and its checksum holds, and every frame
///   before it counts; a transaction counts when its last frame does.
/// - Frames with other salts after every frame of this run are an older run of the log,
///   already copied into the database when the log began again: they are not lost. One that
///   frames of this run follow is damaged (this run writes from the log's start), and so are
///   the transactions after it; the last transaction the wal-index names, when it is still
///   there and of this run, is lost when the log cannot give it whole, though damage took its
///   frame's salts (and with them any sign that the frame was of this run).
/// - Frames after the last transaction that committed are a write that never finished (the
///   disk full, or the game stopped as it wrote it): it was never kept, so nothing is lost
///   when SQLite leaves it out. The wal-index (`history.sqlite-shm`,
///   sqlite.org/walformat.html) says which frame committed last
///   (`mxFrame`), when it is still there and of this run of the log; then a log that holds
///   every frame up to it, and no transaction that committed after its first bad frame, is
///   not damaged, however it ends.
struct WriteAheadLog {
  /// The log's path.
  let path: String
  /// Transactions (answers, name cards, people met ...) written in the log that SQLite will
  /// not read.
  let unreadable: Int
  /// Whether the log ends in the middle of a frame: what was written after the cut is gone,
  /// and cannot be counted.
  let cutShort: Bool

  private static let magic: UInt32 = 0x377F_0682
  private static let headerSize = 32
  private static let frameHeaderSize = 24

  /// The log of the database at `databasePath`, when one is there with transactions SQLite
  /// will not read; nil when there is none, or every transaction in it is sound.
  /// A log another program has open is being written, not damaged: it is not looked at.
  static func damaged(besides databasePath: String) -> WriteAheadLog? {
    let path = databasePath + "-wal"
    guard !isOpenElsewhere(databasePath),
      let data = FileManager.default.contents(atPath: path), !data.isEmpty
    else { return nil }
    let log = Array(data)
    let (lost, cut, sound, frameSize) = unreadableTransactions(
      log, pageSizeOfDatabase: pageSize(ofDatabase: databasePath))
    let committed = lastCommittedFrame(besides: databasePath, log: log)
    // The index's last transaction, beyond what SQLite reads, is lost however its frame reads.
    let unreadable = max(lost, (committed?.frame ?? 0) > sound ? 1 : 0)
    guard unreadable > 0 || cut else { return nil }
    // A transaction that committed after the break is lost, whatever the index says; with
    // none, the index says whether the log holds every frame up to the last one kept.
    if unreadable == 0, let committed, sound >= committed.frame,
      committed.frame == 0 || isCommit(committed, in: log, frameSize: frameSize)
    {
      return nil
    }
    return WriteAheadLog(path: path, unreadable: unreadable, cutShort: cut)
  }

  /// Whether frame `committed.frame` (from 1) of `log` is the one the index names: the last
  /// frame of a transaction, whose running checksum is the index's.
  private static func isCommit(
    _ committed: (frame: Int, checksum: (UInt32, UInt32)), in log: [UInt8], frameSize: Int
  ) -> Bool {
    let offset = headerSize + (committed.frame - 1) * frameSize
    guard frameSize > 0, offset + frameHeaderSize <= log.count else { return false }
    return word(log, offset + 4) != 0
      && (word(log, offset + 16), word(log, offset + 20)) == committed.checksum
  }

  /// The last frame of the log `log` that committed, as the wal-index at `databasePath-shm`
  /// says (its header's `mxFrame`), and that frame's running checksum; nil where there is no
  /// index, or it is not whole (its header's two copies differ, or it was never made) or not
  /// of this run of the log (its salts are not the log's). The header: 48 bytes, twice, in
  /// the machine's byte order: the version (3007000), 4 unused bytes, a change counter,
  /// whether it is made, the checksums' byte order, the page size, `mxFrame` (bytes 16 to
  /// 19), the database's size, the last frame's checksum (bytes 24 to 31), the log's two
  /// salts as its header has them (bytes 32 to 39) and the header's own checksum.
  private static func lastCommittedFrame(
    besides databasePath: String, log: [UInt8]
  ) -> (frame: Int, checksum: (UInt32, UInt32))? {
    guard log.count >= headerSize, let handle = FileHandle(forReadingAtPath: databasePath + "-shm")
    else { return nil }
    defer { try? handle.close() }
    guard let bytes = try? handle.read(upToCount: 96), bytes.count == 96 else { return nil }
    let index = Array(bytes)
    func native(_ offset: Int) -> UInt32 {
      index[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
    guard index[0..<48] == index[48..<96], native(0) == 3_007_000, index[12] == 1,
      index[32..<40] == log[16..<24]
    else { return nil }
    return (Int(native(16)), (native(24), native(28)))
  }

  /// Whether another process has the database open: every connection in WAL mode holds a
  /// shared lock on byte 128 of the `-shm` file (SQLite's unix VFS, its "dead man switch")
  /// for as long as it has the file open.
  private static func isOpenElsewhere(_ databasePath: String) -> Bool {
    let descriptor = open(databasePath + "-shm", O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 128
    lock.l_len = 1
    guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return true }
    return lock.l_type != Int16(F_UNLCK)
  }

  /// The database's page size, from its header (bytes 16 and 17; 1 stands for 65,536).
  private static func pageSize(ofDatabase path: String) -> Int? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 18), header.count == 18 else { return nil }
    let size = Int(header[16]) << 8 | Int(header[17])
    return size == 1 ? 65_536 : size
  }

  /// How many transactions of `log` SQLite will not read, whether it ends in the middle of a
  /// frame, how many of its frames SQLite reads (each whole, of this run, its checksum
  /// holding, as every one before it), and the size of a frame.
  static func unreadableTransactions(
    _ log: [UInt8], pageSizeOfDatabase: Int?
  ) -> (lost: Int, cut: Bool, sound: Int, frameSize: Int) {
    guard log.count >= headerSize else { return (0, true, 0, 0) }
    let magic = word(log, 0)
    let bigEndian = magic & 1 == 1
    let headerSound =
      magic & ~1 == Self.magic && word(log, 4) == 3_007_000
      && checksum(log[0..<24], bigEndian: bigEndian, seed: (0, 0))
        == (word(log, 24), word(log, 28))
    let pageSize = Int(word(log, 8))
    guard
      let frameSize = [pageSize, pageSizeOfDatabase ?? 0].first(where: isPageSize)
        .map({ $0 + frameHeaderSize })
    else { return (0, false, 0, 0) }
    // The salts of this run of the log: the header's, or when the header is damaged, its
    // first frame's (frames of an older run come after the newer ones).
    let salts =
      headerSound || log.count < headerSize + frameHeaderSize
      ? (word(log, 16), word(log, 20))
      : (word(log, headerSize + 8), word(log, headerSize + 12))
    var running = headerSound ? (word(log, 24), word(log, 28)) : nil
    var lost = 0
    // Commits in frames of other salts, lost if a frame of this run comes after them.
    var unsure = 0
    // The database's size in pages at this run's last commit, and the frames since: a frame
    // adds a page at most, so a commit beyond that is damage, not a commit.
    var pages: (atCommit: UInt32, frames: UInt32)?
    var sound = 0
    var offset = headerSize
    // The running checksum after the frame at `offset` (it covers the frame's first 8 bytes
    // and its page, not its salts), when the frame's own holds it; nil otherwise.
    func chained(from seed: (UInt32, UInt32)?) -> (UInt32, UInt32)? {
      guard var sum = seed, offset + frameSize <= log.count else { return nil }
      sum = checksum(log[offset..<offset + 8], bigEndian: bigEndian, seed: sum)
      sum = checksum(
        log[offset + frameHeaderSize..<offset + frameSize], bigEndian: bigEndian, seed: sum)
      return sum == (word(log, offset + 16), word(log, offset + 20)) ? sum : nil
    }
    while offset + frameHeaderSize <= log.count {
      let size = word(log, offset + 4)
      let commits = size != 0
      // Of an older run, or damaged: SQLite reads nothing from here on. It was this run's,
      // its salts damaged, when its checksum chains on from this run's; or when a frame of
      // this run follows (then its commit, if its header is plausible, is lost with it).
      guard (word(log, offset + 8), word(log, offset + 12)) == salts else {
        let page = word(log, offset)
        let most = pages.map { $0.atCommit &+ $0.frames &+ 1 } ?? .max
        if commits, chained(from: running) != nil {
          lost += 1
        } else if commits, (1...size).contains(page), size <= most {
          unsure += 1
        }
        running = nil
        pages?.frames += 1
        offset += frameSize
        continue
      }
      lost += unsure
      unsure = 0
      pages = commits ? (size, 0) : pages.map { ($0.atCommit, $0.frames + 1) }
      running = chained(from: running)
      if commits, running == nil { lost += 1 }
      if running != nil { sound += 1 }
      offset += frameSize
    }
    return (lost, (log.count - headerSize) % frameSize != 0, sound, frameSize)
  }

  private static func isPageSize(_ size: Int) -> Bool {
    (512...65_536).contains(size) && size & (size - 1) == 0
  }

  /// The big-endian 32-bit word at `offset`.
  private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The log's checksum of `bytes` (a multiple of 8), running on from `seed`: over 32-bit
  /// words read in the log's byte order, two at a time.
  private static func checksum(
    _ bytes: ArraySlice<UInt8>, bigEndian: Bool, seed: (UInt32, UInt32)
  ) -> (UInt32, UInt32) {
    var (first, second) = seed
    var index = bytes.startIndex
    func next() -> UInt32 {
      let value = (0..<4).reduce(UInt32(0)) { word, byte in
        let shift = bigEndian ? 8 * (3 - byte) : 8 * byte
        return word | UInt32(bytes[index + byte]) << UInt32(shift)
      }
      index += 4
      return value
    }
    while index + 8 <= bytes.endIndex {
      first = first &+ next() &+ second
      second = second &+ next() &+ first
    }
    return (first, second)
  }

  /// Keeps a copy of the log beside it, named for `time` (given in Unix seconds) as the saved
  /// answers' files are, in UTC with dashes for colons (`….unread-2026-11-29T05-10-00Z`);
  /// returns its path.
  func keepCopy(at time: Double) throws -> String {
    let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: time))
      .replacingOccurrences(of: ":", with: "-")
    var copy = "\(path).unread-\(stamp)"
    var attempt = 1
    while FileManager.default.fileExists(atPath: copy) {
      attempt += 1
      copy = "\(path).unread-\(stamp)-\(attempt)"
    }
    do {
      try FileManager.default.copyItem(atPath: path, toPath: copy)
    } catch {
      // No part of a copy is left (a full disk leaves one empty).
      try? FileManager.default.removeItem(atPath: copy)
      throw error
    }
    return copy
  }
}
