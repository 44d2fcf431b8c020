// WidgetTally: what the log says happened to one widget: counts by outcome
// and reason, and the rhythm of its quick repeats for the rule suggestions.
// It keeps counts and each process's last activation, not the activations:
// its size does not grow with the log.

import ClickGuard

/// The decisions about one widget, counted.
package struct WidgetTally: Codable, Equatable, Sendable {
  /// The widget.
  package var widget: WidgetIdentity
  /// Activations that ran.
  package var accepted = 0
  /// Of those, the ones accepted for a reason (`person-repeat`), by
  /// reason; `nil` while none was (the JSON then has no such field).
  package var acceptedAs: [String: Int]?
  /// Repeats dropped, by reason (`busy`, `within-interval`, `event-time`).
  package var dropped: [String: Int] = [:]
  /// Repeats that would have been dropped (observe mode), by reason.
  package var wouldDrop: [String: Int] = [:]
  /// Presses the spill-over fence dropped, by reason.
  package var fenceDropped: [String: Int] = [:]
  /// Presses the fence would have dropped (observe mode), by reason.
  package var wouldFenceDrop: [String: Int] = [:]
  /// Activations not judged, by reason (`exempt`, `programmatic`…).
  package var passed: [String: Int] = [:]
  /// The gaps before its quick repeats, each from the judged activation
  /// before it in the same process.
  package private(set) var rhythm = RepeatRhythm()
  /// Each process's (by pid) last judged activation, which the next quick
  /// repeat's gap is measured from.
  private var lastActivation: [Int64: LoggedActivation] = [:]
  /// The gaps between a person's clicks on it let through because its kind
  /// is skipped (a toggle under the lag profile), each from the one before
  /// in the same process: fast ones are bounces no guard saw.
  package private(set) var skippedRhythm = RepeatRhythm()
  /// Each process's last such click.
  private var lastSkipped: [Int64: LoggedActivation] = [:]

  enum CodingKeys: String, CodingKey {
    case widget, accepted, acceptedAs, dropped, wouldDrop, fenceDropped, wouldFenceDrop, passed
  }

  /// Nothing counted yet for `widget`.
  package init(widget: WidgetIdentity) {
    self.widget = widget
  }

  /// Repeats dropped or that would have been.
  package var repeats: Int { dropped.values.reduce(0, +) + wouldDrop.values.reduce(0, +) }
  /// Presses the fence dropped or would have.
  package var fenceDrops: Int { fenceDropped.values.reduce(0, +) + wouldFenceDrop.values.reduce(0, +) }
  /// Activations the guard judged: accepted and repeats.
  package var judged: Int { accepted + repeats }

  /// Counts `line`, whose outcome is `outcome`, made by process `pid`.
  mutating func count(_ line: DecisionLogLine, _ outcome: ClickOutcome.Kind, pid: Int64, wallTime: Int64?) {
    let reason = line.reason ?? "unknown"
    switch outcome {
    case .accepted:
      accepted += 1
      if let why = line.reason {
        if acceptedAs == nil { acceptedAs = [:] }
        acceptedAs?[why, default: 0] += 1
      }
    case .dropped: dropped[reason, default: 0] += 1
    case .wouldDrop: wouldDrop[reason, default: 0] += 1
    case .fenced: fenceDropped[reason, default: 0] += 1
    case .wouldFence: wouldFenceDrop[reason, default: 0] += 1
    case .passed: passed[reason, default: 0] += 1
    }
    if outcome == .accepted || outcome.isRepeat {
      let activation = LoggedActivation(
        outcome: outcome, reason: line.reason, eventTime: line.eventTime, wallTime: wallTime)
      if activation.isQuickRepeat, let previous = lastActivation[pid],
        let gap = activation.milliseconds(since: previous)
      {
        rhythm.add(gap: gap)
      }
      lastActivation[pid] = activation
    }
    if outcome == .passed, line.reason == PassReason.kindSkipped.rawValue, line.source == ActivationSource.user.rawValue
    {
      let activation = LoggedActivation(
        outcome: outcome, reason: line.reason, eventTime: line.eventTime, wallTime: wallTime)
      if let previous = lastSkipped[pid], let gap = activation.milliseconds(since: previous) {
        skippedRhythm.add(gap: gap)
      }
      lastSkipped[pid] = activation
    }
  }
}
