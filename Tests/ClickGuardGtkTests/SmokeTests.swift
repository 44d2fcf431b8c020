// Smoke: a guarded button under a real mouse burst.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class SmokeTests: XCTestCase {
  func testMouseBurstGivesOneActionAndOptOutGivesAll() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let button = Button(label: "Open")
      var count = 0
      button.onClick { count += 1 }
      let window = GtkHarness.showWindow(button.widget)
      defer { GtkHarness.close(window) }
      GtkHarness.click(button.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.6)
      XCTAssertEqual(count, 1)
      button.policy = .exempt
      count = 0
      GtkHarness.click(button.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(count, 5)
    }
  }
}
