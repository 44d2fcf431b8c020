// GtkHarness+Burst: the global-install tests' burst of clicks on a widget in
// this process, on top of the shared harness (ClickGuardTestSupport).

import CGtk
import ClickGuardGtk
import ClickGuardTestSupport

extension GtkHarness {
  /// Moves the pointer away and back to `widget`'s centre, so that it really
  /// moves, clicks `count` times, `delayMs` apart, with real pointer input,
  /// then pumps for `settle` seconds.
  static func burst(on widget: WidgetPointer, count: Int, delayMs: Int = 80, settle: Double = 0.5) {
    let (x, y) = screenCenter(of: widget)
    // No --sync: it waits for a motion event that may never come.
    xdotool(["mousemove", "0", "0"])
    xdotool(["mousemove", String(x), String(y)])
    pump(for: 0.05)
    xdotool(["click", "--repeat", String(count), "--delay", String(delayMs), "1"])
    pump(for: settle)
  }
}
