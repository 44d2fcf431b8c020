/// What the guard does with an activation it would drop.
public enum GuardMode: String, Sendable, CaseIterable {
  /// Drop it: the action does not run.
  case enforce
  /// Run it anyway, reported as ``ClickOutcome/wouldDrop(_:)``: to find repeats in an app.
  case observe
  /// Judge nothing: every activation passes as ``PassReason/guardOff``.
  case off
}
