// LogOutcome: the outcomes a decision log line can carry, as the report
// sorts them.

/// What happened to one activation, as the decision log says.
public enum LogOutcome: String, CaseIterable, Codable, Sendable {
  /// It ran.
  case accepted
  /// It was dropped as a repeat.
  case dropped
  /// Observe mode: it would have been dropped, and ran.
  case wouldDrop = "would-drop"
  /// It was not judged (guard off, exempt, programmatic…).
  case passed
  /// The spill-over fence dropped the press: it predated fresh content.
  case fenceDrop = "fence-drop"
  /// Observe mode: the fence would have dropped the press.
  case wouldFenceDrop = "would-fence-drop"

  /// Whether the guard judged it a repeat of the same widget's action.
  public var isRepeat: Bool { self == .dropped || self == .wouldDrop }
  /// Whether the fence judged it (it was aimed at fresh content).
  public var isFence: Bool { self == .fenceDrop || self == .wouldFenceDrop }
}
