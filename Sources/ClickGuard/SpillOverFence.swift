/// Keeps input a person made before a page was on screen from acting on that
/// page: a per-widget gate cannot see someone who keeps clicking "Open" while
/// the app lags click the *next* page's button at that spot. Armed when a page
/// appears, the fence drops a press aimed at it when:
///
/// 1. its event time predates the page (``Reason/predatesPage``);
/// 2. the page's transition still runs (``Reason/transition``);
/// 3. it was made or processed less than the settle delay after the page
///    appeared or its transition ended (``Reason/settling``);
/// 4. it follows a dropped press by less than the settle delay
///    (``Reason/continuingBurst``).
///
/// The first press that passes disarms it, and so does typing into the page.
/// A transition that never reports its end counts as over after ``maxTransition``.
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

  /// The default settle delay: about a person's reaction time to a new page,
  /// shorter than a deliberate first click on it, longer than a burst's gaps.
  public static let defaultSettle = ClickInterval(unchecked: .milliseconds(300))
  /// The default longest wait for a transition.
  public static let defaultMaxTransition = ClickInterval(unchecked: .seconds(2))

  /// How long a page must be still, and a pause in clicking last, before input acts.
  public var settle: ClickInterval
  /// The longest a transition is waited for.
  public var maxTransition: ClickInterval

  /// Whether the fence is judging input.
  public private(set) var isArmed = false
  private var appearedAt: EventTimestamp?
  private var armedAt = ClickInstant(sinceOrigin: .zero)
  private var transitionRunning = false
  /// When the settle delay ends, on both clocks; `nil` while the transition runs.
  private var settledAt: ClickInstant?
  private var settledAtEventTime: EventTimestamp?
  private var lastDrop: (eventTime: EventTimestamp?, instant: ClickInstant)?

  /// Creates a disarmed fence.
  public init(settle: ClickInterval = Self.defaultSettle, maxTransition: ClickInterval = Self.defaultMaxTransition) {
    self.settle = settle
    self.maxTransition = maxTransition
  }

  /// A page appeared at `now`; presses stamped before `serverTime` (the input clock
  /// then) are dropped.
  public mutating func pageAppeared(serverTime: EventTimestamp?, transitionRunning: Bool, at now: ClickInstant) {
    isArmed = true
    appearedAt = serverTime
    armedAt = now
    self.transitionRunning = transitionRunning
    settledAt = transitionRunning ? nil : now + settle.duration
    settledAtEventTime = transitionRunning ? nil : serverTime?.adding(milliseconds: settle.milliseconds)
    lastDrop = nil
  }

  /// The page's transition finished at `now` (`serverTime` on the input clock): the
  /// settle delay starts.
  public mutating func transitionFinished(at now: ClickInstant, serverTime: EventTimestamp? = nil) {
    guard isArmed, transitionRunning else { return }
    transitionRunning = false
    settledAt = now + settle.duration
    settledAtEventTime = serverTime?.adding(milliseconds: settle.milliseconds)
  }

  /// Whether the fence knows the input clock's reading when its page appeared.
  public var knowsAppearanceTime: Bool { appearedAt != nil }

  /// The input clock's reading when the page appeared, learnt later (a Wayland display shows it
  /// only through the first events). Ignored when disarmed or already known.
  public mutating func learnAppearanceTime(_ serverTime: EventTimestamp) {
    guard isArmed, appearedAt == nil else { return }
    appearedAt = serverTime
    if let settledAt {
      let untilSettled = armedAt.duration(to: settledAt).components
      let milliseconds = untilSettled.seconds * 1000 + untilSettled.attoseconds / 1_000_000_000_000_000
      settledAtEventTime = serverTime.adding(milliseconds: milliseconds)
    }
  }

  /// The person typed into the page (not an activation key) at `eventTime`:
  /// the fence disarms, unless the key predates the page.
  public mutating func personTyped(eventTime: EventTimestamp?) {
    guard isArmed else { return }
    if let eventTime, let appearedAt, eventTime.isBefore(appearedAt) { return }
    isArmed = false
  }

  public mutating func disarm() {
    isArmed = false
  }

  /// Checks a press made at `eventTime` (if known), processed at `now`: why it
  /// is dropped, or `nil` when it passes (a passing press disarms the fence).
  public mutating func check(eventTime: EventTimestamp?, at now: ClickInstant) -> Reason? {
    guard isArmed else { return nil }
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
      return nil
    }
    lastDrop = (eventTime ?? lastDrop?.eventTime, now)
    return reason
  }

  /// Whether a press follows the last dropped one by less than the settle delay.
  private func continuesBurst(eventTime: EventTimestamp?, at now: ClickInstant) -> Bool {
    guard let lastDrop else { return false }
    if let eventTime, let previous = lastDrop.eventTime {
      return Int64(eventTime.milliseconds(since: previous)) < settle.milliseconds
    }
    return lastDrop.instant.duration(to: now) < settle.duration
  }
}
