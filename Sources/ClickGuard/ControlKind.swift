/// What kind of control an activation comes from. Toggles and switches hold a
/// state the app must hear of, so they are skipped by default.
public enum ControlKind: String, Sendable, CaseIterable {
  /// A push button: its action is an event, safe to drop when repeated.
  case button
  /// A toggle, check or radio button.
  case toggle
  case `switch`
}
