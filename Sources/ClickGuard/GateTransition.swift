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

extension GateTransition {
  /// An activation of `control` the gate `gate` judged at `instant` with `action`.
  init(
    _ action: ClickGate.ActivatedAction, gate: GateKey, control: ControlID, instant: ClickInstant,
    interval: ClickInterval
  ) {
    switch action {
    case .accept(_, let until, _):
      self.init(kind: .accepted, gate: gate, control: control, instant: instant, interval: interval, until: until)
    case .drop:
      self.init(kind: .dropped, gate: gate, control: control, instant: instant, interval: interval, until: nil)
    }
  }

  /// The running action of `gate` ran past its maximum busy time.
  init(expired action: ClickGate.RunningAction, gate: GateKey) {
    self.init(
      kind: .expired, gate: gate, control: action.control, instant: action.deadline, interval: action.interval,
      until: action.deadline)
  }

  /// The running action of `gate` finished at `now`.
  init(_ finished: ClickGate.Finished, gate: GateKey, at now: ClickInstant) {
    self.init(
      kind: .finished, gate: gate, control: finished.control, instant: now,
      interval: ClickInterval(unchecked: now.duration(to: finished.until)), until: finished.until)
  }
}
