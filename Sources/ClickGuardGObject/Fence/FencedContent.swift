import CGLib
import ClickGuard

/// What counts the content its fence keeps: a GTK layer's content fence.
@MainActor
package protocol FencedContentOwner: AnyObject {
  /// How many content widgets carry a ``FencedContent`` of this owner now.
  var liveContentCount: Int { get set }
}

/// The fence of one content widget (a window, dialog, popover or page) that
/// appeared: its ``SpillOverFence`` and whether ClickGuard judges input
/// for it even without the global install (a navigator's page).
///
/// Kept in the widget's qdata (``ObjectData``): it goes with the widget.
/// Both GTK layers keep their content's fences in it.
@MainActor
package final class FencedContent: ObjectAttachment {
  /// The state machine judging presses aimed at this content.
  package private(set) var fence = SpillOverFence()
  /// Whether a wrapper (a navigator) fences this content itself, so it is
  /// judged whether or not the global install is on.
  package var isManaged = false
  /// The monotonic clock's milliseconds (`CLOCK_MONOTONIC`) when the content
  /// appeared with no reading of the input clock (Wayland, before any
  /// event): the input clock's reading then, once an event shows the input
  /// clock is that clock.
  private var appearedOnMonotonicClock: EventTimestamp?
  /// The fence that counts it among its live content.
  private unowned let owner: any FencedContentOwner

  private init(owner: any FencedContentOwner) {
    self.owner = owner
    owner.liveContentCount += 1
  }

  package func objectFinalized() {
    owner.liveContentCount -= 1
  }

  /// The fence on `content` under `quark`, or `nil` when it has none.
  package static func existing(on content: gpointer, quark: GQuark) -> FencedContent? {
    ObjectData.existing(FencedContent.self, on: content, quark: quark)
  }

  /// The fence on `content` under `quark`, attached now (disarmed, counted
  /// by `owner`) if it has none.
  package static func attached(to content: gpointer, quark: GQuark, owner: any FencedContentOwner) -> FencedContent {
    if let state = existing(on: content, quark: quark) { return state }
    let state = FencedContent(owner: owner)
    ObjectData.attach(state, to: content, quark: quark)
    return state
  }

  /// The content appeared at `now`: arms the fence with `settings`' settle
  /// time (`doubleClickTime` when it names none) plus `extraSettle`.
  /// - Parameter serverTime: the input clock now, if known.
  package func arm(
    _ settings: FenceSettings, doubleClickTime: ClickInterval, extraSettle: Duration = .zero,
    maxTransition: ClickInterval = SpillOverFence.defaultMaxTransition, transitionRunning: Bool,
    serverTime: EventTimestamp?, at now: ClickInstant
  ) {
    let settle = (settings.settle ?? doubleClickTime).duration + extraSettle
    fence.settle = (try? ClickInterval(settle, setting: "settle")) ?? .maximum
    fence.maxTransition = maxTransition
    fence.pageAppeared(serverTime: serverTime, transitionRunning: transitionRunning, at: now)
    appearedOnMonotonicClock = serverTime == nil ? Self.monotonicMilliseconds() : nil
  }

  /// The content's transition ended at `now` (`serverTime` on the input clock).
  package func transitionFinished(at now: ClickInstant, serverTime: EventTimestamp?) {
    fence.transitionFinished(at: now, serverTime: serverTime)
  }

  /// Input for the content is not fenced any more.
  package func disarm() {
    fence.disarm()
  }

  /// Why a press made at `eventTime`, processed at `now`, is dropped; `nil`
  /// when it passes (and the fence disarms).
  package func check(eventTime: EventTimestamp?, at now: ClickInstant) -> SpillOverFence.Reason? {
    learnAppearanceTime(from: eventTime)
    return fence.check(eventTime: eventTime, at: now)
  }

  /// The person typed into the content at `eventTime`: the fence disarms
  /// unless the key predates the content.
  package func personTyped(eventTime: EventTimestamp?) {
    learnAppearanceTime(from: eventTime)
    fence.personTyped(eventTime: eventTime)
  }

  private static func monotonicMilliseconds() -> EventTimestamp {
    EventTimestamp(milliseconds: UInt32(truncatingIfNeeded: g_get_monotonic_time() / 1000))
  }

  /// The longest a stalled app is taken to delay a press, when inferring the input clock.
  private static let longestInputDelayMilliseconds: Int32 = 60_000

  /// Gives the fence its appearance time on the input clock if `eventTime`
  /// shows that clock is `CLOCK_MONOTONIC`, as libinput-based Wayland
  /// compositors use (the protocol leaves the base open); otherwise the
  /// fence judges by processing time only.
  private func learnAppearanceTime(from eventTime: EventTimestamp?) {
    guard let appeared = appearedOnMonotonicClock, !fence.knowsAppearanceTime, let eventTime else { return }
    let delay = Self.monotonicMilliseconds().milliseconds(since: eventTime)
    guard delay >= 0, delay <= Self.longestInputDelayMilliseconds else { return }
    fence.learnAppearanceTime(appeared)
    appearedOnMonotonicClock = nil
  }
}

/// The sets of dropped buttons, keys and touches are asked on every event
/// and nearly always empty: an empty set answers without hashing. Inlinable,
/// so each layer's call is specialized for its element type instead of going
/// through generic code across modules on every event.
extension Set {
  /// Whether the set holds `member`.
  @inlinable package func holds(_ member: Element) -> Bool {
    !isEmpty && contains(member)
  }

  /// Removes `member`, returning whether the set held it.
  @inlinable package mutating func removeIfHeld(_ member: Element) -> Bool {
    !isEmpty && remove(member) != nil
  }
}
