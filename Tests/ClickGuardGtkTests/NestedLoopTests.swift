// An accepted click stays busy until its handler returns to the main-loop
// level it was dispatched from: a handler that runs a nested main loop while
// it works (pumping `g_main_context_iteration`, as `gtk_dialog_run` does)
// does not reopen its own gate, so the clicks that arrive meanwhile do not
// re-enter it.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class NestedLoopTests: XCTestCase {
  /// Runs a 10-click burst on a button whose handler pumps a nested loop for
  /// 1.5 s; returns how many times the handler ran and its deepest nesting.
  @MainActor
  private static func burstOnPumpingHandler(exempt: Bool) throws -> (runs: Int, depth: Int) {
    GtkHarness.freshDispatcher()
    let button = Button(label: "Export")
    button.policy = exempt ? .exempt : .automatic
    var runs = 0
    var depth = 0
    var deepest = 0
    button.onClick {
      runs += 1
      depth += 1
      deepest = max(deepest, depth)
      let end = ContinuousClock.now + .milliseconds(1500)
      while ContinuousClock.now < end {
        while g_main_context_iteration(nil, 0) != 0 {}
        g_usleep(5_000)
      }
      depth -= 1
    }
    let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
    defer { GtkHarness.close(window) }
    GtkHarness.click(button.widget, count: 10, delayMs: 80)
    XCTAssertTrue(GtkHarness.pump(until: { depth == 0 }, timeout: 30))
    GtkHarness.pump(for: 0.3)
    return (runs, deepest)
  }

  func testANestedLoopInTheHandlerDoesNotReopenItsGate() throws {
    try onMain {
      try GtkHarness.start()
      let unguarded = try Self.burstOnPumpingHandler(exempt: true)
      XCTAssertGreaterThan(unguarded.depth, 1, "without ClickGuard the burst re-enters the handler")
      XCTAssertGreaterThan(unguarded.runs, 1)

      let guarded = try Self.burstOnPumpingHandler(exempt: false)
      XCTAssertEqual(guarded.runs, 1, "with ClickGuard the handler runs once")
      XCTAssertEqual(guarded.depth, 1, "and is never re-entered")
      XCTAssertEqual(GtkClickGuard.dispatcher.totals.accepted, 1)
      XCTAssertEqual(GtkClickGuard.dispatcher.totals.dropped, 9)
    }
  }
}
