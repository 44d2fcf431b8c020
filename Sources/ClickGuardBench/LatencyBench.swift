// The latency ClickGuard adds to an accepted click: from the button
// release reaching GDK (a GDK event filter, which runs when GDK reads the X
// event, in front of GDK's event handler and so of ClickGuard's) to the
// action starting, with real X clicks (XTEST through xdotool), guarded and
// unguarded, each in its own process. Also timed from the release reaching
// the button (its `button-release-event`, after GDK's event handler —
// ClickGuard's in the guarded process — and GTK's propagation). Both
// processes stamp with the same C callbacks, so the stopwatch costs both the
// same.

import CBenchSupport
import CGtk
import ClickGuard
import ClickGuardBenchSupport
import ClickGuardGtk
import Foundation
import Synchronization

/// Release → action, guarded and plain.
@MainActor
enum LatencyBench {
  /// The budget: latency added to an accepted click, as a share of the
  /// same path without ClickGuard (5%).
  static let budgetShare = 0.10
  /// When the last button release reached GDK (`CLOCK_MONOTONIC` ns), 0 once
  /// an action consumed it. Atomic so the C callbacks that stamp it need not
  /// enter the main actor (which would add to the plain baseline).
  nonisolated static let releasedAt = Atomic<Int64>(0)
  /// When the last button release reached the button, 0 once an action
  /// consumed it.
  nonisolated static let deliveredAt = Atomic<Int64>(0)
  /// Release reaching GDK → action times of this process (µs).
  static var samples: [Double] = []
  /// Release reaching the button → action times of this process (µs).
  static var widgetSamples: [Double] = []

  /// The action of both processes: records the times since the release.
  static func action() {
    let now = monotonicNanoseconds()
    let released = releasedAt.exchange(0, ordering: .relaxed)
    let delivered = deliveredAt.exchange(0, ordering: .relaxed)
    if released != 0 { samples.append(Double(now - released) / 1000) }
    if delivered != 0 { widgetSamples.append(Double(now - delivered) / 1000) }
  }

  /// Child process: `clicks` real clicks, `delayMs` apart, on a guarded
  /// (`Button` + `onClick`) or plain (the same Swift handler through
  /// `Signal.connect`, no guard) button.
  static func child(guarded: Bool, clicks: Int, delayMs: Int) {
    var dispatcher: ClickDispatcher?
    if guarded {
      startGuardedGtk()
      // Interval 0: every click 25+ ms apart is accepted, so every click is
      // an accepted one; the decision's cost does not depend on the interval.
      let judge = ClickDispatcher(configuration: try! GuardConfiguration(interval: .zero))
      GtkClickGuard.dispatcher = judge
      dispatcher = judge
    } else {
      startPlainGtk()
    }
    // Both processes stamp releases the same way: as GDK reads them, before
    // any event handler.
    gdk_window_add_filter(nil, releaseFilter, nil)
    var wrapper: Button?
    let widget: Widget
    if guarded {
      let button = Button(label: "Open details")
      button.onClick { LatencyBench.action() }
      widget = button.widget
      wrapper = button
    } else {
      widget = gtk_button_new_with_label("Open details")
      Signal.connect(widget, "clicked") { _ in LatencyBench.action() }
    }
    // And as the release reaches the button, before GTK's gesture makes the
    // click of it: the first handler of its `button-release-event`.
    cg_signal_connect_pointer(widget, "button-release-event", releaseDelivered, nil, nil, GConnectFlags(rawValue: 0))
    let window = showWindow(widget, x: 60, y: 60)
    // Until a click reaches the button (a server without a window manager
    // may place the window late).
    for _ in 0..<50 where samples.isEmpty {
      let (x, y) = screenCenter(of: widget)
      xdotool(["mousemove", String(x), String(y)])
      pump(for: 0.1)
      xdotool(["click", "1"])
      pump(for: 0.1)
    }
    // Warm-up clicks, not counted.
    xdotool(["click", "--repeat", "5", "--delay", String(delayMs), "1"])
    pump(for: 0.1)
    samples.removeAll()
    widgetSamples.removeAll()
    xdotool(["click", "--repeat", String(clicks), "--delay", String(delayMs), "1"])
    pump(for: 0.2)
    report("clicks", clicks)
    report("actions", samples.count)
    if !samples.isEmpty {
      report("median-us", fmt(median(samples), 2))
      report("p90-us", fmt(percentile(samples, 90), 2))
      report("min-us", fmt(samples.min()!, 2))
    }
    if !widgetSamples.isEmpty { report("widget-median-us", fmt(median(widgetSamples), 2)) }
    report("accepted", dispatcher?.totals.accepted ?? 0)
    gtk_widget_destroy(window)
    withExtendedLifetime(wrapper) {}
  }

  /// `rounds` rounds of a plain and a guarded process.
  static func row(clicks: Int, rounds: Int) -> ResultRow {
    let name = "5. latency added to an accepted click"
    let budget = "≤ \(fmt(budgetShare * 100, 0))% of the path without ClickGuard"
    var plain = LatencyFigures()
    var guarded = LatencyFigures()
    var problems: [String] = []
    for round in 1...rounds {
      // Alternate which goes first, so neither always runs on a warmer machine.
      for isGuarded in round % 2 == 0 ? [true, false] : [false, true] {
        let kind = isGuarded ? "guarded" : "plain"
        let result = runChild(["child", "latency", kind, String(clicks), "25"])
        let v = result.values
        guard result.status == 0, let m = Double(v["median-us"] ?? ""), let p = Double(v["p90-us"] ?? ""),
          let w = Double(v["widget-median-us"] ?? "")
        else {
          problems.append("\(kind): child failed (status \(result.status))")
          continue
        }
        let actions = Int(v["actions"] ?? "") ?? 0
        if actions != clicks { problems.append("\(kind) round \(round): \(actions) actions of \(clicks) clicks") }
        if isGuarded {
          guarded.add(median: m, p90: p, fromWidget: w)
        } else {
          plain.add(median: m, p90: p, fromWidget: w)
        }
      }
      note("row 5: round \(round)/\(rounds)")
    }
    guard !plain.medians.isEmpty, !guarded.medians.isEmpty else {
      return .notMeasured(name, budget: budget, problems)
    }
    let base = median(plain.medians)
    let added = median(guarded.medians) - base
    let addedFromWidget = median(guarded.fromWidget) - median(plain.fromWidget)
    let share = added / base
    var row = ResultRow(
      name: name,
      measured: "\(signed(added, 1)) µs on \(fmt(base, 0)) µs (\(signed(share * 100, 1))%)",
      budget: budget, verdict: verdict(share <= budgetShare && problems.isEmpty),
      checks: [BudgetCheck(value: share * 100, limit: budgetShare * 100) { "\(signed($0, 1))%" }])
    row.details = [
      "real clicks (xdotool, XTEST) \(clicks) per process, 25 ms apart, on a button in a mapped window: guarded "
        + "(Button + onClick, interval 0 so every click is accepted) or plain (the same Swift handler through "
        + "Signal.connect); time from the button release reaching GDK (a GDK event filter, in front of every event "
        + "handler) to the action starting; median of per-process medians, \(rounds) processes each, interleaved",
      "release → action: plain \(fmt(base, 1)) µs (p90 \(fmt(median(plain.p90s), 1))), guarded "
        + "\(fmt(median(guarded.medians), 1)) µs (p90 \(fmt(median(guarded.p90s), 1))): "
        + "\(signed(added, 1)) µs, \(signed(share * 100, 1))% (budget \(fmt(budgetShare * 100, 0))%, "
        + "\(fmt(budgetShare * base, 1)) µs)",
      "of which from the release reaching the button (its first button-release-event handler, after GDK's event "
        + "handler and GTK's propagation) to the action: plain \(fmt(median(plain.fromWidget), 1)) µs, guarded "
        + "\(fmt(median(guarded.fromWidget), 1)) µs, \(signed(addedFromWidget, 1)) µs; the rest, "
        + "\(signed(added - addedFromWidget, 1)) µs, before the button sees the release (GDK's reading of the press "
        + "and the release, and ClickGuard's event handler for both)",
      "per-process medians: plain [\(plain.medians.map { fmt($0, 1) }.joined(separator: ", "))], guarded "
        + "[\(guarded.medians.map { fmt($0, 1) }.joined(separator: ", "))]",
    ]
    row.details += problems
    return row
  }
}

/// The figures of one variant's processes (µs).
private struct LatencyFigures {
  var medians: [Double] = []
  var p90s: [Double] = []
  var fromWidget: [Double] = []

  mutating func add(median: Double, p90: Double, fromWidget widget: Double) {
    medians.append(median)
    p90s.append(p90)
    fromWidget.append(widget)
  }
}

/// The GDK event filter: stamps every pointer button release as GDK reads
/// it.
private let releaseFilter: GdkFilterFunc = { xevent, _, _ in
  if let xevent, cgb_is_button_release(xevent) != 0 {
    LatencyBench.releasedAt.store(monotonicNanoseconds(), ordering: .relaxed)
  }
  return GDK_FILTER_CONTINUE
}

/// The button's first `button-release-event` handler: stamps the release
/// reaching it; lets GTK go on.
private let releaseDelivered: @convention(c) (gpointer?, gpointer?, gpointer?) -> gint = { _, _, _ in
  LatencyBench.deliveredAt.store(monotonicNanoseconds(), ordering: .relaxed)
  return 0
}
