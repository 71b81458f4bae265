import RealModule

/// The replay the fit scores: every card and answer taken in again, person by person, under
/// the numbers tried.
extension MemoryFit {
  /// The cards and answers sorted by person then time, and what does not change between
  /// models: each one's gap from the previous one of its person, and an answer's outcome and
  /// grade if recalled.
  struct Replay {
    /// Days since the person's previous card or answer; nil at their first.
    let days: [Double?]
    /// nil for a card.
    let right: [Bool?]
    let grades: [Grade]
    /// How many names each answer may have been guessed among.
    let options: [Int]
    /// What each answer's time says of a guess (`GuessTimes`).
    let times: [GuessTimes.Evidence]
    let scored: Int
    /// The events cut into shares of whole people (`shares(of:count:)`), each replayed apart.
    let shares: [Range<Int>]
    let run: Shares

    /// `shareCount`: how many shares the people are cut into, at most; `run` runs them.
    init(
      _ events: [Event], guessTimes: GuessTimes = GuessTimes(), shareCount: Int = 16,
      run: @escaping Shares = oneAfterAnother
    ) {
      self.run = run
      func order(_ event: Event) -> Int { event.kind == .card ? 0 : 1 }
      let sorted = events.sorted {
        ($0.person, $0.time, order($0)) < ($1.person, $1.time, order($1))
      }
      let days = sorted.indices.map { index -> Double? in
        guard index > 0, sorted[index - 1].person == sorted[index].person else { return nil }
        return (sorted[index].time - sorted[index - 1].time) / 86_400
      }
      let right = sorted.map { event -> Bool? in
        guard case .answer(let right, _, _, _) = event.kind else { return nil }
        return right
      }
      self.days = days
      self.right = right
      grades = sorted.map { event in
        guard case .answer(_, let seconds, let kind, let slip) = event.kind else {
          return .again
        }
        return Memories.recalledGrade(seconds: seconds, kind: kind, slip: slip)
      }
      options = sorted.map { event in
        guard case .answer(_, _, let kind, _) = event.kind else { return 0 }
        return kind.guessedAmong
      }
      times = sorted.map { event in
        guard case .answer(_, let seconds, let kind, _) = event.kind else { return .none }
        return guessTimes.evidence(seconds: seconds, kind: kind)
      }
      // An answer is scored when a card or an answer of its person came before it.
      scored = days.indices.count { days[$0] != nil && right[$0] != nil }
      // By default more shares than the processors of most machines, so that none waits long
      // on another's last one when they are run at once.
      shares = Self.shares(of: days, count: shareCount)
    }

    /// The events cut into `count` shares of about as many events each, every person's
    /// events within one share (a person's first event has no days before it).
    static func shares(of days: [Double?], count: Int) -> [Range<Int>] {
      let count = max(1, count)
      let size = max(1, (days.count + count - 1) / count)
      var shares: [Range<Int>] = []
      var start = 0
      for index in days.indices where days[index] == nil && index - start >= size {
        shares.append(start..<index)
        start = index
      }
      shares.append(start..<days.count)
      return shares
    }

    /// The sum of the scored answers' log losses under `model`: a card starts a memory (or
    /// shows the name again) as the game takes it in, and so does an answer before anything
    /// else of its person (one given before cards were recorded, or in a quiz), unscored.
    /// Each person's events are replayed apart from everyone else's, so the people are cut
    /// into shares that `run` may run at once (the fit replays every answer about a hundred
    /// times); the losses are then summed in order, to the same total however they were run.
    func loss(_ model: MemoryModel) -> Double {
      var losses = [Double](repeating: 0, count: days.count)
      losses.withUnsafeMutableBufferPointer { buffer in
        // Each share writes its own events' places only.
        nonisolated(unsafe) let written = buffer
        run(shares.count) { share in
          var memory: MemoryState?
          for index in shares[share] {
            guard let right = right[index], let gap = days[index], let before = memory else {
              memory = model.remember(memory, grade: .again, afterDays: days[index])
              continue
            }
            let recall = model.recall(of: before, afterDays: gap)
            let likely = MemoryFit.likelihood(
              right: right, recall: recall, options: options[index])
            written[index] = Double.log(max(likely, 1e-9))
            memory = model.answered(
              before, right: right, grade: grades[index], afterDays: gap,
              options: options[index], time: times[index], recall: recall)
          }
        }
      }
      var total = 0.0
      for index in losses.indices where days[index] != nil && right[index] != nil {
        total -= losses[index]
      }
      return total
    }
  }
}
