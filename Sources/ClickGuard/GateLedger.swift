/// What a ``ClickDispatcher``'s decisions change: every gate, the ticket
/// numbers, the input clock estimate and the counters. One value, so a
/// decision is one mutation of it, and its logic is plain value code the
/// dispatcher feeds rules and instants.
struct GateLedger {
  var gates: [GateKey: GateRecord] = [:]
  var inputClock = InputClockEstimate()
  private(set) var totals = DecisionCounters()
  private var lastTicket: UInt64 = 0

  /// Decides `activation` by `rule` at `now`.
  /// - Returns: the decision and, when `reporting` (someone observes the
  ///   gates), the gate's transition, when a gate judged it, and the running
  ///   action the judgment found past its maximum busy time, if any.
  mutating func decide(_ activation: Activation, by rule: GateRule, at now: ClickInstant, reporting: Bool) -> (
    decision: ClickDecision, judged: GateTransition?, expired: GateTransition?
  ) {
    if let eventTime = activation.eventTime { inputClock.observe(eventTime, at: now) }
    switch rule {
    case .pass(let reason):
      let decision = ClickDecision(
        activation: activation, gate: nil, outcome: .passed(reason), instant: now, ticket: nil)
      totals.count(decision.outcome)
      return (decision, nil, nil)
    case .judge(let key, let interval, let maxBusy, let observing, let pace):
      let (outcome, busyExpired, transition, expired) = gates[key, default: GateRecord()].judge(
        activation, on: key, at: now, interval: interval, maxBusy: maxBusy, observing: observing, pace: pace,
        ticket: lastTicket + 1, reporting: reporting)
      var ticket: ClickTicket?
      if outcome == .accepted {
        lastTicket += 1
        ticket = ClickTicket(gate: key, number: lastTicket)
      }
      if busyExpired { totals.busyExpired += 1 }
      totals.count(outcome)
      let decision = ClickDecision(activation: activation, gate: key, outcome: outcome, instant: now, ticket: ticket)
      return (decision, transition, expired)
    }
  }

  /// Finishes the action of `ticket` at `now`.
  /// - Returns: the gate's transition, or `nil` when the ticket is stale.
  mutating func finish(_ ticket: ClickTicket, at now: ClickInstant) -> GateTransition? {
    let key = ticket.gate
    guard let index = gates.index(forKey: key) else { return nil }
    return gates.values[index].finish(
      ticket: ticket.number, on: key, at: now, inputNow: inputClock.inputTime(at: now))
  }

  /// See ``ClickGate/retarget()``.
  mutating func retarget(_ key: GateKey) {
    guard let index = gates.index(forKey: key) else { return }
    gates.values[index].gate.retarget()
  }

  /// Drops every gate, the counters and the input clock. Ticket numbers
  /// go on, so a ticket from before cannot finish a new gate's action.
  mutating func reset() {
    gates.removeAll()
    inputClock = InputClockEstimate()
    totals = DecisionCounters()
  }

  /// Drops every gate of `control`; group gates stay.
  mutating func forget(_ control: ControlID) {
    for key in gates.keys where key.owningControl == control { gates[key] = nil }
  }
}
