import ArgumentParser
import CPNG
import PictureFuzzing
import Pictures
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Replays inputs through the photo readers and writes the seed corpus. Built by `make fuzz`
/// (with -sanitize=fuzzer,address and FUZZING), this program is libFuzzer itself instead: see
/// LibFuzzer.swift.
#if !FUZZING
  @main
  struct FuzzPictures: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fuzz-pictures",
      abstract: "Replays inputs through the photo readers and writes the seed corpus.",
      subcommands: [Replay.self, Seeds.self])
  }
#endif

extension FuzzTarget: ExpressibleByArgument {}

struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Runs each file through a target once and prints what the readers made of it.")

  @Argument(help: "exif, header, jpeg or png.")
  var target: FuzzTarget

  @Argument(help: "The inputs.")
  var files: [String]

  func run() throws {
    for file in files {
      let bytes = try Input.read(FilePath(file))
      print("\(file): \(bytes.withUnsafeBytes { target.run($0) })")
    }
  }
}

struct Seeds: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Writes the seed corpus: the kinds of photo the tests make, one folder a target.")

  @Argument(help: "The folder to fill.")
  var folder: String

  @Option(help: "A photo file to add to the seeds of every target that reads its format.")
  var add: [String] = []

  func run() throws {
    let root = FilePath(folder)
    mkdir(root.string, 0o755)
    var photos = try SeedPhotos.made(scratch: root)
    for file in add {
      photos.append((FilePath(file).lastComponent?.string ?? file, try Input.read(FilePath(file))))
    }
    for target in FuzzTarget.allCases {
      let directory = root.appending(target.rawValue)
      mkdir(directory.string, 0o755)
      for (name, bytes) in photos where target.reads(bytes) {
        try PictureFile.writeBytes(bytes, to: directory.appending(name))
      }
    }
  }
}

extension FuzzTarget {
  /// Whether the seed is of the format the target reads.
  func reads(_ bytes: [UInt8]) -> Bool {
    let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
    switch self {
    case .header: return true
    case .png: return isPNG
    case .exif, .jpeg: return !isPNG
    }
  }
}

enum Input {
  static func read(_ path: FilePath) throws -> [UInt8] {
    let descriptor = try FileDescriptor.open(path, .readOnly)
    return try descriptor.closeAfter {
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        if count == 0 { return bytes }
        bytes += chunk[..<count]
      }
    }
  }
}
