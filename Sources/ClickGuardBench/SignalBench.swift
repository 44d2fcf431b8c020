// Row 2: the overhead ClickGuard adds to a `clicked` emission on a real
// GtkButton in a mapped window, each variant in its own process so the
// unguarded baselines run with no class-handler override installed.

import CGtk
import ClickGuard
import ClickGuardGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The variants of row 2.
enum SignalVariant: String, CaseIterable {
  /// Plain GTK, no ClickGuard code: a C handler (`g_signal_connect`).
  case plainC = "plain-c"
  /// Plain GTK, no ClickGuard code: a Swift closure behind the same kind of
  /// trampoline `Button.onClick` uses.
  case plainSwift = "plain-swift"
  /// `Button(label:)` with `onClick`.
  case wrapper
  /// `GlobalGuard.install()`, an unwrapped GtkButton, the C handler.
  case global
  /// The interceptor installed (a wrapper exists somewhere in the process) but
  /// this unwrapped button not routed: what non-guarded buttons pay.
  case unrouted
  /// Plain GTK and the C handler with only ``MainLoopBridge`` installed (no
  /// interceptor): what `await` support in GTK handlers costs by itself, so
  /// `unrouted − bridge` is the class-handler override's cost.
  case bridge
  /// Plain GTK and the `plain-swift` handler, whose body calls the core
  /// itself (`ClickDispatcher.run` with `SystemClock`: a decision, the
  /// action, a finish): the floor of a judged click, without anything the
  /// GTK layer adds (no override, no scope, no bridge, no attribution).
  case inHandler = "in-handler"
}

/// The handler every C variant connects: counts clicks.
private let countingHandler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  data?.assumingMemoryBound(to: Int.self).pointee += 1
}

/// Connects `body` to `clicked` through ClickGuardGtk's binding layer
/// (`Signal.connect`), the very trampoline, box and main-actor entry that
/// `Button.onClick` uses: the baseline pays what a guarded handler pays apart
/// from the guard itself.
@MainActor
func connectSwiftClosure(_ widget: Widget, _ body: @escaping @MainActor () -> Void) {
  Signal.connect(widget, "clicked") { _ in body() }
}

@MainActor
var swiftClickCount = 0

@MainActor
enum SignalBench {
  /// The dispatcher the guarded variants use: interval 0 and programmatic
  /// activations guarded, so every `gtk_button_clicked` is judged and
  /// accepted (the ticket is finished when the main loop's next iteration
  /// closes the activation scope).
  static func judgingEveryEmission() -> ClickDispatcher {
    let configuration = try! GuardConfiguration(interval: .zero, guardsProgrammatic: true)
    return ClickDispatcher(configuration: configuration)
  }

  /// Child process: runs `variant` for `count` emissions and prints
  /// `total-ns`, `emit-ns`, `handled` and `accepted`.
  static func child(_ variant: SignalVariant, count: Int) {
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
      do { try GtkClickGuard.start() } catch {
        note("\(error)")
        exit(2)
      }
      let d = judgingEveryEmission()
      GtkClickGuard.dispatcher = d
      dispatcher = d
      if variant == .global { GlobalGuard.install() }
    }
    let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    counter.initialize(to: 0)
    var wrapper: Button?
    let widget: Widget
    switch variant {
    case .plainC, .global, .unrouted, .bridge:
      widget = gtk_button_new_with_label("Open details")
      g_signal_connect_data(
        widget, "clicked", unsafeBitCast(countingHandler, to: GCallback.self), counter, nil,
        GConnectFlags(rawValue: 0))
    case .plainSwift:
      widget = gtk_button_new_with_label("Open details")
      connectSwiftClosure(widget) { swiftClickCount += 1 }
    case .inHandler:
      widget = gtk_button_new_with_label("Open details")
      let judge = dispatcher!
      let activation = Activation(control: ControlID(UInt(bitPattern: widget)))
      connectSwiftClosure(widget) { judge.run(activation) { swiftClickCount += 1 } }
    case .wrapper:
      let button = Button(label: "Open details")
      button.onClick { swiftClickCount += 1 }
      widget = button.widget
      wrapper = button
    }
    let window = showWindow(widget)
    let button = gcast(widget, to: GtkButton.self)

    // Warm-up, then the measured loops. Each emission is followed by
    // draining the main context, as a real click is followed by the main
    // loop's next iteration: for the guarded variants that closes the
    // activation scope (ScopeCloser's prepare), which finishes the ticket.
    for _ in 0..<min(count / 10, 20_000) {
      gtk_button_clicked(button)
      drainMainContext()
    }
    let start = monotonicNanoseconds()
    for _ in 0..<count {
      gtk_button_clicked(button)
      drainMainContext()
    }
    let total = monotonicNanoseconds() - start

    // The emission alone (the scope closing excluded), timed per emission; the
    // cost of the two clock reads is measured and subtracted.
    let emitCount = count / 4
    var emitSum: Int64 = 0
    for _ in 0..<emitCount {
      let a = monotonicNanoseconds()
      gtk_button_clicked(button)
      emitSum += monotonicNanoseconds() - a
      drainMainContext()
    }
    var clockSum: Int64 = 0
    for _ in 0..<emitCount {
      let a = monotonicNanoseconds()
      clockSum += monotonicNanoseconds() - a
    }
    let handled = counter.pointee + swiftClickCount
    report("total-ns", fmt(Double(total) / Double(count), 1))
    report("emit-ns", fmt(Double(emitSum - clockSum) / Double(emitCount), 1))
    report("handled", handled)
    report("emitted", count + emitCount + min(count / 10, 20_000))
    report("accepted", dispatcher?.totals.accepted ?? 0)
    report("judged", (dispatcher?.totals.accepted ?? 0) + (dispatcher?.totals.dropped ?? 0))
    gtk_widget_destroy(window)
    withExtendedLifetime(wrapper) {}
  }

  /// Row 2: `rounds` rounds of every variant, each in its own process.
  static func row(count: Int, rounds: Int) -> ResultRow {
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
          problems.append("\(variant.rawValue): \(accepted) judged+accepted of \(emitted) emitted")
        }
        total[variant, default: []].append(t)
        emit[variant, default: []].append(e)
      }
      note("row 2: round \(round)/\(rounds)")
    }
    guard SignalVariant.allCases.allSatisfy({ total[$0] != nil }) else {
      return ResultRow(
        name: "2. signal-path overhead", measured: "—", target: "wrapper ≤ 1.10, global ≤ 1.25",
        verdict: "NOT MEASURED", details: problems)
    }
    func t(_ v: SignalVariant) -> Double { median(total[v]!) }
    func e(_ v: SignalVariant) -> Double { median(emit[v]!) }
    let wrapperRatio = t(.wrapper) / t(.plainSwift)
    let globalRatio = t(.global) / t(.plainC)
    let ok = wrapperRatio <= 1.10 && globalRatio <= 1.25 && problems.isEmpty
    var row = ResultRow(
      name: "2. signal-path overhead",
      measured: "wrapper \(fmt(wrapperRatio, 2))×, global \(fmt(globalRatio, 2))×",
      target: "wrapper ≤ 1.10×, global ≤ 1.25×", verdict: verdict(ok))
    row.details = [
      "\(count) gtk_button_clicked emissions per process on a mapped GtkButton, each followed by draining the main "
        + "context; guarded variants judge every emission (guardsProgrammatic, interval 0: all accepted, ticket "
        + "finished when the next main-loop iteration closes the scope); median of \(rounds) processes per variant, variants interleaved",
      "per click, emission + main-loop drain: "
        + SignalVariant.allCases.map { "\($0.rawValue) \(fmt(t($0))) ns" }.joined(separator: ", "),
      "wrapper/plain-swift = \(fmt(wrapperRatio, 2)) (+\(fmt(t(.wrapper) - t(.plainSwift))) ns), "
        + "global/plain-c = \(fmt(globalRatio, 2)) (+\(fmt(t(.global) - t(.plainC))) ns), "
        + "unrouted/plain-c = \(fmt(t(.unrouted) / t(.plainC), 2)) (+\(fmt(t(.unrouted) - t(.plainC))) ns)",
      "parts (same C handler): main-queue bridge alone +\(fmt(t(.bridge) - t(.plainC))) ns (bridge − plain-c), "
        + "class-handler override +\(fmt(t(.unrouted) - t(.bridge))) ns (unrouted − bridge) = "
        + "\(fmt(100 * (t(.unrouted) - t(.bridge)) / t(.plainC)))% of plain-c; judging a click "
        + "+\(fmt(t(.global) - t(.unrouted))) ns (global − unrouted)",
      "floor: the core judging in the app's own handler (in-handler) \(fmt(t(.inHandler))) ns, "
        + "in-handler/plain-swift = \(fmt(t(.inHandler) / t(.plainSwift), 2)) "
        + "(+\(fmt(t(.inHandler) - t(.plainSwift))) ns): the rest of the wrapper's "
        + "+\(fmt(t(.wrapper) - t(.plainSwift))) ns is what the GTK layer adds",
      "emission alone (scope closing excluded): "
        + SignalVariant.allCases.map { "\($0.rawValue) \(fmt(e($0))) ns" }.joined(separator: ", ")
        + "; wrapper/plain-swift = \(fmt(e(.wrapper) / e(.plainSwift), 2)), global/plain-c = "
        + "\(fmt(e(.global) / e(.plainC), 2))",
    ]
    row.details += problems
    if !ok {
      row.details.append(
        "why: the class-handler override (the one place that runs before every handler, so a dropped click "
          + "stops the whole emission, a GtkActionable button's GAction included) alone costs "
          + "\(fmt(100 * (t(.unrouted) - t(.bridge)) / t(.plainC)))% of an unguarded click; the main-queue bridge and the scope closer's prepare run every main-loop "
          + "iteration; a judged click adds qdata, attribution, two clock reads, the decision and the scope; "
          + "see BENCHMARKS.md")
    }
    return row
  }
}
