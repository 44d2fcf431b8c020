/// Decisions added up, for one gate or for a whole dispatcher.
public struct DecisionCounters: Hashable, Sendable {
  public var accepted = 0
  /// Dropped because the accepted action was still running.
  public var droppedBusy = 0
  /// Dropped because the action finished less than the interval ago.
  public var droppedWithinInterval = 0
  /// Dropped by the events' own timestamps.
  public var droppedEventTime = 0
  /// Dropped as a shortcut pressed again faster than a person re-taps it.
  public var droppedTooFast = 0
  /// Observe mode: would have been dropped, ran anyway.
  public var wouldDrop = 0
  /// Let through without being judged.
  public var passed = 0
  /// Actions whose gate reopened because they ran past the maximum busy time.
  public var busyExpired = 0

  public init() {}

  /// All drops, whatever the reason.
  public var dropped: Int { droppedBusy + droppedWithinInterval + droppedEventTime + droppedTooFast }

  public func dropped(_ reason: DropReason) -> Int {
    switch reason {
    case .busy: droppedBusy
    case .withinInterval: droppedWithinInterval
    case .eventTime: droppedEventTime
    case .tooFast: droppedTooFast
    }
  }

  public mutating func count(_ outcome: ClickOutcome) {
    switch outcome {
    case .accepted: accepted += 1
    case .dropped(.busy): droppedBusy += 1
    case .dropped(.withinInterval): droppedWithinInterval += 1
    case .dropped(.eventTime): droppedEventTime += 1
    case .dropped(.tooFast): droppedTooFast += 1
    case .wouldDrop: wouldDrop += 1
    case .passed: passed += 1
    case .fenced, .wouldFence: break  // the fence's, not the dispatcher's
    }
  }
}

extension DecisionCounters {
  /// Counts a judged `outcome`, and an action its gate found past the maximum busy time if `expired`.
  mutating func count(_ outcome: ClickOutcome, expired: Bool) {
    count(outcome)
    if expired { busyExpired += 1 }
  }
}
