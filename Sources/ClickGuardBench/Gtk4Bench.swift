// The GTK 4 layer's rows, beside the GTK 3 rows they mirror (3 and 5):
// each measured by clickguard-bench-gtk4, a program beside this one, since
// GTK 4 cannot share this process with GTK 3.

import ClickGuardBenchSupport
import Foundation

/// Heap per widget and latency added, on GTK 4.
@MainActor
enum Gtk4Bench {
  /// The GTK 4 bench program, built beside this one.
  static var program: String {
    URL(fileURLWithPath: selfExecutable).deletingLastPathComponent().appendingPathComponent("clickguard-bench-gtk4")
      .path
  }

  /// ClickGuard's heap per guarded GTK 4 GtkButton, against the button's own, under the GTK 3 heap budget.
  static func memoryRow(count: Int) -> ResultRow {
    let name = "10. GTK 4: heap per guarded widget"
    let budget = "≤ \(fmt(MemoryBench.budgetShare * 100, 0))% of a plain labelled GTK 4 GtkButton's heap"
    let result = runProgram(program, ["memory", String(count)])
    let v = result.values
    guard result.status == 0, let state = Double(v["state-heap"] ?? ""), let gate = Double(v["gate-heap"] ?? ""),
      let button = Double(v["button-heap"] ?? ""), button > 0
    else {
      return .notMeasured(
        name, budget: budget, ["clickguard-bench-gtk4 failed (status \(result.status)): \(result.output)"])
    }
    let total = state + gate
    let share = total / button
    let allMapped = v["buttons-mapped"] == String(count)
    var row = ResultRow(
      name: name, measured: "\(fmt(total, 0)) B on \(fmt(button / 1024, 1)) KiB (\(fmt(share * 100, 1))%)",
      budget: budget, verdict: verdict(share <= MemoryBench.budgetShare && allMapped),
      checks: [BudgetCheck(value: share * 100, limit: MemoryBench.budgetShare * 100) { "\(fmt($0, 1))%" }])
    row.details = [
      "\(count) labelled GTK 4 GtkButtons in a grid in a scrolled, mapped window (\(v["buttons-mapped"] ?? "?") "
        + "mapped), then wrapped (Button(adopting:), wrapper dropped at once), then one judged click each (the app's "
        + "own clicked, judged with guardsProgrammatic); heap in use (mallinfo2) before and after each step",
      "a plain labelled GTK 4 GtkButton, shown: \(fmt(button, 0)) B; wrapping \(fmt(state, 1)) B per widget (its "
        + "WidgetGuardState in qdata), first judged click \(fmt(gate, 1)) B (its gate and dictionary entry)",
    ]
    return row
  }

  /// Release → action with real clicks on GTK 4, guarded against plain, under the GTK 3 latency budget.
  static func latencyRow(clicks: Int, rounds: Int) -> ResultRow {
    let name = "11. GTK 4: latency added to an accepted click"
    let budget = "≤ \(fmt(LatencyBench.budgetShare * 100, 0))% of the path without ClickGuard"
    var plain: [Double] = []
    var guarded: [Double] = []
    var plainCPU: [Double] = []
    var guardedCPU: [Double] = []
    var problems: [String] = []
    for round in 1...rounds {
      for isGuarded in round % 2 == 0 ? [true, false] : [false, true] {
        let kind = isGuarded ? "guarded" : "plain"
        let result = runProgram(program, ["latency", kind, String(clicks), "25"])
        guard result.status == 0, let m = Double(result.values["median-us"] ?? "") else {
          problems.append("\(kind): clickguard-bench-gtk4 failed (status \(result.status))")
          continue
        }
        let actions = Int(result.values["actions"] ?? "") ?? 0
        if actions != clicks { problems.append("\(kind) round \(round): \(actions) actions of \(clicks) clicks") }
        let cpu = Double(result.values["cpu-median-us"] ?? "") ?? .nan
        if isGuarded {
          guarded.append(m)
          guardedCPU.append(cpu)
        } else {
          plain.append(m)
          plainCPU.append(cpu)
        }
      }
      note("row 11: round \(round)/\(rounds)")
    }
    guard !plain.isEmpty, !guarded.isEmpty else { return .notMeasured(name, budget: budget, problems) }
    let base = median(plain)
    let added = median(guarded) - base
    let share = added / base
    var row = ResultRow(
      name: name, measured: "\(signed(added, 1)) µs on \(fmt(base, 0)) µs (\(signed(share * 100, 1))%)",
      budget: budget, verdict: verdict(share <= LatencyBench.budgetShare && problems.isEmpty),
      checks: [BudgetCheck(value: share * 100, limit: LatencyBench.budgetShare * 100) { "\(signed($0, 1))%" }])
    row.details = [
      "real clicks (xdotool, XTEST) \(clicks) per process, 25 ms apart, on a GTK 4 button: guarded (Button + "
        + "onClick, interval 0) or plain (the same handler through Signal.connect); time from the release as GDK "
        + "reads it (GdkX11Display's xevent) to the action; median of per-process medians, \(rounds) processes each",
      "per-process medians: plain [\(plain.map { fmt($0, 1) }.joined(separator: ", "))], guarded "
        + "[\(guarded.map { fmt($0, 1) }.joined(separator: ", "))]",
      "the main thread's CPU time over the same span (CLOCK_THREAD_CPUTIME_ID: the work on the path, without waits "
        + "for Xvfb and xdotool): plain median \(fmt(median(plainCPU), 1)) µs, guarded \(fmt(median(guardedCPU), 1)) µs, "
        + "added \(signed(median(guardedCPU) - median(plainCPU), 1)) µs",
    ]
    row.details += problems
    return row
  }
}
