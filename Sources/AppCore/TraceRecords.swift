import GameEngine
import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// The lines the loop writes to the trace, one kind of event each (docs/command-line.md, "The trace").
extension Trace {
  package func recordStart(size: CellSize, appearance: CellStyle, at now: Instant) {
    write(
      "start", at: now,
      [
        "columns": .int(Int64(size.columns)), "rows": .int(Int64(size.rows)),
        "colors": .string(appearance.colors.rawValue),
        "symbols": .string(appearance.symbols == .unicode ? "unicode" : "ascii"),
        "graphics": .string(appearance.pixels?.graphics.rawValue ?? "symbols"),
        "cell": .string(
          appearance.pixels.map { "\($0.cellPixels.width)x\($0.cellPixels.height)" } ?? ""),
        "pid": .int(Int64(getpid())),
      ])
  }

  package func recordKey(_ key: Key, at now: Instant) {
    let name: String =
      switch key {
      case .character(let character): String(character)
      case .click(let column, let row): "click \(column),\(row)"
      default: "\(key)"
      }
    write("key", at: now, ["key": .string(name)])
  }

  package func recordSignal(_ signal: Int32, at now: Instant) {
    let name: String =
      switch signal {
      case SIGWINCH: "SIGWINCH"
      case SIGINT: "SIGINT"
      case SIGTERM: "SIGTERM"
      case SIGHUP: "SIGHUP"
      case SIGQUIT: "SIGQUIT"
      case SIGTSTP: "SIGTSTP"
      case SIGCONT: "SIGCONT"
      default: "signal \(signal)"
      }
    write("signal", at: now, ["signal": .string(name)])
  }

  /// A new window size, and a cell's pixels when faces are drawn with them.
  package func recordResize(_ size: CellSize, cell: PixelSize? = nil, at now: Instant) {
    var fields: [(String, Value)] = [
      ("columns", .int(Int64(size.columns))), ("rows", .int(Int64(size.rows))),
    ]
    if let cell { fields.append(("cell", .string("\(cell.width)x\(cell.height)"))) }
    write("resize", at: now, fields)
  }

  /// Remembers when the clock was set for, so that the tick's line can say how late it fired.
  package func expectTick(due: Instant) { tickDue = due }

  package func recordTick(at now: Instant) {
    write("tick", at: now, tickDue.map { ["due": .int(MonotonicClock.microseconds($0))] } ?? [:])
    tickDue = nil
  }

  /// A change of phase, with the instant it was due: `question` when one is posed, and
  /// `phase` for loading (the face on its way), answering (the face on screen: its clock runs
  /// from `due`), revealing, paused and resumed.
  package func record(_ transition: Transition, at now: Instant) {
    let due = Value.int(MonotonicClock.microseconds(transition.at))
    switch transition.kind {
    case .questionPosed(let question):
      write(
        "question", at: now,
        [
          "due": due, "number": .int(Int64(question.number)),
          "member": .string(question.member.name), "id": .string(question.member.id.rawValue),
          "options": .strings(question.options.map(\.name)),
          "option_ids": .strings(question.options.map(\.member.rawValue)),
          "correct": .int(Int64(question.correctIndex)), "kind": .string(question.kind.rawValue),
        ])
      write("phase", at: now, ["phase": "loading", "due": due])
    case .questionShown(let question):
      write(
        "phase", at: now,
        ["phase": "answering", "due": due, "number": .int(Int64(question.number))])
    case .questionEnded(let result):
      write(
        "phase", at: now,
        ["phase": "revealing", "due": due, "outcome": .string(result.outcome.name)])
    case .paused(let reason):
      write("phase", at: now, ["phase": "paused", "due": due, "reason": .string(reason.name)])
    case .resumed:
      write("phase", at: now, ["phase": "resumed", "due": due])
    case .introductionPosed(let member):
      write(
        "introduction", at: now,
        ["due": due, "member": .string(member.name), "id": .string(member.id.rawValue)])
      write("phase", at: now, ["phase": "loading", "due": due])
    case .introduced, .pairShown:
      write("phase", at: now, ["phase": "introducing", "due": due])
    case .memberWithdrawn:
      break  // `recordWithdrawal` says it with the file and the reason
    case .roundFinished(let summary):
      write(
        "phase", at: now,
        [
          "phase": "finished", "due": due, "round": .int(Int64(summary.number)),
          "correct": .int(Int64(summary.correct)), "questions": .int(Int64(summary.results.count)),
        ])
    }
  }

  package func recordWithdrawal(_ member: Member, file: String, reason: String, at now: Instant) {
    write(
      "withdrawn", at: now,
      ["member": .string(member.name), "file": .string(file), "reason": .string(reason)])
  }

  package func recordPicture(
    _ request: PictureRequest, ok: Bool, cached: Bool = false, error: String? = nil,
    at now: Instant
  ) {
    var fields: [(String, Value)] = [
      ("member", .string(request.member.rawValue)), ("ok", .bool(ok)),
      ("purpose", .string(request.purpose == .onScreen ? "screen" : "prefetch")),
    ]
    if cached { fields.append(("cached", .bool(true))) }
    if let error { fields.append(("error", .string(error))) }
    write("picture", at: now, fields)
  }

  /// A frame written: its bytes, the cells covered by each image on it
  /// ("column,row,columns,rows"), and how many of its bytes drew or took off images.
  package func recordFrame(
    bytes: Int64, reason: String, step: Int, images: [PlacedImage], imageBytes: Int,
    at now: Instant
  ) {
    write(
      "frame", at: now,
      [
        "bytes": .int(bytes), "reason": .string(reason), "step": .int(Int64(step)),
        "imageBytes": .int(Int64(imageBytes)),
        "images": .strings(
          images.map { "\($0.area.column),\($0.area.row),\($0.area.columns),\($0.area.rows)" }),
      ])
  }

  package func recordExit(status: Int32, at now: Instant) {
    write("exit", at: now, ["status": .int(Int64(status))])
  }
}

extension PauseReason {
  /// The reason's name in the trace and the headless front end's events.
  public var name: String {
    switch self {
    case .player: "player"
    case .screenLeft: "screen left"
    case .playerAway: "no answers"
    }
  }
}
