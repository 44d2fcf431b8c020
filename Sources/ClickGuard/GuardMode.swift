/// What the guard does with an activation it would drop.
public enum GuardMode: String, Sendable, CaseIterable {
  /// Drop it: the action does not run.
  case enforce
  /// Run it anyway, but report it as ``ClickOutcome/wouldDrop(_:)``: for
  /// finding duplicate activations in an existing app.
  case observe
  /// Judge nothing: every activation runs and passes as
  /// ``PassReason/guardOff``.
  case off
}
