#if canImport(Glibc)
  import Glibc
#endif

/// Where the bundled sample club is: beside an installed binary
/// (`PREFIX/share/meet-the-members/sample-club`), else in the source tree it was built from, so
/// `make run` works from any working directory.
enum SampleClub {
  static func folder() -> String? {
    var candidates: [String] = []
    if let executable = executablePath() {
      let bin = parent(of: executable)
      candidates.append(parent(of: bin) + "/share/meet-the-members/sample-club")
    }
    // Sources/meet-the-members/SampleClub.swift -> the package root.
    let root = parent(of: parent(of: parent(of: #filePath)))
    candidates.append(root + "/Resources/sample-club")
    return candidates.first { isFolder($0) }
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

  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}
