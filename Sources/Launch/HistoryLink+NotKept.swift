import AppCore
import Foundation
import Roster

/// A history that takes no answer (it could not be opened, or there is no folder to keep one
/// in): what the game knows of it, and what keeps the game's answers meanwhile.
extension HistoryLink {
  /// A history that takes no answer: where it is (where the answers are saved beside), why,
  /// what the exit line calls it, and how the next game keeps the answers saved, where it is
  /// not by opening that history once it is put right.
  struct NotKept {
    var path: String
    var reason: String
    var place: String
    var advice: String?

    init(path: String, reason: String, place: String? = nil, advice: String? = nil) {
      self.path = path
      self.reason = reason
      self.place = place ?? TerminalText.escapingControls(path)
      self.advice = advice
    }
  }

  /// What keeps the answers of a game whose history could not be opened (`reason`): they
  /// wait, and are saved beside the history as the game ends; those of a history held at
  /// launch are kept in it once it is free (`LateHistory`).
  func unkeptRecorder(_ notKept: NotKept) -> HistoryRecorder {
    let (rosterKey, photos) = (roster, photos)
    let unavailable = Busy(description: notKept.reason)
    // A history held at launch keeps them once it is free; any other can only be opened
    // by the next game once it is put right.
    let saveWaiting = WaitingAnswers(
      roster: rosterKey, photos: photos, besides: notKept.path,
      advice: late == nil
        ? notKept.advice
          ?? "the next game that can open the history keeps them: move a damaged one aside, "
          + "and a new one is made" : nil
    ).keep
    var recorder =
      if let late {
        HistoryRecorder(
          place: notKept.place, answer: late.answer,
          introduction: late.introduction, forget: { unavailable.description },
          saveWaiting: saveWaiting, patience: late.patience, close: late.close)
      } else {
        HistoryRecorder(
          place: notKept.place, answer: { _ in throw unavailable },
          introduction: { _, _ in throw unavailable }, forget: { unavailable.description },
          saveWaiting: saveWaiting)
      }
    recorder.keepsHistory = false
    return recorder
  }
}
