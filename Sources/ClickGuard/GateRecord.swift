/// One gate and the decisions it made: a reference, so a widget keeps its own
/// gate and its clicks reach it without a look-up in the ledger.
package final class GateRecord {
  let key: GateKey
  /// The ledger that made it, kept alive by its records so no other is mistaken for it.
  let ledger: GateLedger.Identity
  /// Whether the ledger dropped it: a control that kept it then looks its gate up again.
  private(set) var isRetired = false
  var gate = ClickGate()
  var counters = DecisionCounters()
  /// The control of the running accepted action: its finish or expiry is published under it.
  var runningControl: ControlID?

  init(key: GateKey, ledger: GateLedger.Identity) {
    self.key = key
    self.ledger = ledger
  }

  func retire() {
    isRetired = true
  }

  /// An accepted action a judgment found past its maximum busy time.
  struct Expiry {
    var action: ClickGate.RunningAction
    var control: ControlID?
  }

  /// Judges an activation and counts the outcome (a would-drop when `observing`);
  /// returns it, why the window was overridden, and any expiry found.
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

  /// What gate observers are told of a judgment: its transition and the expiry found.
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

  /// Finishes the action of `ticket` at `now`: `finished`, or `nil` when stale.
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
