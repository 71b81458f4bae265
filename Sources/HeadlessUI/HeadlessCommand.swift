import AppCore
import Foundation
import GameEngine

/// A line of the headless front end's input: one JSON object whose "do" names the command.
/// A line that is not a command decodes to an error whose message says what is wrong, and
/// the game answers it with an `error` event.
enum HeadlessCommand: Decodable, Equatable {
  /// Whom a `start` plays: everyone, or a group named as `--group` names it.
  enum Group: Equatable {
    case everyone
    case named(String)
  }

  case start(mode: PlayMode?, group: Group?)
  /// An option, 1 to 4.
  case answer(option: Int)
  /// A name typed, for a question whose name is typed.
  case type(text: String)
  /// Moves the virtual clock on.
  case wait(seconds: Double)
  case pause
  case resume
  case next
  case stats
  case people(order: PeopleList.Order)
  case forget
  case quit

  /// Why a line is not a command, in one line.
  struct Error: Swift.Error, Equatable {
    var message: String
  }

  static let names =
    "start, answer, type, wait, next, pause, resume, stats, people, forget or quit"

  /// The command on `line`, or why there is none.
  static func parse(_ line: String) -> Result<HeadlessCommand, Error> {
    do {
      return .success(try JSONDecoder().decode(HeadlessCommand.self, from: Data(line.utf8)))
    } catch let error as Error {
      return .failure(error)
    } catch {
      return .failure(Error(message: "not a JSON object: \(line.prefix(80))"))
    }
  }

  private enum Key: String, CodingKey {
    case `do`, mode, group, option, seconds, order, text
  }

  init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: Key.self)
    guard let name = try? object.decode(String.self, forKey: .do) else {
      throw Error(message: "a command needs \"do\": \(Self.names)")
    }
    switch name {
    case "start":
      var mode: PlayMode?
      if object.contains(.mode) {
        guard let chosen = (try? object.decode(String.self, forKey: .mode)).flatMap(PlayMode.init)
        else { throw Error(message: "start takes \"mode\": quiz, learn or drill") }
        mode = chosen
      }
      var group: Group?
      if object.contains(.group) {
        if try object.decodeNil(forKey: .group) {
          group = .everyone
        } else {
          // Any other value is refused by name, with the roster's groups (see the player).
          group = .named((try? object.decode(String.self, forKey: .group)) ?? "")
        }
      }
      self = .start(mode: mode, group: group)
    case "answer":
      let count = QuestionGenerator.optionCount
      guard let option = try? object.decode(Int.self, forKey: .option), (1...count).contains(option)
      else { throw Error(message: "answer needs \"option\": 1 to \(count)") }
      self = .answer(option: option)
    case "type":
      guard let text = try? object.decode(String.self, forKey: .text) else {
        throw Error(
          message: "type needs \"text\": the name typed (\(TextField.limit) characters at most)")
      }
      guard text.count <= TextField.limit else {
        throw Error(
          message: "type's \"text\" has \(text.count) characters: a name typed has "
            + "\(TextField.limit) at most")
      }
      // As on screen, where a control key types nothing: kept, one would reach the history
      // (and a terminal that prints it) as it came.
      if let control = TextField.firstControl(in: text) {
        throw Error(
          message: "type's \"text\" holds a control character "
            + "(U+\(String(format: "%04X", control.value))): a name typed has none")
      }
      self = .type(text: text)
    case "wait":
      guard let seconds = try? object.decode(Double.self, forKey: .seconds), seconds.isFinite,
        (0...86_400).contains(seconds)
      else { throw Error(message: "wait needs \"seconds\": 0 to 86400") }
      self = .wait(seconds: seconds)
    case "people":
      var order = PeopleList.Order.name
      if object.contains(.order) {
        switch try? object.decode(String.self, forKey: .order) {
        case "name": order = .name
        case "weakest": order = .weakest
        default: throw Error(message: "people takes \"order\": name or weakest")
        }
      }
      self = .people(order: order)
    case "pause": self = .pause
    case "resume": self = .resume
    case "next": self = .next
    case "stats": self = .stats
    case "forget": self = .forget
    case "quit": self = .quit
    default: throw Error(message: "unknown command \(name): \(Self.names)")
    }
  }
}
