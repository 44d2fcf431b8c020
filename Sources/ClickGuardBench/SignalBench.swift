// Information, without a budget: the CPU ClickGuard adds to a `clicked` emission on a real GtkButton
// in a mapped window, each variant in its own process so the unguarded
// baselines run with no class-handler override installed.

import CGtk
import ClickGuard
import ClickGuardBenchSupport
import ClickGuardGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The handler every C variant connects: counts clicks in `data`.
private let countingHandler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  data?.assumingMemoryBound(to: Int.self).pointee += 1
}

/// Judging a click, against the same emission unguarded.
@MainActor
enum SignalBench {
  /// Clicks the Swift handlers counted.
  static var swiftClickCount = 0

  /// The dispatcher the guarded variants use: interval 0 and programmatic
  /// activations guarded, so every `gtk_button_clicked` is judged and
  /// accepted (the ticket is finished when the main loop's next iteration
  /// closes the activation scope).
  static func judgingEveryEmission() -> ClickDispatcher {
    let configuration = try! GuardConfiguration(interval: .zero, guardsProgrammatic: true)
    return ClickDispatcher(configuration: configuration)
  }

  /// Child process: runs `variant` for `count` emissions and prints
  /// `total-ns`, `emit-ns`, `handled`, `emitted` and `accepted`. With
  /// `evictingCaches`, the measured emissions are each followed by writing
  /// over more memory than the caches hold, so each one starts as a click
  /// after a pause does, with nothing of its path in the caches: for
  /// counting, under callgrind's cache simulation, the cache lines a cold
  /// click touches (its times are then no row's).
  static func child(_ variant: SignalVariant, count: Int, evictingCaches: Bool = false) {
    var dispatcher: ClickDispatcher?
    switch variant {
    case .plainC, .plainSwift:
      startPlainGtk()
    case .inHandler:
      startPlainGtk()
      dispatcher = judgingEveryEmission()
    case .bridge:
      startPlainGtk()
      MainLoopBridge.install()
    case .wrapper, .global, .unrouted:
      startGuardedGtk()
      let judge = judgingEveryEmission()
      GtkClickGuard.dispatcher = judge
      dispatcher = judge
      if variant == .global { GlobalGuard.install() }
    }
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    var wrapper: Button?
    let widget: Widget
    switch variant {
    case .plainC, .global, .unrouted, .bridge:
      widget = gtk_button_new_with_label("Open details")
      cg_signal_connect_void(widget, "clicked", countingHandler, counter, nil, GConnectFlags(rawValue: 0))
    case .plainSwift:
      widget = gtk_button_new_with_label("Open details")
      Signal.connect(widget, "clicked") { _ in swiftClickCount += 1 }
    case .inHandler:
      widget = gtk_button_new_with_label("Open details")
      let judge = dispatcher!
      let activation = Activation(control: ControlID(UInt(bitPattern: widget)))
      Signal.connect(widget, "clicked") { _ in judge.run(activation) { swiftClickCount += 1 } }
    case .wrapper:
      let button = Button(label: "Open details")
      button.onClick { swiftClickCount += 1 }
      widget = button.widget
      wrapper = button
    }
    let window = showWindow(widget)
    let button = widget.cast(to: GtkButton.self)

    // Warm-up, then the measured loop. Each emission is followed by draining
    // the main context, as a real click is followed by the main loop's next
    // iteration: for the guarded variants that closes the activation scope,
    // which finishes the ticket.
    let warmup = min(count / 10, 20_000)
    for _ in 0..<warmup {
      gtk_button_clicked(button)
      drainMainContext()
    }
    var evicted = [UInt8](repeating: 0, count: evictingCaches ? 16 << 20 : 0)
    let start = threadCPUNanoseconds()
    for _ in 0..<count {
      gtk_button_clicked(button)
      drainMainContext()
      if evictingCaches {
        for line in stride(from: 0, to: evicted.count, by: 64) { evicted[line] &+= 1 }
      }
    }
    let total = threadCPUNanoseconds() - start

    // The emission alone (the main-loop drain excluded), timed per emission
    // on the monotonic clock (cheaper to read than the thread's CPU clock);
    // the cost of the two clock reads is measured and subtracted.
    let emitCount = count / 4
    var emitSum: Int64 = 0
    for _ in 0..<emitCount {
      let before = monotonicNanoseconds()
      gtk_button_clicked(button)
      emitSum += monotonicNanoseconds() - before
      drainMainContext()
    }
    var clockSum: Int64 = 0
    for _ in 0..<emitCount {
      let before = monotonicNanoseconds()
      clockSum += monotonicNanoseconds() - before
    }
    report("total-ns", fmt(Double(total) / Double(count), 1))
    report("emit-ns", fmt(Double(emitSum - clockSum) / Double(emitCount), 1))
    report("handled", counter.pointee + swiftClickCount)
    report("emitted", warmup + count + emitCount)
    report("accepted", dispatcher?.totals.accepted ?? 0)
    gtk_widget_destroy(window)
    withExtendedLifetime(wrapper) {}
  }

  /// `rounds` rounds of every variant, each in its own process.
  static func row(count: Int, rounds: Int) -> ResultRow {
    let name = "2. CPU added by judging one click"
    let budget = "—"
    var total: [SignalVariant: [Double]] = [:]
    var emit: [SignalVariant: [Double]] = [:]
    var problems: [String] = []
    for round in 1...rounds {
      for variant in SignalVariant.allCases {
        let result = runChild(["child", "signal", variant.rawValue, String(count)])
        guard result.status == 0, let t = Double(result.values["total-ns"] ?? ""),
          let e = Double(result.values["emit-ns"] ?? "")
        else {
          problems.append("\(variant.rawValue): child failed (status \(result.status))")
          continue
        }
        let handled = Int(result.values["handled"] ?? "") ?? -1
        let emitted = Int(result.values["emitted"] ?? "") ?? -2
        let accepted = Int(result.values["accepted"] ?? "") ?? -3
        if handled != emitted { problems.append("\(variant.rawValue): \(handled) handled of \(emitted) emitted") }
        if variant == .wrapper || variant == .global || variant == .inHandler, accepted != emitted {
          problems.append("\(variant.rawValue): \(accepted) judged and accepted of \(emitted) emitted")
        }
        total[variant, default: []].append(t)
        emit[variant, default: []].append(e)
      }
      note("row 2: round \(round)/\(rounds)")
    }
    guard SignalVariant.allCases.allSatisfy({ total[$0] != nil }) else {
      return .notMeasured(name, budget: budget, problems)
    }
    func t(_ v: SignalVariant) -> Double { median(total[v]!) }
    func e(_ v: SignalVariant) -> Double { median(emit[v]!) }
    let wrapperAdded = t(.wrapper) - t(.plainSwift)
    let globalAdded = t(.global) - t(.plainC)
    var row = ResultRow(
      name: name,
      measured: "wrapper +\(fmt(wrapperAdded, 0)) ns (\(fmt(t(.wrapper) / t(.plainSwift), 2))×), "
        + "global +\(fmt(globalAdded, 0)) ns (\(fmt(t(.global) / t(.plainC), 2))×)",
      budget: budget, verdict: problems.isEmpty ? "info" : "NOT MEASURED")
    row.details = [
      "\(count) gtk_button_clicked emissions per process on a mapped GtkButton, each followed by draining the main "
        + "context, timed in thread CPU time; guarded variants judge every emission (guardsProgrammatic, interval 0: all accepted, ticket "
        + "finished when the next main-loop iteration closes the scope); median of \(rounds) processes per "
        + "variant, variants interleaved",
      "CPU per click, emission + main-loop drain: "
        + SignalVariant.allCases.map { "\($0.rawValue) \(fmt(t($0))) ns" }.joined(separator: ", "),
      "added by judging: wrapper − plain-swift = "
        + "+\(fmt(wrapperAdded)) ns, global − plain-c = +\(fmt(globalAdded)) ns",
      "ratios (information): wrapper/plain-swift = \(fmt(t(.wrapper) / t(.plainSwift), 2)), "
        + "global/plain-c = \(fmt(t(.global) / t(.plainC), 2)), "
        + "unrouted/plain-c = \(fmt(t(.unrouted) / t(.plainC), 2)) (+\(fmt(t(.unrouted) - t(.plainC))) ns)",
      "parts (same C handler): main-queue bridge alone +\(fmt(t(.bridge) - t(.plainC))) ns (bridge − plain-c), "
        + "class-handler override and the rest of the plumbing +\(fmt(t(.unrouted) - t(.bridge))) ns "
        + "(unrouted − bridge), judging a click +\(fmt(t(.global) - t(.unrouted))) ns (global − unrouted)",
      "the core judging in the app's own handler (in-handler): \(fmt(t(.inHandler))) ns, "
        + "+\(fmt(t(.inHandler) - t(.plainSwift))) ns over plain-swift "
        + "(\(fmt(t(.inHandler) / t(.plainSwift), 2))×)",
      "emission alone (main-loop drain excluded): "
        + SignalVariant.allCases.map { "\($0.rawValue) \(fmt(e($0))) ns" }.joined(separator: ", ")
        + "; wrapper/plain-swift = \(fmt(e(.wrapper) / e(.plainSwift), 2)), global/plain-c = "
        + "\(fmt(e(.global) / e(.plainC), 2))",
    ]
    row.details += problems
    return row
  }
}
