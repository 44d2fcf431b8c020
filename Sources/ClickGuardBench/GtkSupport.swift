// The GTK helpers the GTK rows share: starting plain GTK, a mapped window,
// pumping the main loop, real input through xdotool. Pointer casts and signal
// connections go through ClickGuardGtk's binding layer (package API) and the
// CGtk shim's typed connects.

import CGtk
import ClickGuardBenchSupport
import ClickGuardGtk
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A GTK widget as the C API hands it out.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Starts GTK with no ClickGuard code involved (the unguarded baselines).
@MainActor
func startPlainGtk() {
  guard gtk_init_check(nil, nil) != 0 else {
    note("no display: run under Xvfb (xvfb-run -a)")
    exit(2)
  }
}

/// Starts GTK with ClickGuard's plumbing (the guarded variants).
@MainActor
func startGuardedGtk() {
  do { try GtkClickGuard.start() } catch {
    note("\(error)")
    exit(2)
  }
}

/// Shows `child` in a new toplevel of `width` × `height` at (x, y), waits
/// until it is mapped and drawn, and returns the window.
@MainActor
func showWindow(_ child: Widget, x: Int32 = 40, y: Int32 = 40, width: Int32 = 240, height: Int32 = 120) -> Widget {
  let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
  gtk_window_set_default_size(window.cast(to: GtkWindow.self), width, height)
  gtk_container_add(window.cast(to: GtkContainer.self), child)
  gtk_widget_show_all(window)
  gtk_window_move(window.cast(to: GtkWindow.self), x, y)
  pump(until: { gtk_widget_get_mapped(child) != 0 }, timeout: 5)
  pump(for: 0.2)
  return window
}

/// Runs every pending main-loop source without blocking.
@MainActor
func drainMainContext() {
  while g_main_context_iteration(nil, 0) != 0 {}
}

/// Runs the GTK main loop for `seconds`.
@MainActor
func pump(for seconds: Double) {
  let end = monotonicNanoseconds() + Int64(seconds * 1e9)
  while monotonicNanoseconds() < end {
    drainMainContext()
    usleep(1000)
  }
}

/// Runs the GTK main loop until `condition` holds or `timeout` passes.
@MainActor
@discardableResult
func pump(until condition: () -> Bool, timeout: Double) -> Bool {
  let end = monotonicNanoseconds() + Int64(timeout * 1e9)
  while monotonicNanoseconds() < end {
    if condition() { return true }
    drainMainContext()
    usleep(1000)
  }
  return condition()
}

/// Runs `xdotool` (real XTEST input) while the main loop keeps running.
@MainActor
@discardableResult
func xdotool(_ arguments: [String]) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
  process.arguments = arguments
  do { try process.run() } catch { return -1 }
  while process.isRunning {
    drainMainContext()
    usleep(500)
  }
  process.waitUntilExit()
  return process.terminationStatus
}

/// The centre of `widget` in screen coordinates.
@MainActor
func screenCenter(of widget: Widget) -> (x: Int32, y: Int32) {
  var allocation = GtkAllocation()
  gtk_widget_get_allocation(widget, &allocation)
  let toplevel = gtk_widget_get_toplevel(widget)!
  var wx: Int32 = 0
  var wy: Int32 = 0
  gtk_widget_translate_coordinates(widget, toplevel, allocation.width / 2, allocation.height / 2, &wx, &wy)
  var ox: Int32 = 0
  var oy: Int32 = 0
  gdk_window_get_origin(gtk_widget_get_window(toplevel), &ox, &oy)
  return (ox + wx, oy + wy)
}
