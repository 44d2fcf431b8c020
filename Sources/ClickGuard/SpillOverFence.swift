/// Keeps input a person made before a page was on screen from acting on that
/// page: a state machine fed instants and event times, no timers.
///
/// A per-widget gate cannot see spill-over: a person who keeps clicking the
/// spot of "Open" while the app lags clicks the *next* page's button at that
/// spot. The fence is armed when a page appears and, while armed, judges each
/// press (pointer or key) aimed at the page:
///
/// 1. Its event time predates the page's appearance → drop
///    (``Reason/predatesPage``): it was made before the page was there.
/// 2. The page's transition is still running → drop (``Reason/transition``).
/// 3. It was made, by its event time, less than the settle delay after the
///    page appeared (after its transition finished), or it is processed less
///    than the settle delay after that → drop (``Reason/settling``). Event
///    time keeps a press made while the app stalled just after showing the
///    page off it: it was made before the page could be seen.
/// 4. It follows a dropped press by less than the settle delay → drop
///    (``Reason/continuingBurst``): the same burst of clicking that began
///    before the page appeared.
///
/// The first press that passes disarms the fence, and so does typing into
/// the page (``personTyped(eventTime:)``): someone who already uses the new
/// content means what they press there next, however soon. A transition that never
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

  /// The fence's verdict on one press.
  public enum Verdict: Hashable, Sendable {
    /// The press acts on the page.
    case pass
    /// The press is dropped.
    case drop(Reason)
  }

  /// The fence's default settle delay, 300 ms: about a person's reaction time
  /// to a new page, shorter than any deliberate first click on it and longer
  /// than the gaps in a burst of repeated clicking.
  public static let defaultSettle = ClickInterval(unchecked: .milliseconds(300))
  /// The fence's default longest wait for a transition: 2 s.
  public static let defaultMaxTransition = ClickInterval(unchecked: .seconds(2))

  /// How long a page must be still, and a pause in clicking must last,
  /// before input acts on it.
  public var settle: ClickInterval
  /// The longest a transition is waited for.
  public var maxTransition: ClickInterval

  /// Whether the fence is judging input.
  public private(set) var isArmed = false
  private var appearedAt: EventTimestamp?
  private var armedAt = ClickInstant(sinceOrigin: .zero)
  private var transitionRunning = false
  /// When the settle delay ends; `nil` while the transition runs.
  private var settledAt: ClickInstant?
  /// When the settle delay ends on the input clock, if known; `nil` while
  /// the transition runs.
  private var settledAtEventTime: EventTimestamp?
  private var lastDrop: (eventTime: EventTimestamp?, instant: ClickInstant)?

  /// Creates a disarmed fence.
  public init(settle: ClickInterval = Self.defaultSettle, maxTransition: ClickInterval = Self.defaultMaxTransition) {
    self.settle = settle
    self.maxTransition = maxTransition
  }

  /// A page appeared at `now`.
  /// - Parameters:
  ///   - serverTime: the input clock when it appeared (the X server's time),
  ///     if known: presses stamped earlier are dropped.
  ///   - transitionRunning: whether a transition animates it in.
  ///   - now: when it appeared, on the guard's clock.
  public mutating func pageAppeared(serverTime: EventTimestamp?, transitionRunning: Bool, at now: ClickInstant) {
    isArmed = true
    appearedAt = serverTime
    armedAt = now
    self.transitionRunning = transitionRunning
    settledAt = transitionRunning ? nil : now + settle.duration
    settledAtEventTime = transitionRunning ? nil : serverTime?.adding(milliseconds: settle.milliseconds)
    lastDrop = nil
  }

  /// The page's transition finished at `now`: the settle delay starts.
  /// - Parameters:
  ///   - now: when it finished, on the guard's clock.
  ///   - serverTime: the input clock at `now`, if known.
  public mutating func transitionFinished(at now: ClickInstant, serverTime: EventTimestamp? = nil) {
    guard isArmed, transitionRunning else { return }
    transitionRunning = false
    settledAt = now + settle.duration
    settledAtEventTime = serverTime?.adding(milliseconds: settle.milliseconds)
  }

  /// Whether the fence knows the input clock's reading when its page
  /// appeared (``pageAppeared(serverTime:transitionRunning:at:)`` was given
  /// one, or ``learnAppearanceTime(_:)`` since).
  public var knowsAppearanceTime: Bool { appearedAt != nil }

  /// The input clock's reading when the page appeared, learnt after it
  /// appeared: a display that cannot be asked for its input clock (Wayland)
  /// tells it only through the first events, which show which clock it is.
  /// The event-time rules then apply as if it had been known at once: the
  /// settle delay ends, on the input clock, as long after `serverTime` as it
  /// ends after the appearance on the processing clock. Ignored when the
  /// fence is disarmed or knows the time already.
  public mutating func learnAppearanceTime(_ serverTime: EventTimestamp) {
    guard isArmed, appearedAt == nil else { return }
    appearedAt = serverTime
    if let settledAt {
      let untilSettled = armedAt.duration(to: settledAt).components
      let milliseconds = untilSettled.seconds * 1000 + untilSettled.attoseconds / 1_000_000_000_000_000
      settledAtEventTime = serverTime.adding(milliseconds: milliseconds)
    }
  }

  /// The person typed into the page (a key that is not an activation key)
  /// at `eventTime`: the fence disarms, unless the key predates the page
  /// (typed ahead while it was not there yet).
  public mutating func personTyped(eventTime: EventTimestamp?) {
    guard isArmed else { return }
    if let eventTime, let appearedAt, eventTime.isBefore(appearedAt) { return }
    isArmed = false
  }

  /// Stops judging input.
  public mutating func disarm() {
    isArmed = false
  }

  /// Judges a press made at `eventTime` (if known), processed at `now`.
  public mutating func judge(eventTime: EventTimestamp?, at now: ClickInstant) -> Verdict {
    guard isArmed else { return .pass }
    if transitionRunning, armedAt.duration(to: now) >= maxTransition.duration {
      transitionFinished(at: armedAt + maxTransition.duration)
    }
    let reason: Reason
    if let eventTime, let appearedAt, eventTime.isBefore(appearedAt),
      Int64(eventTime.milliseconds(since: appearedAt)) > -ClickGate.staleHorizonMilliseconds
    {
      reason = .predatesPage
    } else if transitionRunning {
      reason = .transition
    } else if let settledAt, now < settledAt {
      reason = .settling
    } else if let eventTime, let settledAtEventTime, eventTime.isBefore(settledAtEventTime),
      Int64(eventTime.milliseconds(since: settledAtEventTime)) > -ClickGate.staleHorizonMilliseconds
    {
      reason = .settling
    } else if continuesBurst(eventTime: eventTime, at: now) {
      reason = .continuingBurst
    } else {
      isArmed = false
      return .pass
    }
    lastDrop = (eventTime ?? lastDrop?.eventTime, now)
    return .drop(reason)
  }

  /// Whether a press follows the last dropped one by less than the settle
  /// delay: by event time when both have one, else by processing time.
  private func continuesBurst(eventTime: EventTimestamp?, at now: ClickInstant) -> Bool {
    guard let lastDrop else { return false }
    if let eventTime, let previous = lastDrop.eventTime {
      return Int64(eventTime.milliseconds(since: previous)) < settle.milliseconds
    }
    return lastDrop.instant.duration(to: now) < settle.duration
  }
}
