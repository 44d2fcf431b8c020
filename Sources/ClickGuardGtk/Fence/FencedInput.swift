import CGtk
import ClickGuard

/// One press or activation key the fresh-content fence kept from a window,
/// dialog, popover or page that had just appeared (or, in observe mode,
/// would have kept): what the decision log writes as a fence line.
package struct FencedInput {
  /// The widget the input was aimed at.
  package var target: WidgetPointer
  /// The content that fenced it: the window, dialog, popover or page.
  package var content: WidgetPointer
  /// `press` (pointer button or touch) or `key` (an activation key).
  package var input: String
  /// The input event's time, if any.
  package var eventTime: EventTimestamp?
  /// ``ClickOutcome/fenced(_:)`` when the input was really dropped (enforce
  /// mode), ``ClickOutcome/wouldFence(_:)`` when only reported (observe mode).
  package var outcome: ClickOutcome
}
