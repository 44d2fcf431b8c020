/// A step in one gate's life, as the dispatcher publishes it to
/// ``ClickDispatcher/addGateObserver(_:)``: a view draws when a gate was busy
/// and cooling from what the gate did, instead of re-deriving it from the
/// decisions with copies of the rules.
public struct GateTransition: Equatable, Sendable {
  /// What happened to the gate.
  public enum Kind: String, CaseIterable, Sendable {
    /// An activation was accepted: the gate is busy until its action
    /// finishes, at the latest until ``GateTransition/until`` (the maximum
    /// busy time).
    case accepted
    /// The action finished: repeats are dropped until
    /// ``GateTransition/until``.
    case finished
    /// The action ran past the maximum busy time: the gate reopened at
    /// ``GateTransition/instant`` (seen at the next judgement).
    case expired
    /// An activation was dropped, or would be in observe mode: the gate did
    /// not change.
    case dropped
  }

  /// What happened.
  public let kind: Kind
  /// The gate.
  public let gate: GateKey
  /// The control whose activation was judged, or whose action finished or
  /// expired.
  public let control: ControlID
  /// When: the judgement, the finish, or the moment the maximum busy time
  /// ran out.
  public let instant: ClickInstant
  /// The gate's interval: the window that follows a finish (zero after a
  /// retarget).
  public let interval: ClickInterval
  /// Accepted: when the gate reopens if the action never finishes;
  /// finished: when the window ends; expired: ``GateTransition/instant``;
  /// dropped: `nil`.
  public let until: ClickInstant?
}
