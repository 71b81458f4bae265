import ArgumentParser
import Foundation
import GameEngine
import History
import Pictures
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

@main
struct FixtureMaker: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fixture-maker",
    abstract: "Draws the bundled sample club and the photos the benchmarks use.",
    subcommands: [SampleClub.self, BenchPhotos.self, BenchHistory.self])
}

struct SampleClub: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sample-club", abstract: "Draws the sample club's portraits as PNG files.")

  @Argument(help: "The folder to write the portraits to.")
  var folder: String

  func run() throws {
    try makeFolder(folder)
    for portrait in sampleClub {
      try PictureFile.writePNG(
        portrait.draw().image(), to: FilePath("\(folder)/\(portrait.fileName)"))
    }
    print("\(sampleClub.count) portraits in \(folder)")
  }
}

struct BenchPhotos: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-photos",
    abstract:
      "Writes phone JPEGs of 4000x3000 and 6000x4000, PNGs of 600x600 and 6000x6000, and a folder of 10,000 photos."
  )

  @Argument(help: "The folder to write them to.")
  var folder: String

  @Option(help: "How many photos the roster folder gets.")
  var rosterSize = 10_000

  func run() throws {
    try makeFolder(folder)
    let portrait = sampleClub[2].draw(size: 1024)

    // A phone photo: stored sideways with an orientation tag and a thumbnail-sized EXIF block.
    let phone = portrait.image(width: 4000, height: 3000, grain: 10)
    let jpeg = try PictureFile.encodeJPEG(phone, quality: 90)
    let tagged = PictureFile.addingEXIF(to: jpeg, orientation: .right, padding: 24_000)
    try PictureFile.writeBytes(tagged, to: FilePath("\(folder)/phone-4000x3000.jpg"))

    try PictureFile.writePNG(
      sampleClub[0].draw(size: 600).image(grain: 6), to: FilePath("\(folder)/portrait-600x600.png"))

    // The largest photos a club might hand over: a camera's 6000x4000 JPEG (upright) and a
    // 6000x6000 PNG export, drawn at 1024 and enlarged, with grain so that they do not
    // compress to nothing.
    let large = sampleClub[3].draw(size: 1024)
    try PictureFile.writeJPEG(
      large.image(width: 6000, height: 4000, grain: 8),
      to: FilePath("\(folder)/phone-6000x4000.jpg"),
      quality: 92)
    try PictureFile.writePNG(
      large.image(width: 6000, height: 6000, grain: 4),
      to: FilePath("\(folder)/portrait-6000x6000.png"))

    let roster = "\(folder)/roster-\(rosterSize)"
    try makeFolder(roster)
    let small = try PictureFile.encodeJPEG(sampleClub[5].draw(size: 160).image(grain: 4))
    let smallPhone = PictureFile.addingEXIF(to: small, orientation: .up, padding: 24_000)
    for index in 1...rosterSize {
      // Each photo its own, as a club's are (the history hashes each): a comment segment
      // (COM) after the start of image names the member.
      let comment = Array("Member \(index)".utf8)
      let length = comment.count + 2
      let segment = [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment
      let photo = Array(smallPhone.prefix(2)) + segment + smallPhone.dropFirst(2)
      try PictureFile.writeBytes(photo, to: FilePath("\(roster)/Member \(index).jpg"))
    }
    print("bench photos in \(folder)")
  }
}

struct BenchHistory: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-history",
    abstract:
      "Fills a history for a roster with recorded answers, timing each recording; prints the "
      + "median and 99th percentile in ms.")

  @Argument(help: "The data folder (--data-dir) to fill.")
  var folder: String

  @Argument(help: "The roster folder whose people answer.")
  var roster: String

  @Option(help: "How many answers to record.")
  var answers = 100_000

  @Option(help: "How many of them, from the first, are timed.")
  var timed = 2_000

  func run() throws {
    let history = try History(folder: folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: roster).filter {
      $0.hasSuffix(".png") || $0.hasSuffix(".jpg")
    }.sorted()
    let photos = files.map { file in
      let name = String(file.prefix { $0 != "." })
      return History.Photo(name: name, path: FilePath("\(roster)/\(file)"), file: file)
    }
    let key = RosterKey.folder(roster)
    let people = try history.people(photos, roster: key).map(\.id).sorted()
    guard !people.isEmpty else { throw ValidationError("no photos in \(roster)") }
    var times: [Double] = []
    // A player whose memory is the default model answers someone chosen at random every 5 s,
    // in sittings of 200 answers a day apart: right with the chance the model gives (or a
    // guess among four, and after a slip, as the fit takes one answer in fifty to be), as the
    // game would take each answer in.
    let model = MemoryModel.standard
    var random = SeededGenerator(seed: 2026)
    var memories: [Int64: (memory: MemoryState, last: Double)] = [:]
    var time = Date().timeIntervalSince1970 - Double(answers / 200 + 1) * 86_400
    for index in 0..<answers {
      let person = people.randomElement(using: &random)!
      let before = memories[person]
      let days = before.map { (time - $0.last) / 86_400 }
      let recall = before.map { model.recall(of: $0.memory, afterDays: days!) } ?? 0
      let slipped = Double.random(in: 0..<1, using: &random) < MemoryFit.slip
      let knew = !slipped && Double.random(in: 0..<1, using: &random) < recall
      let right = knew || Double.random(in: 0..<4, using: &random) < 1
      let seconds = knew ? 1.5 : 3.5
      let memory = model.answered(
        before?.memory, right: right, grade: seconds <= 2.5 ? .good : .hard, afterDays: days,
        options: 4)
      memories[person] = (memory, time)
      let answer = History.Answer(
        person: person, roster: key.identity, mode: "learn",
        outcome: right ? .correct : .wrong, chosen: "Someone", seconds: seconds,
        answeredAt: time)
      time += index % 200 == 199 ? 86_400 - 995 : 5
      let began = DispatchTime.now().uptimeNanoseconds
      try history.record(answer, memory: memory, grade: 3)
      if index < timed {
        times.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
      }
    }
    times.sort()
    let percentile = { (share: Double) in
      times[min(times.count - 1, Int(share * Double(times.count)))]
    }
    print(
      String(
        format: "record an answer: p50 %.3f ms, p99 %.3f ms over %d (history of %d answers)",
        percentile(0.5), percentile(0.99), times.count, answers))
  }
}

private func makeFolder(_ path: String) throws {
  guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
    throw ValidationError("cannot create \(path): \(String(cString: strerror(errno)))")
  }
}
