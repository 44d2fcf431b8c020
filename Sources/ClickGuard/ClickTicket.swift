/// Proof that an accepted action is running: hand it to
/// ``ClickDispatcher/finish(_:at:)`` when the action is done.
public struct ClickTicket: Hashable, Sendable {
  /// The gate that accepted the action.
  public let gate: GateKey
  /// Never reused in a dispatcher, so a stale ticket finishes nothing.
  public let number: UInt64
}
