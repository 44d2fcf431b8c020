// Row 1: the decision cost of the core (ClickDispatcher + ClickGate) against
// literal Swift models of the two classic iOS approaches (prior-art.md), on
// one workload of 1M decisions over 1 000 gates.

import ClickGuard
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One activation of the workload.
struct CoreOp {
  /// Index of the control (0 ..< controls).
  var control: Int32
  /// The input event's time (ms), or 0 for none.
  var eventTime: UInt32
  /// Whether the action is finished right after an accepted activation.
  var finishes: Bool
}

/// The workload: which controls are activated, in which order, with which
/// event times.
///
/// Shape (the "stall, then burst" pattern of prior-art.md, scaled to the
/// benchmark's pace): rounds over the 1 000 controls in a shuffled order; for
/// each control a burst — one click that is accepted and finished, then three
/// repeats right behind it (dropped: within the interval); half of the bursts
/// carry event times, and 40% of those have two more repeats queued to the
/// end of the round, stamped with the burst's event time (dropped by the
/// event-time rule, however late they are processed). One control in ten
/// performs a GAction (`app.open-details`) instead of `clicked`, one in ten
/// shares a group gate (20 groups).
///
/// The interval is 20 µs — 500 ms scaled down to the pace at which the
/// benchmark clicks (a round of 1 000 controls takes ~100-200 µs) — so a
/// gate reopens between rounds and closes within a burst, whether time comes
/// from `CLOCK_MONOTONIC` or from the supplied instants. The decision logic
/// does not depend on the scale of the numbers.
struct CoreWorkload {
  static let controls = 1000
  static let interval = try! ClickInterval(.microseconds(20))
  /// Virtual time per activation in the supplied-instant runs.
  static let step: Int64 = 40

  let ops: [CoreOp]
  let templates: [Activation]
  /// The action each control performs, as the classic models see it.
  let actionNames: [String]
  let controlIDs: [ControlID]

  init(decisions: Int, seed: UInt64 = 0x5eed_c11c) {
    var rng = SplitMix64(seed: seed)
    var templates: [Activation] = []
    var names: [String] = []
    var ids: [ControlID] = []
    let groups = (0..<20).map { GroupKey("toolbar.group-\($0)") }
    for i in 0..<Self.controls {
      // GObject-like addresses: 16-byte aligned, spread over a heap range.
      let id = ControlID(UInt(0x5555_5500_0000 + i * 0x1a0))
      let action: ActionName = i % 10 == 7 ? ActionName(String("app.open-details")) : .clicked
      var settings = ControlSettings()
      if i % 10 == 3 { settings.group = groups[(i / 10) % groups.count] }
      templates.append(Activation(control: id, action: action, kind: .button, settings: settings, source: .user))
      names.append(action.rawValue)
      ids.append(id)
    }
    var ops: [CoreOp] = []
    ops.reserveCapacity(decisions)
    var order = Array(0..<Self.controls)
    var round: UInt32 = 0
    while ops.count < decisions {
      round += 1
      order.shuffle(using: &rng)
      var tails: [CoreOp] = []
      let eventTime = 10_000 &+ round &* 1000
      for c in order {
        let withEvent = rng.next() % 2 == 0
        let time: UInt32 = withEvent ? eventTime : 0
        ops.append(CoreOp(control: Int32(c), eventTime: time, finishes: true))
        for _ in 0..<3 { ops.append(CoreOp(control: Int32(c), eventTime: time, finishes: false)) }
        if withEvent, rng.next() % 10 < 4 {
          tails.append(CoreOp(control: Int32(c), eventTime: time, finishes: false))
          tails.append(CoreOp(control: Int32(c), eventTime: time, finishes: false))
        }
      }
      ops.append(contentsOf: tails)
    }
    self.ops = Array(ops.prefix(decisions))
    self.templates = templates
    actionNames = names
    controlIDs = ids
  }
}

/// A small deterministic generator (SplitMix64) so every run clicks alike.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// MARK: The classic approaches, modelled literally

/// Approach A (prior-art.md): a timestamp taken at accept from the **wall
/// clock**; per-control `acceptEventInterval` and `acceptEventTime` kept in a
/// dictionary (the associated objects); the time is stored on every
/// activation while the interval is positive, dropped or not.
///
/// Modelled generously: the wall clock is read once per activation (the
/// original reads `NSDate.date` twice) and the two associated values are one
/// dictionary entry (the original looks each up separately).
struct ClassicA {
  struct State {
    var acceptEventInterval: TimeInterval
    var acceptEventTime: TimeInterval
  }
  var states: [ControlID: State] = [:]
  let defaultInterval: TimeInterval

  /// `sendAction:to:forEvent:`: whether the action is sent.
  mutating func sendAction(_ control: ControlID) -> Bool {
    let now = Date().timeIntervalSince1970
    return states.withValue(for: control, default: State(acceptEventInterval: 0, acceptEventTime: 0)) { state in
      if state.acceptEventInterval <= 0 { state.acceptEventInterval = defaultInterval }
      let needSendAction = now - state.acceptEventTime >= state.acceptEventInterval
      if state.acceptEventInterval > 0 { state.acceptEventTime = now }
      return needSendAction
    }
  }
}

/// Approach B (prior-art.md): a flag and the action's selector name per
/// control, set on accept and cleared by a delayed call after the interval;
/// an activation is dropped while the flag is set and the action name equals
/// the stored one. The delayed call (`performSelector:afterDelay:`) is
/// modelled as a timer pushed on a binary min-heap, drained before each
/// activation as a run loop fires due timers before it delivers the next
/// event. Time is the monotonic clock the run loop uses.
struct ClassicB {
  struct State {
    var clickInterval: TimeInterval = 0
    var ignoreClickInterval = false
    var isIgnoreClick = false
    var actionName: String?
  }
  struct Timer {
    var deadline: Int64
    var control: ControlID
  }
  var states: [ControlID: State] = [:]
  var timers: [Timer] = []
  let defaultInterval: TimeInterval

  init(defaultInterval: TimeInterval) {
    self.defaultInterval = defaultInterval
    timers.reserveCapacity(4096)
  }

  /// `sendAction:to:forEvent:` for a button: whether the action is sent.
  mutating func sendAction(_ control: ControlID, action: String, isButton: Bool = true) -> Bool {
    let now = monotonicNanoseconds()
    fireDueTimers(now: now)
    guard isButton else { return true }
    let defaultInterval = self.defaultInterval
    let (accept, schedule) = states.withValue(for: control, default: State()) { state -> (Bool, Int64?) in
      if state.ignoreClickInterval { return (true, nil) }
      if state.clickInterval == 0 { state.clickInterval = defaultInterval }
      if state.isIgnoreClick, state.actionName == action { return (false, nil) }
      guard state.clickInterval > 0 else { return (true, nil) }
      state.isIgnoreClick = true
      state.actionName = action
      return (true, now + Int64(state.clickInterval * 1e9))
    }
    if let schedule { push(Timer(deadline: schedule, control: control)) }
    return accept
  }

  private mutating func fireDueTimers(now: Int64) {
    while let first = timers.first, first.deadline <= now {
      pop()
      // setIgnoreClick:NO, which also forgets the action name.
      states.withValue(for: first.control, default: State()) { state in
        state.isIgnoreClick = false
        state.actionName = nil
      }
    }
  }

  private mutating func push(_ timer: Timer) {
    timers.append(timer)
    var i = timers.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard timers[parent].deadline > timers[i].deadline else { break }
      timers.swapAt(parent, i)
      i = parent
    }
  }

  private mutating func pop() {
    let last = timers.removeLast()
    guard !timers.isEmpty else { return }
    timers[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < timers.count, timers[l].deadline < timers[m].deadline { m = l }
      if r < timers.count, timers[r].deadline < timers[m].deadline { m = r }
      if m == i { break }
      timers.swapAt(i, m)
      i = m
    }
  }
}

extension Dictionary {
  /// Runs `body` on the value for `key` in place (inserting `defaultValue`
  /// first when absent).
  @inline(__always)
  mutating func withValue<R>(for key: Key, default defaultValue: @autoclosure () -> Value, _ body: (inout Value) -> R)
    -> R
  {
    body(&self[key, default: defaultValue()])
  }
}

// MARK: Running

/// What one run of one variant did.
struct CoreRun {
  var nanoseconds: Int64
  var accepted: Int
  var decisions: Int
  var nsPerDecision: Double { Double(nanoseconds) / Double(decisions) }
}

/// The variants of row 1.
enum CoreVariant: String, CaseIterable {
  /// ClickDispatcher with instants supplied by the caller (`begin(_:at:)`).
  case supplied = "core-supplied"
  /// ClickDispatcher reading its SystemClock (`begin(_:)`).
  case system = "core-system"
  /// Classic approach A.
  case classicA = "classic-A"
  /// Classic approach B.
  case classicB = "classic-B"
}

@MainActor
enum CoreBench {
  static func configuration() -> GuardConfiguration {
    var configuration = GuardConfiguration()
    try! configuration.setInterval(CoreWorkload.interval)
    return configuration
  }

  /// Runs `variant` once over the workload.
  static func run(_ variant: CoreVariant, _ workload: CoreWorkload) -> CoreRun {
    switch variant {
    case .supplied: runSupplied(workload)
    case .system: runSystem(workload)
    case .classicA: runClassicA(workload)
    case .classicB: runClassicB(workload)
    }
  }

  @inline(never)
  static func runSupplied(_ workload: CoreWorkload) -> CoreRun {
    let dispatcher = ClickDispatcher(configuration: configuration())
    var now = ClickInstant(sinceOrigin: .seconds(1))
    let start = monotonicNanoseconds()
    workload.ops.withUnsafeBufferPointer { ops in
      workload.templates.withUnsafeBufferPointer { templates in
        for op in ops {
          var activation = templates[Int(op.control)]
          activation.eventTime = EventTimestamp(gdkTime: op.eventTime)
          now = now + .nanoseconds(CoreWorkload.step)
          let decision = dispatcher.begin(activation, at: now)
          if op.finishes, let ticket = decision.ticket { dispatcher.finish(ticket, at: now) }
        }
      }
    }
    let elapsed = monotonicNanoseconds() - start
    return CoreRun(nanoseconds: elapsed, accepted: dispatcher.totals.accepted, decisions: workload.ops.count)
  }

  @inline(never)
  static func runSystem(_ workload: CoreWorkload) -> CoreRun {
    let dispatcher = ClickDispatcher(configuration: configuration(), clock: .system)
    let start = monotonicNanoseconds()
    workload.ops.withUnsafeBufferPointer { ops in
      workload.templates.withUnsafeBufferPointer { templates in
        for op in ops {
          var activation = templates[Int(op.control)]
          activation.eventTime = EventTimestamp(gdkTime: op.eventTime)
          let decision = dispatcher.begin(activation)
          if op.finishes, let ticket = decision.ticket { dispatcher.finish(ticket) }
        }
      }
    }
    let elapsed = monotonicNanoseconds() - start
    return CoreRun(nanoseconds: elapsed, accepted: dispatcher.totals.accepted, decisions: workload.ops.count)
  }

  @inline(never)
  static func runClassicA(_ workload: CoreWorkload) -> CoreRun {
    var model = ClassicA(defaultInterval: Double(CoreWorkload.interval.milliseconds * 1_000_000) / 1e9)
    var accepted = 0
    let start = monotonicNanoseconds()
    workload.ops.withUnsafeBufferPointer { ops in
      workload.controlIDs.withUnsafeBufferPointer { ids in
        for op in ops where model.sendAction(ids[Int(op.control)]) { accepted += 1 }
      }
    }
    let elapsed = monotonicNanoseconds() - start
    return CoreRun(nanoseconds: elapsed, accepted: accepted, decisions: workload.ops.count)
  }

  @inline(never)
  static func runClassicB(_ workload: CoreWorkload) -> CoreRun {
    var model = ClassicB(defaultInterval: Double(CoreWorkload.interval.milliseconds * 1_000_000) / 1e9)
    var accepted = 0
    let start = monotonicNanoseconds()
    workload.ops.withUnsafeBufferPointer { ops in
      workload.controlIDs.withUnsafeBufferPointer { ids in
        workload.actionNames.withUnsafeBufferPointer { names in
          for op in ops {
            let c = Int(op.control)
            if model.sendAction(ids[c], action: names[c]) { accepted += 1 }
          }
        }
      }
    }
    let elapsed = monotonicNanoseconds() - start
    return CoreRun(nanoseconds: elapsed, accepted: accepted, decisions: workload.ops.count)
  }

  /// What each variant's clock read costs alone: `SystemClock().now()`
  /// (CLOCK_MONOTONIC) and `Date()` (the wall clock classic A reads), and for
  /// comparison `CLOCK_MONOTONIC_COARSE` (the kernel's last tick: no
  /// hardware counter read, 4 ms resolution), ns per call over 1M calls.
  @inline(never)
  static func clockCosts() -> (monotonic: Double, wall: Double, coarse: Double) {
    let calls = 1_000_000
    let clock = ClickClock.system
    var sink: Int64 = 0
    let start = monotonicNanoseconds()
    for _ in 0..<calls { sink &+= clock.now.sinceOrigin.components.attoseconds }
    let middle = monotonicNanoseconds()
    var wallSink = 0.0
    for _ in 0..<calls { wallSink += Date().timeIntervalSince1970 }
    let end = monotonicNanoseconds()
    var coarseSink = 0
    var spec = timespec()
    for _ in 0..<calls {
      clock_gettime(CLOCK_MONOTONIC_COARSE, &spec)
      coarseSink &+= spec.tv_nsec
    }
    let last = monotonicNanoseconds()
    withExtendedLifetime((sink, wallSink, coarseSink)) {}
    return (
      Double(middle - start) / Double(calls), Double(end - middle) / Double(calls), Double(last - end) / Double(calls)
    )
  }

  /// Row 1: every variant `runs` times, interleaved, after one warm-up round.
  static func row(decisions: Int, runs: Int) -> ResultRow {
    note("row 1: building the workload (\(decisions) decisions over \(CoreWorkload.controls) gates)")
    let workload = CoreWorkload(decisions: decisions)
    var results: [CoreVariant: [CoreRun]] = [:]
    for round in 0...runs {
      for variant in CoreVariant.allCases {
        let result = run(variant, workload)
        if round > 0 { results[variant, default: []].append(result) }
      }
      note("row 1: round \(round)/\(runs)")
    }
    let clocks = (0..<3).map { _ in clockCosts() }
    let monotonicRead = median(clocks.map(\.monotonic))
    let wallRead = median(clocks.map(\.wall))
    let coarseRead = median(clocks.map(\.coarse))
    func med(_ v: CoreVariant) -> Double { median(results[v]!.map(\.nsPerDecision)) }
    let supplied = med(.supplied)
    let system = med(.system)
    let a = med(.classicA)
    let b = med(.classicB)
    let worst = max(supplied, system)
    let ok = worst <= 30 && system < a && system < b && supplied < a && supplied < b
    var row = ResultRow(
      name: "1. core decision cost",
      measured: "\(fmt(supplied)) ns supplied instant, \(fmt(system)) ns SystemClock",
      target: "≤ 30 ns, faster than A and B", verdict: verdict(ok))
    let share = { (v: CoreVariant) in
      let r = results[v]!.last!
      return "\(fmt(100 * Double(r.accepted) / Double(r.decisions)))% accepted"
    }
    row.details = [
      "median of \(runs) runs, \(decisions) decisions over \(CoreWorkload.controls) gates each, variants interleaved",
      "core, supplied instant (begin(_:at:)): \(fmt(supplied)) ns/decision (\(share(.supplied)))",
      "core, SystemClock (begin(_:)): \(fmt(system)) ns/decision (\(share(.system)))",
      "classic A (Date() + dictionary): \(fmt(a)) ns/decision (\(share(.classicA)))",
      "classic B (flag + name + timer heap): \(fmt(b)) ns/decision (\(share(.classicB)))",
      "clock reads alone (median of 3 × 1M calls): SystemClock().now() (CLOCK_MONOTONIC) \(fmt(monotonicRead)) ns, "
        + "Date() \(fmt(wallRead)) ns, CLOCK_MONOTONIC_COARSE \(fmt(coarseRead)) ns; without its read, "
        + "core-system decides in \(fmt(system - monotonicRead)) ns and classic A in \(fmt(a - wallRead)) ns",
      "ratios: core-system/A = \(fmt(system / a, 2)), core-system/B = \(fmt(system / b, 2)), "
        + "core-supplied/A = \(fmt(supplied / a, 2)), core-supplied/B = \(fmt(supplied / b, 2))",
      "per-run ns/decision: "
        + CoreVariant.allCases.map { v in
          "\(v.rawValue) [\(results[v]!.map { fmt($0.nsPerDecision) }.joined(separator: ", "))]"
        }.joined(separator: "; "),
    ]
    if !ok {
      var why: [String] = []
      if worst > 30 { why.append("more than 30 ns per decision") }
      if system >= a || supplied >= a { why.append("not faster than classic A") }
      if system >= b || supplied >= b { why.append("not faster than classic B") }
      row.details.append("why: " + why.joined(separator: "; ") + " (profile: BENCHMARKS.md)")
    }
    return row
  }
}
