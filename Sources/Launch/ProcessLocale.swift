#if canImport(Glibc)
  import Glibc
#endif

/// The process's locale, set once as a launch begins.
public enum ProcessLocale {
  /// Whether the locale in effect (set by `prepare`) is UTF-8.
  private static func isUTF8() -> Bool {
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    return String(cString: codeset).uppercased().filter { $0 != "-" } == "UTF8"
  }

  /// Sets the process's locale from the environment, as ncurses needs before it starts.
  /// Returns whether the player's locale is UTF-8; when it is not, characters are still
  /// handled as UTF-8 inside (C.UTF-8) so names survive, and the screens use ASCII symbols.
  public static func prepare() -> Bool {
    setlocale(LC_ALL, "")
    let utf8 = isUTF8()
    if !utf8 { setlocale(LC_CTYPE, "C.UTF-8") }
    return utf8
  }
}
