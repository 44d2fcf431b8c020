/// What a ``ClickDispatcher``'s decisions change: every gate, the ticket
/// numbers, the input clock estimate and the counters. Its logic is plain
/// code the dispatcher feeds rules and instants. The gates are
/// ``GateRecord`` objects, so a control can keep its own: judging one
/// changes that record and the ledger's counters, never the dictionary.
struct GateLedger {
  /// What a ledger's gates remember it by: a control that kept a gate
  /// judges on it only while it is this ledger's.
  final class Identity {}

  private(set) var gates: [GateKey: GateRecord] = [:]
  var inputClock = InputClockEstimate()
  private(set) var totals = DecisionCounters()
  private var lastTicket: UInt64 = 0
  private var identity = Identity()

  /// Decides `activation` by `rule` at `now`. `kept` is the gate the
  /// control kept from its last judgment, if any: used without a look-up
  /// while it is still this ledger's gate for the activation, and replaced
  /// by the gate that judged it when not.
  /// - Returns: the verdict, and the running action the judgment found past
  ///   its maximum busy time, if any.
  mutating func decide(_ activation: Activation, by rule: GateRule, at now: ClickInstant, kept: inout GateRecord?)
    -> (verdict: GateVerdict, expiry: GateRecord.Expiry?)
  {
    if let eventTime = activation.eventTime { inputClock.observe(eventTime, at: now) }
    switch rule {
    case .pass(let reason):
      let verdict = GateVerdict(outcome: .passed(reason), gate: nil, instant: now, ticket: nil)
      totals.count(verdict.outcome)
      return (verdict, nil)
    case .judge(let key, let interval, let maxBusy, let observing, let pace, let repeatPace):
      let (outcome, acceptance, expiry) = gate(key, kept: &kept).judge(
        activation, at: now, interval: interval, maxBusy: maxBusy, observing: observing, pace: pace,
        repeatPace: repeatPace, ticket: lastTicket + 1)
      var ticket: ClickTicket?
      if outcome == .accepted {
        lastTicket += 1
        ticket = ClickTicket(gate: key, number: lastTicket)
      }
      if expiry != nil { totals.busyExpired += 1 }
      totals.count(outcome)
      let verdict = GateVerdict(outcome: outcome, gate: key, instant: now, ticket: ticket, acceptance: acceptance)
      return (verdict, expiry)
    }
  }

  /// The gate `key`: `kept` while it is that gate and still this ledger's,
  /// else the one in the ledger (made now if none), then kept.
  private mutating func gate(_ key: GateKey, kept: inout GateRecord?) -> GateRecord {
    if let kept, kept.ledger === identity, !kept.isRetired, kept.key == key { return kept }
    if let record = gates[key] {
      kept = record
      return record
    }
    let record = GateRecord(key: key, ledger: identity)
    gates[key] = record
    kept = record
    return record
  }

  /// Finishes the action of `ticket` at `now`.
  /// - Returns: the gate's transition, or `nil` when the ticket is stale.
  func finish(_ ticket: ClickTicket, at now: ClickInstant) -> GateTransition? {
    gates[ticket.gate]?.finish(ticket: ticket.number, at: now, inputNow: inputClock.inputTime(at: now))
  }

  /// See ``ClickGate/retarget()``.
  func retarget(_ key: GateKey) {
    gates[key]?.gate.retarget()
  }

  /// Drops every gate, the counters and the input clock. Ticket numbers
  /// go on, so a ticket from before cannot finish a new gate's action.
  mutating func reset() {
    gates.removeAll()
    identity = Identity()
    inputClock = InputClockEstimate()
    totals = DecisionCounters()
  }

  /// Drops every gate of `control`; group gates stay.
  mutating func forget(_ control: ControlID) {
    for (key, record) in gates where key.owningControl == control {
      record.retire()
      gates[key] = nil
    }
  }
}

/// What the ledger decided for one activation: the parts of a
/// ``ClickDecision`` the activation's caller needs, so a click nobody
/// observes is judged without copying its activation into a decision.
package struct GateVerdict: Sendable {
  /// What happened.
  package var outcome: ClickOutcome
  /// The gate that judged it; `nil` when it passed unjudged.
  package var gate: GateKey?
  /// When it was judged.
  package var instant: ClickInstant
  /// The ticket that finishes an accepted action.
  package var ticket: ClickTicket?
  /// Why an activation the window would have dropped was accepted.
  package var acceptance: AcceptReason? = nil

  /// Whether the action runs.
  package var runsAction: Bool { outcome.runsAction }
}
