import Foundation
import GameEngine
import Pictures

extension Roster {
  /// Finds the members in `folder`: one photo each, named by the file name or the manifest.
  /// Only headers are read, so this costs a little per file whatever the photos' size.
  /// Unusable files are skipped with a warning; clutter is skipped silently.
  public static func load(_ folder: String, limits: DecodeLimits = .standard) throws -> Roster {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      throw RosterError.missing(folder)
    }
    guard isFolder.boolValue else { throw RosterError.notAFolder(folder) }

    let (found, walkWarnings) = try FolderWalk.walk(folder)
    var warnings = walkWarnings
    var manifest: Manifest?
    if let file = found.first(where: {
      $0.group == nil && $0.relativePath.lowercased() == manifestName
    }) {
      manifest = Manifest(path: String(decoding: file.absolutePath), fileName: file.relativePath)
      warnings += manifest?.warnings ?? []
    }

    var entries: [RosterEntry] = []
    for file in found.sorted(by: { $0.relativePath < $1.relativePath }) {
      switch PhotoKind(fileName: file.fileName) {
      case .other:
        continue
      case .unsupported(let format):
        warnings.append(
          RosterWarning(
            file: file.relativePath, message: "\(format) images are not supported (use JPEG or PNG)"
          ))
        continue
      case .photo:
        break
      }
      do {
        _ = try PictureFile.readHeader(file.absolutePath, limits: limits)
      } catch {
        warnings.append(RosterWarning(file: file.relativePath, message: "\(error)"))
        continue
      }
      let row = manifest?.row(for: file.relativePath)
      let name = row?.name ?? DisplayName.fromFileName(file.fileName)
      guard !name.isEmpty else {
        warnings.append(
          RosterWarning(
            file: file.relativePath,
            message: "the file name gives no name: name the member in \(manifestName)"))
        continue
      }
      let group = row?.group ?? file.group.map(DisplayName.clean)
      let member = Member(id: MemberID(file.relativePath), name: name, group: group)
      entries.append(RosterEntry(member: member, path: file.absolutePath, file: file.relativePath))
    }

    for row in manifest?.unused ?? [] {
      warnings.append(
        RosterWarning(
          file: manifestName, message: "line \(row.line): no usable photo called \(row.file)"))
    }
    warnings += duplicateNameWarnings(entries)
    return Roster(folder: folder, entries: entries, warnings: warnings)
  }

  /// One warning per name shared by several members: both are kept, but the player should
  /// know why two buttons can never both appear.
  private static func duplicateNameWarnings(_ entries: [RosterEntry]) -> [RosterWarning] {
    var byName: [NameKey: [RosterEntry]] = [:]
    var order: [NameKey] = []
    for entry in entries {
      let key = entry.member.nameKey
      if byName[key] == nil { order.append(key) }
      byName[key, default: []].append(entry)
    }
    return order.compactMap { key in
      guard let same = byName[key], same.count > 1 else { return nil }
      let others = same.dropFirst().map(\.file).map(TerminalText.escapingControls)
      return RosterWarning(
        file: same[0].file,
        message:
          "\(same.count) members are called \(same[0].member.name) (also \(others.joined(separator: ", "))); "
          + (same.count == 2 ? "both are kept" : "all are kept"))
    }
  }
}
