// A runtime of the test's own, not the process's: its judge decides with
// its own dispatcher on a manual clock, and its widget states count there.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class FreshRuntimeTests: XCTestCase {
  /// A wrapped button's second click is dropped while its action counts as
  /// busy, and accepted once the manual clock passes the maximum busy time;
  /// the process's dispatcher judges none of it.
  func testAFreshRuntimeJudgesWithItsOwnDispatcherAndClock() throws {
    try onMain {
      try GtkHarness.start()
      let clock = ManualClock()
      let runtime = GuardRuntime()
      runtime.dispatcher = ClickDispatcher(clock: ClickClock(clock))
      let button = gtk_button_new_with_label("OK")!
      g_object_ref_sink(button)
      WidgetGuardState.attached(to: button, runtime: runtime).isWrapped = true
      XCTAssertEqual(runtime.liveWidgetStates, 1)
      let click = InputAttribution(source: .user)
      XCTAssertTrue(runtime.judge.allows(button, action: .clicked, input: click))
      XCTAssertFalse(runtime.judge.allows(button, action: .clicked, input: click), "the gate is busy")
      clock.advance(by: .seconds(11))
      XCTAssertTrue(
        runtime.judge.allows(button, action: .clicked, input: click), "the manual clock passed the maximum busy time")
      let control = ControlID(object: button)
      XCTAssertEqual(runtime.dispatcher.counters(for: control, action: .clicked)?.accepted, 2)
      XCTAssertNil(GtkClickGuard.dispatcher.counters(for: control, action: .clicked))
      g_object_unref(button)
      XCTAssertEqual(runtime.liveWidgetStates, 0, "the widget's state went with it")
      XCTAssertNil(runtime.dispatcher.counters(for: control, action: .clicked), "and its gates")
    }
  }
}
