/// The decision logic of one gate: an explicit state machine fed instants
/// from a clock. No timers and no side effects: the caller says when things
/// happen.
///
/// A gate is ``State-swift.enum/open``, ``State-swift.enum/busy(_:)`` (an
/// accepted action is running) or ``State-swift.enum/cooling(until:)`` (the
/// action finished less than the interval ago). It judges an activation by
/// five rules, in order:
///
/// 1. **Busy**: the accepted action has not finished and has run for less than
///    the maximum busy time → ``DropReason/busy``. Past that limit the gate
///    reopens by itself, so a lost completion never leaves a control dead.
/// 2. **Window**: the action finished less than the interval ago →
///    ``DropReason/withinInterval``. The window starts at the finish, not at
///    the click, so a handler that lags cannot reopen the gate for the clicks
///    queued behind it.
/// 3. **Event time**: by the input events' own clock this activation was made
///    before the accepted action finished plus the interval →
///    ``DropReason/eventTime``. Clicks made 100 ms apart stay 100 ms apart
///    even when they are processed 700 ms apart behind a stall. Both ends are
///    the events the activations were made by (the click; for a key, the
///    event GTK acted on: its release, or the moment its activate timeout
///    fired while it was held), so the time a key was held before GTK acted
///    is not counted as the action's: a deliberate press 600 ms after the
///    previous one acts however long each is held.
/// 4. **Held key**: the activation's key went down no later than the
///    accepted activation was made (``Activation/pressTime``) → it is that
///    key still held, auto-repeating → ``DropReason/eventTime``. A held key
///    acts once however long it is held.
///
/// 5. **Pace** (shortcuts, and every press under
///    ``GuardProfile/bounce``: a `pace` is given): the activation was pressed
///    less than the pace after the previous one judged on this gate,
///    accepted or not → ``DropReason/tooFast``. Presses are compared by when
///    the button or key went down (``Activation/pressTime``, else the event
///    time): a bounce is a run of presses, however late each is released. Such a gate keeps no window after the
///    action (its interval is zero), so rules 2 and 3 drop only what was
///    made before the action finished, and a chord re-tapped at a person's
///    pace acts each time while a faster run acts once, however long.
///
/// 6. **A person's repeat** (a control people press again on purpose: a
///    `repeatPace` and ``RepeatFacts`` are given): instead of rules 2–5, a
///    press the window would drop is accepted (``AcceptReason/personRepeat``)
///    when it was made, by event time, after the accepted action finished,
///    by a key not held through it, the control is still in place and the
///    scene is the one its accepted activation saw, and the gate never
///    learned that its action changes the scene; below the pace after the
///    previous press it is ``DropReason/tooFast``. A press that finds the
///    scene changed or the control gone teaches the gate that its action
///    brings change: from then on the window holds for it.
///
/// | state     | press                                       | action                 |
/// |-----------|---------------------------------------------|------------------------|
/// | busy      | any, before the maximum busy time            | drop busy              |
/// | busy      | any, after it                               | expire, judge as below |
/// | cooling   | a person's repeat at pace                   | accept (person-repeat) |
/// | cooling   | a person's repeat below pace                | drop too-fast          |
/// | cooling   | other                                       | drop within-interval   |
/// | open      | a person's repeat, made in the burst         | accept / too-fast      |
/// | open      | made in the burst (event time), or held      | drop event-time        |
/// | open      | paced, below the pace                       | drop too-fast          |
/// | open      | other                                       | accept                 |
///
/// Otherwise the activation is accepted (leading edge) and the gate is busy
/// until ``finish(ticket:at:inputNow:)``. Drops never move the window, so
/// clicking faster than the interval cannot keep a control dead, and nothing
/// is replayed later.
struct ClickGate: Sendable {
  /// Where the gate stands.
  enum State: Sendable {
    /// Nothing accepted yet, or the window is over.
    case open
    /// An accepted action is running.
    case busy(RunningAction)
    /// The action finished; activations are dropped until the instant given.
    case cooling(until: ClickInstant)
  }

  /// The accepted action a busy gate waits for.
  struct RunningAction: Sendable {
    /// The number of the ticket that finishes it.
    var ticket: UInt64
    var started: ClickInstant
    /// When the gate reopens even if the action never finishes.
    var deadline: ClickInstant
    /// The window that starts when it finishes.
    var interval: ClickInterval
    /// Whether what the gate guards became another thing while it ran: no
    /// window follows the finish (``ClickGate/retarget()``).
    var isRetargeted = false
  }

  /// The accepted activation by the time of the event it was made by, and
  /// how many milliseconds after it other activations still belong to its
  /// burst (unbounded while it runs).
  struct Burst: Sendable {
    // The 4-byte timestamp last, so no padding follows it in the gate.
    var windowMilliseconds = Int64.max
    /// How long (ms) from the click the action ran, once it finished.
    var lastedMilliseconds = Int64.max
    var click: EventTimestamp
  }

  /// What a judgement found.
  struct Judgement: Equatable, Sendable {
    /// Why the activation is dropped; `nil` when it is accepted.
    var drop: DropReason?
    /// Whether a running action's maximum busy time ran out on the way.
    var busyExpired = false
    /// Why a press the window would have dropped was accepted.
    var acceptance: AcceptReason?
  }

  /// How far (ms) an event timestamp may lie behind the accepted one and
  /// still be read as the same burst; older ones come from another epoch of
  /// the input clock (an X server restart) and are ignored.
  static let staleHorizonMilliseconds: Int64 = 60_000

  /// A press a pacing gate judged: when it went down by the input clock
  /// (its press time, else its event time), and when it was processed.
  struct Press: Sendable {
    var instant: ClickInstant
    var eventTime: EventTimestamp?
  }

  private(set) var state = State.open
  private var burst: Burst?
  /// The last press judged, kept by pacing gates and by gates of controls
  /// people repeat.
  private var lastPress: Press?
  /// The scene the accepted activation saw (``RepeatFacts/scene``).
  private var acceptedScene: UInt64?
  /// Whether a press found the scene changed, or the control gone, after
  /// an action of this gate: its action brings change, so the window holds.
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

  /// Judges an activation made at `eventTime` (if known) by a key that went
  /// down at `pressTime` (if it is a key's), processed at `now`; `pace`
  /// makes it a pacing gate (rule 5). Accepting makes the gate busy with
  /// `ticket`.
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

  /// Whether the window after the finished action is still running at `now`.
  private func isCooling(at now: ClickInstant) -> Bool {
    if case .cooling(let until) = state { return now < until }
    return false
  }

  /// A press within the window found the scene changed or the control gone
  /// since the accepted activation: the gate's action brings change.
  private mutating func learn(from facts: RepeatFacts) {
    guard let acceptedScene else { return }
    if facts.scene != acceptedScene || !facts.isInPlace { bringsChange = true }
  }

  /// Whether a press within the window, described by `facts`, is a
  /// person's repeat: made after the accepted action finished by a key not
  /// held through it, on a control still in place, in the scene its
  /// accepted activation saw, on a gate whose action never brought change.
  private func isPersonRepeat(_ facts: RepeatFacts, eventTime: EventTimestamp?, pressTime: EventTimestamp?) -> Bool {
    guard facts.isInPlace, !bringsChange, facts.scene == acceptedScene, let eventTime, let burst,
      burst.isAfterFinish(eventTime)
    else { return false }
    if let pressTime, burst.isHeldThrough(by: pressTime) { return false }
    return true
  }

  /// Marks the action of `ticket` finished at `now`: the window starts here.
  /// - Parameter inputNow: the input events' clock at `now`, if known: the
  ///   event-time window then covers every click made before the action
  ///   finished, however long the accepted click waited to be processed.
  /// - Returns: `false`, changing nothing, when `ticket` is not the running
  ///   action (already finished, or expired when a judgement saw its maximum
  ///   busy time pass).
  mutating func finish(ticket: UInt64, at now: ClickInstant, inputNow: EventTimestamp?) -> Bool {
    // A finish after the maximum busy time still counts when nothing judged
    // the gate in between (a handler that froze the main loop longer than
    // the limit): the clicks queued behind it get their window.
    guard case .busy(let action) = state, action.ticket == ticket else { return false }
    let interval = action.isRetargeted ? ClickInterval.zero : action.interval
    state = .cooling(until: now + interval)
    // The action began no earlier than the event it was made by, so that
    // event's timestamp plus the processing-time duration is a lower bound
    // for its finish.
    var lasted = action.started.milliseconds(roundedUpTo: now)
    if let inputNow, let click = burst?.click {
      let sinceClick = Int64(inputNow.milliseconds(since: click))
      if sinceClick > lasted && sinceClick < Self.staleHorizonMilliseconds { lasted = sinceClick }
    }
    burst?.windowMilliseconds = lasted + interval.milliseconds
    burst?.lastedMilliseconds = lasted
    return true
  }

  /// What the gate guards is another thing now (a view's row at this path
  /// is another item): the window after the finished action is over, but
  /// activations made before it finished, by event time, are still its
  /// burst, so input queued behind a stall does not act on the new thing.
  /// A running action keeps the gate busy, and no window follows its
  /// finish.
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

  /// The action ran past its maximum busy time: the gate reopens at that
  /// limit, and its burst spans the time it was busy.
  private mutating func expire(_ action: RunningAction) {
    state = .cooling(until: action.deadline)
    let lasted = action.started.milliseconds(roundedUpTo: action.deadline)
    burst?.lastedMilliseconds = lasted
    burst?.windowMilliseconds = lasted
  }
}

extension ClickGate.Press {
  /// Whether a press that went down at `eventTime` (if known), processed
  /// at `now`, follows this one by less than `pace`: by event time when both have
  /// one, else by processing time.
  func isWithin(_ pace: ClickInterval, of eventTime: EventTimestamp?, at now: ClickInstant) -> Bool {
    if let eventTime, let previous = self.eventTime {
      let delta = Int64(eventTime.milliseconds(since: previous))
      return delta < pace.milliseconds && delta > -ClickGate.staleHorizonMilliseconds
    }
    return now < instant + pace
  }
}

extension ClickGate.Burst {
  /// Whether a click made at `eventTime` belongs to this burst.
  func contains(_ eventTime: EventTimestamp) -> Bool {
    let delta = Int64(eventTime.milliseconds(since: click))
    return delta < windowMilliseconds && delta > -ClickGate.staleHorizonMilliseconds
  }

  /// Whether a press made at `eventTime` came after the accepted action
  /// finished, by the input events' clock.
  func isAfterFinish(_ eventTime: EventTimestamp) -> Bool {
    guard lastedMilliseconds != Int64.max else { return false }
    let delta = Int64(eventTime.milliseconds(since: click))
    return delta >= lastedMilliseconds && delta < ClickGate.staleHorizonMilliseconds
  }

  /// Whether a key that went down at `pressTime` was already down when the
  /// accepted activation was made: that key, still held.
  func isHeldThrough(by pressTime: EventTimestamp) -> Bool {
    let delta = Int64(pressTime.milliseconds(since: click))
    return delta <= 0 && delta > -ClickGate.staleHorizonMilliseconds
  }
}
