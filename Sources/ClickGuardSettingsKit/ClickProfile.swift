import ClickGuard

extension GuardProfile {
  /// The window each profile starts from, in milliseconds: the rules file's
  /// `interval-ms` when it sets none (500 for lag, 300 for bounce).
  package var defaultWindowMs: Int { Int(defaultInterval.milliseconds) }

  /// How the window's list names it.
  package var title: String {
    switch self {
    case .lag: "Lag: the app is slow, and clicks made while it works repeat"
    case .bounce: "Bounce: my clicks bounce, toggles and checks too"
    }
  }
}

/// The configuration the try-it pad judges its clicks with: the module's
/// under `profile` (the rules file's `profile=`) with a window of
/// `windowMs` milliseconds (its `interval-ms=`, clamped to 0…60000).
package func tryItConfiguration(profile: GuardProfile, window windowMs: Int) -> GuardConfiguration {
  var configuration = GuardConfiguration(profile: profile)
  // In range by construction: setInterval only refuses over 60 s.
  if let interval = try? ClickInterval(milliseconds: min(max(windowMs, 0), 60_000)) {
    try? configuration.setInterval(interval)
  }
  return configuration
}
