// StoredGate and GateOwner: a control's gates kept with the control itself
// (on GTK, in the widget's qdata) instead of in the dispatcher's table, so
// they die with the control and cost no lookup.

/// One control's gate for one action, kept by the control's owner.
///
/// Only the dispatcher makes and changes them, through a ``GateOwner``; the
/// owner stores them and hands them back. Reading one tells the gate's state
/// and counters.
public struct StoredGate: Sendable {
  var record: GateRecord

  init(generationsAfter generation: UInt32) {
    record = GateRecord(generationsAfter: generation)
  }

  /// The decisions this gate made.
  public var counters: DecisionCounters { record.counters.decisionCounters }

  /// Whether an activation without an event time would be accepted at `now`.
  public func isOpen(at now: MonotonicInstant) -> Bool { record.gate.isOpen(at: now) }

  /// Whether an accepted action is still running at `now`.
  public func isBusy(at now: MonotonicInstant) -> Bool { record.gate.isBusy(at: now) }
}

/// Keeps the gates of one control, one per action, for the dispatcher: the
/// twin of the dispatcher's own table, for callers that can store state on
/// the control and have it freed with it (ClickGuardGtk keeps them in the
/// widget's qdata). Pass it to ``ClickDispatcher/begin(_:gateOwner:)`` and
/// ``ClickDispatcher/finish(_:gateOwner:)``.
///
/// Group gates stay in the dispatcher: they are shared.
@MainActor
public protocol GateOwner: AnyObject {
  /// The gate of `action`, or `nil` before an activation of `action` was
  /// first judged. The dispatcher reads it before a judgement and stores the
  /// result after; it never stores `nil`.
  subscript(gateFor action: ActionName) -> StoredGate? { get set }
}
