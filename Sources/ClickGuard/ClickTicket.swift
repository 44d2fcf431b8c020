/// Proof that an accepted action is running. Hand it back to
/// ``ClickDispatcher/finish(_:at:)`` when the action is done: the interval
/// starts then.
public struct ClickTicket: Hashable, Sendable {
  /// The gate that accepted the action.
  public let gate: GateKey
  /// Which acceptance this is; numbers are never reused in a dispatcher, so
  /// a ticket of an earlier action, or of a forgotten gate, finishes nothing.
  public let number: UInt64
}
