// TimelineSpan: a bar on one lane — a gate busy with its action, the interval
// after it, or the spill-over fence armed on a new page.

import ClickGuardGObject

/// A stretch of time on one lane, drawn as a bar under its marks.
package struct TimelineSpan: Sendable {
  /// What the bar means.
  package enum Kind: String, Sendable, CaseIterable {
    /// The gate was busy: from the accepted click until its action (the
    /// handler, or the async load it holds the gate for) finished.
    case busy
    /// The interval after the action finished: repeats are dropped.
    case window
    /// The spill-over fence was armed on a newly shown page.
    case fence

    /// The legend's words for it, in English (the `timeline` log line's
    /// legend), marked for translation where they are shown.
    var label: String {
      switch self {
      // TRANSLATORS: the timeline's bar while a control's action runs.
      case .busy: translatable("busy")
      // TRANSLATORS: the timeline's bar for the guard interval after an action.
      case .window: translatable("interval")
      case .fence: translatable("fence armed")
      }
    }
  }

  /// The lane's id.
  let lane: String
  /// What it means.
  package let kind: Kind
  /// When it began (`CLOCK_MONOTONIC` ms).
  var startMs: Double
  /// When it ended; `nil` while it is still running (the bar reaches the
  /// right edge, up to ``limitMs``).
  var endMs: Double?
  /// The latest a running span can end: a busy gate's maximum busy time.
  var limitMs: Double?

  /// A span.
  package init(lane: String, kind: Kind, startMs: Double, endMs: Double?, limitMs: Double? = nil) {
    self.lane = lane
    self.kind = kind
    self.startMs = startMs
    self.endMs = endMs
    self.limitMs = limitMs
  }
}
