/// What kind of repeat a ``GuardConfiguration`` is made for.
public enum GuardProfile: String, Sendable, CaseIterable {
  /// Repeats made while an app lags: a click's window starts when its action
  /// **finished**; toggles and switches are skipped. The default.
  case lag
  /// Clicks that bounce, as a hand tremor makes them: a press less than the window
  /// after the previous one on the control, acted on or not, is dropped, as GNOME's
  /// Bounce Keys does for keys. No window follows the action; toggles are judged too.
  case bounce

  /// The window a configuration of this profile starts with.
  public var defaultInterval: ClickInterval {
    switch self {
    case .lag: ClickInterval(unchecked: .milliseconds(500))
    case .bounce: ClickInterval(unchecked: .milliseconds(300))
    }
  }

  /// The kinds a configuration of this profile skips: toggles and switches for
  /// ``lag`` (a dropped flip would hide a state change from the app), none for ``bounce``.
  public var defaultSkippedKinds: Set<ControlKind> {
    switch self {
    case .lag: [.toggle, .switch]
    case .bounce: []
    }
  }
}
