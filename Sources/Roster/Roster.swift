import Foundation
import GameEngine
import Pictures
import SystemPackage

/// A member found in the roster folder, with the photo to show.
public struct RosterEntry: Hashable, Sendable {
  public let member: Member
  /// The photo's path, to open it.
  public let path: FilePath
  /// The photo's path inside the roster folder.
  public let file: String
  /// The name as the player types it: the member's name without the label that tells it
  /// apart from another's ("Bob Jones" for "Bob Jones (2)").
  public let typedName: String

  init(member: Member, path: FilePath, file: String, typedName: String? = nil) {
    self.member = member
    self.path = path
    self.file = file
    self.typedName = typedName ?? member.name
  }
}

/// Something in the roster folder the player should know about, naming the file.
public struct RosterWarning: Hashable, Sendable, CustomStringConvertible {
  /// The file's path inside the roster folder, as found (may hold control characters).
  public let file: String
  public let message: String
  /// Whether the file (or folder) is left out of the game; false for one that plays, or
  /// `members.csv`, of which something is worth saying.
  public let skipsFile: Bool

  public init(file: String, message: String, skipsFile: Bool = true) {
    self.file = file
    self.message = message
    self.skipsFile = skipsFile
  }

  /// One line, safe for a terminal: control characters in the file name are escaped.
  public var description: String {
    "\(TerminalText.escapingControls(file)): \(message)"
  }
}

extension Roster {
  /// The warnings, the files skipped first (in the order found), then the others.
  public var warningsSkippedFirst: [RosterWarning] {
    warnings.filter(\.skipsFile) + warnings.filter { !$0.skipsFile }
  }
}

/// The roster folder cannot be played from.
public enum RosterError: Error, Hashable, Sendable, CustomStringConvertible {
  case missing(String)
  case notAFolder(String)
  /// The folder cannot be listed; the reason as the C library gives it ("permission denied").
  case unreadable(String, String)

  public var description: String {
    switch self {
    case .missing(let path):
      "\(TerminalText.escapingControls(path)): no such folder"
    case .notAFolder(let path):
      "\(TerminalText.escapingControls(path)): not a folder (give the folder that holds the photos)"
    case .unreadable(let path, let reason):
      "\(TerminalText.escapingControls(path)): the folder cannot be read: \(reason)"
    }
  }
}

/// The members of a club as found in its folder of photos.
public struct Roster: Hashable, Sendable {
  /// The folder, as given.
  public let folder: String
  /// What the player calls the roster: the folder as given, or the club and version its
  /// server names.
  public var title: String
  /// The roster's name: the folder's own name, or the club's name from its server (the same
  /// whatever version the cache holds).
  public var name: String
  /// The manifest's URL, for a club's roster fetched from its server; nil for a folder. The
  /// history knows a roster by it (else by the folder's real path).
  public var serverURL: String?
  /// The roster's version as its server names it; nil for a folder.
  public var version: String?
  /// Where the club collects its players' scores (its manifest's `scores-url`); nil when it
  /// does not, and for a folder.
  public var scoresURL: URL?
  /// Where the roster came from, when the player should know: the server could not be used
  /// and the cached version plays.
  public var notice: String?
  /// Members in a stable order (by file path).
  public private(set) var entries: [RosterEntry]
  /// Files skipped and names worth a second look, one line each.
  public private(set) var warnings: [RosterWarning]

  public var members: [Member] { entries.map(\.member) }

  /// The file name of the optional `members.csv` in the roster folder.
  public static let membersCSVName = "members.csv"

  init(folder: String, entries: [RosterEntry], warnings: [RosterWarning]) {
    self.folder = folder
    title = folder
    name = (folder as NSString).lastPathComponent
    self.entries = entries
    self.warnings = warnings
  }

  /// The members as a person reads a roster: by name in the user's locale, case and accents
  /// folded ("Émile" between "Anna" and "Zoë"), and by file where names are the same.
  public var entriesByName: [RosterEntry] {
    let locale = Locale.current
    return entries.sorted { left, right in
      switch left.member.name.compare(
        right.member.name, options: [.caseInsensitive, .diacriticInsensitive], locale: locale)
      {
      case .orderedAscending: true
      case .orderedDescending: false
      case .orderedSame: left.file < right.file
      }
    }
  }

  /// Takes a member out of play because their photo turned out to be unusable.
  public mutating func withdraw(_ id: MemberID, because error: PictureError) {
    guard let index = entries.firstIndex(where: { $0.member.id == id }) else { return }
    warnings.append(RosterWarning(file: entries[index].file, message: "\(error)"))
    entries.remove(at: index)
  }

  /// Decodes every photo fully and takes out of play those that fail: `--check` does this,
  /// since a file can have a sound header and broken image data.
  public mutating func verifyEveryPhoto(limits: DecodeLimits = .standard) {
    for entry in entries {
      do {
        _ = try PictureFile.decode(
          entry.path, size: .atLeast(PixelSize(width: 1, height: 1)), limits: limits)
      } catch let error as PictureError {
        withdraw(entry.member.id, because: error)
      } catch {
        withdraw(entry.member.id, because: .damaged("\(error)"))
      }
    }
  }
}
