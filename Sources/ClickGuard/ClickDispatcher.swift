/// Decides, for each activation of a control, whether its action runs: one
/// gate per (control, action) or ``GroupKey``, under the global
/// ``GuardConfiguration`` and each control's ``ControlSettings``.
///
/// ```swift
/// let dispatcher = ClickDispatcher()
/// let click = Activation(control: ControlID(1), eventTime: EventTimestamp(milliseconds: 1234))
/// dispatcher.run(click) { openDetails() }           // the window starts when it returns
/// await dispatcher.runAsync(click) { await load() } // the gate stays closed until done
/// ```
@MainActor
public final class ClickDispatcher {
  public var configuration: GuardConfiguration
  /// The clock every decision reads.
  public let clock: ClickClock
  /// Every decision added up.
  public var totals: DecisionCounters { ledger.totals }

  private var ledger = GateLedger()
  private let observers = ObserverList<@MainActor (ClickDecision) -> Void>()
  private let gateObservers = ObserverList<@MainActor (GateTransition) -> Void>()

  public init(configuration: GuardConfiguration = GuardConfiguration(), clock: ClickClock = .system) {
    self.configuration = configuration
    self.clock = clock
  }

  /// Judges `activation` at `instant` (default: now). When the decision has a
  /// ticket, run the action, then hand the ticket to ``finish(_:at:)``.
  public func begin(_ activation: Activation, at instant: ClickInstant? = nil) -> ClickDecision {
    judge(activation, at: instant ?? clock.now)
  }

  /// Decides `activation` on its gate and tells the observers, if any.
  private func judge(_ activation: Activation, at now: ClickInstant) -> ClickDecision {
    let rule = configuration.rule(for: activation)
    let (decision, action) = ledger.decide(activation, by: rule, at: now)
    if !observers.isEmpty || !gateObservers.isEmpty {
      report(decision, by: rule, action: action)
    }
    return decision
  }

  /// Tells the observers: an expiry the gate found, the decision, then the gate's transition.
  private func report(_ decision: ClickDecision, by rule: GateRule, action: ClickGate.ActivatedAction?) {
    var judged: GateTransition?
    if !gateObservers.isEmpty, let action, let key = decision.gate, case .judge(_, let interval, _, _, _, _) = rule {
      if let expired = action.expired { publish(GateTransition(expired: expired, gate: key)) }
      judged = GateTransition(
        action, gate: key, control: decision.activation.control, instant: decision.instant, interval: interval)
    }
    for observer in observers.observers { observer(decision) }
    if let judged { publish(judged) }
  }

  private func publish(_ transition: GateTransition) {
    guard !gateObservers.isEmpty else { return }
    for observer in gateObservers.observers { observer(transition) }
  }

  /// Marks the action of `ticket` finished (its window starts); `false` when the ticket is stale.
  @discardableResult
  public func finish(_ ticket: ClickTicket, at instant: ClickInstant? = nil) -> Bool {
    guard let finished = ledger.finish(ticket, at: instant ?? clock.now) else { return false }
    publish(finished)
    return true
  }

  /// Runs `body` unless `activation` is dropped; the window starts when it returns.
  @discardableResult
  public func run<R>(_ activation: Activation, _ body: () throws -> R) rethrows -> R? {
    let decision = begin(activation)
    guard decision.runsAction else { return nil }
    defer { if let ticket = decision.ticket { finish(ticket) } }
    return try body()
  }

  /// Runs `body` unless `activation` is dropped; the gate stays closed until it completes.
  @discardableResult
  public func runAsync<R>(_ activation: Activation, _ body: @MainActor () async throws -> R) async rethrows -> R? {
    let decision = begin(activation)
    guard decision.runsAction else { return nil }
    defer { if let ticket = decision.ticket { finish(ticket) } }
    return try await body()
  }

  /// Feeds the input clock estimate an event stamped `eventTime`, processed at `instant`.
  package func observeInput(_ eventTime: EventTimestamp, at instant: ClickInstant) {
    ledger.inputClock.observe(eventTime, at: instant)
  }

  /// The input clock at `instant`, estimated from the events seen, or `nil` before any.
  package func estimatedInputTime(at instant: ClickInstant) -> EventTimestamp? {
    ledger.inputClock.inputTime(at: instant)
  }

  /// What the gate `key` guards is another thing now: see ``ClickGate/retargeted()``.
  package func retarget(_ key: GateKey) {
    ledger.retarget(key)
  }

  /// Drops every gate of `control` (call it when it is destroyed); group gates stay.
  public func forget(control: ControlID) {
    ledger.forget(control)
  }

  /// Drops every gate and zeroes every counter.
  public func reset() {
    ledger.reset()
  }

  /// How many gates exist: one per (control, action) judged, one per group.
  public var liveGateCount: Int { ledger.gates.count }

  /// The counters of `control`'s gate for `action`, or `nil` when none judged.
  public func counters(for control: ControlID, action: ActionName = .clicked) -> DecisionCounters? {
    ledger.gates[.control(control, action)]?.counters
  }

  /// The counters of a group's shared gate, or `nil` when it has none.
  public func counters(forGroup group: GroupKey) -> DecisionCounters? {
    ledger.gates[.group(group)]?.counters
  }

  /// Whether the gate `key` would accept an activation without an event time.
  public func isOpen(_ key: GateKey) -> Bool {
    ledger.gates[key]?.gate.isOpen(at: clock.now) ?? true
  }

  /// Calls `observer` with every decision from now on; returns its token.
  @discardableResult
  public func addObserver(_ observer: @escaping @MainActor (ClickDecision) -> Void) -> ObservationToken {
    observers.add(observer)
  }

  public func removeObserver(_ token: ObservationToken) {
    observers.remove(token)
  }

  /// Calls `observer` with every gate transition from now on; returns its token.
  @discardableResult
  public func addGateObserver(_ observer: @escaping @MainActor (GateTransition) -> Void) -> ObservationToken {
    gateObservers.add(observer)
  }

  public func removeGateObserver(_ token: ObservationToken) {
    gateObservers.remove(token)
  }

  /// Every decision from now on, as a stream that ends when iteration stops.
  public func decisions() -> AsyncStream<ClickDecision> {
    let (stream, continuation) = AsyncStream.makeStream(of: ClickDecision.self)
    let token = addObserver { continuation.yield($0) }
    continuation.onTermination = { _ in
      Task { @MainActor [weak self] in self?.removeObserver(token) }
    }
    return stream
  }
}
