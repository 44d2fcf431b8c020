/// Why an activation was (or, in observe mode, would have been) dropped.
public enum DropReason: String, Sendable, CaseIterable {
  /// The gate's accepted action is still running (sync or async).
  case busy
  /// The action finished less than the interval ago.
  case withinInterval = "within-interval"
  /// By the events' own timestamps the click was made within the interval of
  /// the accepted one, however late it was processed.
  case eventTime = "event-time"
  /// A shortcut (or, under ``GuardProfile/bounce``, any press) made again
  /// less than its interval after its previous press (accepted or not), by
  /// the events' own timestamps: faster than a person repeats it on
  /// purpose, so a bounce or a burst.
  case tooFast = "too-fast"
}
