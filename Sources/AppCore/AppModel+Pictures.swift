import GameEngine
import Pictures

/// The pictures the model asks for and the ones it shows. A picture is asked for once: its
/// slot holds it as loading until it comes. The store that makes them (`PictureStore`) joins
/// a prefetch and the same picture wanted on screen, and remembers the photos that fail.
struct PictureSlots: Hashable, Sendable {
  /// A member's picture for a box: asked for (loading), ready, or failed.
  struct Held: Hashable, Sendable {
    var member: MemberID
    var box: CellSize
    var slot: PictureSlot
  }

  /// The picture of the member on screen.
  var onScreen: Held?
  /// Faces beside it or in its place (the finished scene's, a question of faces'), by member.
  var faces: [MemberID: Held] = [:]
  /// The last next-question pictures asked for: its face, or the four of a question of faces.
  var prefetched: [PictureRequest] = []
}

/// A photo that failed in the game, said on the quiz screen ("Left out: m.jpg: damaged")
/// from when it failed through the next question posed and its reveal.
enum LeftOut: Hashable, Sendable {
  /// No question posed since: said on the one on screen, if any, and the next.
  case waiting(String)
  /// Said through the question on screen, which is the next one.
  case onQuestion(String)

  /// The line on the quiz screen.
  var notice: String {
    switch self {
    case .waiting(let warning), .onQuestion(let warning): "Left out: \(warning)"
    }
  }

  /// What is left of it once a question is posed.
  var posed: LeftOut? {
    switch self {
    case .waiting(let warning): .onQuestion(warning)
    case .onQuestion: nil
    }
  }
}

extension AppModel {
  /// A photo that failed to decode: its member leaves the game (the question about them
  /// gives way to the next, under its number), the quiz screen says so ("Left out: ...") and
  /// the start screen lists the file. When the game cannot spare them (fewer than four names
  /// would be left) their question stays and says why there is no picture.
  mutating func pictureFailed(
    _ request: PictureRequest, file: String, reason: String, at now: Instant,
    into step: inout Step
  ) {
    let asked = session.state.phase.question
    tell(.memberWithdrawn(request.member), at: now, into: &step)
    if !session.isInPlay(request.member) {
      let warning = "\(file): \(reason)"
      roster.skip(warning)
      // The question that took the place of the one about them is the next one, on screen.
      let replaced = asked != nil && session.state.phase.question != asked
      leftOut = replaced ? .onQuestion(warning) : .waiting(warning)
      if let member = session.member(request.member) {
        step.effects.append(.memberWithdrawn(member, file: file, reason: reason))
      }
    } else {
      pictureArrived(request, .failed(reason))
    }
  }

  /// Keeps a picture that arrived if the screen shows it now.
  mutating func pictureArrived(_ request: PictureRequest, _ slot: PictureSlot) {
    // A picture made for cells of another size (before a font zoom) is not shown.
    guard request.style == appearance else { return }
    let held = PictureSlots.Held(member: request.member, box: request.box, slot: slot)
    if let (members, box) = facesWanted, members.contains(request.member), request.box == box {
      pictures.faces[request.member] = held
    }
    guard request.member == session.state.phase.member?.id,
      request.box == Layout.pictureBox(in: size)
    else { return }
    pictures.onScreen = held
  }

  /// The picture of the member on screen for the window's box, if it was asked for.
  var pictureOnScreen: PictureSlot? {
    guard let held = pictures.onScreen,
      held.member == session.state.phase.member?.id,
      held.box == Layout.pictureBox(in: size)
    else { return nil }
    return held.slot
  }

  /// The question on screen when it is a question of faces.
  var faceQuestion: Question? {
    guard let question = session.state.phase.question, question.kind == .face else { return nil }
    return question
  }

  /// The faces shown in place of the one picture, and their box: a question of faces' four,
  /// or a card of two's.
  var facesInPlaceOfPicture: (members: [MemberID], box: CellSize)? {
    if let question = faceQuestion {
      return (question.options.map(\.member), Layout.faceBox(in: size))
    }
    if let card = session.state.phase.introduction, let partner = card.partner {
      return ([card.member.id, partner.id], Layout.pairBox(in: size))
    }
    return nil
  }

  /// The faces the screen shows besides the one picture, and their box: a question of faces'
  /// four, a card of two's, or the finished scene's people missed (as many as fit).
  var facesWanted: (members: [MemberID], box: CellSize)? {
    guard place == .quiz, !isTooSmall else { return nil }
    if let faces = facesInPlaceOfPicture { return faces }
    guard case .finished(let summary) = session.state.phase,
      let layout = FinishedLayout.faces(
        in: size, missed: summary.missed.count, sitting: summary.sitting != nil,
        history: recordsHistory, besides: finishedScores?.rows ?? 0)
    else { return nil }
    return (summary.missed.prefix(layout.count).map(\.id), layout.box)
  }

  /// The pictures to ask for now: the ones the screen needs and has not asked for, then the
  /// next question's.
  mutating func pictureRequests() -> [Effect] {
    guard !isTooSmall else { return [] }
    let box = Layout.pictureBox(in: size)
    var requests: [PictureRequest] = []
    if let (members, faceBox) = facesWanted {
      if pictures.faces.count > members.count {
        pictures.faces = pictures.faces.filter { members.contains($0.key) }
      }
      for member in members where pictures.faces[member]?.box != faceBox {
        pictures.faces[member] = PictureSlots.Held(member: member, box: faceBox, slot: .loading)
        requests.append(
          PictureRequest(member: member, box: faceBox, style: appearance, purpose: .onScreen))
      }
    } else if !pictures.faces.isEmpty, !isFinished {
      pictures.faces = [:]
    }
    if place == .quiz, facesInPlaceOfPicture == nil, let member = session.state.phase.member,
      pictureOnScreen == nil
    {
      pictures.onScreen = PictureSlots.Held(member: member.id, box: box, slot: .loading)
      requests.append(
        PictureRequest(member: member.id, box: box, style: appearance, purpose: .onScreen))
    }
    let upcoming: [PictureRequest]
    let next = session.state.upcoming
    if session.state.game?.mode == .quiz, next.kind == .face, session.roomForFaces {
      let faceBox = Layout.faceBox(in: size)
      upcoming = next.options.map {
        PictureRequest(member: $0.member, box: faceBox, style: appearance, purpose: .prefetch)
      }
    } else {
      upcoming = [
        PictureRequest(
          member: session.upcomingMember, box: box, style: appearance, purpose: .prefetch)
      ]
    }
    if pictures.prefetched != upcoming {
      pictures.prefetched = upcoming
      requests += upcoming
    }
    return requests.map(Effect.preparePicture)
  }

  /// The member whose face the game waits for: a loading question's, or a name card's.
  var memberAwaitingFace: MemberID? {
    switch session.state.phase {
    case .loading(let question): question.member.id
    case .introducing(let introduction) where introduction.shownAt == nil:
      introduction.member.id
    default: nil
    }
  }

  /// The face the screen shows for the member whose face is awaited, if it is there (a photo
  /// that cannot be shown counts: its question says why and plays on). A question of faces
  /// waits for all four, a card of two for both.
  func faceToShow(of member: MemberID) -> PictureSlot? {
    guard place == .quiz, overlay == nil, !isTooSmall, !isSuspended,
      member == memberAwaitingFace
    else { return nil }
    guard let (members, box) = facesInPlaceOfPicture else {
      guard let slot = pictureOnScreen, slot != .loading else { return nil }
      return slot
    }
    var shown: PictureSlot?
    for face in members {
      guard let held = pictures.faces[face], held.box == box, held.slot != .loading else {
        return nil
      }
      if face == member { shown = held.slot }
    }
    return shown
  }

  /// The member whose face the next frame shows while their question or card waits for it.
  func faceToConfirm() -> MemberID? {
    guard let member = memberAwaitingFace, faceToShow(of: member) != nil, faceAwaited != member
    else { return nil }
    return member
  }
}
