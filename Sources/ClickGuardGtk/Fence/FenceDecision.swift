import CGtk
import ClickGuard

/// One press or activation key the fresh-content fence kept from a window,
/// dialog, popover or page that had just appeared (or, in observe mode,
/// would have kept): what the decision log writes as `fence-drop` or
/// `would-fence-drop`.
package struct FenceDecision {
  /// The widget the input was aimed at.
  package var target: WidgetPointer
  /// The content that fenced it: the window, dialog, popover or page.
  package var content: WidgetPointer
  /// Why the fence dropped it.
  package var reason: SpillOverFence.Reason
  /// `press` (pointer button or touch) or `key` (an activation key).
  package var input: String
  /// The input event's time, if any.
  package var eventTime: EventTimestamp?
  /// Whether the input was really dropped (enforce mode) rather than only
  /// reported (observe mode).
  package var isEnforced: Bool
}
