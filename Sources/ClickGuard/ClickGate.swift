// ClickGate: the state machine of one gate, fed instants from a clock.
// No timers, no side effects: the caller says when things happen.

/// The decision logic of one gate.
///
/// A gate is **open**, **busy** (an accepted action is running) or in its
/// **window** (the action finished less than the interval ago). It judges an
/// activation by three rules, in order:
///
/// 1. Busy: the previous action has not finished, and has run for less than
///    the maximum busy time → drop (``DropReason/busy``). Past the maximum
///    busy time the gate reopens by itself, so a lost completion never leaves
///    a control dead.
/// 2. Window: less than the interval has passed since the action
///    **finished** → drop (``DropReason/withinInterval``). The window starts
///    at the finish, not at the acceptance, so a handler that lags cannot
///    reopen the gate for the clicks queued behind it.
/// 3. Event time: when both this activation and the accepted one carry an
///    input timestamp, and this click was made before the accepted action
///    finished plus the interval, by the input clock → drop
///    (``DropReason/eventTime``). Clicks made 100 ms apart stay 100 ms apart
///    even when processed 700 ms apart, and clicks made while a stalled main
///    loop kept the accepted click waiting belong to its burst.
///
/// Otherwise the activation is accepted (leading edge) and the gate is busy
/// until ``finish(generation:at:)``. Drops never move the window, so tapping
/// faster than the interval cannot keep a control dead, and nothing is ever
/// replayed later.
public struct ClickGate: Hashable, Sendable {
  /// How far back (ms) an event timestamp may lie behind the accepted one and
  /// still be read as the same burst; older ones come from another clock
  /// epoch (an X server restart) and are ignored.
  static let staleHorizonMilliseconds: Int64 = 60_000

  // Laid out widest first, so a gate packs into 46 bytes: one lives on
  // every guarded widget.
  private var busySince: Int64 = 0
  private var busyDeadline: Int64 = 0
  private var reopenAt: Int64 = .min
  private var pendingInterval: Int64 = 0
  /// Milliseconds after `lastEvent` before which a stamped click belongs to
  /// the accepted one's burst (`Int32.max` while the action runs).
  private var eventWindowEnd: Int32 = 0
  private var lastEvent: UInt32 = 0
  /// Which acceptance the gate is on; a ticket carries it.
  public private(set) var generation: UInt32 = 0
  private var isBusy = false
  private var hasLastEvent = false

  /// A new, open gate.
  public init() {}

  /// A new, open gate whose acceptances are numbered after `generation`, so
  /// tickets of an earlier gate under the same key never match its own.
  init(generationsAfter generation: UInt32) {
    self.generation = generation
  }

  /// Whether an accepted action is still running at `now` (not past its
  /// maximum busy time).
  public func isBusy(at now: MonotonicInstant) -> Bool {
    isBusy && now.nanoseconds < busyDeadline
  }

  /// Whether an activation at `now` without an event time would be accepted.
  public func isOpen(at now: MonotonicInstant) -> Bool {
    !isBusy(at: now) && now.nanoseconds >= effectiveReopen(at: now)
  }

  private func effectiveReopen(at now: MonotonicInstant) -> Int64 {
    isBusy && now.nanoseconds >= busyDeadline ? busyDeadline : reopenAt
  }

  /// Judges an activation at `now`.
  /// - Parameters:
  ///   - now: when the activation is processed.
  ///   - eventTime: the input event's own timestamp, if any.
  ///   - interval: the window after the action finishes.
  ///   - maxBusy: how long an unfinished action may keep the gate closed.
  /// - Returns: `nil` when accepted (the gate is now busy with
  ///   ``generation``), otherwise why it was dropped. The second value tells
  ///   whether a previous action's busy time expired on the way.
  public mutating func judge(
    at now: MonotonicInstant, eventTime: EventTimestamp?, interval: ClickInterval,
    maxBusy: ClickInterval
  ) -> (drop: DropReason?, expired: Bool) {
    let t = now.nanoseconds
    var expired = false
    if isBusy {
      if t < busyDeadline { return (.busy, false) }
      // The action ran past its maximum busy time: reopen at the deadline.
      expired = true
      isBusy = false
      reopenAt = busyDeadline
      eventWindowEnd = Int32(clamping: (busyDeadline &- busySince &+ 999_999) / 1_000_000)
    }
    if t < reopenAt { return (.withinInterval, expired) }
    if let eventTime, hasLastEvent {
      let delta = Int64(eventTime.milliseconds(since: EventTimestamp(milliseconds: lastEvent)))
      if delta < Int64(eventWindowEnd) && delta > -Self.staleHorizonMilliseconds {
        return (.eventTime, expired)
      }
    }
    generation &+= 1
    isBusy = true
    busySince = t
    busyDeadline = t &+ max(maxBusy.nanoseconds, interval.nanoseconds)
    pendingInterval = interval.nanoseconds
    if let eventTime {
      lastEvent = eventTime.milliseconds
      hasLastEvent = true
      // Until the action finishes, the busy rule covers everything.
      eventWindowEnd = .max
    } else {
      hasLastEvent = false
    }
    return (nil, expired)
  }

  /// Marks the action of acceptance `generation` finished at `now`; the
  /// window starts here.
  /// - Returns: `false` (and changes nothing) when `generation` is not the
  ///   running action: already finished, superseded, or seen past its maximum
  ///   busy time by a judgement (the gate reopened at that limit then).
  /// - Parameter inputNow: the input events' clock at `now`, if known: the
  ///   event-time window then also covers every click made before the action
  ///   finished, however long the accepted click waited to be processed.
  @discardableResult
  public mutating func finish(generation: UInt32, at now: MonotonicInstant, inputNow: EventTimestamp? = nil) -> Bool {
    guard isBusy, generation == self.generation else { return false }
    // A finish after the maximum busy time still counts when nothing judged
    // the gate in between (a sync handler that froze the main loop longer
    // than the limit): the clicks queued behind it get their window. Once a
    // judgement saw the limit pass, the gate had reopened and `isBusy` is
    // false, so a late finish changes nothing.
    let t = now.nanoseconds
    isBusy = false
    reopenAt = t &+ pendingInterval
    // In event time the action began no earlier than the accepted click, so
    // the click's timestamp plus the processing-time duration is a lower
    // bound for when it finished: the window never grows past what happened.
    var durationMs = (max(0, t &- busySince) + 999_999) / 1_000_000
    // By the input clock the action finished at `inputNow`: a click that
    // waited behind a stall before it was accepted made everything clicked
    // during that stall part of its burst.
    if let inputNow, hasLastEvent {
      let sinceClick = Int64(inputNow.milliseconds(since: EventTimestamp(milliseconds: lastEvent)))
      if sinceClick > durationMs && sinceClick < Self.staleHorizonMilliseconds { durationMs = sinceClick }
    }
    eventWindowEnd = Int32(clamping: durationMs &+ (pendingInterval + 999_999) / 1_000_000)
    return true
  }
}
