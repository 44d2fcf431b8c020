// Row 5: the latency ClickGuard adds to an accepted click: from the GDK
// button release reaching GTK (an InputFilter filter, which runs in front of
// GTK's dispatch, stamps it) to the action starting, with real X clicks
// (XTEST through xdotool), guarded and unguarded, each in its own process.

import CGtk
import ClickGuard
import ClickGuardGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
enum LatencyBench {
  static var releasedAt: Int64 = 0
  static var samples: [Double] = []

  static func action() {
    let now = monotonicNanoseconds()
    if releasedAt != 0 { samples.append(Double(now - releasedAt) / 1000) }
    releasedAt = 0
  }

  /// Child process: `clicks` real clicks, `delayMs` apart, on a guarded
  /// (`Button` + `onClick`) or plain (same trampoline, no ClickGuard) button.
  static func child(guarded: Bool, clicks: Int, delayMs: Int) {
    var dispatcher: ClickDispatcher?
    if guarded {
      do { try GtkClickGuard.start() } catch {
        note("\(error)")
        exit(2)
      }
      // Interval 0: every click 25+ ms apart is accepted, so every click is
      // an accepted one; the decision's cost does not depend on the interval.
      let d = ClickDispatcher(configuration: try! GuardConfiguration(interval: .zero))
      GtkClickGuard.dispatcher = d
      dispatcher = d
    } else {
      startPlainGtk()
    }
    // InputFilter.addFilter only installs gdk_event_handler_set (no
    // interceptor), so both processes stamp events the same way.
    _ = InputFilter.add { event in
      if gdk_event_get_event_type(event) == GDK_BUTTON_RELEASE { LatencyBench.releasedAt = monotonicNanoseconds() }
      return false
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
      connectSwiftClosure(widget) { LatencyBench.action() }
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
    var plain: [Double] = []
    var guarded: [Double] = []
    var plainP90: [Double] = []
    var guardedP90: [Double] = []
    var problems: [String] = []
    for round in 1...rounds {
      for isGuarded in [false, true] {
        let result = runChild(["child", "latency", isGuarded ? "guarded" : "plain", String(clicks), "25"])
        let v = result.values
        guard result.status == 0, let m = Double(v["median-us"] ?? ""), let p = Double(v["p90-us"] ?? "") else {
          problems.append("\(isGuarded ? "guarded" : "plain"): child failed (status \(result.status))")
          continue
        }
        let actions = Int(v["actions"] ?? "") ?? 0
        if actions != clicks {
          problems.append("\(isGuarded ? "guarded" : "plain") round \(round): \(actions) actions of \(clicks) clicks")
        }
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
    guard !plain.isEmpty, !guarded.isEmpty else {
      return ResultRow(
        name: "5. latency added to an accepted click", measured: "—", target: "< 20 µs", verdict: "NOT MEASURED",
        details: problems)
    }
    let added = median(guarded) - median(plain)
    var row = ResultRow(
      name: "5. latency added to an accepted click", measured: "+\(fmt(added, 1)) µs", target: "< 20 µs",
      verdict: verdict(added < 20 && problems.isEmpty))
    row.details = [
      "real clicks (xdotool, XTEST) \(clicks) per process, 25 ms apart; time from the button release reaching "
        + "GTK (InputFilter filter) to the action starting; median of per-process medians, \(rounds) processes "
        + "each, interleaved; guarded interval 0 so every click is accepted",
      "release → action: plain \(fmt(median(plain), 1)) µs (p90 \(fmt(median(plainP90), 1))), guarded "
        + "\(fmt(median(guarded), 1)) µs (p90 \(fmt(median(guardedP90), 1))); ratio \(fmt(median(guarded) / median(plain), 2))",
      "per-process medians: plain [\(plain.map { fmt($0, 1) }.joined(separator: ", "))], guarded "
        + "[\(guarded.map { fmt($0, 1) }.joined(separator: ", "))]",
    ]
    row.details += problems
    return row
  }
}
