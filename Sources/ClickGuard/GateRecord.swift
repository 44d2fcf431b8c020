/// One gate and the decisions it made.
struct GateRecord: Sendable {
  var gate = ClickGate()
  var counters = DecisionCounters()
}
