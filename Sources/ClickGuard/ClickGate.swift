/// The decision logic of one gate: a state machine fed instants from a
/// clock. No timers and no side effects: the caller says when things happen,
/// and each event returns what the caller must do and publish.
///
/// The gate is open, busy (an accepted action runs) or cooling (the action
/// finished less than the interval ago; past that it is open). On an
/// activation the first case that matches decides:
///
/// | # | state   | activation                                     | action               |
/// |---|---------|------------------------------------------------|----------------------|
/// | 1 | busy    | before the maximum busy time                   | drop busy            |
/// | 2 | busy    | after it                                       | expire, go on to 6–9 |
/// | 3 | cooling | a person's repeat at the repeat pace           | accept person-repeat |
/// | 4 | cooling | a person's repeat below it                     | drop too-fast        |
/// | 5 | cooling | other                                          | drop within-interval |
/// | 6 | open    | a person's repeat made in the burst            | as 3 or 4            |
/// | 7 | open    | made in the burst by event time, or key held   | drop event-time      |
/// | 8 | open    | pacing gate, pressed less than the pace after  | drop too-fast        |
/// | 9 | open    | other                                          | accept, go busy      |
///
/// - 2: a lost completion never leaves a control dead; the gate reopens at
///   the maximum, so the activation finds it open.
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
  struct RunningAction: Equatable, Sendable {
    var ticket: UInt64
    /// The control it runs for: its finish or expiry is published under it.
    var control: ControlID
    var started: ClickInstant
    /// When the gate reopens even if the action never finishes.
    var deadline: ClickInstant
    var interval: ClickInterval
    /// The thing guarded changed while it ran: no window follows (``ClickGate/retargeted()``).
    var isRetargeted = false
  }

  /// What the caller does with an activation, and the running action found
  /// past its maximum busy time (case 2), published as `expired` first.
  enum ActivatedAction: Equatable, Sendable {
    /// Run the action: the gate is busy until it finishes, `until` at the latest;
    /// the reason is why a window was overridden.
    case accept(AcceptReason?, until: ClickInstant, expired: RunningAction?)
    /// Do not run it (observe mode runs it anyway).
    case drop(DropReason, expired: RunningAction?)

    var expired: RunningAction? {
      switch self {
      case .accept(_, _, let expired), .drop(_, let expired): expired
      }
    }
  }

  /// A finish the gate took: the control whose action it was, and the end of its window.
  struct Finished: Equatable, Sendable {
    var control: ControlID
    var until: ClickInstant
  }

  /// The accepted activation's event time, and how long (ms) after it its burst lasts.
  struct Burst: Sendable {
    // The timestamp, the smallest field, last: no padding follows it in the gate.
    var windowMilliseconds = Int64.max
    /// How long (ms) from the click the action ran, once it finished.
    var lastedMilliseconds = Int64.max
    var click: EventTimestamp
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

  /// An activation processed at `now`: accepting makes the gate busy with
  /// `ticket`; `pace` makes a pacing gate, `repeatPace` lets a person's repeats act.
  mutating func activated(
    _ activation: Activation, at now: ClickInstant, interval: ClickInterval, maxBusy: ClickInterval,
    pace: ClickInterval? = nil, repeatPace: ClickInterval? = nil, ticket: UInt64
  ) -> ActivatedAction {
    let previous = lastPress
    let facts = repeatPace == nil ? nil : activation.repeatFacts
    let pressedAt = activation.pressTime ?? activation.eventTime
    if pace != nil || facts != nil { lastPress = Press(instant: now, eventTime: pressedAt) }
    let running = RunningAction(
      ticket: ticket, control: activation.control, started: now, deadline: now + max(maxBusy, interval),
      interval: interval)
    var expired: RunningAction?
    switch state {
    case .busy(let action) where now < action.deadline:  // 1
      return .drop(.busy, expired: nil)
    case .busy(let action):  // 2
      expire(action)
      expired = action
    case .cooling(let until) where now < until:
      if let facts, let repeatPace,
        let action = personRepeat(activation, facts, pace: repeatPace, after: previous, at: now, running)
      {  // 3, 4
        return action
      }
      return .drop(.withinInterval, expired: nil)  // 5
    case .cooling, .open: break
    }
    if let facts, let repeatPace, let eventTime = activation.eventTime, burst?.contains(eventTime) == true,
      let action = personRepeat(activation, facts, pace: repeatPace, after: previous, at: now, running, expired)
    {  // 6
      return action
    }
    if let eventTime = activation.eventTime, let burst, burst.contains(eventTime) {  // 7
      return .drop(.eventTime, expired: expired)
    }
    if let pressTime = activation.pressTime, let burst, burst.isHeldThrough(by: pressTime) {  // 7
      return .drop(.eventTime, expired: expired)
    }
    if let pace, let previous, previous.isWithin(pace, of: pressedAt, at: now) {  // 8
      return .drop(.tooFast, expired: expired)
    }
    accept(running, eventTime: activation.eventTime, scene: facts?.scene)  // 9
    return .accept(nil, until: running.deadline, expired: expired)
  }

  /// Cases 3, 4 and 6: a press within the window that is a person's repeat is
  /// accepted at `pace` (a press less than it after `previous` is dropped); `nil` if it is none.
  private mutating func personRepeat(
    _ activation: Activation, _ facts: RepeatFacts, pace: ClickInterval, after previous: Press?,
    at now: ClickInstant, _ running: RunningAction, _ expired: RunningAction? = nil
  ) -> ActivatedAction? {
    learn(from: facts)
    guard isPersonRepeat(facts, eventTime: activation.eventTime, pressTime: activation.pressTime) else { return nil }
    if let previous, previous.isWithin(pace, of: activation.pressTime ?? activation.eventTime, at: now) {
      return .drop(.tooFast, expired: expired)
    }
    accept(running, eventTime: activation.eventTime, scene: facts.scene)
    return .accept(.personRepeat, until: running.deadline, expired: expired)
  }

  /// Learns whether the scene changed or the control went since the accepted activation.
  private mutating func learn(from facts: RepeatFacts) {
    guard let acceptedScene else { return }
    if facts.scene != acceptedScene || !facts.isInPlace { bringsChange = true }
  }

  /// Whether a press within the window is a person's repeat.
  private func isPersonRepeat(_ facts: RepeatFacts, eventTime: EventTimestamp?, pressTime: EventTimestamp?) -> Bool {
    guard facts.isInPlace, !bringsChange, facts.scene == acceptedScene, let eventTime, let burst,
      burst.isAfterFinish(eventTime)
    else { return false }
    if let pressTime, burst.isHeldThrough(by: pressTime) { return false }
    return true
  }

  /// The action of `ticket` finished at `now`; `nil` if it is not the running one.
  mutating func finished(ticket: UInt64, at now: ClickInstant, inputNow: EventTimestamp?) -> Finished? {
    switch state {
    // A finish after the maximum busy time still counts when nothing judged
    // the gate since (the handler froze the main loop): queued clicks get their window.
    case .busy(let action) where action.ticket == ticket:
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
      return Finished(control: action.control, until: now + interval)
    case .busy, .cooling, .open:
      return nil
    }
  }

  /// What the gate guards is another thing now (a view's row is another item): the
  /// window ends, but clicks made before the finish are still its burst.
  mutating func retargeted() {
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

  private mutating func accept(_ action: RunningAction, eventTime: EventTimestamp?, scene: UInt64?) {
    state = .busy(action)
    // Until the action finishes, the busy rule covers everything.
    burst = eventTime.map { Burst(click: $0) }
    acceptedScene = scene
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
