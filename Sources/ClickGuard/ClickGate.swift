/// The decision logic of one gate: a state machine fed instants from a
/// clock. No timers and no side effects: the caller says when things happen.
///
/// The gate is open, busy (an accepted action runs) or cooling (the action
/// finished less than the interval ago). The first case that matches decides:
///
/// | # | state   | activation                                     | action               |
/// |---|---------|------------------------------------------------|----------------------|
/// | 1 | busy    | before the maximum busy time                   | drop busy            |
/// | 2 | busy    | after it                                       | expire, go on to 3–9 |
/// | 3 | cooling | a person's repeat at the repeat pace           | accept person-repeat |
/// | 4 | cooling | a person's repeat below it                     | drop too-fast        |
/// | 5 | cooling | other                                          | drop within-interval |
/// | 6 | open    | a person's repeat made in the burst            | as 3 or 4            |
/// | 7 | open    | made in the burst by event time, or key held   | drop event-time      |
/// | 8 | open    | pacing gate, pressed less than the pace after  | drop too-fast        |
/// | 9 | open    | other                                          | accept, go busy      |
///
/// - 2: a lost completion never leaves a control dead.
/// - 5: the window starts at the finish, so a lagging handler cannot reopen
///   the gate for the clicks queued behind it.
/// - 7: bursts compare the events' own times, so clicks made close together
///   stay close however late they are processed; a key that went down before
///   the accepted activation is that key auto-repeating (``Activation/pressTime``).
/// - 8: a pacing gate (shortcuts, ``GuardProfile/bounce``) keeps no window and
///   compares press times: a bounce acts once, a person's re-tap each time.
/// - 3, 6: a person's repeat (``RepeatFacts``) comes after the finish, by a key
///   not held through it, on a control in place, in the same scene; a changed
///   scene or a control gone ends them for the gate.
///
/// Drops never move the window, and nothing is replayed.
struct ClickGate: Sendable {
  enum State: Sendable {
    /// Nothing accepted yet, or the window is over.
    case open
    case busy(RunningAction)
    /// The action finished; activations are dropped until the instant given.
    case cooling(until: ClickInstant)
  }

  /// The accepted action a busy gate waits for.
  struct RunningAction: Sendable {
    var ticket: UInt64
    var started: ClickInstant
    /// When the gate reopens even if the action never finishes.
    var deadline: ClickInstant
    var interval: ClickInterval
    /// The thing guarded changed while it ran: no window follows (``ClickGate/retarget()``).
    var isRetargeted = false
  }

  /// The accepted activation's event time, and how long (ms) after it its burst lasts.
  struct Burst: Sendable {
    // The timestamp, the smallest field, last: no padding follows it in the gate.
    var windowMilliseconds = Int64.max
    /// How long (ms) from the click the action ran, once it finished.
    var lastedMilliseconds = Int64.max
    var click: EventTimestamp
  }

  struct Judgement: Equatable, Sendable {
    var drop: DropReason?
    var busyExpired = false
    var acceptance: AcceptReason?
  }

  /// How far (ms) an event time may lie behind the accepted one and still be
  /// its burst; older ones are from another input clock (an X server restart).
  static let staleHorizonMilliseconds: Int64 = 60_000

  /// A press a pacing gate judged: its input-clock press time, and when it was processed.
  struct Press: Sendable {
    var instant: ClickInstant
    var eventTime: EventTimestamp?
  }

  private(set) var state = State.open
  private var burst: Burst?
  /// The last press judged, kept by pacing gates and controls people repeat.
  private var lastPress: Press?
  private var acceptedScene: UInt64?
  /// Whether this gate's action was seen to change the scene: the window then holds.
  private(set) var bringsChange = false

  /// Whether an accepted action is still running at `now`.
  func isBusy(at now: ClickInstant) -> Bool {
    if case .busy(let action) = state { return now < action.deadline }
    return false
  }

  /// Whether an activation at `now` without an event time would be accepted.
  func isOpen(at now: ClickInstant) -> Bool {
    switch state {
    case .open: true
    case .busy(let action): now >= action.deadline
    case .cooling(let until): now >= until
    }
  }

  /// Judges an activation made at `eventTime` by a key down since `pressTime`,
  /// processed at `now`; accepting makes the gate busy with `ticket`.
  mutating func judge(
    eventTime: EventTimestamp?, pressTime: EventTimestamp? = nil, at now: ClickInstant, interval: ClickInterval,
    maxBusy: ClickInterval, pace: ClickInterval? = nil, repeatPace: ClickInterval? = nil,
    repeatFacts: RepeatFacts? = nil, ticket: UInt64
  ) -> Judgement {
    let previous = lastPress
    let facts = repeatPace == nil ? nil : repeatFacts
    let pressedAt = pressTime ?? eventTime
    if pace != nil || facts != nil { lastPress = Press(instant: now, eventTime: pressedAt) }
    var judgement = Judgement()
    if case .busy(let action) = state {
      if now < action.deadline { return Judgement(drop: .busy) }
      expire(action)
      judgement.busyExpired = true
    }
    let isInWindow = isCooling(at: now) || eventTime.map { burst?.contains($0) ?? false } ?? false
    if let facts, isInWindow {
      learn(from: facts)
      if isPersonRepeat(facts, eventTime: eventTime, pressTime: pressTime), let repeatPace {
        if let previous, previous.isWithin(repeatPace, of: pressedAt, at: now) {
          judgement.drop = .tooFast
        } else {
          judgement.acceptance = .personRepeat
          accept(eventTime: eventTime, at: now, interval: interval, maxBusy: maxBusy, ticket: ticket)
          acceptedScene = facts.scene
        }
        return judgement
      }
    }
    if case .cooling(let until) = state, now < until {
      judgement.drop = .withinInterval
    } else if let eventTime, let burst, burst.contains(eventTime) {
      judgement.drop = .eventTime
    } else if let pressTime, let burst, burst.isHeldThrough(by: pressTime) {
      judgement.drop = .eventTime
    } else if let pace, let previous, previous.isWithin(pace, of: pressedAt, at: now) {
      judgement.drop = .tooFast
    } else {
      accept(eventTime: eventTime, at: now, interval: interval, maxBusy: maxBusy, ticket: ticket)
      acceptedScene = facts?.scene
    }
    return judgement
  }

  private func isCooling(at now: ClickInstant) -> Bool {
    if case .cooling(let until) = state { return now < until }
    return false
  }

  /// Learns whether the scene changed or the control went since the accepted activation.
  private mutating func learn(from facts: RepeatFacts) {
    guard let acceptedScene else { return }
    if facts.scene != acceptedScene || !facts.isInPlace { bringsChange = true }
  }

  /// Whether a press within the window is a person's repeat (cases 3 and 6).
  private func isPersonRepeat(_ facts: RepeatFacts, eventTime: EventTimestamp?, pressTime: EventTimestamp?) -> Bool {
    guard facts.isInPlace, !bringsChange, facts.scene == acceptedScene, let eventTime, let burst,
      burst.isAfterFinish(eventTime)
    else { return false }
    if let pressTime, burst.isHeldThrough(by: pressTime) { return false }
    return true
  }

  /// Marks the action of `ticket` finished at `now`; `false` if it is not the running one.
  mutating func finish(ticket: UInt64, at now: ClickInstant, inputNow: EventTimestamp?) -> Bool {
    // A finish after the maximum busy time still counts when nothing judged
    // the gate since (the handler froze the main loop): queued clicks get their window.
    guard case .busy(let action) = state, action.ticket == ticket else { return false }
    let interval = action.isRetargeted ? ClickInterval.zero : action.interval
    state = .cooling(until: now + interval)
    // The action began no earlier than its event, so that event's timestamp
    // plus the processing-time duration bounds its finish from below.
    var lasted = action.started.milliseconds(roundedUpTo: now)
    if let inputNow, let click = burst?.click {
      let sinceClick = Int64(inputNow.milliseconds(since: click))
      if sinceClick > lasted && sinceClick < Self.staleHorizonMilliseconds { lasted = sinceClick }
    }
    burst?.windowMilliseconds = lasted + interval.milliseconds
    burst?.lastedMilliseconds = lasted
    return true
  }

  /// What the gate guards is another thing now (a view's row is another item): the
  /// window ends, but clicks made before the finish are still its burst.
  mutating func retarget() {
    switch state {
    case .cooling: state = .open
    case .busy(var action):
      action.isRetargeted = true
      state = .busy(action)
    case .open: break
    }
    if let lasted = burst?.lastedMilliseconds, let window = burst?.windowMilliseconds {
      burst?.windowMilliseconds = min(window, lasted)
    }
  }

  private mutating func accept(
    eventTime: EventTimestamp?, at now: ClickInstant, interval: ClickInterval, maxBusy: ClickInterval,
    ticket: UInt64
  ) {
    let limit = max(maxBusy, interval)
    state = .busy(RunningAction(ticket: ticket, started: now, deadline: now + limit, interval: interval))
    // Until the action finishes, the busy rule covers everything.
    burst = eventTime.map { Burst(click: $0) }
  }

  /// The action ran past its maximum busy time: reopen at that limit.
  private mutating func expire(_ action: RunningAction) {
    state = .cooling(until: action.deadline)
    let lasted = action.started.milliseconds(roundedUpTo: action.deadline)
    burst?.lastedMilliseconds = lasted
    burst?.windowMilliseconds = lasted
  }
}

extension ClickGate.Press {
  /// Whether a press at `eventTime`, processed at `now`, follows this one by less than `pace`.
  func isWithin(_ pace: ClickInterval, of eventTime: EventTimestamp?, at now: ClickInstant) -> Bool {
    if let eventTime, let previous = self.eventTime {
      let delta = Int64(eventTime.milliseconds(since: previous))
      return delta < pace.milliseconds && delta > -ClickGate.staleHorizonMilliseconds
    }
    return now < instant + pace
  }
}

extension ClickGate.Burst {
  func contains(_ eventTime: EventTimestamp) -> Bool {
    let delta = Int64(eventTime.milliseconds(since: click))
    return delta < windowMilliseconds && delta > -ClickGate.staleHorizonMilliseconds
  }

  /// Whether a press made at `eventTime` came after the accepted action finished.
  func isAfterFinish(_ eventTime: EventTimestamp) -> Bool {
    guard lastedMilliseconds != Int64.max else { return false }
    let delta = Int64(eventTime.milliseconds(since: click))
    return delta >= lastedMilliseconds && delta < ClickGate.staleHorizonMilliseconds
  }

  /// Whether a key down at `pressTime` was already down at the accepted activation.
  func isHeldThrough(by pressTime: EventTimestamp) -> Bool {
    let delta = Int64(pressTime.milliseconds(since: click))
    return delta <= 0 && delta > -ClickGate.staleHorizonMilliseconds
  }
}
