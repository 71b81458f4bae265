import GameEngine
import Pictures

/// Something that happened, as the loop (or the headless front end) hands it to the model:
/// the player's keys, the terminal's signals, the clock, and the results of effects.
public enum Input: Hashable, Sendable {
  /// The program started: the start screen is to be drawn and the first picture prepared.
  case launched
  case key(Key)
  /// A name typed in full and submitted (the headless front end's `type`): the answer to a
  /// question whose name is typed.
  case typed(String)
  /// A button was pressed with the mouse (the loop finds it in the frame on screen).
  case press(Control)
  /// What a key bound to this action does, whichever key that is: how the headless front end
  /// opens the statistics or the people window, or quits, without knowing the keymap.
  case act(KeyAction)
  /// Ctrl-C.
  case interrupt
  /// The terminal went away or the process was asked to end (SIGHUP, SIGTERM, SIGQUIT).
  case terminated(signal: Int32)
  /// The clock set by `Effect.setClock` fired.
  case tick
  case resized(CellSize)
  /// The terminal's cells are this many pixels now (a font zoom): faces drawn with pixels
  /// are made again for them.
  case cellsResized(PixelSize)
  /// The player suspended the game (Ctrl-Z).
  case suspended
  /// The game runs in the background: the shell has the terminal, nothing may be drawn.
  case backgrounded
  /// The game is in the foreground again (after `fg`), in a window of this size.
  case continued(CellSize)
  /// A picture asked for with `Effect.preparePicture` is ready.
  case pictureReady(PictureRequest, CellPicture)
  /// A picture asked for cannot be made: `file` is the photo's name inside the roster folder.
  case pictureFailed(PictureRequest, file: String, reason: String)
  /// The frame drawn after `Effect.confirmFaceDrawn` has the member's face on screen.
  case faceDrawn(MemberID)
  /// The history can never keep what an effect asked (`.recordAnswer` or
  /// `.recordIntroduction` for someone it has no person for), or could not forget
  /// (`.forgetProgress`): why, in one line naming the file.
  indirect case historyFailed(Effect, reason: String)
  /// Answers and name cards wait for the history (it is held, or the disk is full), kept in
  /// memory and written once it can take them; or, with none waiting, they are all kept.
  case historyWaiting(HistoryWaiting)
  /// The player's memory, fitted again to their answers (`Effect.fitMemory`).
  case memoryFitted(PlayerMemory)
  /// A setting is kept in the settings file, or taken out of it (`Effect.saveSetting`), or
  /// why not.
  case settingSaved(key: String, value: String?, failure: String?)
  /// How the scores sent to the club went (`Effect.sendScores`, or those waiting from before,
  /// sent as the game began).
  case scoresSent(ScoresStatus)
}
