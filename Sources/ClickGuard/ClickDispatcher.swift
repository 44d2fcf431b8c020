/// Decides, for each activation of a control, whether its action runs: the
/// one central place every wrapper, the global install and the GTK module
/// route activations to.
///
/// There is one gate per (control, action), or per ``GroupKey`` for
/// grouped controls. The dispatcher applies the global
/// ``GuardConfiguration`` and each control's ``ControlSettings``, counts
/// every decision and reports it to observers.
///
/// ```swift
/// let dispatcher = ClickDispatcher()
/// let click = Activation(control: ControlID(1), eventTime: EventTimestamp(milliseconds: 1234))
/// dispatcher.run(click) { openDetails() }           // the window starts when it returns
/// await dispatcher.runAsync(click) { await load() } // the gate stays closed until done
/// ```
@MainActor
public final class ClickDispatcher {
  /// The global settings.
  public var configuration: GuardConfiguration
  /// The clock every decision reads.
  public let clock: ClickClock
  /// Every decision added up.
  public var totals: DecisionCounters { ledger.totals }

  /// The gates, the counters and the input clock: what decisions change.
  private var ledger = GateLedger()
  private let observers = ObserverList<@MainActor (ClickDecision) -> Void>()
  private let gateObservers = ObserverList<@MainActor (GateTransition) -> Void>()

  /// Creates a dispatcher.
  public init(configuration: GuardConfiguration = GuardConfiguration(), clock: ClickClock = .system) {
    self.configuration = configuration
    self.clock = clock
  }

  // MARK: Deciding

  /// Judges `activation` at `instant` (default: now). When the decision has a
  /// ticket, run the action, then hand the ticket to ``finish(_:at:)``.
  public func begin(_ activation: Activation, at instant: ClickInstant? = nil) -> ClickDecision {
    var kept: GateRecord?
    let verdict = judge(activation, at: instant ?? clock.now, kept: &kept)
    return ClickDecision(activation, verdict)
  }

  /// Judges `activation` now, like ``begin(_:at:)``, on `kept`, the gate
  /// its control kept from its last judgment, while that is still its
  /// gate (else `kept` becomes the gate that judged it): a widget's click
  /// reaches its gate without a look-up, and builds a ``ClickDecision``
  /// only when someone observes decisions.
  package func judge(_ activation: Activation, kept: inout GateRecord?) -> GateVerdict {
    judge(activation, at: clock.now, kept: &kept)
  }

  private func judge(_ activation: Activation, at now: ClickInstant, kept: inout GateRecord?) -> GateVerdict {
    let rule = configuration.rule(for: activation)
    let (verdict, expiry) = ledger.decide(activation, by: rule, at: now, kept: &kept)
    if !observers.isEmpty || !gateObservers.isEmpty {
      report(verdict, of: activation, by: rule, on: kept, expiry: expiry)
    }
    return verdict
  }

  /// Tells the observers of `verdict`, for `activation` by `rule` on
  /// `gate`: the expiry it found, the decision, then the gate's transition.
  private func report(
    _ verdict: GateVerdict, of activation: Activation, by rule: GateRule, on gate: GateRecord?,
    expiry: GateRecord.Expiry?
  ) {
    var transitions: (judged: GateTransition, expired: GateTransition?)?
    if !gateObservers.isEmpty, case .judge(_, let interval, _, _, _, _) = rule, let gate {
      transitions = gate.transitions(
        of: verdict.outcome, by: activation, at: verdict.instant, interval: interval, expiry: expiry)
    }
    if let expired = transitions?.expired { publish(expired) }
    if !observers.isEmpty {
      let decision = ClickDecision(activation, verdict)
      for observer in observers.observers { observer(decision) }
    }
    if let judged = transitions?.judged { publish(judged) }
  }

  private func publish(_ transition: GateTransition) {
    guard !gateObservers.isEmpty else { return }
    for observer in gateObservers.observers { observer(transition) }
  }

  /// Marks the action of `ticket` finished at `instant` (default: now): its
  /// gate's window starts here.
  /// - Returns: `false`, changing nothing, when the ticket is stale (finished
  ///   already, expired past the maximum busy time, or its gate forgotten).
  @discardableResult
  public func finish(_ ticket: ClickTicket, at instant: ClickInstant? = nil) -> Bool {
    guard let finished = ledger.finish(ticket, at: instant ?? clock.now) else { return false }
    publish(finished)
    return true
  }

  /// Runs `body` unless `activation` is dropped; the window starts when
  /// `body` returns or throws.
  /// - Returns: `body`'s result, or `nil` when the activation was dropped.
  @discardableResult
  public func run<R>(_ activation: Activation, _ body: () throws -> R) rethrows -> R? {
    let decision = begin(activation)
    guard decision.runsAction else { return nil }
    defer { if let ticket = decision.ticket { finish(ticket) } }
    return try body()
  }

  /// Runs the async `body` unless `activation` is dropped; the gate stays
  /// closed until `body` completes, or the maximum busy time passes.
  /// - Returns: `body`'s result, or `nil` when the activation was dropped.
  @discardableResult
  public func runAsync<R>(_ activation: Activation, _ body: @MainActor () async throws -> R) async rethrows -> R? {
    let decision = begin(activation)
    guard decision.runsAction else { return nil }
    defer { if let ticket = decision.ticket { finish(ticket) } }
    return try await body()
  }

  /// Tells the dispatcher that an input event stamped `eventTime` is being
  /// processed at `instant`, so it knows where the input clock stands before
  /// the first click (activations with an event time tell it too).
  package func observeInput(_ eventTime: EventTimestamp, at instant: ClickInstant) {
    ledger.inputClock.observe(eventTime, at: instant)
  }

  /// Where the input clock stands at `instant`, estimated from the events
  /// seen (never ahead of it), or `nil` before any: the appearance time of
  /// fresh content without a round trip to the X server.
  package func estimatedInputTime(at instant: ClickInstant) -> EventTimestamp? {
    ledger.inputClock.inputTime(at: instant)
  }

  // MARK: Gates

  /// What the gate `key` guards is another thing now (a view's row at a
  /// path is another item): see ``ClickGate/retarget()``.
  package func retarget(_ key: GateKey) {
    ledger.retarget(key)
  }

  /// Drops every gate of `control`: call it when the control is destroyed.
  /// Group gates are shared and stay.
  public func forget(control: ControlID) {
    ledger.forget(control)
  }

  /// Drops every gate and zeroes every counter.
  public func reset() {
    ledger.reset()
  }

  /// How many gates exist: one per (control, action) judged and one per
  /// group.
  public var liveGateCount: Int { ledger.gates.count }

  /// The counters of `control`'s gate for `action`, or `nil` when none was
  /// judged.
  public func counters(for control: ControlID, action: ActionName = .clicked) -> DecisionCounters? {
    ledger.gates[.control(control, action)]?.counters
  }

  /// The counters of a group's shared gate, or `nil` when it has none.
  public func counters(forGroup group: GroupKey) -> DecisionCounters? {
    ledger.gates[.group(group)]?.counters
  }

  /// Whether the gate `key` would accept an activation without an event time
  /// now.
  public func isOpen(_ key: GateKey) -> Bool {
    ledger.gates[key]?.gate.isOpen(at: clock.now) ?? true
  }

  // MARK: Observing

  /// Calls `observer` with every decision from now on, right after it is
  /// made.
  /// - Returns: the token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ observer: @escaping @MainActor (ClickDecision) -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// Stops calling the observer `token` names.
  public func removeObserver(_ token: ObservationToken) {
    observers.remove(token)
  }

  /// Calls `observer` with every gate transition from now on — accepted,
  /// finished, expired, dropped — so a view draws a gate's busy time and
  /// window from what the gate did.
  /// - Returns: the token for ``removeGateObserver(_:)``.
  @discardableResult
  public func addGateObserver(_ observer: @escaping @MainActor (GateTransition) -> Void) -> ObservationToken {
    gateObservers.add(observer)
  }

  /// Stops calling the gate observer `token` names.
  public func removeGateObserver(_ token: ObservationToken) {
    gateObservers.remove(token)
  }

  /// Every decision from now on, as a stream that ends when its consumer
  /// stops iterating it.
  public func decisions() -> AsyncStream<ClickDecision> {
    let (stream, continuation) = AsyncStream.makeStream(of: ClickDecision.self)
    let token = addObserver { continuation.yield($0) }
    continuation.onTermination = { _ in
      Task { @MainActor [weak self] in self?.removeObserver(token) }
    }
    return stream
  }
}
