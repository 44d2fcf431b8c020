/// One gate and the decisions it made.
///
/// A reference, so the control it judges can keep it: a widget keeps its
/// own gate on its ClickGuard state, and its clicks reach the gate without
/// a look-up in the ledger, which keeps every gate for everything else
/// (finishing tickets, counters, forgetting).
package final class GateRecord {
  /// The gate's key in its ledger.
  let key: GateKey
  /// The ledger that made it. Kept alive by its records, so no other
  /// ledger can be mistaken for it.
  let ledger: GateLedger.Identity
  /// Whether the ledger dropped it (its control forgotten): a control that
  /// kept it then finds its gate in the ledger again.
  private(set) var isRetired = false
  var gate = ClickGate()
  var counters = DecisionCounters()
  /// The control of the accepted action the gate is busy with (its
  /// finish or expiry is published under it).
  var runningControl: ControlID?

  init(key: GateKey, ledger: GateLedger.Identity) {
    self.key = key
    self.ledger = ledger
  }

  /// The ledger dropped the gate.
  func retire() {
    isRetired = true
  }

  /// An accepted action a judgment found past its maximum busy time.
  struct Expiry {
    var action: ClickGate.RunningAction
    /// The control that started it.
    var control: ControlID?
  }

  /// Judges an activation and counts the outcome: a drop when `observing`
  /// is a would-drop, and the activation runs anyway.
  /// - Returns: the outcome, why a press the window would have dropped was
  ///   accepted, and the running action whose maximum busy time ran out on
  ///   the way, if any.
  func judge(
    _ activation: Activation, at now: ClickInstant, interval: ClickInterval, maxBusy: ClickInterval,
    observing: Bool, pace: ClickInterval?, repeatPace: ClickInterval?, ticket: UInt64
  ) -> (outcome: ClickOutcome, acceptance: AcceptReason?, expiry: Expiry?) {
    let before = gate.state
    let judgement = gate.judge(
      eventTime: activation.eventTime, pressTime: activation.pressTime, at: now, interval: interval, maxBusy: maxBusy,
      pace: pace, repeatPace: repeatPace, repeatFacts: activation.repeatFacts, ticket: ticket)
    let outcome: ClickOutcome =
      if let drop = judgement.drop { observing ? .wouldDrop(drop) : .dropped(drop) } else { .accepted }
    counters.count(outcome)
    var expiry: Expiry?
    if judgement.busyExpired {
      counters.busyExpired += 1
      if case .busy(let action) = before { expiry = Expiry(action: action, control: runningControl) }
      runningControl = nil
    }
    if outcome == .accepted { runningControl = activation.control }
    return (outcome, judgement.acceptance, expiry)
  }

  /// What observers of the gates are told of a judgment of `activation` at
  /// `now` with `interval`: the transition it made (accepted or dropped)
  /// and the expiry it found.
  func transitions(
    of outcome: ClickOutcome, by activation: Activation, at now: ClickInstant, interval: ClickInterval,
    expiry: Expiry?
  ) -> (judged: GateTransition, expired: GateTransition?) {
    var until: ClickInstant?
    if outcome == .accepted, case .busy(let action) = gate.state { until = action.deadline }
    let judged = GateTransition(
      kind: outcome == .accepted ? .accepted : .dropped, gate: key, control: activation.control, instant: now,
      interval: interval, until: until)
    let expired = expiry.map {
      GateTransition(
        kind: .expired, gate: key, control: $0.control ?? activation.control, instant: $0.action.deadline,
        interval: $0.action.interval, until: $0.action.deadline)
    }
    return (judged, expired)
  }

  /// Finishes the running action of `ticket` at `now`.
  /// - Returns: the `finished` transition, or `nil`, changing nothing, when
  ///   the ticket is stale.
  func finish(ticket: UInt64, at now: ClickInstant, inputNow: EventTimestamp?)
    -> GateTransition?
  {
    // A ticket is the accepted action's, which set the running control.
    guard let control = runningControl, gate.finish(ticket: ticket, at: now, inputNow: inputNow),
      case .cooling(let until) = gate.state
    else { return nil }
    runningControl = nil
    return GateTransition(
      kind: .finished, gate: key, control: control, instant: now,
      interval: ClickInterval(unchecked: now.duration(to: until)), until: until)
  }
}
