/// A key or other input from the terminal, decoded.
public enum Key: Hashable, Sendable {
  case character(Character)
  case enter
  case escape
  case tab
  case backTab
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  case backspace
  /// A letter typed with Ctrl held (Ctrl-U is `.control("u")`); Ctrl-C, Ctrl-Z and Ctrl-\\
  /// reach the game as signals instead.
  case control(Character)
  /// A mouse button pressed on a cell.
  case click(column: Int, row: Int)
  case focusLost
  case focusGained
  /// ncurses saw the window change size.
  case resize
}
