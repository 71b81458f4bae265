import AppCore
import Foundation
import GameEngine
import History
import Roster
import Synchronization

/// The file of one game's answers while the history cannot take them: written again each
/// time the answers waiting change, so that a game killed where it cannot save them as it
/// ends (SIGKILL, the system's out-of-memory killer) loses none (the next launch keeps them),
/// and removed once none waits.
final class WaitingAnswers: Sendable {
  private let name = WaitingAnswers.fileName()
  private let roster: RosterKey
  private let photos: Roster?
  private let historyPath: String
  private let known: @Sendable () -> [MemberID: String]
  private let advice: String?
  /// Whether the file is written, the photos' hashes found for it so far (each photo is
  /// hashed once a game, not at each write), and the lock held on it while the game writes
  /// it (`isLive`).
  private let state = Mutex((written: false, hashes: [MemberID: String](), lock: Int32(-1)))

  /// `known`: the photos' SHA-256 as the history holds them, by member (asked where a member
  /// answered has none yet). `advice`: what the player can do for the next game to keep them,
  /// said after the file's path as the game ends.
  init(
    roster: RosterKey, photos: Roster?, besides historyPath: String,
    known: @escaping @Sendable () -> [MemberID: String] = { [:] }, advice: String? = nil
  ) {
    (self.roster, self.photos, self.historyPath, self.known) = (roster, photos, historyPath, known)
    self.advice = advice
  }

  /// Keeps `answers`, those waiting now, in the file (none: the file removed); its path, or
  /// nil for none. `last`: as the game ends (see `UnkeptAnswers.save`).
  func keep(_ answers: [RecordedAnswer], last: Bool) throws -> String? {
    try state.withLock { state in
      let path = ((historyPath as NSString).deletingLastPathComponent as NSString)
        .appendingPathComponent(name)
      let lockPath = Self.lockPath(of: path)
      func unlock() {
        guard state.lock >= 0 else { return }
        try? FileManager.default.removeItem(atPath: lockPath)
        close(state.lock)
        state.lock = -1
      }
      guard !answers.isEmpty else {
        if state.written { UnkeptAnswers.remove(name, besides: historyPath) }
        state.written = false
        unlock()
        return nil
      }
      // Held before the file is first written: another launch never reads it while the game
      // may still keep its answers. The game ending lets go of it: its file is the next's.
      if state.lock < 0, !last {
        // Not through a link: in the temporary folder another user could plant one.
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
          state.lock = descriptor
        } else if descriptor >= 0 {
          close(descriptor)
        }
      }
      defer { if last { unlock() } }
      let answered = Set(answers.map(\.result.member.id))
      let missing = answered.subtracting(state.hashes.keys)
      if !missing.isEmpty {
        state.hashes.merge(
          UnkeptAnswers.photoHashes(of: missing, photos: photos, known: known())
        ) { kept, _ in kept }
      }
      let saved = try UnkeptAnswers.save(
        answers, roster: roster, hashes: state.hashes, besides: historyPath, name: name,
        last: last, advice: last ? advice : nil)
      state.written = true
      return saved
    }
  }

  /// The name of the file that holds a game's answers while they wait: named for the moment
  /// the game began and its process, so that two games each keep their own.
  static func fileName() -> String {
    let stamp = HistoryTable.iso8601(Date().timeIntervalSince1970)
      .replacingOccurrences(of: ":", with: "-")
    return "unkept-answers-\(stamp)-\(getpid()).csv"
  }

  /// The lock beside a file of answers that a game still writes (`path.lock`): the game
  /// holds it (`flock`) from the file's first write until the game ends or none waits, and
  /// the system lets go of it when the game dies, however it dies.
  static func lockPath(of path: String) -> String { path + ".lock" }

  /// Whether the file at `path` is written by a game that still runs (its lock is held): its
  /// answers wait for that game's history, which may still keep them. A lock left by a game
  /// that died is removed.
  static func isLive(_ path: String) -> Bool {
    let lock = lockPath(of: path)
    let descriptor = open(lock, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
    try? FileManager.default.removeItem(atPath: lock)
    return false
  }
}
