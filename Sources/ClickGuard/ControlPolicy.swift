/// Whether a control takes part in guarding.
public enum ControlPolicy: String, Sendable, CaseIterable {
  /// Follow the global configuration: guarded unless its kind is skipped.
  case automatic
  /// Always guarded, whatever its kind (opt a switch or toggle in).
  case guarded
  /// Never guarded (opt out): every activation runs.
  case exempt
}
