import AppCore
import CNcurses

/// Keys decoded from what ncurses reads.
extension Key {
  /// Codes ncurses returns for the terminal's focus reports (`define_key` gives them these).
  public static let focusInCode: Int32 = KEY_MAX + 1
  public static let focusOutCode: Int32 = KEY_MAX + 2

  /// A key from `wget_wch`'s function-key result (KEY_UP and the like), or nil for keys the
  /// game has no use for. Mouse events are decoded by the terminal, which asks ncurses.
  public init?(functionKey code: Int32) {
    switch code {
    case KEY_UP: self = .up
    case KEY_DOWN: self = .down
    case KEY_LEFT: self = .left
    case KEY_RIGHT: self = .right
    case KEY_PPAGE: self = .pageUp
    case KEY_NPAGE: self = .pageDown
    case KEY_HOME: self = .home
    case KEY_END: self = .end
    case KEY_BTAB: self = .backTab
    case KEY_ENTER: self = .enter
    case KEY_BACKSPACE: self = .backspace
    case KEY_RESIZE: self = .resize
    case Key.focusInCode: self = .focusGained
    case Key.focusOutCode: self = .focusLost
    default: return nil
    }
  }

  /// A key from `wget_wch`'s character result.
  public init?(character code: UInt32) {
    switch code {
    case 0x0A, 0x0D: self = .enter
    case 0x09: self = .tab
    case 0x1B: self = .escape
    case 0x08, 0x7F: self = .backspace
    case 0x01...0x1A:
      self = .control(Character(Unicode.Scalar(UInt8(0x60 + code))))
    default:
      guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { return nil }
      self = .character(Character(scalar))
    }
  }
}
