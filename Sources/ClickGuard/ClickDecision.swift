/// One decision: what was judged, by which gate, with what outcome and when.
public struct ClickDecision: Sendable {
  public let activation: Activation
  /// The gate that judged it; `nil` when it passed unjudged.
  public let gate: GateKey?
  public let outcome: ClickOutcome
  /// When it was judged, on the dispatcher's clock.
  public let instant: ClickInstant
  /// The ticket of an accepted action: finish it when the action is done.
  public let ticket: ClickTicket?
  /// Why an activation the window would have dropped was accepted; else `nil`.
  public var acceptance: AcceptReason? = nil

  public var runsAction: Bool { outcome.runsAction }
}
