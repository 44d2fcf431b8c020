/// A step in one gate's life, published to ``ClickDispatcher/addGateObserver(_:)``,
/// so a view draws a gate's busy and cooling time from what the gate did.
public struct GateTransition: Equatable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    /// An activation was accepted: the gate is busy until its action finishes.
    case accepted
    /// The action finished: repeats are dropped until ``GateTransition/until``.
    case finished
    /// The action ran past the maximum busy time: the gate reopened at ``GateTransition/instant``.
    case expired
    /// An activation was dropped, or would be in observe mode: no change.
    case dropped
  }

  public let kind: Kind
  public let gate: GateKey
  /// The control judged, or whose action finished or expired.
  public let control: ControlID
  /// When: the judgement, the finish, or when the maximum busy time ran out.
  public let instant: ClickInstant
  /// The window that follows a finish (zero after a retarget).
  public let interval: ClickInterval
  /// Accepted: the busy deadline; finished: the end of the window; expired:
  /// ``GateTransition/instant``; dropped: `nil`.
  public let until: ClickInstant?
}
