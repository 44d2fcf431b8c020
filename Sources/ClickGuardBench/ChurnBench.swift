// The churn (and `make soak`): create and destroy many guarded buttons in a
// mapped window — some with closed gates, some with async actions still
// running when they go — and check that no ClickGuard state and no memory
// stays behind.

import CBenchSupport
import CGtk
import ClickGuard
import ClickGuardBenchSupport
import ClickGuardGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The churn and `make soak`: guarded buttons created and destroyed.
@MainActor
enum ChurnBench {
  /// Async actions waiting to complete (resumed after their buttons are
  /// destroyed).
  static var pending: [CheckedContinuation<Void, Never>] = []
  /// Synchronous actions that ran.
  static var syncActions = 0
  /// Async actions that completed.
  static var asyncCompleted = 0
  /// Gates and states left after the last ``child(count:warmup:)``.
  static var leftover = 0

  /// Creates, clicks and destroys `count` buttons in batches of `batch`.
  /// Every third button has an async action that is still running when the
  /// button is destroyed; every second one is clicked (its gate closed: the
  /// default 500 ms interval has not passed when it goes), and every sixth
  /// is clicked twice (the second click dropped).
  static func churn(_ count: Int, batch: Int, box: Widget, from first: Int) {
    var made = 0
    while made < count {
      let n = min(batch, count - made)
      var buttons: [Button] = []
      buttons.reserveCapacity(n)
      for i in 0..<n {
        let index = first + made + i
        let button = Button(label: "Item \(index)")
        if index % 3 == 0 {
          button.onClick {
            await withCheckedContinuation { pending.append($0) }
            asyncCompleted += 1
          }
        } else {
          button.onClick { syncActions += 1 }
        }
        gtk_container_add(box.cast(to: GtkContainer.self), button.widget)
        gtk_widget_show(button.widget)
        buttons.append(button)
      }
      drainMainContext()
      for (i, button) in buttons.enumerated() where (first + made + i) % 2 == 0 {
        gtk_button_clicked(button.widget.cast(to: GtkButton.self))
        drainMainContext()
        if (first + made + i) % 6 == 0 {
          gtk_button_clicked(button.widget.cast(to: GtkButton.self))
          drainMainContext()
        }
      }
      for button in buttons { gtk_widget_destroy(button.widget) }
      buttons.removeAll()
      drainMainContext()
      // The async actions finish after their buttons are gone.
      let resumed = pending
      pending.removeAll()
      for continuation in resumed { continuation.resume() }
      drainMainContext()
      made += n
    }
  }

  /// Child process: warm up with `warmup` buttons, then churn `count` more;
  /// prints the live state and memory figures.
  static func child(count: Int, warmup: Int) {
    startGuardedGtk()
    // Programmatic clicks are judged, so gtk_button_clicked closes gates.
    let configuration = try! GuardConfiguration(
      interval: ClickInterval(milliseconds: 500), guardsProgrammatic: true)
    let dispatcher = ClickDispatcher(configuration: configuration)
    GtkClickGuard.dispatcher = dispatcher
    // A scrolled list, so the window keeps its size however many buttons
    // the box holds.
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    gtk_widget_set_size_request(scrolled, 240, 400)
    gtk_container_add(scrolled.cast(to: GtkContainer.self), box)
    let window = showWindow(scrolled)
    let baseGates = dispatcher.liveGateCount
    let baseStates = WidgetSettings.liveStateCount

    churn(warmup, batch: 100, box: box, from: 0)
    pump(for: 0.05)
    let rss0 = residentBytes()
    let heap0 = heapInUse()
    let start = monotonicNanoseconds()
    var done = 0
    while done < count {
      let n = min(10_000, count - done)
      churn(n, batch: 100, box: box, from: warmup + done)
      done += n
      // Let frames be drawn now and then, as in a running app.
      pump(for: 0.02)
      note("churn: \(done)/\(count)")
    }
    let elapsed = monotonicNanoseconds() - start
    pump(for: 0.05)
    let rss1 = residentBytes()
    let heap1 = heapInUse()
    cgb_trim()
    let rss1Trimmed = residentBytes()

    let t = dispatcher.totals
    leftover = (dispatcher.liveGateCount - baseGates) + (WidgetSettings.liveStateCount - baseStates) + pending.count
    report("gates", dispatcher.liveGateCount - baseGates)
    report("states", WidgetSettings.liveStateCount - baseStates)
    report("rss-growth", rss1 - rss0)
    report("rss-growth-trimmed", rss1Trimmed - rss0)
    report("heap-growth", heap1 - heap0)
    report("rss-start", rss0)
    report("us-per-button", fmt(Double(elapsed) / Double(count) / 1000, 1))
    report("accepted", t.accepted)
    report("dropped", t.dropped)
    report("sync-actions", syncActions)
    report("async-completed", asyncCompleted)
    report("pending", pending.count)
    gtk_widget_destroy(window)
    drainMainContext()
  }

  /// The churn, in a child process.
  static func row(count: Int, warmup: Int) -> ResultRow {
    let result = runChild(["child", "churn", String(count), String(warmup)])
    let v = result.values
    guard result.status == 0, let gates = Int(v["gates"] ?? ""), let states = Int(v["states"] ?? ""),
      let rss = Int(v["rss-growth"] ?? "")
    else {
      return .notMeasured(
        "4. churn", budget: "0 gates, 0 states, RSS growth < 1 MiB",
        ["child failed (status \(result.status)): \(result.output)"])
    }
    let ok = gates == 0 && states == 0 && rss < 1 << 20
    func kib(_ key: String) -> String { fmt(Double(Int(v[key] ?? "") ?? 0) / 1024, 0) }
    func value(_ key: String) -> String { v[key] ?? "?" }
    var row = ResultRow(
      name: "4. churn (\(count) buttons)",
      measured: "\(gates) gates, \(states) states left, RSS +\(kib("rss-growth")) KiB",
      budget: "0, 0, < 1024 KiB", verdict: verdict(ok),
      checks: [
        BudgetCheck(value: Double(gates), limit: 0) { "\(fmt($0, 0)) gates" },
        BudgetCheck(value: Double(states), limit: 0) { "\(fmt($0, 0)) states" },
        BudgetCheck(value: Double(rss), limit: Double(1 << 20) - 1) { "RSS +\(fmt($0 / 1024, 0)) KiB" },
      ])
    let shape =
      "\(warmup) buttons of warm-up, then \(count) created in batches of 100 in a mapped window, half clicked "
      + "(gate closed when destroyed), a sixth clicked twice, a third with an async action still running when "
      + "the button is destroyed (completed afterwards)"
    let memory =
      "resident memory after warm-up " + kib("rss-start") + " KiB; growth " + kib("rss-growth") + " KiB ("
      + kib("rss-growth-trimmed") + " KiB after malloc_trim); heap in use growth " + kib("heap-growth") + " KiB"
    let decisions =
      "decisions: " + value("accepted") + " accepted, " + value("dropped") + " dropped; " + value("sync-actions")
      + " sync actions ran, " + value("async-completed") + " async actions completed after their button was gone, "
      + value("pending") + " left pending; " + value("us-per-button") + " µs per button"
    row.details = [
      shape,
      "left after the churn: gates in the dispatcher (liveGateCount) \(gates), widget states "
        + "(WidgetSettings.liveStateCount) \(states) (baseline 0 each)", memory,
      decisions,
    ]
    return row
  }
}
