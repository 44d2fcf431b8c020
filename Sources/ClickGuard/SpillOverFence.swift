// SpillOverFence: the state machine that keeps input a person made before a
// page was on screen from acting on that page. Fed instants and event times;
// no timers.

/// Drops input on a newly shown page until it has settled.
///
/// A per-widget gate cannot see spill-over: a person who keeps clicking the
/// spot of "Open" while the app lags clicks the *next* page's button at that
/// spot. The fence is armed when a page appears and, while armed, judges each
/// press (pointer or key) aimed at the page:
///
/// 1. Its event time predates the page's appearance → drop
///    (``Reason/predatesPage``): it was made before the page was there.
/// 2. The page's transition is still running → drop (``Reason/transition``).
/// 3. Less than the settle delay has passed since the transition finished →
///    drop (``Reason/settling``).
/// 4. It follows a dropped press by less than the settle delay → drop
///    (``Reason/continuingBurst``): the person is still in the same burst of
///    clicking that began before the page appeared.
///
/// The first press that passes disarms the fence. A transition that never
/// reports its end counts as finished after ``maxTransition``, so a page is
/// never left dead.
public struct SpillOverFence: Sendable {
  /// Why a press was dropped.
  public enum Reason: String, Sendable, CaseIterable {
    /// Made before the page appeared.
    case predatesPage = "predates-page"
    /// The page's transition was still running.
    case transition
    /// The page had not settled after its transition.
    case settling
    /// Part of a burst of presses that began before the page settled.
    case continuingBurst = "continuing-burst"
  }

  /// A fence's verdict on one press.
  public enum Verdict: Hashable, Sendable {
    /// The press acts on the page.
    case pass
    /// The press is dropped.
    case drop(Reason)
  }

  /// How long a page must be still, and how long a pause in clicking must
  /// be, before input acts on it.
  public var settle: ClickInterval
  /// The longest a transition is waited for.
  public var maxTransition: ClickInterval

  private var armed = false
  private var appearedAt: EventTimestamp?
  private var armedAt: Int64 = 0
  private var transitionRunning = false
  private var settleUntil: Int64 = .min
  private var lastDropEvent: EventTimestamp?
  private var lastDropInstant: Int64 = .min

  /// Creates a disarmed fence. The default settle delay, 300 ms, is about a
  /// person's reaction time to a new page: shorter than any deliberate first
  /// click on it, longer than the gaps in a burst of repeated clicking.
  public init(settle: ClickInterval = .defaultSettle, maxTransition: ClickInterval = .defaultMaxTransition) {
    self.settle = settle
    self.maxTransition = maxTransition
  }

  /// Whether the fence is judging input.
  public var isArmed: Bool { armed }

  /// A page appeared at `now`.
  /// - Parameters:
  ///   - serverTime: the input clock's time when it appeared (the X server's
  ///     time), if known: presses stamped earlier are dropped.
  ///   - transitionRunning: whether a transition is animating it in.
  public mutating func pageAppeared(serverTime: EventTimestamp?, transitionRunning: Bool, at now: MonotonicInstant) {
    armed = true
    appearedAt = serverTime
    armedAt = now.nanoseconds
    self.transitionRunning = transitionRunning
    settleUntil = transitionRunning ? .max : now.nanoseconds &+ settle.nanoseconds
    lastDropEvent = nil
    lastDropInstant = .min
  }

  /// The page's transition finished at `now`: the settle delay starts.
  public mutating func transitionFinished(at now: MonotonicInstant) {
    guard armed, transitionRunning else { return }
    transitionRunning = false
    settleUntil = now.nanoseconds &+ settle.nanoseconds
  }

  /// Stops judging input.
  public mutating func disarm() {
    armed = false
  }

  /// Judges a press aimed at the page.
  public mutating func judge(eventTime: EventTimestamp?, at now: MonotonicInstant) -> Verdict {
    guard armed else { return .pass }
    let t = now.nanoseconds
    if transitionRunning, t &- armedAt >= maxTransition.nanoseconds {
      transitionFinished(at: MonotonicInstant(nanoseconds: armedAt &+ maxTransition.nanoseconds))
    }
    let reason: Reason
    if let eventTime, let appearedAt, eventTime.isBefore(appearedAt),
      Int64(eventTime.milliseconds(since: appearedAt)) > -ClickGate.staleHorizonMilliseconds
    {
      reason = .predatesPage
    } else if transitionRunning {
      reason = .transition
    } else if t < settleUntil {
      reason = .settling
    } else if continuesBurst(eventTime: eventTime, at: t) {
      reason = .continuingBurst
    } else {
      armed = false
      return .pass
    }
    if let eventTime { lastDropEvent = eventTime }
    lastDropInstant = t
    return .drop(reason)
  }

  private func continuesBurst(eventTime: EventTimestamp?, at t: Int64) -> Bool {
    let settleMs = Int64(settle.milliseconds)
    if let eventTime, let lastDropEvent {
      let gap = Int64(eventTime.milliseconds(since: lastDropEvent))
      return gap < settleMs
    }
    return lastDropInstant != .min && t &- lastDropInstant < settle.nanoseconds
  }
}

extension ClickInterval {
  /// The fence's default settle delay: 300 ms.
  public static let defaultSettle = ClickInterval(uncheckedNanoseconds: 300_000_000)
  /// The fence's default longest wait for a transition: 2 s.
  public static let defaultMaxTransition = ClickInterval(uncheckedNanoseconds: 2_000_000_000)
}
