// Row 3: the memory ClickGuard attaches to one guarded widget: its
// WidgetGuardState (qdata) with the widget's gate inside, the qdata entry
// itself, and anything more the first judged click adds.

import CBenchSupport
import CGtk
import ClickGuard
import ClickGuardGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
enum MemoryBench {
  /// The quark WidgetGuardState is stored under.
  static let stateQuark = g_quark_from_static_string("clickguard-state")

  /// The object pointer of the WidgetGuardState on `widget` (the Swift
  /// object itself: `Unmanaged.toOpaque()`), or `nil`.
  static func statePointer(_ widget: Widget) -> UnsafeMutableRawPointer? {
    g_object_get_qdata(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), stateQuark)
  }

  /// The widget's GData block (GLib 2.74 layout: `guint32 len; guint32
  /// alloc; GDataElt data[]`, 24-byte elements): entries, capacity, usable
  /// size.
  static func qdataBlock(_ widget: Widget) -> (len: UInt32, alloc: UInt32, bytes: Int) {
    let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
    guard let tagged = object.pointee.qdata else { return (0, 0, 0) }
    // The low three bits of the pointer are GLib's flags.
    guard let block = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: Int(bitPattern: tagged)) & ~UInt(7)) else {
      return (0, 0, 0)
    }
    return (block.load(as: UInt32.self), block.load(fromByteOffset: 4, as: UInt32.self), Int(cgb_usable_size(block)))
  }

  /// Child process: `count` buttons, wrapped, then clicked once each.
  static func child(count: Int) {
    do { try GtkClickGuard.start() } catch {
      note("\(error)")
      exit(2)
    }
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
    // data, the interceptor's tables) are not counted.
    let spare = gtk_button_new_with_label("spare")!
    g_object_ref_sink(spare)
    _ = try! Button(adopting: spare)
    gtk_button_clicked(gcast(spare, to: GtkButton.self))
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
      gtk_button_clicked(gcast(widget, to: GtkButton.self))
      drainMainContext()
    }
    let h2 = heapInUse()
    report("states", WidgetSettings.liveStateCount - baseStates)
    report("gates", dispatcher.liveGateCount - baseGates)
    report("table-gates", dispatcher.liveGateCount - baseGates)
    report("state-heap", fmt(Double(h1 - h0) / Double(count), 1))
    report("gate-heap", fmt(Double(h2 - h1) / Double(count), 1))
    report("state-object", stateBytes)
    report("qdata-before", "\(qdataBefore.len)/\(qdataBefore.alloc)/\(qdataBefore.bytes)")
    report("qdata-after", "\(qdataAfter.len)/\(qdataAfter.alloc)/\(qdataAfter.bytes)")
    for widget in widgets { g_object_unref(widget) }
    report("states-after-unref", WidgetSettings.liveStateCount - baseStates)
    report("table-gates-after-unref", dispatcher.liveGateCount - baseGates)
  }

  /// Row 3.
  static func row(count: Int) -> ResultRow {
    let result = runChild(["child", "memory", String(count)])
    guard result.status == 0, let state = Double(result.values["state-heap"] ?? ""),
      let gate = Double(result.values["gate-heap"] ?? "")
    else {
      return ResultRow(
        name: "3. memory per guarded widget", measured: "—", target: "≤ 128 B", verdict: "NOT MEASURED",
        details: ["child failed (status \(result.status)): \(result.output)"])
    }
    let total = state + gate
    var row = ResultRow(
      name: "3. memory per guarded widget",
      measured: "\(fmt(total, 0)) B (state with its gate + qdata \(fmt(state, 0)) B, first click \(fmt(gate, 0)) B)",
      target: "≤ 128 B", verdict: verdict(total <= 128))
    let v = result.values
    row.details = [
      "\(count) wrapped GtkButtons, heap in use (mallinfo2) before/after wrapping and after one judged click each",
      "WidgetGuardState object (settings, flags and the widget's gate with its counters): malloc_usable_size "
        + "\(v["state-object"] ?? "?") B; its qdata entry is one 24-byte GDataElt (widget's GData len/alloc/usable "
        + "bytes before \(v["qdata-before"] ?? "?"), after \(v["qdata-after"] ?? "?"))",
      "heap per widget: state + qdata \(fmt(state, 1)) B; added by the first judged click: \(fmt(gate, 1)) B; "
        + "total \(fmt(total, 1)) B",
      "live states \(v["states"] ?? "?"), gates on widgets \(v["gates"] ?? "?"), gates in the dispatcher's table "
        + "\(v["table-gates"] ?? "?") while alive; states \(v["states-after-unref"] ?? "?"), table gates "
        + "\(v["table-gates-after-unref"] ?? "?") after the widgets were finalized",
    ]
    if total > 128 {
      row.details.append(
        "why: the state object (its gate, counters, settings and flags) and its qdata entry exceed the budget; "
          + "see BENCHMARKS.md")
    }
    return row
  }
}
