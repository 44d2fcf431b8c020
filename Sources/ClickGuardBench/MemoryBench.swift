// Row 3: the heap ClickGuard uses per guarded widget: the widget's
// WidgetGuardState (qdata), the qdata entry itself, and the gate its first
// judged click adds to the dispatcher's dictionary.

import CBenchSupport
import CGtk
import ClickGuard
import ClickGuardGtk
import Foundation

/// Row 3: heap per guarded widget.
@MainActor
enum MemoryBench {
  /// The budget, in bytes per widget.
  static let budgetBytes = 256.0

  /// The quark WidgetGuardState is stored under.
  static let stateQuark = g_quark_from_static_string("clickguard-state")

  /// The object pointer of the WidgetGuardState on `widget` (the Swift
  /// object itself: `Unmanaged.toOpaque()`), or `nil`.
  static func statePointer(_ widget: Widget) -> UnsafeMutableRawPointer? {
    g_object_get_qdata(widget.cast(to: GObject.self), stateQuark)
  }

  /// The widget's GData block (GLib 2.74 layout: `guint32 len; guint32
  /// alloc; GDataElt data[]`, 24-byte elements): entries, capacity, usable
  /// size.
  static func qdataBlock(_ widget: Widget) -> (len: UInt32, alloc: UInt32, bytes: Int) {
    guard let tagged = widget.cast(to: GObject.self).pointee.qdata else { return (0, 0, 0) }
    // The low three bits of the pointer are GLib's flags.
    guard let block = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: tagged) & ~UInt(7)) else {
      return (0, 0, 0)
    }
    return (block.load(as: UInt32.self), block.load(fromByteOffset: 4, as: UInt32.self), Int(cgb_usable_size(block)))
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

  /// Child process: `count` buttons, wrapped, then clicked once each.
  static func child(count: Int) {
    startGuardedGtk()
    let dispatcher = SignalBench.judgingEveryEmission()
    GtkClickGuard.dispatcher = dispatcher
    var widgets: [Widget] = []
    widgets.reserveCapacity(count)
    for i in 0..<count {
      let widget = gtk_button_new_with_label("Item \(i)")!
      g_object_ref_sink(widget)
      widgets.append(widget)
    }
    // Warm the paths once on a spare widget, so one-time allocations (type
    // data, the runtime's tables) are not counted.
    let spare = gtk_button_new_with_label("spare")!
    g_object_ref_sink(spare)
    _ = try! Button(adopting: spare)
    gtk_button_clicked(spare.cast(to: GtkButton.self))
    drainMainContext()

    let qdataBefore = qdataBlock(widgets[0])
    let baseStates = WidgetSettings.liveStateCount
    let baseGates = dispatcher.liveGateCount
    let h0 = heapInUse()
    // Wrap, and drop the wrapper at once: what stays is what the widget
    // carries (the state in its qdata).
    for widget in widgets { _ = try! Button(adopting: widget) }
    let h1 = heapInUse()
    let qdataAfter = qdataBlock(widgets[0])
    let stateBytes = Int(cgb_usable_size(statePointer(widgets[0])))
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
    for widget in widgets { g_object_unref(widget) }
    report("states-after-unref", WidgetSettings.liveStateCount - baseStates)
    report("gates-after-unref", dispatcher.liveGateCount - baseGates)
  }

  /// Row 3.
  static func row(count: Int) -> ResultRow {
    let name = "3. heap per guarded widget"
    let budget = "≤ \(fmt(budgetBytes, 0)) B"
    let result = runChild(["child", "memory", String(count)])
    let v = result.values
    guard result.status == 0, let state = Double(v["state-heap"] ?? ""), let gate = Double(v["gate-heap"] ?? ""),
      let gateTotal = Double(v["gate-heap-total"] ?? ""), let gates = Int(v["gates-total"] ?? "")
    else {
      return .notMeasured(name, budget: budget, ["child failed (status \(result.status)): \(result.output)"])
    }
    let total = state + gate
    var row = ResultRow(
      name: name,
      measured: "\(fmt(total, 0)) B (state + qdata \(fmt(state, 0)) B, gate \(fmt(gate, 0)) B)",
      budget: budget, verdict: verdict(total <= budgetBytes))
    // The dictionary's storage after the clicks: its buckets hold a GateKey
    // and a gate record each, plus one bit of occupancy per bucket.
    let buckets = dictionaryBuckets(holding: gates)
    let perBucket = (gateTotal - Double(buckets) / 8) / Double(buckets)
    let keyStride = MemoryLayout<GateKey>.stride
    row.details = [
      "\(count) GtkButtons wrapped (Button(adopting:), wrapper dropped at once), then one judged click each; heap "
        + "in use (mallinfo2) before and after each step",
      "wrapping: \(fmt(state, 1)) B per widget: the WidgetGuardState object (settings, flags, the control's id; "
        + "malloc_usable_size \(v["state-object"] ?? "?") B) and its qdata entry, one 24-byte GDataElt (the widget's "
        + "GData len/alloc/usable bytes before \(v["qdata-before"] ?? "?"), after \(v["qdata-after"] ?? "?"))",
      "first judged click: \(fmt(gate, 1)) B per widget: the gate's entry in the dispatcher's [GateKey: GateRecord] "
        + "dictionary, ≈ \(fmt(perBucket, 0)) B per bucket (GateKey \(keyStride) B, gate record ≈ "
        + "\(fmt(perBucket - Double(keyStride), 0)) B), \(buckets) buckets for \(gates) gates (\(fmt(100 * Double(gates) / Double(buckets), 0))% "
        + "full): amortized ×\(fmt(Double(buckets) / Double(gates), 2)); a Swift dictionary is 37.5–75% full, "
        + "so a gate costs \(fmt(perBucket * 4 / 3, 0))–\(fmt(perBucket * 8 / 3, 0)) B depending on the count",
      "total \(fmt(total, 1)) B per widget (budget \(fmt(budgetBytes, 0)) B)",
      "live states \(v["states"] ?? "?"), gates in the dispatcher \(v["gates"] ?? "?") while the widgets live; "
        + "\(v["states-after-unref"] ?? "?") and \(v["gates-after-unref"] ?? "?") after they were finalized",
    ]
    return row
  }
}
