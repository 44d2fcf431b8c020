// Information, without a budget: the decision cost of the core (ClickDispatcher and
// its gates) against literal Swift models of the two classic iOS approaches
// (prior-art.md), on one workload of 1M decisions over 1 000 gates.

import ClickGuard
import ClickGuardBenchSupport
import Foundation

/// Runs the core and the classic models over one workload.
@MainActor
enum CoreBench {
  /// The configuration every core run uses: the workload's interval.
  static func configuration() -> GuardConfiguration {
    var configuration = GuardConfiguration()
    try! configuration.setInterval(CoreWorkload.interval)
    return configuration
  }

  /// Runs `variant` once over the workload.
  static func run(_ variant: CoreVariant, _ workload: CoreWorkload) -> CoreRun {
    switch variant {
    case .supplied: runCore(workload, suppliesInstants: true)
    case .system: runCore(workload, suppliesInstants: false)
    case .classicA: runClassicA(workload)
    case .classicB: runClassicB(workload)
    }
  }

  /// The core: each activation copied from its control's template with the
  /// op's event time, judged, and finished at once when accepted and the op
  /// says so. With `suppliesInstants` the caller passes instants a fixed step apart
  /// (`begin(_:at:)`), else the dispatcher reads `ClickClock.system`.
  static func runCore(_ workload: CoreWorkload, suppliesInstants: Bool) -> CoreRun {
    let dispatcher = ClickDispatcher(configuration: configuration())
    var now = ClickInstant(sinceOrigin: .seconds(1))
    let start = threadCPUNanoseconds()
    for op in workload.ops {
      var activation = workload.templates[op.control]
      activation.eventTime = EventTimestamp(gdkTime: op.eventTime)
      if suppliesInstants {
        now = now + CoreWorkload.step
        let decision = dispatcher.begin(activation, at: now)
        if op.finishes, let ticket = decision.ticket { dispatcher.finish(ticket, at: now) }
      } else {
        let decision = dispatcher.begin(activation)
        if op.finishes, let ticket = decision.ticket { dispatcher.finish(ticket) }
      }
    }
    let elapsed = threadCPUNanoseconds() - start
    return CoreRun(nanoseconds: elapsed, accepted: dispatcher.totals.accepted, decisions: workload.ops.count)
  }

  /// Classic approach A over the workload.
  static func runClassicA(_ workload: CoreWorkload) -> CoreRun {
    var model = ClassicA(defaultInterval: CoreWorkload.intervalSeconds)
    var accepted = 0
    let start = threadCPUNanoseconds()
    for op in workload.ops where model.sendAction(workload.controlIDs[op.control]) { accepted += 1 }
    let elapsed = threadCPUNanoseconds() - start
    return CoreRun(nanoseconds: elapsed, accepted: accepted, decisions: workload.ops.count)
  }

  /// Classic approach B over the workload.
  static func runClassicB(_ workload: CoreWorkload) -> CoreRun {
    var model = ClassicB(defaultInterval: CoreWorkload.intervalSeconds)
    var accepted = 0
    let start = threadCPUNanoseconds()
    for op in workload.ops
    where model.sendAction(workload.controlIDs[op.control], action: workload.actionNames[op.control]) {
      accepted += 1
    }
    let elapsed = threadCPUNanoseconds() - start
    return CoreRun(nanoseconds: elapsed, accepted: accepted, decisions: workload.ops.count)
  }

  /// What each variant's clock read costs alone, ns per call over 1M calls:
  /// `ClickClock.system.now` (the core's) and `Date()` (classic A's).
  static func clockCosts() -> (system: Double, wall: Double) {
    let calls = 1_000_000
    let clock = ClickClock.system
    var sink: Int64 = 0
    let start = threadCPUNanoseconds()
    for _ in 0..<calls { sink &+= clock.now.sinceOrigin.components.attoseconds }
    let middle = threadCPUNanoseconds()
    var wallSink = 0.0
    for _ in 0..<calls { wallSink += Date().timeIntervalSince1970 }
    let end = threadCPUNanoseconds()
    withExtendedLifetime((sink, wallSink)) {}
    return (Double(middle - start) / Double(calls), Double(end - middle) / Double(calls))
  }

  /// Every variant `runs` times, interleaved, after one warm-up round.
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
    let systemRead = median(clocks.map(\.system))
    let wallRead = median(clocks.map(\.wall))
    func ns(_ v: CoreVariant) -> Double { median(results[v]!.map(\.nsPerDecision)) }
    let supplied = ns(.supplied)
    let system = ns(.system)
    let a = ns(.classicA)
    let b = ns(.classicB)
    var row = ResultRow(
      name: "1. core decision cost",
      measured: "\(fmt(supplied)) ns supplied instant, \(fmt(system)) ns ClickClock.system "
        + "(classic A \(fmt(a)) ns, B \(fmt(b)) ns)",
      budget: "—", verdict: "info")
    row.details = [
      "thread CPU time, median of \(runs) runs, \(decisions) decisions over \(CoreWorkload.controls) gates each, "
        + "variants interleaved",
      "core, supplied instant (begin(_:at:)): \(fmt(supplied)) ns/decision (\(results[.supplied]!.last!.acceptedShare))",
      "core, ClickClock.system (begin(_:)): \(fmt(system)) ns/decision (\(results[.system]!.last!.acceptedShare))",
      "classic A (Date() + dictionary): \(fmt(a)) ns/decision (\(results[.classicA]!.last!.acceptedShare))",
      "classic B (flag + name + timer heap): \(fmt(b)) ns/decision (\(results[.classicB]!.last!.acceptedShare))",
      "clock reads alone (median of 3 × 1M calls): ClickClock.system.now \(fmt(systemRead)) ns, "
        + "Date() \(fmt(wallRead)) ns",
      "ratios: core-system/A = \(fmt(system / a, 2)), core-system/B = \(fmt(system / b, 2)), "
        + "core-supplied/A = \(fmt(supplied / a, 2)), core-supplied/B = \(fmt(supplied / b, 2))",
      "per-run ns/decision: "
        + CoreVariant.allCases.map { v in
          "\(v.rawValue) [\(results[v]!.map { fmt($0.nsPerDecision) }.joined(separator: ", "))]"
        }.joined(separator: "; "),
    ]
    return row
  }
}
