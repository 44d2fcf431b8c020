// TimelineMark: one activation (or one fenced press) on the timeline.

/// One activation judged by the guard, or one press the fence consumed: a
/// mark at its event time and one at its processing time, joined by a line.
public struct TimelineMark: Sendable {
  /// The lane's id (the control's name, or ``TimelineLane/fenceID``).
  public let lane: String
  /// What happened to it.
  public let outcome: TimelineOutcome
  /// The input event's X server timestamp (ms), when it had one.
  public let eventTime: UInt32?
  /// When the demo judged it (`CLOCK_MONOTONIC` ms, the log's `mono_ms`).
  public let processedMs: Double
  /// The log pane's line for it (shown on hover).
  public let detail: String

  /// A mark.
  public init(lane: String, outcome: TimelineOutcome, eventTime: UInt32?, processedMs: Double, detail: String) {
    self.lane = lane
    self.outcome = outcome
    self.eventTime = eventTime
    self.processedMs = processedMs
    self.detail = detail
  }
}
