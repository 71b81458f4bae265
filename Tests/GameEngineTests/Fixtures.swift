import GameEngine
import XCTest

/// A roster of `count` members called "Member 1", "Member 2", ...
func club(_ count: Int) -> [Member] {
  (1...count).map { Member(id: MemberID("m\($0)"), name: "Member \($0)") }
}

func members(_ names: [String]) -> [Member] {
  names.enumerated().map { Member(id: MemberID("m\($0.offset + 1)"), name: $0.element) }
}

func makeGame(
  members: [Member] = club(6), seed: UInt64 = 1, rules: Rules = .standard
) -> Session {
  Session(questions: try! QuestionGenerator(members: members, seed: seed), rules: rules)
}

/// A game already on its first question, started at instant zero.
func gameOnFirstQuestion(rules: Rules = .standard, seed: UInt64 = 1) -> Session {
  var game = makeGame(seed: seed, rules: rules)
  game.play(.startPressed, at: .zero)
  return game
}

extension Session {
  /// Handles an event and, when that leaves a question loading, shows its face at the same
  /// instant, as a front end whose pictures are ready does.
  @discardableResult
  mutating func play(_ event: Event, at now: Instant) -> [Transition] {
    var transitions = handle(event, at: now)
    switch state.phase {
    case .loading: transitions += handle(.faceShown, at: now)
    case .introducing(let introduction) where introduction.shownAt == nil:
      transitions += handle(.faceShown, at: now)
    default: break
    }
    return transitions
  }

  /// Answers the question on screen right a second after `now`, lets its reveal end two
  /// seconds later, and moves `now` on to then; returns the question answered.
  @discardableResult
  mutating func answerRight(at now: inout Instant) -> Question? {
    guard let question = state.phase.question else { return nil }
    now = now + .seconds(1)
    play(question.rightAnswer, at: now)
    now = now + .seconds(2)
    play(.clockTicked, at: now)
    return question
  }

  var answering: Answering? {
    if case .answering(let answering) = state.phase { return answering }
    return nil
  }

  var reveal: Reveal? {
    if case .revealing(let reveal) = state.phase { return reveal }
    return nil
  }

  var paused: Paused? {
    if case .paused(let paused) = state.phase { return paused }
    return nil
  }

  var correctIndex: Int { state.phase.question!.correctIndex }
  var wrongIndex: Int { (correctIndex + 1) % 4 }
}

/// Everything a session shows of itself, as one value: a test that says "nothing changed"
/// or "this is the session now" compares all of it, not one field.
struct SessionSnapshot: Equatable {
  var state: State
  var results: [QuestionResult]
  var now: Instant
  var memories: Memories
  var nextChange: Instant?
  var upcomingMember: MemberID
  var membersInPlay: Int
  var group: String?

  init(_ session: Session) {
    state = session.state
    results = session.results
    now = session.now
    memories = session.memories
    nextChange = session.nextChange
    upcomingMember = session.upcomingMember
    membersInPlay = session.membersInPlay
    group = session.group
  }
}

extension Question {
  /// The event that answers this question right, as it is asked: the right name chosen, or
  /// typed.
  var rightAnswer: Event {
    kind == .typing
      ? .answerTyped(member.name, spelling: member.name) : .answerChosen(correctIndex)
  }

  /// An event that answers it wrong: the next option's name, chosen or typed.
  var wrongAnswer: Event {
    let index = (correctIndex + 1) % options.count
    let other = options[index].name
    return kind == .typing ? .answerTyped(other, spelling: other) : .answerChosen(index)
  }
}
