// ClickDispatcher: the one central place that decides, for every activation
// of every control, whether its action runs.

/// Decides, for each activation of a control, whether its action runs.
///
/// Every control wrapper, the global install and the GTK module route their
/// activations here. There is one ``ClickGate`` per (control, action), or
/// per ``GroupKey`` for grouped controls: in the dispatcher's tables, or kept
/// with the control by a ``GateOwner`` (ClickGuardGtk keeps a widget's gates
/// on the widget). The dispatcher applies the global ``GuardConfiguration``
/// and each control's ``ControlSettings``, counts every decision and reports
/// it to observers.
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

  /// Every gate, counter and setting, in memory the dispatcher owns. Held by
  /// pointer, not as a stored `var`: a class's stored property is checked
  /// for exclusive access at run time on every use (a thread-local access
  /// set, a third of a decision's cost), and the main actor already
  /// guarantees that no two uses overlap.
  private let storage: UnsafeMutablePointer<DispatcherState>

  /// Creates a dispatcher.
  public init(configuration: GuardConfiguration = GuardConfiguration(), clock: any ClickClock = SystemClock()) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: DispatcherState(configuration: configuration))
    self.clock = clock
  }

  isolated deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// The state, read and written in place (addressors: no copy of the
  /// tables for a read).
  private var state: DispatcherState {
    unsafeAddress { UnsafePointer(storage) }
    unsafeMutableAddress { storage }
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
    let decision = state.decide(activation, at: now)
    if !state.observers.isEmpty { report(decision) }
    return decision
  }

  /// Judges `activation` now on the gate `owner` keeps for its action (a
  /// group's gate and unjudged activations as ``begin(_:)`` does). Observers
  /// hear of the decision after the owner has the updated gate.
  public func begin(_ activation: Activation, gateOwner owner: some GateOwner) -> ClickDecision {
    begin(activation, gateOwner: owner, at: clock.now())
  }

  /// Judges `activation` at `now` on the gate `owner` keeps for its action.
  public func begin(_ activation: Activation, gateOwner owner: some GateOwner, at now: MonotonicInstant)
    -> ClickDecision
  {
    guard judgesOwnGate(activation) else { return begin(activation, at: now) }
    var gate = owner[gateFor: activation.action] ?? StoredGate(generationsAfter: state.lastGeneration)
    let decision = state.decide(activation, at: now, storedIn: &gate.record)
    owner[gateFor: activation.action] = gate
    if !state.observers.isEmpty { report(decision) }
    return decision
  }

  /// Whether judging `activation` uses a gate of its control's own: it is
  /// judged (not passed: guard off, exempt, skipped kind, programmatic or
  /// nested) and belongs to no group.
  public func judgesOwnGate(_ activation: Activation) -> Bool {
    // Static, given the configuration: calling a method of `state` that is
    // not inlined makes the compiler pass it a copy of the whole state
    // (tables and observers retained and released); the configuration is a
    // small plain value.
    activation.settings.group == nil
      && DispatcherState.passReason(for: activation, configuration: state.configuration) == nil
  }

  /// Marks the accepted action of `ticket`, judged on a gate `owner` keeps,
  /// finished now.
  /// - Returns: whether the ticket was the gate's running action.
  @discardableResult
  public func finish(_ ticket: ClickTicket, gateOwner owner: some GateOwner) -> Bool {
    finish(ticket, gateOwner: owner, at: clock.now())
  }

  /// Marks the accepted action of `ticket`, judged on a gate `owner` keeps,
  /// finished at `now`.
  @discardableResult
  public func finish(_ ticket: ClickTicket, gateOwner owner: some GateOwner, at now: MonotonicInstant) -> Bool {
    guard case .control(_, let action) = ticket.gate, var gate = owner[gateFor: action] else {
      return finish(ticket, at: now)
    }
    let inputNow = state.inputClock.inputTime(at: now)
    guard gate.record.gate.finish(generation: ticket.generation, at: now, inputNow: inputNow) else { return false }
    owner[gateFor: action] = gate
    return true
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
    state.forget(control: control)
  }

  /// Drops every gate and zeroes every counter.
  public func reset() {
    state.reset()
  }

  /// How many gates the dispatcher's own tables hold: one per (control,
  /// action) judged without a ``GateOwner`` and one per group.
  public var liveGateCount: Int {
    state.liveGateCount
  }

  // MARK: Observing

  /// The counters of `control`'s gate for `action` in the dispatcher's table,
  /// or `nil` when it has none there (a ``GateOwner`` keeps its own).
  public func counters(for control: ControlID, action: ActionName = .clicked) -> DecisionCounters? {
    state.record(for: control, action: action)?.counters.decisionCounters
  }

  /// The counters of a group's shared gate, or `nil` when it has none.
  public func counters(forGroup group: GroupKey) -> DecisionCounters? {
    state.groupGates.value(for: group)?.counters.decisionCounters
  }

  /// Whether `key`'s gate would accept an activation without an event time
  /// now (gates a ``GateOwner`` keeps: ask the ``StoredGate``).
  public func isOpen(_ key: GateKey) -> Bool {
    let now = clock.now()
    switch key {
    case .group(let group): return state.groupGates.value(for: group)?.gate.isOpen(at: now) ?? true
    case .control(let control, let action):
      return state.record(for: control, action: action)?.gate.isOpen(at: now) ?? true
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
  /// Each control's gate for the first action judged on it: nearly every
  /// control performs one action. Plain values, so a lookup copies and
  /// retains nothing.
  var controlGates = ControlTable(vacant: ControlGate.vacant)
  /// The gates of a control's further actions.
  var actionGates: [ControlAction: GateRecord] = [:]
  var groupGates = GroupTable<GateRecord>()
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

  /// Judges `activation` at `now`, a control's own gate in `record`.
  /// (Here, not in the main-actor caller: a closure there would be
  /// main-actor isolated, and checked for it at run time on every call.)
  mutating func decide(_ activation: Activation, at now: MonotonicInstant, storedIn record: inout GateRecord)
    -> ClickDecision
  {
    withUnsafeMutablePointer(to: &record) { decide(activation, at: now, stored: $0) }
  }

  /// Judges `activation` at `now`; with `stored`, a control's own gate is
  /// judged there instead of in the table. Inlined into `begin`, so the
  /// decision is written once, where the caller receives it.
  @inline(__always)
  mutating func decide(
    _ activation: Activation, at now: MonotonicInstant, stored: UnsafeMutablePointer<GateRecord>? = nil
  ) -> ClickDecision {
    if let eventTime = activation.eventTime { inputClock.observe(eventTime, at: now) }
    if let reason = Self.passReason(for: activation, configuration: configuration) {
      let outcome = ClickOutcome.passed(reason)
      totals.count(outcome)
      return ClickDecision(activation: activation, gate: nil, outcome: outcome, instant: now, ticket: nil)
    }
    let interval = activation.settings.interval ?? configuration.interval
    let maxBusy = max(activation.settings.maxBusy ?? configuration.maxBusy, interval)
    let observing = configuration.mode == .observe
    let after = lastGeneration
    let key: GateKey
    let judged: (ClickOutcome, UInt32?, Bool)
    if let group = activation.settings.group {
      key = .group(group)
      let slot = groupGates.slot(of: group) ?? groupGates.insert(GateRecord(generationsAfter: after), for: group)
      judged = Self.judge(&groupGates[slot], activation, now, interval, maxBusy, observing)
    } else if let stored {
      key = .control(activation.control, activation.action)
      judged = Self.judge(&stored.pointee, activation, now, interval, maxBusy, observing)
    } else {
      key = .control(activation.control, activation.action)
      let slot =
        controlGates.slot(of: activation.control)
        ?? controlGates.insert(
          ControlGate(action: activation.action, record: GateRecord(generationsAfter: after)),
          for: activation.control)
      if controlGates[slot].action == activation.action {
        judged = Self.judge(&controlGates[slot].record, activation, now, interval, maxBusy, observing)
      } else {
        controlGates[slot].hasOtherActions = true
        let other = ControlAction(control: activation.control, action: activation.action)
        if actionGates[other] == nil { actionGates[other] = GateRecord(generationsAfter: after) }
        judged = Self.judge(&actionGates[other]!, activation, now, interval, maxBusy, observing)
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
    return ClickDecision(activation: activation, gate: key, outcome: outcome, instant: now, ticket: ticket)
  }

  @inline(__always)
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
      guard let slot = groupGates.slot(of: group) else { return false }
      return groupGates[slot].gate.finish(generation: ticket.generation, at: now, inputNow: inputNow)
    case .control(let control, let action):
      guard let slot = controlGates.slot(of: control) else { return false }
      if controlGates[slot].action == action {
        return controlGates[slot].record.gate.finish(generation: ticket.generation, at: now, inputNow: inputNow)
      }
      let other = ControlAction(control: control, action: action)
      guard actionGates[other] != nil else { return false }
      return actionGates[other]!.gate.finish(generation: ticket.generation, at: now, inputNow: inputNow)
    }
  }

  /// The record of `action` on `control`, if it has one.
  func record(for control: ControlID, action: ActionName) -> GateRecord? {
    guard let gate = controlGates.value(for: control) else { return nil }
    if gate.action == action { return gate.record }
    return actionGates[ControlAction(control: control, action: action)]
  }

  /// Drops every gate of `control`.
  mutating func forget(control: ControlID) {
    guard let gate = controlGates.remove(control), gate.hasOtherActions else { return }
    actionGates = actionGates.filter { $0.key.control != control }
  }

  var liveGateCount: Int { controlGates.count + actionGates.count + groupGates.count }

  mutating func reset() {
    controlGates.removeAll()
    actionGates.removeAll()
    groupGates.removeAll()
    totals = DecisionCounters()
    inputClock = InputClockEstimate()
  }

  /// Why `activation` passes unjudged under `configuration`, if it does.
  static func passReason(for activation: Activation, configuration: GuardConfiguration) -> PassReason? {
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

/// One gate and its counters (counters first: the gate's tail padding then
/// stays at the end, where an owner's small fields can use it).
struct GateRecord: Sendable {
  var counters = GateCounters()
  var gate: ClickGate

  /// A record with an open gate numbering its acceptances after
  /// `generation`.
  init(generationsAfter generation: UInt32) {
    gate = ClickGate(generationsAfter: generation)
  }
}

/// A control's gate for the first action judged on it.
struct ControlGate {
  var action: ActionName
  /// Whether the control has gates for other actions too.
  var hasOtherActions = false
  var record: GateRecord

  init(action: ActionName, record: GateRecord) {
    self.action = action
    self.record = record
  }

  /// What the table's empty slots hold.
  static let vacant = ControlGate(action: .clicked, record: GateRecord(generationsAfter: 0))
}

/// A control and one of its actions: the key of a further action's gate.
struct ControlAction: Hashable {
  var control: ControlID
  var action: ActionName
}

/// A gate's decision counters, 32-bit: every gate carries them, and no gate
/// sees four billion decisions.
struct GateCounters: Sendable {
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
