// GtkHarness+MainLoop: running the GTK main loop for a while, or until
// something holds.

import CGtk
import Foundation

extension GtkHarness {
  /// Runs the GTK main loop for `seconds`.
  package static func pump(for seconds: Double) {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      turnMainLoop()
    }
  }

  /// Runs the GTK main loop until `condition` holds or `timeout` seconds
  /// pass.
  /// - Returns: whether the condition held.
  @discardableResult
  package static func pump(until condition: () -> Bool, timeout: Double) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
      if condition() { return true }
      turnMainLoop()
    }
    return condition()
  }

  /// Runs every pending main-loop source without blocking, then sleeps a
  /// millisecond.
  static func turnMainLoop() {
    while g_main_context_iteration(nil, 0) != 0 {}
    usleep(1000)
  }
}
