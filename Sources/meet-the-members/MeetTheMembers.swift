import ArgumentParser
import GameEngine

@main
struct MeetTheMembers: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "meet-the-members",
    abstract: "Learn the names of everyone in your club, team or class.",
    discussion: """
      Shows a member's photo in the terminal with four names to choose from; you have a few \
      seconds to pick the right one.
      """,
    version: version
  )

  @Option(help: "Seed for the order of questions; the same seed plays the same game.")
  var seed: UInt64?

  @Option(help: ArgumentHelp("Seconds to answer each question.", valueName: "seconds"))
  var answerSeconds: Double = 5

  @Option(help: ArgumentHelp("Seconds the correct name stays on screen.", valueName: "seconds"))
  var revealSeconds: Double = 2

  func validate() throws {
    try GameOptions.validate(answerSeconds: answerSeconds, revealSeconds: revealSeconds)
  }

  func run() throws {
    let rules = GameOptions.rules(answerSeconds: answerSeconds, revealSeconds: revealSeconds)
    print(
      "meet-the-members \(Self.version): \(rules.answerTime) to answer, "
        + "\(rules.revealTime) to read the answer. The game screen comes with the next release."
    )
  }
}
