/// What a log line says happened to one activation: the `outcome` word of the decision
/// logs, turned back into a case here. The first four are ``ClickOutcome``'s kinds, the
/// last two the ``SpillOverFence``'s; `reason` is the drop, pass or fence reason.
public enum LoggedOutcome: String, CaseIterable, Codable, Sendable {
  /// It ran (``ClickOutcome/accepted``).
  case accepted
  /// It was dropped as a repeat (``ClickOutcome/dropped(_:)``).
  case dropped
  /// Observe mode: it would have been dropped, and ran.
  case wouldDrop = "would-drop"
  /// It was not judged (``ClickOutcome/passed(_:)``).
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

extension ClickOutcome {
  /// The log's `outcome` word for this outcome.
  public var logged: LoggedOutcome {
    switch self {
    case .accepted: .accepted
    case .dropped: .dropped
    case .wouldDrop: .wouldDrop
    case .passed: .passed
    }
  }

  /// The log's `reason` word: the drop or pass reason, `nil` when accepted.
  public var loggedReason: String? {
    switch self {
    case .accepted: nil
    case .dropped(let why), .wouldDrop(let why): why.rawValue
    case .passed(let why): why.rawValue
    }
  }

  /// The outcome a log line's words name, or `nil` for a fence outcome or a word that does not fit.
  public init?(logged outcome: String, reason: String?) {
    switch LoggedOutcome(rawValue: outcome) {
    case .accepted: self = .accepted
    case .dropped:
      guard let why = reason.flatMap(DropReason.init(rawValue:)) else { return nil }
      self = .dropped(why)
    case .wouldDrop:
      guard let why = reason.flatMap(DropReason.init(rawValue:)) else { return nil }
      self = .wouldDrop(why)
    case .passed:
      guard let why = reason.flatMap(PassReason.init(rawValue:)) else { return nil }
      self = .passed(why)
    case .fenceDrop, .wouldFenceDrop, nil: return nil
    }
  }
}
