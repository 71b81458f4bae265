import Foundation
import SystemPackage
import XCTest

@testable import History

/// A temporary folder of roster folders, for the tests of rosters' identities and claims. It
/// has no tests of its own (a subclass would run them again).
class RosterFolderTestCase: XCTestCase {
  var folder: String!

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "mtm-rosters-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The photos `names` in the folder `sub`, each its own picture (the same in every folder).
  func photos(_ names: [String], in sub: String) throws -> [History.Photo] {
    let dir = folder + "/" + sub
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return try names.map { name in
      let path = dir + "/\(name).jpg"
      try Data("\(name)'s face".utf8).write(to: URL(fileURLWithPath: path))
      return History.Photo(name: name, path: FilePath(path), file: "\(name).jpg")
    }
  }
}
