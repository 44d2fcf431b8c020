/// What kind of repeat a ``GuardConfiguration`` is made for: the window its
/// gates keep, and which kinds of control they judge.
///
/// ```swift
/// let tremor = GuardConfiguration(profile: .bounce)  // 300 ms from the previous press, toggles too
/// ```
public enum GuardProfile: String, Sendable, CaseIterable {
  /// Repeats made while an app lags: a click's window starts when its action
  /// **finished** (500 ms by default), and toggles and switches are
  /// skipped. The default.
  case lag
  /// Clicks that bounce, as a hand tremor makes them: a press less than the
  /// window (300 ms by default) after the previous press on the same
  /// control, acted on or not, is dropped (``DropReason/tooFast``), as GNOME's
  /// Bounce Keys does for keys, and so is one made before the accepted
  /// action finished. No window follows the action, so a slow stall does
  /// not lengthen it. Toggles and switches are judged too: one flip per
  /// bounce.
  case bounce

  /// The window a configuration of this profile starts with: 500 ms for
  /// ``lag``, 300 ms for ``bounce``.
  public var defaultInterval: ClickInterval {
    switch self {
    case .lag: ClickInterval(unchecked: .milliseconds(500))
    case .bounce: ClickInterval(unchecked: .milliseconds(300))
    }
  }

  /// The kinds a configuration of this profile skips: toggles and switches
  /// for ``lag`` (a dropped flip would hide a state change the app never
  /// heard of, unless the veto runs before the flip), none for ``bounce``.
  public var defaultSkippedKinds: Set<ControlKind> {
    switch self {
    case .lag: [.toggle, .switch]
    case .bounce: []
    }
  }
}
