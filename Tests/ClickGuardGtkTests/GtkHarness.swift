// GtkHarness: test support for real widgets in mapped windows under Xvfb,
// driven by real X input (XTEST through xdotool) and the real GTK main loop.

import CGtk
import ClickGuard
import Foundation
import XCTest

@testable import ClickGuardGtk

/// Starts GTK once, shows widgets in real windows and sends real input.
@MainActor
enum GtkHarness {
  /// Starts GTK and ClickGuard's plumbing, or skips the test with the reason
  /// when there is no display.
  static func start() throws {
    do {
      try GtkClickGuard.start()
    } catch {
      throw XCTSkip("no display: \(error)")
    }
    // Slide transitions and the switch animation behave as on a desktop.
    if let settings = gtk_settings_get_default() {
      cg_object_set_bool(settings, "gtk-enable-animations", 1)
    }
  }

  /// A fresh dispatcher with `configuration`, installed as the GTK side's
  /// dispatcher.
  @discardableResult
  static func freshDispatcher(_ configuration: GuardConfiguration = GuardConfiguration()) -> ClickDispatcher {
    let dispatcher = ClickDispatcher(configuration: configuration)
    GtkClickGuard.dispatcher = dispatcher
    return dispatcher
  }

  /// Shows `child` in a new toplevel at (x, y) and waits until it is mapped
  /// and drawn.
  static func showWindow(_ child: WidgetPointer, x: Int32 = 50, y: Int32 = 50, width: Int32 = 300, height: Int32 = 200)
    -> WidgetPointer
  {
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(window.cast(), width, height)
    gtk_container_add(window.cast(), child)
    gtk_widget_show_all(window)
    gtk_window_move(window.cast(), x, y)
    pump(until: { gtk_widget_get_mapped(child) != 0 }, timeout: 5)
    pump(for: 0.3)
    if let gdkWindow = gtk_widget_get_window(window) {
      gdk_window_focus(gdkWindow, 0)
      xdotool(["windowfocus", "--sync", String(gdk_x11_window_get_xid(gdkWindow))])
    }
    pump(for: 0.2)
    return window
  }

  /// Destroys a window made by ``showWindow(_:x:y:width:height:)``.
  static func close(_ window: WidgetPointer) {
    gtk_widget_destroy(window)
    pump(for: 0.05)
  }

  /// The centre of `widget` in root-window (screen) coordinates.
  static func screenCenter(of widget: WidgetPointer) -> (x: Int32, y: Int32) {
    var allocation = GtkAllocation()
    gtk_widget_get_allocation(widget, &allocation)
    let toplevel = gtk_widget_get_toplevel(widget)!
    var wx: Int32 = 0
    var wy: Int32 = 0
    gtk_widget_translate_coordinates(
      widget, toplevel, allocation.width / 2, allocation.height / 2, &wx, &wy)
    var ox: Int32 = 0
    var oy: Int32 = 0
    gdk_window_get_origin(gtk_widget_get_window(toplevel), &ox, &oy)
    return (ox + wx, oy + wy)
  }

  /// Runs the GTK main loop for `seconds`.
  static func pump(for seconds: Double) {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      while g_main_context_iteration(nil, 0) != 0 {}
      usleep(1000)
    }
  }

  /// Runs the GTK main loop until `condition` holds or `timeout` passes.
  /// - Returns: whether the condition held.
  @discardableResult
  static func pump(until condition: () -> Bool, timeout: Double) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
      if condition() { return true }
      while g_main_context_iteration(nil, 0) != 0 {}
      usleep(1000)
    }
    return condition()
  }

  /// Runs `xdotool` with `arguments` (real XTEST input). With `pumping`, the
  /// GTK main loop keeps running while it does; without, the main loop is
  /// stalled and the input queues up, as behind a frozen app.
  @discardableResult
  static func xdotool(_ arguments: [String], pumping: Bool = true) -> Int32 {
    runChild("/usr/bin/xdotool", arguments, pumping: pumping)
  }

  /// Runs the program at `path` and waits for it with `waitpid` (not
  /// Foundation's `Process`, whose exit notice can be lost when something
  /// else in the process reaps children), pumping the GTK main loop
  /// meanwhile if `pumping`. Gives up after `timeout` seconds.
  /// - Returns: the exit status, or -1 if it could not run or was lost.
  @discardableResult
  static func runChild(_ path: String, _ arguments: [String], pumping: Bool, timeout: Double = 60) -> Int32 {
    var pid: pid_t = 0
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for arg in argv { free(arg) } }
    guard posix_spawn(&pid, path, nil, nil, argv, environ) == 0 else { return -1 }
    let end = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, pumping ? WNOHANG : 0)
      if reaped == pid { break }
      if reaped < 0 || Date() > end {
        if reaped == 0 { kill(pid, SIGKILL) }
        return -1
      }
      while g_main_context_iteration(nil, 0) != 0 {}
      usleep(1000)
    }
    // WIFEXITED / WEXITSTATUS are macros.
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
  }

  /// Clicks `widget`'s centre `count` times, `delayMs` apart, with real
  /// pointer input.
  static func click(_ widget: WidgetPointer, count: Int, delayMs: Int, pumping: Bool = true) {
    let (x, y) = screenCenter(of: widget)
    // No --sync: it waits for a motion event that never comes when the
    // pointer is already there.
    xdotool(["mousemove", String(x), String(y)])
    pump(for: 0.05)
    xdotool(
      ["click", "--repeat", String(count), "--delay", String(delayMs), "1"], pumping: pumping)
  }

  /// Holds `key` (an X keysym name: `space`, `Return`) for `seconds`, letting
  /// the X server auto-repeat it, while the main loop runs.
  static func holdKey(_ key: String, seconds: Double) {
    xdotool(["keydown", key])
    pump(for: seconds)
    xdotool(["keyup", key])
  }
}

/// Runs `body` on the main actor. XCTest on Linux runs test methods on the
/// main thread but cannot call `@MainActor` test methods (it crashes casting
/// them), so tests are plain methods that step onto the main actor here.
func onMain(_ body: @MainActor () throws -> Void) rethrows {
  try MainActor.assumeIsolated(body)
}
