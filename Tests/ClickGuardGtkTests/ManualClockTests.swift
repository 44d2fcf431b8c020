// The GTK layer reads time from the dispatcher's clock alone: with a manual
// clock, a fresh window's fence stays settling however long real time runs,
// until the test moves the clock.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class ManualClockTests: XCTestCase {
  /// A window shown under the global install is fenced for the settle time
  /// after it appeared, counted on the dispatcher's clock: a real click made
  /// past the settle time by its event time is dropped while the manual
  /// clock stands still, and one made as long after it acts once the clock
  /// has moved past the settle time.
  func testTheFenceSettlesOnTheDispatchersClock() throws {
    try onMain {
      try GtkHarness.start()
      let clock = ManualClock()
      GtkClickGuard.dispatcher = ClickDispatcher(clock: ClickClock(clock))
      defer { GtkHarness.freshDispatcher() }
      GlobalGuard.install()
      defer { GlobalGuard.uninstall() }
      let button = gtk_button_new_with_label("OK")!
      let clicks = GtkHarness.count("clicked", on: button)
      let window = GtkHarness.showWindow(button, width: 200, height: 100)
      defer { GtkHarness.close(window) }
      GtkHarness.click(button, count: 1, delayMs: 0)
      // Longer than the settle time, so the next click is not the same burst.
      GtkHarness.pump(for: 0.6)
      XCTAssertEqual(clicks.count, 0, "the window is still settling on the manual clock")
      clock.advance(by: .seconds(1))
      GtkHarness.click(button, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(clicks.count, 1, "the manual clock moved past the settle time")
    }
  }
}
