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

  /// The clock every decision reads.
  public let clock: any ClickClock

  /// Every gate, counter and setting. One value, so a decision is one
  /// exclusive access to the dispatcher's storage, not one per field.
  private var state: DispatcherState

  /// Creates a dispatcher.
  public init(configuration: GuardConfiguration = GuardConfiguration(), clock: any ClickClock = SystemClock()) {
    state = DispatcherState(configuration: configuration)
    self.clock = clock
  }

  /// The global settings.
  public var configuration: GuardConfiguration {
    get { state.configuration }
    set { state.configuration = newValue }
  }

  /// Every decision added up.
  public var totals: DecisionCounters { state.totals }

  // MARK: Deciding

  /// Judges `activation` now. When the outcome is ``ClickOutcome/accepted``,
  /// run the action and then call ``finish(_:)`` with the decision's ticket.
  public func begin(_ activation: Activation) -> ClickDecision {
    begin(activation, at: clock.now())
  }

  /// Judges `activation` at `now`.
  public func begin(_ activation: Activation, at now: MonotonicInstant) -> ClickDecision {
    let (decision, observed) = state.decide(activation, at: now)
    if observed { report(decision) }
    return decision
  }

  /// Marks the accepted action of `ticket` finished now: its gate's window
  /// starts here. A ticket that is stale (already finished, superseded, or
  /// seen past its maximum busy time) changes nothing.
  /// - Returns: whether the ticket was the gate's running action.
  @discardableResult
  public func finish(_ ticket: ClickTicket) -> Bool {
    finish(ticket, at: clock.now())
  }

  /// Marks the accepted action of `ticket` finished at `now`.
  @discardableResult
  public func finish(_ ticket: ClickTicket, at now: MonotonicInstant) -> Bool {
    state.finish(ticket, at: now)
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

  /// Tells the dispatcher that an input event stamped `eventTime` is being
  /// processed now, so it knows where the input clock stands before the
  /// first click (activations with an event time tell it too).
  public func observeInputEvent(_ eventTime: EventTimestamp, at now: MonotonicInstant) {
    state.inputClock.observe(eventTime, at: now)
  }

  // MARK: Forgetting

  /// Drops every gate of `control`: call it when the control is destroyed.
  /// Group gates are shared and stay.
  public func forget(control: ControlID) {
    state.controlGates[control] = nil
  }

  /// Drops every gate and zeroes every counter.
  public func reset() {
    state.reset()
  }

  /// How many gates hold state: one per (control, action) judged and one per
  /// group.
  public var liveGateCount: Int {
    state.controlGates.values.reduce(0) { $0 + 1 + $1.others.count } + state.groupGates.count
  }

  // MARK: Observing

  /// The counters of `control`'s gate for `action`, or `nil` when it has none.
  public func counters(for control: ControlID, action: ActionName = .clicked) -> DecisionCounters? {
    state.controlGates[control]?.record(for: action)?.counters.decisionCounters
  }

  /// The counters of a group's shared gate, or `nil` when it has none.
  public func counters(forGroup group: GroupKey) -> DecisionCounters? {
    state.groupGates[group]?.counters.decisionCounters
  }

  /// Whether `key`'s gate would accept an activation without an event time
  /// now.
  public func isOpen(_ key: GateKey) -> Bool {
    let now = clock.now()
    switch key {
    case .group(let group): return state.groupGates[group]?.gate.isOpen(at: now) ?? true
    case .control(let control, let action):
      return state.controlGates[control]?.record(for: action)?.gate.isOpen(at: now) ?? true
    }
  }

  /// Calls `body` with every decision from now on, on the main actor, right
  /// after it is made.
  /// - Returns: a token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ body: @escaping @MainActor (ClickDecision) -> Void) -> ObserverToken {
    state.nextObserverID += 1
    state.observers.append((state.nextObserverID, body))
    return ObserverToken(id: state.nextObserverID)
  }

  /// Stops calling the observer `token` names.
  public func removeObserver(_ token: ObserverToken) {
    state.observers.removeAll { $0.id == token.id }
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

  private func report(_ decision: ClickDecision) {
    // A copy: an observer may add or remove observers.
    for observer in state.observers { observer.body(decision) }
  }
}

/// The dispatcher's whole mutable state and the decision logic over it.
struct DispatcherState {
  var configuration: GuardConfiguration
  var controlGates: [ControlID: ControlGates] = [:]
  var groupGates: [GroupKey: GateRecord] = [:]
  var totals = DecisionCounters()
  /// The highest generation any gate has handed out; a new gate numbers its
  /// acceptances after it, so a ticket from a forgotten or reset gate cannot
  /// finish the action of the gate that replaced it.
  var lastGeneration: UInt32 = 0
  var observers: [(id: Int, body: @MainActor (ClickDecision) -> Void)] = []
  var nextObserverID = 0
  /// Where the input events' clock stands, from the events seen.
  var inputClock = InputClockEstimate()

  init(configuration: GuardConfiguration) {
    self.configuration = configuration
  }

  /// Judges `activation` at `now`; the flag tells whether observers want to
  /// hear of it.
  mutating func decide(_ activation: Activation, at now: MonotonicInstant) -> (ClickDecision, Bool) {
    if let eventTime = activation.eventTime { inputClock.observe(eventTime, at: now) }
    if let reason = passReason(for: activation) {
      let outcome = ClickOutcome.passed(reason)
      totals.count(outcome)
      let decision = ClickDecision(activation: activation, gate: nil, outcome: outcome, instant: now, ticket: nil)
      return (decision, !observers.isEmpty)
    }
    let interval = activation.settings.interval ?? configuration.interval
    let maxBusy = max(activation.settings.maxBusy ?? configuration.maxBusy, interval)
    let observing = configuration.mode == .observe
    let fresh = newRecord()
    let key: GateKey
    let judged: (ClickOutcome, UInt32?, Bool)
    if let group = activation.settings.group {
      key = .group(group)
      judged = Self.judge(
        &groupGates[group, default: fresh], activation, now, interval, maxBusy, observing)
    } else {
      key = .control(activation.control, activation.action)
      if let index = controlGates.index(forKey: activation.control) {
        judged = controlGates.values[index].withRecord(for: activation.action, adding: fresh) {
          Self.judge(&$0, activation, now, interval, maxBusy, observing)
        }
      } else {
        var gates = ControlGates(action: activation.action, record: fresh)
        judged = Self.judge(&gates.record, activation, now, interval, maxBusy, observing)
        controlGates[activation.control] = gates
      }
    }
    let (outcome, generation, expired) = judged
    totals.count(outcome)
    if expired { totals.busyExpired += 1 }
    var ticket: ClickTicket?
    if let generation {
      lastGeneration = max(lastGeneration, generation)
      ticket = ClickTicket(gate: key, generation: generation)
    }
    let decision = ClickDecision(activation: activation, gate: key, outcome: outcome, instant: now, ticket: ticket)
    return (decision, !observers.isEmpty)
  }

  private static func judge(
    _ record: inout GateRecord, _ activation: Activation, _ now: MonotonicInstant, _ interval: ClickInterval,
    _ maxBusy: ClickInterval, _ observing: Bool
  ) -> (ClickOutcome, UInt32?, Bool) {
    let (drop, expired) = record.gate.judge(
      at: now, eventTime: activation.eventTime, interval: interval, maxBusy: maxBusy)
    if expired { record.counters.busyExpired &+= 1 }
    let outcome: ClickOutcome =
      if let drop { observing ? .wouldDrop(drop) : .dropped(drop) } else { .accepted }
    record.counters.count(outcome)
    return (outcome, drop == nil ? record.gate.generation : nil, expired)
  }

  mutating func finish(_ ticket: ClickTicket, at now: MonotonicInstant) -> Bool {
    let inputNow = inputClock.inputTime(at: now)
    switch ticket.gate {
    case .group(let group):
      guard let index = groupGates.index(forKey: group) else { return false }
      return groupGates.values[index].gate.finish(generation: ticket.generation, at: now, inputNow: inputNow)
    case .control(let control, let action):
      guard let index = controlGates.index(forKey: control) else { return false }
      return controlGates.values[index].withExistingRecord(for: action) {
        $0.gate.finish(generation: ticket.generation, at: now, inputNow: inputNow)
      } ?? false
    }
  }

  mutating func reset() {
    controlGates.removeAll()
    groupGates.removeAll()
    totals = DecisionCounters()
    inputClock = InputClockEstimate()
  }

  private func newRecord() -> GateRecord {
    GateRecord(gate: ClickGate(generationsAfter: lastGeneration))
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
}

/// One gate and its counters.
struct GateRecord {
  var gate = ClickGate()
  var counters = GateCounters()
}

/// The gates of one control: its first action's inline (nearly every control
/// performs one action), any others in an array.
struct ControlGates {
  var action: ActionName
  var record: GateRecord
  var others: [(action: ActionName, record: GateRecord)] = []

  init(action: ActionName, record: GateRecord) {
    self.action = action
    self.record = record
  }

  /// The record of `action`, if the control has one.
  func record(for action: ActionName) -> GateRecord? {
    if action == self.action { return record }
    return others.first { $0.action == action }?.record
  }

  /// Calls `body` with the record of `action`, adding `fresh` first when
  /// the control has none for it.
  mutating func withRecord<R>(
    for action: ActionName, adding fresh: @autoclosure () -> GateRecord, _ body: (inout GateRecord) -> R
  ) -> R {
    if let result = withExistingRecord(for: action, body) { return result }
    var record = fresh()
    let result = body(&record)
    others.append((action, record))
    return result
  }

  /// Calls `body` with the record of `action`, or returns `nil` when the
  /// control has none for it.
  mutating func withExistingRecord<R>(for action: ActionName, _ body: (inout GateRecord) -> R) -> R? {
    if action == self.action { return body(&record) }
    guard let index = others.firstIndex(where: { $0.action == action }) else { return nil }
    return body(&others[index].record)
  }
}

/// A gate's decision counters, 32-bit: every gate carries them, and no gate
/// sees four billion decisions.
struct GateCounters {
  var accepted: UInt32 = 0
  var droppedBusy: UInt32 = 0
  var droppedWithinInterval: UInt32 = 0
  var droppedEventTime: UInt32 = 0
  var wouldDrop: UInt32 = 0
  var busyExpired: UInt32 = 0

  mutating func count(_ outcome: ClickOutcome) {
    switch outcome {
    case .accepted: accepted &+= 1
    case .dropped(.busy): droppedBusy &+= 1
    case .dropped(.withinInterval): droppedWithinInterval &+= 1
    case .dropped(.eventTime): droppedEventTime &+= 1
    case .wouldDrop: wouldDrop &+= 1
    case .passed: break
    }
  }

  /// The public form.
  var decisionCounters: DecisionCounters {
    var counters = DecisionCounters()
    counters.accepted = Int(accepted)
    counters.droppedBusy = Int(droppedBusy)
    counters.droppedWithinInterval = Int(droppedWithinInterval)
    counters.droppedEventTime = Int(droppedEventTime)
    counters.wouldDrop = Int(wouldDrop)
    counters.busyExpired = Int(busyExpired)
    return counters
  }
}

/// Names an observer added with ``ClickDispatcher/addObserver(_:)``.
public struct ObserverToken: Hashable, Sendable {
  let id: Int
}
