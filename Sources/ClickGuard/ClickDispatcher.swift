// ClickDispatcher: the one central place that decides, for every activation
// of every control, whether its action runs.

/// Decides, for each activation of a control, whether its action runs.
///
/// Every control wrapper, the global install and the GTK module route their
/// activations here. The dispatcher keeps one ``ClickGate`` per (control,
/// action), or per ``GroupKey`` for grouped controls, applies the global
/// ``GuardConfiguration`` and each control's ``ControlSettings``, counts every
/// decision and reports it to observers.
///
/// ```swift
/// let dispatcher = ClickDispatcher()
/// let activation = Activation(control: ControlID(1), eventTime: EventTimestamp(milliseconds: 1234))
/// dispatcher.run(activation) { openDetails() }          // sync: window starts when it returns
/// await dispatcher.runAsync(activation) { await load() } // async: gate closed until done
/// ```
@MainActor
public final class ClickDispatcher {
  /// The process-wide dispatcher the GTK layer uses by default.
  public static let shared = ClickDispatcher()

  /// The global settings.
  public var configuration: GuardConfiguration
  /// The clock every decision reads.
  public let clock: any ClickClock

  private var controlGates: [ControlID: [(action: ActionName, gate: GateRecord)]] = [:]
  private var groupGates: [GroupKey: GateRecord] = [:]
  private var observers: [(id: Int, body: @MainActor (ClickDecision) -> Void)] = []
  private var nextObserverID = 0
  /// The highest generation any gate has handed out; a new gate numbers its
  /// acceptances after it, so a ticket from a forgotten or reset gate cannot
  /// finish the action of the gate that replaced it.
  private var lastGeneration: UInt32 = 0
  /// Every decision added up.
  public private(set) var totals = DecisionCounters()

  struct GateRecord {
    var gate = ClickGate()
    var counters = DecisionCounters()
  }

  /// Creates a dispatcher.
  public init(configuration: GuardConfiguration = GuardConfiguration(), clock: any ClickClock = SystemClock()) {
    self.configuration = configuration
    self.clock = clock
  }

  // MARK: Deciding

  /// Judges `activation` now. When the outcome is ``ClickOutcome/accepted``,
  /// run the action and then call ``finish(_:)`` with the decision's ticket.
  public func begin(_ activation: Activation) -> ClickDecision {
    begin(activation, at: clock.now())
  }

  /// Judges `activation` at `now`.
  public func begin(_ activation: Activation, at now: MonotonicInstant) -> ClickDecision {
    if let reason = passReason(for: activation) {
      let outcome = ClickOutcome.passed(reason)
      totals.count(outcome)
      return report(ClickDecision(activation: activation, gate: nil, outcome: outcome, instant: now, ticket: nil))
    }
    let key: GateKey =
      activation.settings.group.map { .group($0) } ?? .control(activation.control, activation.action)
    let interval = activation.settings.interval ?? configuration.interval
    let maxBusy = max(activation.settings.maxBusy ?? configuration.maxBusy, interval)
    let observing = configuration.mode == .observe
    let outcome = withGate(key) { record -> (ClickOutcome, UInt32?) in
      let (drop, expired) = record.gate.judge(
        at: now, eventTime: activation.eventTime, interval: interval, maxBusy: maxBusy)
      if expired {
        record.counters.busyExpired += 1
        totals.busyExpired += 1
      }
      let outcome: ClickOutcome =
        if let drop { observing ? .wouldDrop(drop) : .dropped(drop) } else { .accepted }
      record.counters.count(outcome)
      guard drop == nil else { return (outcome, nil) }
      lastGeneration = max(lastGeneration, record.gate.generation)
      return (outcome, record.gate.generation)
    }
    totals.count(outcome.0)
    let ticket = outcome.1.map { ClickTicket(gate: key, generation: $0) }
    return report(ClickDecision(activation: activation, gate: key, outcome: outcome.0, instant: now, ticket: ticket))
  }

  /// Marks the accepted action of `ticket` finished now: its gate's window
  /// starts here. A ticket that is stale (already finished, superseded, or
  /// past its maximum busy time) changes nothing.
  /// - Returns: whether the ticket was the gate's running action.
  @discardableResult
  public func finish(_ ticket: ClickTicket) -> Bool {
    finish(ticket, at: clock.now())
  }

  /// Marks the accepted action of `ticket` finished at `now`.
  @discardableResult
  public func finish(_ ticket: ClickTicket, at now: MonotonicInstant) -> Bool {
    withGate(ticket.gate, creating: false) { $0.gate.finish(generation: ticket.generation, at: now) } ?? false
  }

  /// Runs `body` if `activation` is not dropped; the window starts when
  /// `body` returns (or throws).
  /// - Returns: `body`'s result, or `nil` when the activation was dropped.
  @discardableResult
  public func run<R>(_ activation: Activation, _ body: () throws -> R) rethrows -> R? {
    let decision = begin(activation)
    guard decision.runsAction else { return nil }
    defer { if let ticket = decision.ticket { finish(ticket) } }
    return try body()
  }

  /// Runs the async `body` if `activation` is not dropped; the gate stays
  /// closed until `body` completes, or until the maximum busy time passes.
  /// - Returns: `body`'s result, or `nil` when the activation was dropped.
  @discardableResult
  public func runAsync<R>(
    _ activation: Activation, _ body: @MainActor () async throws -> R
  ) async rethrows -> R? {
    let decision = begin(activation)
    guard decision.runsAction else { return nil }
    defer { if let ticket = decision.ticket { finish(ticket) } }
    return try await body()
  }

  private func passReason(for activation: Activation) -> PassReason? {
    if configuration.mode == .off { return .guardOff }
    switch activation.settings.policy {
    case .exempt: return .exempt
    case .automatic:
      if configuration.skippedKinds.contains(ControlKinds(activation.kind)) { return .kindSkipped }
    case .guarded: break
    }
    switch activation.source {
    case .user: return nil
    case .nested: return .nested
    case .programmatic: return configuration.guardsProgrammatic ? nil : .programmatic
    }
  }

  private func withGate<R>(_ key: GateKey, creating: Bool = true, _ body: (inout GateRecord) -> R) -> R? {
    switch key {
    case .group(let group):
      if groupGates[group] == nil {
        guard creating else { return nil }
        groupGates[group] = newRecord()
      }
      return body(&groupGates[group]!)
    case .control(let control, let action):
      if let index = controlGates[control]?.firstIndex(where: { $0.action == action }) {
        return body(&controlGates[control]![index].gate)
      }
      guard creating else { return nil }
      var record = newRecord()
      let result = body(&record)
      controlGates[control, default: []].append((action, record))
      return result
    }
  }

  private func newRecord() -> GateRecord {
    GateRecord(gate: ClickGate(generationsAfter: lastGeneration))
  }

  private func withGate<R>(_ key: GateKey, _ body: (inout GateRecord) -> R) -> R {
    withGate(key, creating: true, body)!
  }

  // MARK: Forgetting

  /// Drops every gate of `control`: call it when the control is destroyed.
  /// Group gates are shared and stay.
  public func forget(control: ControlID) {
    controlGates[control] = nil
  }

  /// Drops every gate and zeroes every counter.
  public func reset() {
    controlGates.removeAll()
    groupGates.removeAll()
    totals = DecisionCounters()
  }

  /// How many gates hold state: one per (control, action) judged and one per
  /// group.
  public var liveGateCount: Int {
    controlGates.values.reduce(0) { $0 + $1.count } + groupGates.count
  }

  // MARK: Observing

  /// The counters of `control`'s gate for `action`, or `nil` when it has none.
  public func counters(for control: ControlID, action: ActionName = .clicked) -> DecisionCounters? {
    controlGates[control]?.first { $0.action == action }?.gate.counters
  }

  /// The counters of a group's shared gate, or `nil` when it has none.
  public func counters(forGroup group: GroupKey) -> DecisionCounters? {
    groupGates[group]?.counters
  }

  /// Whether `key`'s gate would accept an activation without an event time
  /// now.
  public func isOpen(_ key: GateKey) -> Bool {
    let now = clock.now()
    switch key {
    case .group(let group): return groupGates[group]?.gate.isOpen(at: now) ?? true
    case .control(let control, let action):
      return controlGates[control]?.first { $0.action == action }?.gate.gate.isOpen(at: now) ?? true
    }
  }

  /// Calls `body` with every decision from now on, on the main actor, right
  /// after it is made.
  /// - Returns: a token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ body: @escaping @MainActor (ClickDecision) -> Void) -> ObserverToken {
    nextObserverID += 1
    observers.append((nextObserverID, body))
    return ObserverToken(id: nextObserverID)
  }

  /// Stops calling the observer `token` names.
  public func removeObserver(_ token: ObserverToken) {
    observers.removeAll { $0.id == token.id }
  }

  /// A stream of every decision from now on. The stream ends when the
  /// consumer stops iterating it.
  public func decisions() -> AsyncStream<ClickDecision> {
    let (stream, continuation) = AsyncStream.makeStream(of: ClickDecision.self)
    let token = addObserver { continuation.yield($0) }
    continuation.onTermination = { _ in
      Task { @MainActor [weak self] in self?.removeObserver(token) }
    }
    return stream
  }

  private func report(_ decision: ClickDecision) -> ClickDecision {
    for observer in observers { observer.body(decision) }
    return decision
  }
}

/// Names an observer added with ``ClickDispatcher/addObserver(_:)``.
public struct ObserverToken: Hashable, Sendable {
  let id: Int
}
