// LoggedActivation: one judged activation of a widget, as much of it as the
// rule suggestions need: what happened and when.

import ClickGuard

/// One activation the guard judged, in log order.
package struct LoggedActivation: Equatable, Sendable {
  /// What happened (the line's `outcome` word).
  package var outcome: ClickOutcome.Kind
  /// Why, for a drop.
  package var reason: String?
  /// The input event's X server time (ms), if any.
  package var eventTime: UInt32?
  /// The wall-clock time (ms since 1970), if the line had one.
  package var wallTime: Int64?

  /// An activation with `outcome` at the given times.
  package init(outcome: ClickOutcome.Kind, reason: String? = nil, eventTime: UInt32? = nil, wallTime: Int64? = nil) {
    self.outcome = outcome
    self.reason = reason
    self.eventTime = eventTime
    self.wallTime = wallTime
  }

  /// Milliseconds from `earlier` to this one: by the X server's event
  /// times when both have one (wrap-safe, as the guard compares them), else
  /// by the wall clock; `nil` when neither can say or it is negative.
  package func milliseconds(since earlier: LoggedActivation) -> Int? {
    if let now = eventTime.flatMap(EventTimestamp.init(gdkTime:)),
      let then = earlier.eventTime.flatMap(EventTimestamp.init(gdkTime:))
    {
      let gap = Int(now.milliseconds(since: then))
      return gap >= 0 ? gap : nil
    }
    if let now = wallTime, let then = earlier.wallTime, now >= then { return Int(now - then) }
    return nil
  }

  /// Whether the guard dropped it (or would have) as a repeat too close to
  /// the one before: the interval or event-time rules, not `busy`.
  package var isQuickRepeat: Bool {
    outcome.isRepeat && (reason == DropReason.withinInterval.rawValue || reason == DropReason.eventTime.rawValue)
  }
}
