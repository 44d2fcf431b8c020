// Row 5: the latency ClickGuard adds to an accepted click: from the button
// release reaching GDK (a GDK event filter, which runs when GDK reads the X
// event, in front of GDK's event handler and so of ClickGuard's) to the
// action starting, with real X clicks (XTEST through xdotool), guarded and
// unguarded, each in its own process.

import CBenchSupport
import CGtk
import ClickGuard
import ClickGuardGtk
import Foundation

/// Row 5: release → action, guarded and plain.
@MainActor
enum LatencyBench {
  /// The budget: latency added to an accepted click, in microseconds.
  static let budgetMicroseconds = 50.0
  /// When the last button release reached GDK (`CLOCK_MONOTONIC` ns), 0 once
  /// an action consumed it.
  static var releasedAt: Int64 = 0
  /// Release → action times of this process (µs).
  static var samples: [Double] = []

  /// The action of both processes: records the time since the release.
  static func action() {
    let now = monotonicNanoseconds()
    if releasedAt != 0 { samples.append(Double(now - releasedAt) / 1000) }
    releasedAt = 0
  }

  /// Child process: `clicks` real clicks, `delayMs` apart, on a guarded
  /// (`Button` + `onClick`) or plain (a Swift handler, no ClickGuard) button.
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
    // Both processes stamp releases the same way, before any event handler.
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
      SwiftClickHandler.connect(widget) { LatencyBench.action() }
    }
    let window = showWindow(widget, x: 60, y: 60)
    let (x, y) = screenCenter(of: widget)
    xdotool(["mousemove", String(x), String(y)])
    pump(for: 0.1)
    // Warm-up clicks, not counted.
    xdotool(["click", "--repeat", "5", "--delay", String(delayMs), "1"])
    pump(for: 0.1)
    samples.removeAll()
    xdotool(["click", "--repeat", String(clicks), "--delay", String(delayMs), "1"])
    pump(for: 0.2)
    report("clicks", clicks)
    report("actions", samples.count)
    if !samples.isEmpty {
      report("median-us", fmt(median(samples), 2))
      report("p90-us", fmt(percentile(samples, 90), 2))
      report("min-us", fmt(samples.min()!, 2))
    }
    report("accepted", dispatcher?.totals.accepted ?? 0)
    gtk_widget_destroy(window)
    withExtendedLifetime(wrapper) {}
  }

  /// Row 5: `rounds` rounds of a plain and a guarded process.
  static func row(clicks: Int, rounds: Int) -> ResultRow {
    let name = "5. latency added to an accepted click"
    let budget = "≤ \(fmt(budgetMicroseconds, 0)) µs"
    var plain: [Double] = []
    var guarded: [Double] = []
    var plainP90: [Double] = []
    var guardedP90: [Double] = []
    var problems: [String] = []
    for round in 1...rounds {
      for isGuarded in [false, true] {
        let kind = isGuarded ? "guarded" : "plain"
        let result = runChild(["child", "latency", kind, String(clicks), "25"])
        let v = result.values
        guard result.status == 0, let m = Double(v["median-us"] ?? ""), let p = Double(v["p90-us"] ?? "") else {
          problems.append("\(kind): child failed (status \(result.status))")
          continue
        }
        let actions = Int(v["actions"] ?? "") ?? 0
        if actions != clicks { problems.append("\(kind) round \(round): \(actions) actions of \(clicks) clicks") }
        if isGuarded {
          guarded.append(m)
          guardedP90.append(p)
        } else {
          plain.append(m)
          plainP90.append(p)
        }
      }
      note("row 5: round \(round)/\(rounds)")
    }
    guard !plain.isEmpty, !guarded.isEmpty else { return .notMeasured(name, budget: budget, problems) }
    let added = median(guarded) - median(plain)
    var row = ResultRow(
      name: name, measured: "+\(fmt(added, 1)) µs", budget: budget,
      verdict: verdict(added <= budgetMicroseconds && problems.isEmpty))
    row.details = [
      "real clicks (xdotool, XTEST) \(clicks) per process, 25 ms apart; time from the button release reaching GDK "
        + "(a GDK event filter, in front of every event handler) to the action starting; median of per-process "
        + "medians, \(rounds) processes each, interleaved; guarded interval 0 so every click is accepted",
      "release → action: plain \(fmt(median(plain), 1)) µs (p90 \(fmt(median(plainP90), 1))), guarded "
        + "\(fmt(median(guarded), 1)) µs (p90 \(fmt(median(guardedP90), 1))); ratio "
        + "\(fmt(median(guarded) / median(plain), 2))",
      "per-process medians: plain [\(plain.map { fmt($0, 1) }.joined(separator: ", "))], guarded "
        + "[\(guarded.map { fmt($0, 1) }.joined(separator: ", "))]",
    ]
    row.details += problems
    return row
  }
}

/// The GDK event filter: stamps every pointer button release as GDK reads
/// it. GDK reads X events on GTK's thread, the main one.
private let releaseFilter: GdkFilterFunc = { xevent, _, _ in
  guard let xevent, cgb_is_button_release(xevent) != 0 else { return GDK_FILTER_CONTINUE }
  let now = monotonicNanoseconds()
  MainActor.assumeIsolated { LatencyBench.releasedAt = now }
  return GDK_FILTER_CONTINUE
}
