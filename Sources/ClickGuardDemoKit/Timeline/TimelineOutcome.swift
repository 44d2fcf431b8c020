// TimelineOutcome: what happened to one activation, in the words of the
// timeline's legend.

import ClickGuard
import ClickGuardGObject

/// What happened to one activation (or one press the fence consumed), as the
/// timeline colours and shapes its mark.
package enum TimelineOutcome: String, CaseIterable, Sendable {
  /// The guard let it through and its action ran.
  case accepted
  /// Dropped: the previous accepted action was still running.
  case droppedBusy = "dropped-busy"
  /// Dropped: the previous action finished less than the interval ago.
  case droppedWithinInterval = "dropped-within-interval"
  /// Dropped by the input events' own timestamps.
  case droppedEventTime = "dropped-event-time"
  /// Observe mode: the guard would have dropped it, and let it run.
  case wouldDrop = "would-drop"
  /// Not judged (guard off, exempt, a toggle or switch, programmatic).
  case passed
  /// A press the spill-over fence consumed before GTK saw it.
  case fenceDrop = "fence-drop"

  /// The outcome of a `decision` log line, or `nil` for an outcome the
  /// timeline does not know. The words are parsed by
  /// ``ClickOutcome/init(outcomeWord:reasonWord:)``; a drop's mark shows its reason.
  /// - Parameters:
  ///   - outcome: the line's `outcome` (`accepted`, `dropped`, `would-drop`, `passed`).
  ///   - reason: the line's `reason` (for a drop: `busy`, `within-interval`, `event-time`).
  package init?(outcome: String, reason: String?) {
    switch ClickOutcome(outcomeWord: outcome, reasonWord: reason) {
    case .accepted: self = .accepted
    case .wouldDrop: self = .wouldDrop
    case .passed: self = .passed
    case .dropped(.busy): self = .droppedBusy
    case .dropped(.withinInterval): self = .droppedWithinInterval
    case .dropped(.eventTime): self = .droppedEventTime
    case .dropped(.tooFast), .fenced, .wouldFence, nil: return nil
    }
  }

  /// The legend's words for it, in English (the `timeline` log line's
  /// legend), marked for translation where they are shown.
  var label: String {
    switch self {
    case .accepted: translatable("accepted")
    case .droppedBusy: translatable("dropped: busy")
    case .droppedWithinInterval: translatable("dropped: interval")
    case .droppedEventTime: translatable("dropped: event time")
    case .wouldDrop: translatable("would drop")
    // TRANSLATORS: an activation let through without being judged.
    case .passed: translatable("passed")
    case .fenceDrop: translatable("fence drop")
    }
  }

  /// Whether nothing of the activation happened.
  var isDrop: Bool {
    switch self {
    case .droppedBusy, .droppedWithinInterval, .droppedEventTime, .fenceDrop: true
    case .accepted, .wouldDrop, .passed: false
    }
  }
}
