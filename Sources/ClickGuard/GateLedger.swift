/// What a ``ClickDispatcher``'s decisions change: the gates, ticket numbers,
/// input clock estimate and counters.
struct GateLedger {
  /// One gate and the decisions it made: an object, so the dictionary's
  /// buckets, most of them empty, hold a reference each and not a gate.
  final class Entry {
    var gate = ClickGate()
    var counters = DecisionCounters()
  }

  private(set) var gates: [GateKey: Entry] = [:]
  var inputClock = InputClockEstimate()
  private(set) var totals = DecisionCounters()
  private var lastTicket: UInt64 = 0

  /// Decides `activation` by `rule` at `now` on its gate (made if none), and
  /// counts it; returns what the gate did too (`nil` when it passed unjudged).
  mutating func decide(_ activation: Activation, by rule: GateRule, at now: ClickInstant)
    -> (decision: ClickDecision, action: ClickGate.ActivatedAction?)
  {
    if let eventTime = activation.eventTime { inputClock.observe(eventTime, at: now) }
    switch rule {
    case .pass(let reason):
      let decision = ClickDecision(
        activation: activation, gate: nil, outcome: .passed(reason), instant: now, ticket: nil)
      totals.count(decision.outcome)
      return (decision, nil)
    case .judge(let key, let interval, let maxBusy, let observing, let pace, let repeatPace):
      let entry = gates[key] ?? add(key)
      let action = entry.gate.activated(
        activation, at: now, interval: interval, maxBusy: maxBusy, pace: pace, repeatPace: repeatPace,
        ticket: lastTicket + 1)
      let decision: ClickDecision
      switch action {
      case .accept(let reason, _, _):
        lastTicket += 1
        decision = ClickDecision(
          activation: activation, gate: key, outcome: .accepted, instant: now,
          ticket: ClickTicket(gate: key, number: lastTicket), acceptance: reason)
      case .drop(let reason, _):
        decision = ClickDecision(
          activation: activation, gate: key, outcome: observing ? .wouldDrop(reason) : .dropped(reason),
          instant: now, ticket: nil)
      }
      entry.counters.count(decision.outcome, expired: action.expired != nil)
      totals.count(decision.outcome, expired: action.expired != nil)
      return (decision, action)
    }
  }

  private mutating func add(_ key: GateKey) -> Entry {
    let entry = Entry()
    gates[key] = entry
    return entry
  }

  /// Finishes the action of `ticket` at `now`; `nil` when the ticket is stale.
  func finish(_ ticket: ClickTicket, at now: ClickInstant) -> GateTransition? {
    let inputNow = inputClock.inputTime(at: now)
    guard let finished = gates[ticket.gate]?.gate.finished(ticket: ticket.number, at: now, inputNow: inputNow)
    else { return nil }
    return GateTransition(finished, gate: ticket.gate, at: now)
  }

  /// See ``ClickGate/retargeted()``.
  func retarget(_ key: GateKey) {
    gates[key]?.gate.retargeted()
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
    for key in gates.keys.filter({ $0.owningControl == control }) {
      gates[key] = nil
    }
  }
}
