/// The outcome of one activation.
public enum ClickOutcome: Hashable, Sendable, CustomStringConvertible {
  /// Judged and accepted: the action runs and the gate is busy until it finishes.
  case accepted
  /// Judged and dropped: the action does not run.
  case dropped(DropReason)
  /// Observe mode: would have been dropped, runs anyway.
  case wouldDrop(DropReason)
  /// Not judged: the action runs and no gate changes.
  case passed(PassReason)

  public var runsAction: Bool {
    if case .dropped = self { return false }
    return true
  }

  public var description: String {
    switch self {
    case .accepted: "accepted"
    case .dropped(let reason): "dropped(\(reason.rawValue))"
    case .wouldDrop(let reason): "would-drop(\(reason.rawValue))"
    case .passed(let reason): "passed(\(reason.rawValue))"
    }
  }
}
