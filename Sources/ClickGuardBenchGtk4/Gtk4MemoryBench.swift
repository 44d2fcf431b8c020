import CGtk4
import ClickGuardBenchSupport
import ClickGuardGtk4

/// Heap per guarded GTK 4 widget: its WidgetGuardState (qdata) and the gate
/// its first judged click adds, against a plain labelled GtkButton's own
/// heap shown in a mapped window, measured in the same process.
@MainActor
enum Gtk4MemoryBench {
  static let gridColumns = 100

  static func run(count: Int) {
    startGtk()
    GtkClickGuard.prepare()
    // The app's own clicks are judged here, so each click makes its gate.
    var configuration = GuardConfiguration()
    configuration.guardsProgrammatic = true
    GtkClickGuard.dispatcher = ClickDispatcher(configuration: configuration)
    // One spare button through every step first: one-time allocations
    // (classes, the theme's style, the runtime's tables) count for neither.
    let spare = gtk_button_new_with_label("Item 0")!
    let spareWindow = showWindow(spare, title: "spare", width: 200, height: 100)
    pump(for: 0.3)
    _ = try! Button(adopting: spare)
    emitClicked(spare)
    drainMainContext()

    let hPlain = heapInUse()
    let grid = gtk_grid_new()!
    var widgets: [UnsafeMutablePointer<GtkWidget>] = []
    widgets.reserveCapacity(count)
    for i in 0..<count {
      let widget = gtk_button_new_with_label("Item \(i + 1)")!
      gtk_grid_attach(grid.cast(), widget, Int32(i % gridColumns), Int32(i / gridColumns), 1, 1)
      widgets.append(widget)
    }
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), grid)
    let window = showWindow(scrolled, title: "buttons", width: 1000, height: 800)
    pump(for: 30) { !widgets.allSatisfy { gtk_widget_get_mapped($0) != 0 } }
    pump(for: 0.3)
    let mapped = widgets.filter { gtk_widget_get_mapped($0) != 0 }.count
    let h0 = heapInUse()
    report("button-heap", fmt(Double(h0 - hPlain) / Double(count), 1))
    report("buttons-mapped", mapped)
    // Wrapped, the wrapper dropped at once: what stays is on the widget.
    for widget in widgets { _ = try! Button(adopting: widget) }
    let h1 = heapInUse()
    for widget in widgets {
      emitClicked(widget)
      drainMainContext()
    }
    let h2 = heapInUse()
    report("state-heap", fmt(Double(h1 - h0) / Double(count), 1))
    report("gate-heap", fmt(Double(h2 - h1) / Double(count), 1))
    report("accepted", GtkClickGuard.dispatcher.totals.accepted)
    gtk_window_destroy(window.cast())
    gtk_window_destroy(spareWindow.cast())
    drainMainContext()
  }
}
