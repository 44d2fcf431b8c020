/// What a ``ClickDispatcher``'s decisions change: the gates, ticket numbers,
/// input clock estimate and counters. Gates are ``GateRecord`` objects, so a
/// control can keep its own and judge on it without a look-up.
struct GateLedger {
  /// What a ledger's gates remember it by, so a kept gate is used only while it is this ledger's.
  final class Identity {}

  private(set) var gates: [GateKey: GateRecord] = [:]
  var inputClock = InputClockEstimate()
  private(set) var totals = DecisionCounters()
  private var lastTicket: UInt64 = 0
  private var identity = Identity()

  /// Decides `activation` by `rule` at `now` on `kept` while that is still this
  /// ledger's gate for it (else replaces it); returns any expiry found too.
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

  /// The gate `key`: `kept` while valid, else the ledger's (made if none), then kept.
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

  /// Finishes the action of `ticket` at `now`; `nil` when the ticket is stale.
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

/// What the ledger decided for one activation: the parts of a ``ClickDecision``
/// its caller needs, so a click nobody observes builds no decision.
package struct GateVerdict: Sendable {
  package var outcome: ClickOutcome
  package var gate: GateKey?
  package var instant: ClickInstant
  package var ticket: ClickTicket?
  package var acceptance: AcceptReason? = nil

  package var runsAction: Bool { outcome.runsAction }
}
