// The heap ClickGuard uses per guarded widget — the widget's
// WidgetGuardState (qdata), the qdata entry itself, and the gate its first
// judged click adds to the dispatcher's dictionary — against the heap of a
// plain labelled GtkButton shown in a mapped window, measured in the same
// process by the same method.

import CBenchSupport
import CGtk
import ClickGuard
import ClickGuardBenchSupport
import ClickGuardGtk
import Foundation

/// Heap per guarded widget.
@MainActor
enum MemoryBench {
  /// The budget: ClickGuard's heap per widget as a share of a plain
  /// labelled GtkButton's own (5%).
  static let budgetShare = 0.05
  /// Buttons per row of the grid they are shown in.
  static let gridColumns = 100

  /// The widget's GData block (GLib 2.74 layout: `guint32 len; guint32
  /// alloc; GDataElt data[]`, 24-byte elements `{ key, data, destroy }`):
  /// entries, capacity, usable size, and the data of its last entry.
  static func qdataBlock(_ widget: Widget) -> (len: UInt32, alloc: UInt32, bytes: Int, last: UnsafeMutableRawPointer?) {
    guard let tagged = widget.cast(to: GObject.self).pointee.qdata else { return (0, 0, 0, nil) }
    // The low three bits of the pointer are GLib's flags.
    guard let block = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: tagged) & ~UInt(7)) else {
      return (0, 0, 0, nil)
    }
    let len = block.load(as: UInt32.self)
    let last = len == 0 ? nil : block.load(fromByteOffset: 8 + Int(len - 1) * 24 + 8, as: UnsafeMutableRawPointer?.self)
    return (len, block.load(fromByteOffset: 4, as: UInt32.self), Int(cgb_usable_size(block)), last)
  }

  /// The buckets of a Swift dictionary holding `count` entries after
  /// inserting them one by one (growth depends only on the count): a power
  /// of two, at most three quarters full.
  static func dictionaryBuckets(holding count: Int) -> Int {
    var probe: [Int: Int] = [:]
    for i in 0..<count { probe[i] = i }
    var buckets = 1
    while buckets * 3 / 4 < probe.capacity { buckets *= 2 }
    return buckets
  }

  /// Child process: `count` labelled buttons shown in a mapped window,
  /// then wrapped, then clicked once each.
  static func child(count: Int) {
    startGuardedGtk()
    let dispatcher = SignalBench.judgingEveryEmission()
    GtkClickGuard.dispatcher = dispatcher
    // Warm the paths once on a spare button in a window of its own, so
    // one-time allocations (type and class data, the theme's style, the
    // runtime's tables) are counted for neither.
    let spare = gtk_button_new_with_label("Item 0")!
    let spareWindow = showWindow(spare)
    _ = try! Button(adopting: spare)
    gtk_button_clicked(spare.cast(to: GtkButton.self))
    drainMainContext()

    // The plain buttons: created, labelled, shown in a grid in a scrolled
    // window (mapped, allocated, drawn as far as they are on screen).
    let hPlain = heapInUse()
    let grid = gtk_grid_new()!
    var widgets: [Widget] = []
    widgets.reserveCapacity(count)
    for i in 0..<count {
      let widget = gtk_button_new_with_label("Item \(i + 1)")!
      gtk_grid_attach(grid.cast(to: GtkGrid.self), widget, Int32(i % gridColumns), Int32(i / gridColumns), 1, 1)
      widgets.append(widget)
    }
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    gtk_container_add(scrolled.cast(to: GtkContainer.self), grid)
    let window = showWindow(scrolled, x: 40, y: 40, width: 1000, height: 800)
    pump(until: { widgets.allSatisfy { gtk_widget_get_mapped($0) != 0 } }, timeout: 30)
    pump(for: 0.3)
    let mapped = widgets.filter { gtk_widget_get_mapped($0) != 0 }.count
    let h0 = heapInUse()
    report("button-heap", fmt(Double(h0 - hPlain) / Double(count), 1))
    report("buttons-mapped", mapped)

    let qdataBefore = qdataBlock(widgets[0])
    let baseStates = WidgetSettings.liveStateCount
    let baseGates = dispatcher.liveGateCount
    // Wrap, and drop the wrapper at once: what stays is what the widget
    // carries (the state in its qdata).
    for widget in widgets { _ = try! Button(adopting: widget) }
    let h1 = heapInUse()
    let qdataAfter = qdataBlock(widgets[0])
    // Wrapping added the widget's last qdata entry: its WidgetGuardState.
    let stateBytes = qdataAfter.last.map { Int(cgb_usable_size($0)) } ?? 0
    // One judged click each creates the control's gate in the dispatcher.
    for widget in widgets {
      gtk_button_clicked(widget.cast(to: GtkButton.self))
      drainMainContext()
    }
    let h2 = heapInUse()
    let gates = dispatcher.liveGateCount
    report("states", WidgetSettings.liveStateCount - baseStates)
    report("gates", gates - baseGates)
    report("gates-total", gates)
    report("state-heap", fmt(Double(h1 - h0) / Double(count), 1))
    report("gate-heap", fmt(Double(h2 - h1) / Double(count), 1))
    report("gate-heap-total", h2 - h1)
    report("state-object", stateBytes)
    report("qdata-before", "\(qdataBefore.len)/\(qdataBefore.alloc)/\(qdataBefore.bytes)")
    report("qdata-after", "\(qdataAfter.len)/\(qdataAfter.alloc)/\(qdataAfter.bytes)")
    gtk_widget_destroy(window)
    drainMainContext()
    report("states-after-unref", WidgetSettings.liveStateCount - baseStates)
    report("gates-after-unref", dispatcher.liveGateCount - baseGates)
    gtk_widget_destroy(spareWindow)
  }

  /// The heap per widget, in a child process.
  static func row(count: Int) -> ResultRow {
    let name = "3. heap per guarded widget"
    let budget = "≤ \(fmt(budgetShare * 100, 0))% of a plain labelled GtkButton's heap"
    let result = runChild(["child", "memory", String(count)])
    let v = result.values
    guard result.status == 0, let state = Double(v["state-heap"] ?? ""), let gate = Double(v["gate-heap"] ?? ""),
      let gateTotal = Double(v["gate-heap-total"] ?? ""), let gates = Int(v["gates-total"] ?? ""),
      let button = Double(v["button-heap"] ?? ""), button > 0
    else {
      return .notMeasured(name, budget: budget, ["child failed (status \(result.status)): \(result.output)"])
    }
    let total = state + gate
    let share = total / button
    let allMapped = v["buttons-mapped"] == String(count)
    var row = ResultRow(
      name: name,
      measured: "\(fmt(total, 0)) B on \(fmt(button / 1024, 1)) KiB (\(fmt(share * 100, 1))%)",
      budget: budget, verdict: verdict(share <= budgetShare && allMapped),
      checks: [BudgetCheck(value: share * 100, limit: budgetShare * 100) { "\(fmt($0, 1))%" }])
    // After the clicks: one gate object per gate, and the dictionary's
    // storage, whose buckets hold a GateKey and a reference each, plus one
    // bit of occupancy per bucket.
    let buckets = dictionaryBuckets(holding: gates)
    let perBucket = MemoryLayout<GateKey>.stride + MemoryLayout<AnyObject>.stride
    let dictionaryBytes = Double(buckets * perBucket) + Double(buckets) / 8
    let record = (gateTotal - dictionaryBytes) / Double(gates)
    row.details = [
      "\(count) labelled GtkButtons shown in a grid in a mapped window (\(v["buttons-mapped"] ?? "?") mapped), "
        + "then wrapped (Button(adopting:), wrapper dropped at once), then one judged click each; heap in use "
        + "(mallinfo2) before and after each step, after one spare button went through every step first",
      "a plain labelled GtkButton, shown: \(fmt(button, 0)) B (the widget, its label, their CSS nodes and style, "
        + "its input window, the grid's share); budget \(fmt(budgetShare * 100, 0))% = \(fmt(button * budgetShare, 0)) B",
      "wrapping: \(fmt(state, 1)) B per widget: the WidgetGuardState object (settings, flags, the control's id; "
        + "malloc_usable_size \(v["state-object"] ?? "?") B) and its qdata entry, one 24-byte GDataElt (the widget's "
        + "GData len/alloc/usable bytes before \(v["qdata-before"] ?? "?"), after \(v["qdata-after"] ?? "?"))",
      "first judged click: \(fmt(gate, 1)) B per widget: its gate object (the gate and its counters), "
        + "≈ \(fmt(record, 0)) B, and its entry in the dispatcher's dictionary of gates, \(perBucket) B "
        + "per bucket (GateKey \(MemoryLayout<GateKey>.stride) B and the reference), \(buckets) buckets for \(gates) "
        + "gates (\(fmt(100 * Double(gates) / Double(buckets), 0))% full): amortized ×"
        + "\(fmt(Double(buckets) / Double(gates), 2)); a Swift dictionary is 37.5–75% full, so a gate costs "
        + "\(fmt(record + Double(perBucket) * 4 / 3, 0))–\(fmt(record + Double(perBucket) * 8 / 3, 0)) B depending on "
        + "the count",
      "ClickGuard's total \(fmt(total, 1)) B per widget: \(fmt(share * 100, 1))% of the button's own heap",
      "live states \(v["states"] ?? "?"), gates in the dispatcher \(v["gates"] ?? "?") while the widgets live; "
        + "\(v["states-after-unref"] ?? "?") and \(v["gates-after-unref"] ?? "?") after they were finalized",
    ]
    return row
  }
}
