#if canImport(Glibc)
  import Glibc
#endif

/// Where the bundled sample club is, found from where the running binary is and nothing
/// compiled in: beside an installed binary (`PREFIX/bin` and
/// `PREFIX/share/meet-the-members/sample-club`), else in the source tree whose build folder
/// holds the binary (`swift run`, `make run` and the tests, from any working directory). A
/// copy of the binary elsewhere finds neither and says where it looked.
package enum SampleClub {
  static let installedPath = "share/meet-the-members/sample-club"
  static let sourcePath = "Resources/sample-club"

  package static func folder() throws(CommandError) -> String {
    guard let executable = executablePath() else {
      throw CommandError(
        "cannot tell where this program is, so not where the sample club is: give a roster folder")
    }
    let places = candidates(besideExecutable: executable)
    guard let folder = places.first(where: isFolder) else {
      throw CommandError(
        "the sample club is not installed beside this program (looked in "
          + places.joined(separator: " and ") + "): give a roster folder")
    }
    return folder
  }

  /// Where the sample club may be for a binary at `executable`, in the order to look.
  static func candidates(besideExecutable executable: String) -> [String] {
    let folder = parent(of: executable)
    var places = [join(parent(of: folder), installedPath)]
    // The nearest folder above the binary with a Package.swift: the binary's own package,
    // whatever its build folder is called (`.build`, `--scratch-path`).
    var ancestor = folder
    while true {
      if isFile(join(ancestor, "Package.swift")) {
        places.append(join(ancestor, sourcePath))
        break
      }
      let up = parent(of: ancestor)
      if up == ancestor { break }
      ancestor = up
    }
    return places
  }

  private static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  private static func isFolder(_ path: String) -> Bool {
    fileType(path) == S_IFDIR
  }

  private static func isFile(_ path: String) -> Bool {
    fileType(path) == S_IFREG
  }

  private static func fileType(_ path: String) -> mode_t? {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
  }
}
