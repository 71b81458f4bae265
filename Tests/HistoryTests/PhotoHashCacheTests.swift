import Foundation
import GRDB
import SystemPackage
import XCTest

@testable import History

/// Photos are hashed once: later launches take the hash the history recorded while the
/// file's identity (inode, size, times) is the same.
final class PhotoHashCacheTests: XCTestCase {
  var folder: String!

  override func setUp() {
    folder = NSTemporaryDirectory() + "mtm-hashes-\(UUID().uuidString)"
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func testAnUnchangedPhotoIsNotReadAgainAndAChangedOneIs() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/Ada.jpg"
    try Data("ada's face".utf8).write(to: URL(fileURLWithPath: path))
    let photos = [
      History.Photo(name: "Ada", path: FilePath(path), file: "Ada.jpg")
    ]
    let history = try History(folder: folder + "/data")
    let first = try history.people(photos, roster: key("club"))
    let real = History.contentHash(of: FilePath(path)).text
    // The recorded hash stands in for the file as long as the file is the same one: a
    // launch that took it reads nothing.
    let recorded = String(repeating: "5eed", count: 16)
    let database = try DatabaseQueue(path: folder + "/data/" + History.fileName)
    try database.write { db in
      try db.execute(sql: "UPDATE photoFile SET hash = ?", arguments: [recorded])
      XCTAssertEqual(try String.fetchOne(db, sql: "SELECT photoHash FROM person"), real)
    }
    let second = try history.people(photos, roster: key("club"))
    XCTAssertEqual(second.map(\.id), first.map(\.id))
    try database.read { db in
      XCTAssertEqual(try String.fetchOne(db, sql: "SELECT photoHash FROM person"), recorded)
    }
    // A file written again is read again.
    try Data("ada's new face".utf8).write(to: URL(fileURLWithPath: path))
    _ = try history.people(photos, roster: key("club"))
    try database.read { db in
      XCTAssertEqual(
        try String.fetchOne(db, sql: "SELECT photoHash FROM person"),
        History.contentHash(of: FilePath(path)).text)
    }
    // A photo that leaves the roster leaves the record.
    _ = try history.people([], roster: key("club"))
    try database.read { db in
      XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM photoFile"), 0)
    }
  }

  /// The records are read in path order beside the photos: each photo finds its own among
  /// other rosters' records, and only the roster's own records of files it lost are forgotten.
  func testEachPhotoFindsItsRecordAmongOtherRostersAndOnlyTheRostersOwnAreForgotten() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    func photos(_ names: [String]) throws -> [History.Photo] {
      try names.map { name in
        let path = folder + "/\(name).jpg"
        try Data("\(name)'s face".utf8).write(to: URL(fileURLWithPath: path))
        return History.Photo(name: name, path: FilePath(path), file: "\(name).jpg")
      }
    }
    let one = try photos(["e", "a", "c"])
    let two = try photos(["d", "b"])
    let history = try History(folder: folder + "/data")
    _ = try history.people(one, roster: key("one"))
    _ = try history.people(two, roster: key("two"))
    let database = try DatabaseQueue(path: folder + "/data/" + History.fileName)
    try database.write { db in
      // Each file's own value, unlike any photo's: the last 32 bytes of its path.
      try db.execute(sql: "UPDATE photoFile SET hash = lower(substr(hex(path), -64))")
    }
    _ = try history.people(one, roster: key("one"))
    try database.read { db in
      let hashes = try Row.fetchAll(
        db,
        sql:
          "SELECT name, photoHash, (SELECT hash FROM photoFile WHERE path = CAST(? || file AS BLOB)) FROM person WHERE roster = ? ORDER BY name",
        arguments: [folder + "/", key("one").identity])
      XCTAssertEqual(hashes.map { $0[0] as String }, ["a", "c", "e"])
      for row in hashes {
        XCTAssertEqual(row[1] as String?, row[2] as String?, "\(row[0] as String)'s recorded hash")
        let name = row[0] as String
        XCTAssertTrue(
          (row[1] as String).hasSuffix(
            Data("/\(name).jpg".utf8).map { String(format: "%02x", $0) }.joined()),
          "\(name)'s hash is the one recorded for its path")
      }
    }
    _ = try history.people(Array(one.prefix(2)), roster: key("one"))
    let kept = try database.read { db in
      try Data.fetchAll(db, sql: "SELECT path FROM photoFile ORDER BY path")
        .map { String(decoding: $0, as: UTF8.self) }
    }
    XCTAssertEqual(kept, ["a", "b", "d", "e"].map { folder + "/\($0).jpg" })
  }
}
