// Row 5: the latency ClickGuard adds to an accepted click: from the button
// release reaching GDK (a GDK event filter, which runs when GDK reads the X
// event, in front of GDK's event handler and so of ClickGuard's) to the
// action starting, with real X clicks (XTEST through xdotool), guarded and
// unguarded, each in its own process. Also timed from the release reaching
// GTK's dispatch (`gtk_main_do_event`), after ClickGuard's event handler.

import CBenchSupport
import CGtk
import ClickGuard
import ClickGuardGtk
import Foundation
import Synchronization

/// Row 5: release → action, guarded and plain.
@MainActor
enum LatencyBench {
  /// The budget: latency added to an accepted click, in microseconds.
  static let budgetMicroseconds = 50.0
  /// When the last button release reached GDK (`CLOCK_MONOTONIC` ns), 0 once
  /// an action consumed it. Atomic so the C callbacks that stamp it need not
  /// enter the main actor (which would add to the plain baseline).
  nonisolated static let releasedAt = Atomic<Int64>(0)
  /// When the last button release reached GTK's dispatch, 0 once an action
  /// consumed it.
  nonisolated static let dispatchedAt = Atomic<Int64>(0)
  /// Release reaching GDK → action times of this process (µs).
  static var samples: [Double] = []
  /// Release reaching GTK → action times of this process (µs).
  static var gtkSamples: [Double] = []

  /// The action of both processes: records the times since the release.
  static func action() {
    let now = monotonicNanoseconds()
    let released = releasedAt.exchange(0, ordering: .relaxed)
    let dispatched = dispatchedAt.exchange(0, ordering: .relaxed)
    if released != 0 { samples.append(Double(now - released) / 1000) }
    if dispatched != 0 { gtkSamples.append(Double(now - dispatched) / 1000) }
  }

  /// Notes that `event` reaches GTK's dispatch now, if it is a button
  /// release.
  nonisolated static func reachesGtk(_ event: UnsafeMutablePointer<GdkEvent>) {
    if gdk_event_get_event_type(event) == GDK_BUTTON_RELEASE {
      dispatchedAt.store(monotonicNanoseconds(), ordering: .relaxed)
    }
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
    // Both processes stamp releases the same way, before any event handler.
    gdk_window_add_filter(nil, releaseFilter, nil)
    // And where GTK's dispatch starts: in front of gtk_main_do_event, after
    // ClickGuard's input tracking in the guarded process.
    if guarded {
      _ = InputFilter.add { event in
        LatencyBench.reachesGtk(event)
        return false
      }
    } else {
      gdk_event_handler_set(plainEventHandler, nil, nil)
    }
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
    let window = showWindow(widget, x: 60, y: 60)
    let (x, y) = screenCenter(of: widget)
    xdotool(["mousemove", String(x), String(y)])
    pump(for: 0.1)
    // Warm-up clicks, not counted.
    xdotool(["click", "--repeat", "5", "--delay", String(delayMs), "1"])
    pump(for: 0.1)
    samples.removeAll()
    gtkSamples.removeAll()
    xdotool(["click", "--repeat", String(clicks), "--delay", String(delayMs), "1"])
    pump(for: 0.2)
    report("clicks", clicks)
    report("actions", samples.count)
    if !samples.isEmpty {
      report("median-us", fmt(median(samples), 2))
      report("p90-us", fmt(percentile(samples, 90), 2))
      report("min-us", fmt(samples.min()!, 2))
    }
    if !gtkSamples.isEmpty { report("gtk-median-us", fmt(median(gtkSamples), 2)) }
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
    var plainGtk: [Double] = []
    var guardedGtk: [Double] = []
    var problems: [String] = []
    for round in 1...rounds {
      for isGuarded in [false, true] {
        let kind = isGuarded ? "guarded" : "plain"
        let result = runChild(["child", "latency", kind, String(clicks), "25"])
        let v = result.values
        guard result.status == 0, let m = Double(v["median-us"] ?? ""), let p = Double(v["p90-us"] ?? ""),
          let g = Double(v["gtk-median-us"] ?? "")
        else {
          problems.append("\(kind): child failed (status \(result.status))")
          continue
        }
        let actions = Int(v["actions"] ?? "") ?? 0
        if actions != clicks { problems.append("\(kind) round \(round): \(actions) actions of \(clicks) clicks") }
        if isGuarded {
          guarded.append(m)
          guardedP90.append(p)
          guardedGtk.append(g)
        } else {
          plain.append(m)
          plainP90.append(p)
          plainGtk.append(g)
        }
      }
      note("row 5: round \(round)/\(rounds)")
    }
    guard !plain.isEmpty, !guarded.isEmpty else { return .notMeasured(name, budget: budget, problems) }
    let added = median(guarded) - median(plain)
    let addedFromGtk = median(guardedGtk) - median(plainGtk)
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
      "from the release reaching GTK's dispatch (plain: a GDK event handler in front of gtk_main_do_event; guarded: "
        + "an InputFilter, after ClickGuard's input tracking) → action: plain \(fmt(median(plainGtk), 1)) µs, guarded "
        + "\(fmt(median(guardedGtk), 1)) µs, +\(fmt(addedFromGtk, 1)) µs; about \(fmt(added - addedFromGtk, 1)) µs "
        + "of the added latency come before GTK sees the release (ClickGuard's GDK event handler)",
      "per-process medians: plain [\(plain.map { fmt($0, 1) }.joined(separator: ", "))], guarded "
        + "[\(guarded.map { fmt($0, 1) }.joined(separator: ", "))]",
    ]
    row.details += problems
    return row
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

/// The plain process's GDK event handler: stamps the release, then hands
/// every event to GTK as GDK's default handler does.
private let plainEventHandler: GdkEventFunc = { event, _ in
  guard let event else { return }
  LatencyBench.reachesGtk(event)
  gtk_main_do_event(event)
}
