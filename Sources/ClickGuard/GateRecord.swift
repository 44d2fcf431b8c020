/// One gate and the decisions it made.
struct GateRecord: Sendable {
  var gate = ClickGate()
  var counters = DecisionCounters()
  /// The control of the accepted action the gate is busy with (its
  /// finish or expiry is published under it).
  var runningControl: ControlID?

  /// Judges an activation on the gate and counts the outcome: a drop when
  /// `observing` is a would-drop, and the activation runs anyway.
  /// - Returns: the outcome, and whether a running action's maximum busy time
  ///   ran out on the way.
  mutating func judge(
    _ activation: Activation, at now: ClickInstant, interval: ClickInterval, maxBusy: ClickInterval,
    observing: Bool, pace: ClickInterval?, ticket: UInt64
  ) -> (outcome: ClickOutcome, busyExpired: Bool) {
    let judgement = gate.judge(
      eventTime: activation.eventTime, pressTime: activation.pressTime, at: now, interval: interval, maxBusy: maxBusy,
      pace: pace, ticket: ticket)
    let outcome: ClickOutcome =
      if let drop = judgement.drop { observing ? .wouldDrop(drop) : .dropped(drop) } else { .accepted }
    if outcome == .accepted { runningControl = activation.control }
    counters.count(outcome)
    if judgement.busyExpired { counters.busyExpired += 1 }
    return (outcome, judgement.busyExpired)
  }
}
