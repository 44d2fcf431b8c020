/// One gate and the decisions it made.
struct GateRecord: Sendable {
  var gate = ClickGate()
  var counters = DecisionCounters()
  /// The control of the accepted action the gate is busy with (its
  /// finish or expiry is published under it).
  var runningControl: ControlID?

  /// Judges an activation on the gate `key` and counts the outcome: a drop
  /// when `observing` is a would-drop, and the activation runs anyway.
  /// - Returns: the outcome; whether a running action's maximum busy time
  ///   ran out on the way; and, when `reporting` (someone observes the
  ///   gates), the transition the judgment made (accepted or dropped) and
  ///   that expiry.
  mutating func judge(
    _ activation: Activation, on key: GateKey, at now: ClickInstant, interval: ClickInterval,
    maxBusy: ClickInterval, observing: Bool, pace: ClickInterval?, ticket: UInt64, reporting: Bool
  ) -> (outcome: ClickOutcome, busyExpired: Bool, transition: GateTransition?, expired: GateTransition?) {
    let before = gate.state
    let judgement = gate.judge(
      eventTime: activation.eventTime, pressTime: activation.pressTime, at: now, interval: interval, maxBusy: maxBusy,
      pace: pace, ticket: ticket)
    let outcome: ClickOutcome =
      if let drop = judgement.drop { observing ? .wouldDrop(drop) : .dropped(drop) } else { .accepted }
    counters.count(outcome)
    var expired: GateTransition?
    if judgement.busyExpired {
      counters.busyExpired += 1
      if reporting, case .busy(let action) = before {
        expired = GateTransition(
          kind: .expired, gate: key, control: runningControl ?? activation.control, instant: action.deadline,
          interval: action.interval, until: action.deadline)
      }
      runningControl = nil
    }
    var until: ClickInstant?
    if outcome == .accepted, case .busy(let action) = gate.state {
      runningControl = activation.control
      until = action.deadline
    }
    guard reporting else { return (outcome, judgement.busyExpired, nil, nil) }
    let transition = GateTransition(
      kind: outcome == .accepted ? .accepted : .dropped, gate: key, control: activation.control, instant: now,
      interval: interval, until: until)
    return (outcome, judgement.busyExpired, transition, expired)
  }

  /// Finishes the running action of `ticket` on the gate `key` at `now`.
  /// - Returns: the `finished` transition, or `nil`, changing nothing, when
  ///   the ticket is stale.
  mutating func finish(ticket: UInt64, on key: GateKey, at now: ClickInstant, inputNow: EventTimestamp?)
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
