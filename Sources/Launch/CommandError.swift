/// What a command cannot do, in one line naming the file or value: the command line prints
/// it after "Error: " and exits with status 1.
public struct CommandError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) { self.description = description }
}

/// A launch stopped by a signal while it waited (a download, another game's download): the
/// program ends with `status` (130 for Ctrl-C, 143 for SIGTERM) and says nothing more.
public struct LaunchStopped: Error {
  public let status: Int32
}

/// A command line the program refuses: a value out of range or options that contradict each
/// other. Said in one line, without the usage text, with ArgumentParser's exit status for
/// usage errors (64), so that a script can tell it from a roster `check` finds unplayable (1).
public struct UsageError: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) { self.description = description }
}
