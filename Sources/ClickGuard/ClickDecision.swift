// What the dispatcher decided about one activation, why, and the counters
// that add decisions up.

/// Why an activation was (or, in observe mode, would have been) dropped.
public enum DropReason: String, Sendable, CaseIterable {
  /// The gate's previous action is still running (sync or async).
  case busy
  /// The action finished less than the interval ago (monotonic time at
  /// processing).
  case withinInterval = "within-interval"
  /// By the events' own timestamps the click was made within the interval of
  /// the accepted one, however late it was processed (queued behind a stall or
  /// a slow handler).
  case eventTime = "event-time"
}

/// Why an activation was let through without being judged.
public enum PassReason: String, Sendable, CaseIterable {
  /// The guard is off (``GuardMode/off``).
  case guardOff = "guard-off"
  /// The control opted out (``ControlPolicy/exempt``).
  case exempt
  /// The control's kind is skipped (toggles and switches by default).
  case kindSkipped = "kind-skipped"
  /// The app's own code activated it.
  case programmatic
  /// A consequence of another activation in progress.
  case nested
}

/// The outcome of one activation.
public enum ClickOutcome: Hashable, Sendable, CustomStringConvertible {
  /// Judged and accepted: the action runs and the gate closes.
  case accepted
  /// Judged and dropped: the action does not run.
  case dropped(DropReason)
  /// Observe mode: would have been dropped, runs anyway.
  case wouldDrop(DropReason)
  /// Not judged: the action runs and no gate changes.
  case passed(PassReason)

  /// Whether the action runs.
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

/// Which gate judged an activation: a control's own gate for one action, or a
/// group's shared gate.
public enum GateKey: Hashable, Sendable, CustomStringConvertible {
  /// The gate of `action` on `control`.
  case control(ControlID, ActionName)
  /// The gate shared by every control in the group.
  case group(GroupKey)

  public var description: String {
    switch self {
    case .control(let id, let action): "\(id)/\(action)"
    case .group(let key): "group:\(key)"
    }
  }
}

/// Proof that an accepted action is running; hand it back to
/// ``ClickDispatcher/finish(_:)`` when the action is done, so the interval
/// starts then.
public struct ClickTicket: Hashable, Sendable {
  /// The gate that accepted the action.
  public let gate: GateKey
  /// Which acceptance of that gate this is: a ticket from an earlier one is
  /// ignored.
  public let generation: UInt32
}

/// One decision, as observers see it.
public struct ClickDecision: Sendable {
  /// The activation judged.
  public let activation: Activation
  /// The gate that judged it, or `nil` when it passed unjudged.
  public let gate: GateKey?
  /// What happened.
  public let outcome: ClickOutcome
  /// When it was judged (the dispatcher's clock).
  public let instant: MonotonicInstant
  /// The ticket of an accepted action; finish it when the action is done.
  public let ticket: ClickTicket?

  /// Whether the action runs.
  public var runsAction: Bool { outcome.runsAction }
}

/// Decisions added up, for one gate or for the whole dispatcher.
public struct DecisionCounters: Hashable, Sendable {
  /// Accepted activations.
  public var accepted = 0
  /// Dropped because the previous action was still running.
  public var droppedBusy = 0
  /// Dropped because the action finished less than the interval ago.
  public var droppedWithinInterval = 0
  /// Dropped by the events' own timestamps.
  public var droppedEventTime = 0
  /// Observe mode: would have been dropped, ran anyway.
  public var wouldDrop = 0
  /// Let through without being judged.
  public var passed = 0
  /// Async actions whose gate reopened because they ran past the maximum
  /// busy time.
  public var busyExpired = 0

  /// Creates zeroed counters.
  public init() {}

  /// All drops, whatever the reason.
  public var dropped: Int { droppedBusy + droppedWithinInterval + droppedEventTime }

  /// Drops for `reason`.
  public func dropped(_ reason: DropReason) -> Int {
    switch reason {
    case .busy: droppedBusy
    case .withinInterval: droppedWithinInterval
    case .eventTime: droppedEventTime
    }
  }

  mutating func count(_ outcome: ClickOutcome) {
    switch outcome {
    case .accepted: accepted += 1
    case .dropped(.busy): droppedBusy += 1
    case .dropped(.withinInterval): droppedWithinInterval += 1
    case .dropped(.eventTime): droppedEventTime += 1
    case .wouldDrop: wouldDrop += 1
    case .passed: passed += 1
    }
  }
}
