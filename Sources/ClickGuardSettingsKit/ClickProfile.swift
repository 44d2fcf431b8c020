import ClickGuard
import ClickGuardGtk

extension GuardProfile {
  /// The window each profile starts from, in milliseconds: the rules file's
  /// `interval-ms` when it sets none.
  package var defaultWindowMs: Int { Int(defaultInterval.milliseconds) }

  /// The choice's words in the window.
  package var title: String {
    switch self {
    case .lag: localized("The app is slow")
    case .bounce: localized("My clicks bounce or my hand trembles")
    }
  }

  /// The sentence under the choice.
  package var explanation: String {
    switch self {
    case .lag: localized("Clicks made while an app is still busy with the first one are ignored.")
    case .bounce:
      localized("A press soon after the last one on the same button is ignored, switches too.")
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
