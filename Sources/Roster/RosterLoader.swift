import Foundation
import GameEngine
import Pictures

extension Roster {
  /// Finds the members in `folder`: one photo each, named by the file name or `members.csv`.
  /// Only headers are read, so this costs a little per file whatever the photos' size.
  /// Unusable files are skipped with a warning; clutter is skipped silently.
  public static func load(_ folder: String, limits: DecodeLimits = .standard) throws -> Roster {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
      // A link that leads back to itself, a folder on the way that may not be searched, or a
      // link to nothing is not a folder that does not exist: said as it is.
      var status = stat()
      if stat(folder, &status) != 0, errno != ENOENT {
        throw RosterError.unreadable(folder, systemErrorText(errno))
      }
      if lstat(folder, &status) == 0,
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder)
      {
        throw RosterError.unreadable(
          folder, "it is a link to \(TerminalText.escapingControls(target)), which is not there")
      }
      throw RosterError.missing(folder)
    }
    guard isFolder.boolValue else { throw RosterError.notAFolder(folder) }

    let (found, walkWarnings) = try FolderWalk.walk(folder)
    var warnings = walkWarnings
    var membersCSV: MembersCSV?
    if let file = found.first(where: {
      $0.group == nil && $0.relativePath.lowercased() == membersCSVName
    }) {
      membersCSV = MembersCSV(
        path: String(decoding: file.absolutePath), fileName: file.relativePath)
      warnings += membersCSV?.warnings ?? []
    }

    var entries: [RosterEntry] = []
    // Room for every file at once: doubling would leave up to half of it unused, for good.
    entries.reserveCapacity(found.count)
    for file in found.sorted(by: { $0.relativePath < $1.relativePath }) {
      // Made once a file: a roster of 10,000 reads it three times.
      let fileName = file.fileName
      switch PhotoKind(fileName: fileName) {
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
      let row = membersCSV?.row(for: file.relativePath)
      let name = row?.name ?? DisplayName.fromFileName(fileName)
      guard !name.isEmpty else {
        warnings.append(
          RosterWarning(
            file: file.relativePath,
            message: "the file name gives no name: name the member in \(membersCSVName)"))
        continue
      }
      // A phone's or a camera's own file name ("IMG_0042.jpg") plays, named as it is, and is
      // said: the club meant to name the member.
      if row == nil, DisplayName.isCameraFileName(fileName) {
        warnings.append(
          RosterWarning(
            file: file.relativePath,
            message:
              "named as a camera names its photos, so it plays as \(name): name the member in "
              + "the file's name or in \(membersCSVName)", skipsFile: false))
      }
      let group = row?.group ?? file.group.map(DisplayName.clean)
      let member = Member(id: MemberID(file.relativePath), name: name, group: group)
      entries.append(RosterEntry(member: member, path: file.absolutePath, file: file.relativePath))
    }

    for row in membersCSV?.unused ?? [] {
      warnings.append(
        RosterWarning(
          file: membersCSVName, message: "line \(row.line): no usable photo called \(row.file)",
          skipsFile: false))
    }
    warnings += tellApartSameNames(&entries)
    return Roster(folder: folder, entries: entries, warnings: warnings)
  }

  /// Gives members who share a name (as `NameKey` compares them) names that tell them apart:
  /// their group after the name, "Alex Kim (recruits)", when each is in a group of their own,
  /// else a number, "Alex Kim (2)", in the order of their files. Warns once per such name, so
  /// that the club can give better names in `members.csv`.
  private static func tellApartSameNames(_ entries: inout [RosterEntry]) -> [RosterWarning] {
    var byName: [NameKey: [Int]] = [:]
    var order: [NameKey] = []
    for (index, entry) in entries.enumerated() {
      let key = entry.member.nameKey
      if byName[key] == nil { order.append(key) }
      byName[key, default: []].append(index)
    }
    var taken = Set(byName.keys)
    var warnings: [RosterWarning] = []
    for key in order {
      guard let same = byName[key], same.count > 1 else { continue }
      let name = entries[same[0]].member.name
      let groups = same.compactMap { entries[$0].member.group }
      let byGroup = groups.count == same.count && Set(groups).count == same.count
      var number = 0
      var shown: [String] = []
      for index in same {
        var label: String
        if byGroup, let group = entries[index].member.group {
          label = "\(name) (\(group))"
        } else {
          repeat {
            number += 1
            label = "\(name) (\(number))"
          } while taken.contains(NameKey(label))
        }
        taken.insert(NameKey(label))
        shown.append(label)
        let member = entries[index].member
        // Typed, their name is their name: the label only tells them apart on buttons.
        entries[index] = RosterEntry(
          member: Member(
            id: member.id, name: label, group: member.group, spelling: member.name,
            labelled: label),
          path: entries[index].path, file: entries[index].file, typedName: member.name)
      }
      let others = same.dropFirst().map { TerminalText.escapingControls(entries[$0].file) }
      warnings.append(
        RosterWarning(
          file: entries[same[0]].file,
          message:
            "\(same.count) members are called \(name) (also \(others.joined(separator: ", "))); "
            + "shown as \(shown.joined(separator: ", "))", skipsFile: false))
    }
    return warnings
  }
}
