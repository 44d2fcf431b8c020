/// Why an activation was (or, in observe mode, would have been) dropped.
public enum DropReason: String, Sendable, CaseIterable {
  /// The gate's accepted action is still running (sync or async).
  case busy
  /// The action finished less than the interval ago.
  case withinInterval = "within-interval"
  /// By the events' own timestamps, made within the interval of the accepted one.
  case eventTime = "event-time"
  /// A shortcut (or any press under ``GuardProfile/bounce``) pressed again less
  /// than its interval after its previous press, accepted or not: a bounce.
  case tooFast = "too-fast"
}
