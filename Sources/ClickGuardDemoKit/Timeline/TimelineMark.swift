// TimelineMark: one activation (or one fenced press) on the timeline.

/// One activation judged by the guard, or one press the fence consumed: a
/// mark at its event time and one at its processing time, joined by a line.
package struct TimelineMark: Sendable {
  /// The lane's id (the control's name, or ``TimelineLane/fenceID``).
  let lane: String
  /// What happened to it.
  package let outcome: TimelineOutcome
  /// The input event's X server timestamp (ms), when it had one.
  package let eventTime: UInt32?
  /// When the demo judged it (`CLOCK_MONOTONIC` ms, the log's `mono_ms`).
  let processedMs: Double
  /// The log pane's line for it (shown on hover).
  package let detail: String

  /// A mark.
  package init(lane: String, outcome: TimelineOutcome, eventTime: UInt32?, processedMs: Double, detail: String) {
    self.lane = lane
    self.outcome = outcome
    self.eventTime = eventTime
    self.processedMs = processedMs
    self.detail = detail
  }
}
