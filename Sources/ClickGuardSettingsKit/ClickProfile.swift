import ClickGuard

/// What kind of repeated click the person needs ignored: the rules file's
/// `profile=` key, which the window writes to `[default]`.
package enum ClickProfile: String, CaseIterable, Sendable {
  /// The app is slow to respond, and the clicks made while it works (or
  /// just after) repeat the action: the interval counts from when the
  /// click's work is done. ClickGuard's default.
  case lag
  /// The hand bounces (tremor): clicks that come within the window after a
  /// click are its bounces, toggles included.
  case bounce

  /// The window each profile starts from, in milliseconds: the module's
  /// interval (500) for lag, 300 for bounce.
  package var defaultWindowMs: Int {
    switch self {
    case .lag: 500
    case .bounce: 300
    }
  }

  /// How the window's list names it.
  package var title: String {
    switch self {
    case .lag: "Lag: the app is slow, and clicks made while it works repeat"
    case .bounce: "Bounce: my clicks bounce, toggles and checks too"
    }
  }
}

// MERGE: wire the core's bounce profile here. The bounce profile's public
// API (the window counted from each click's event time) is being written
// concurrently; until it lands, the try-it pad approximates it with today's
// API: the window as the interval, and toggles guarded (no skipped kind but
// switches). Replace the `.bounce` case with the core's own configuration
// for the profile, so that the pad judges exactly as the module will.
/// The configuration the try-it pad judges its clicks with: as the module
/// would judge them under `profile` with a window of `windowMs`
/// milliseconds (clamped to 0…60000).
package func tryItConfiguration(profile: ClickProfile, window windowMs: Int) -> GuardConfiguration {
  var configuration = GuardConfiguration()
  let clamped = min(max(windowMs, 0), 60_000)
  // In range by construction: setInterval only refuses over 60 s.
  if let interval = try? ClickInterval(milliseconds: clamped) { try? configuration.setInterval(interval) }
  configuration.mode = .enforce
  switch profile {
  case .lag:
    break
  case .bounce:
    configuration.skippedKinds = [.switch]
  }
  return configuration
}
