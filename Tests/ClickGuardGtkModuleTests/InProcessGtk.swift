// InProcessGtk: GTK in the test process itself, for the global-install
// tests: real windows under Xvfb, real X input through xdotool, and the real
// GTK main loop pumped while the input arrives.

import CGtk
import ClickGuard
import Foundation
import XCTest

@testable import ClickGuardGtk

/// Starts GTK once, shows widgets in real windows and clicks them.
@MainActor
enum InProcessGtk {
  /// Starts GTK and ClickGuard's plumbing with a fresh dispatcher, or skips
  /// the test when there is no display.
  @discardableResult
  static func start(_ configuration: GuardConfiguration = GuardConfiguration()) throws -> ClickDispatcher {
    do {
      try GtkClickGuard.start()
    } catch {
      throw XCTSkip("no display: \(error)")
    }
    let dispatcher = ClickDispatcher(configuration: configuration)
    GtkClickGuard.dispatcher = dispatcher
    return dispatcher
  }

  /// Shows `child` in a new toplevel at (x, y) and waits until it is drawn.
  static func showWindow(_ child: WidgetPointer, x: Int32 = 60, y: Int32 = 60) -> WidgetPointer {
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(window.cast(), 300, 200)
    gtk_container_add(window.cast(), child)
    gtk_widget_show_all(window)
    gtk_window_move(window.cast(), x, y)
    pump(until: { gtk_widget_get_mapped(child) != 0 }, timeout: 5)
    pump(for: 0.3)
    return window
  }

  /// Destroys a window made by ``showWindow(_:x:y:)``.
  static func close(_ window: WidgetPointer) {
    gtk_widget_destroy(window)
    pump(for: 0.05)
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

  /// Runs `xdotool`, pumping the GTK main loop until it exits. Waits with
  /// `waitpid`, not Foundation's `Process`, whose exit notice can be lost
  /// when something else in the process reaps children.
  static func xdotool(_ arguments: [String], timeout: Double = 60) {
    let path = "/usr/bin/xdotool"
    var pid: pid_t = 0
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for arg in argv { free(arg) } }
    guard posix_spawn(&pid, path, nil, nil, argv, environ) == 0 else { return }
    let end = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > end {
        kill(pid, SIGKILL)
        return
      }
      while g_main_context_iteration(nil, 0) != 0 {}
      usleep(1000)
    }
  }

  /// Clicks `widget`'s centre `count` times, `delayMs` apart, with real
  /// pointer input, then pumps for `settle` seconds.
  static func click(_ widget: WidgetPointer, count: Int, delayMs: Int = 80, settle: Double = 0.5) {
    var allocation = GtkAllocation()
    gtk_widget_get_allocation(widget, &allocation)
    let toplevel = gtk_widget_get_toplevel(widget)!
    var wx: Int32 = 0
    var wy: Int32 = 0
    gtk_widget_translate_coordinates(widget, toplevel, allocation.width / 2, allocation.height / 2, &wx, &wy)
    var ox: Int32 = 0
    var oy: Int32 = 0
    gdk_window_get_origin(gtk_widget_get_window(toplevel), &ox, &oy)
    // Away and back, no --sync (it waits for motion that may never come).
    xdotool(["mousemove", "0", "0"])
    xdotool(["mousemove", String(ox + wx), String(oy + wy)])
    pump(for: 0.05)
    xdotool(["click", "--repeat", String(count), "--delay", String(delayMs), "1"])
    pump(for: settle)
  }

  /// Counts `clicked` emissions that reach `button`'s ordinary handlers.
  static func countClicks(on button: WidgetPointer) -> ClickCounter {
    let counter = ClickCounter()
    Signal.connect(button.raw, "clicked") { _ in counter.count += 1 }
    return counter
  }
}

/// A click count shared with a signal handler.
@MainActor
final class ClickCounter {
  /// Clicks seen.
  var count = 0
}

/// Runs `body` on the main actor. XCTest on Linux runs test methods on the
/// main thread but cannot call `@MainActor` test methods, so tests are plain
/// methods that step onto the main actor here.
func onMain(_ body: @MainActor () throws -> Void) rethrows {
  try MainActor.assumeIsolated(body)
}
