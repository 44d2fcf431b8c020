/// What kind of control an activation comes from.
///
/// Toggles and switches hold a state: dropping their activation would leave
/// the widget showing a state the app never heard of, so they are skipped by
/// default (``GuardConfiguration/skippedKinds``).
public enum ControlKind: String, Sendable, CaseIterable {
  /// A push button: its action is an event, safe to drop when repeated.
  case button
  /// A toggle, check or radio button.
  case toggle
  /// A switch.
  case `switch`
}
