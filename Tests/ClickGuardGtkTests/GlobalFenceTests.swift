// The fresh-content fence through GlobalGuard in the test process: a plain
// GtkStack page switched under a burst of real clicks, fenced while
// installed, not with the fence turned off (for the process, or for the page
// through FenceSettings.contentOverride), and its state gone with the page.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardGtk

final class GlobalFenceTests: XCTestCase {
  /// A window with a GtkStack (no transition) whose "Next" page switches to
  /// an "Action" page filling the same spot.
  @MainActor
  private struct Fixture {
    let window: WidgetPointer
    let next: WidgetPointer
    let action: WidgetPointer
    let actions: Tally

    init() {
      let stack = gtk_stack_new()!
      next = gtk_button_new_with_label("Next")!
      action = gtk_button_new_with_label("Action")!
      gtk_stack_add_named(stack.cast(), next, "first")
      gtk_stack_add_named(stack.cast(), action, "second")
      actions = GtkHarness.count("clicked", on: action)
      let asStack: UnsafeMutablePointer<GtkStack> = stack.cast()
      Signal.connect(next, "clicked") { _ in gtk_stack_set_visible_child_name(asStack, "second") }
      window = GtkHarness.showWindow(stack, width: 200, height: 120)
    }
  }

  func testAStackPageSwitchedUnderABurstNeverTakesItWhileInstalled() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let baseline = GtkClickGuard.runtime.fences.liveContentCount
      // Fenced; the fence off for the process; the fence off for the new
      // page alone, through the per-content hook.
      for (fenced, overridden) in [(true, false), (false, false), (false, true)] {
        GlobalGuard.install()
        defer { GlobalGuard.uninstall() }
        GlobalGuard.fenceSettings = FenceSettings(isEnabled: fenced || overridden)
        defer { GlobalGuard.fenceSettings = FenceSettings() }
        let fixture = Fixture()
        let page = fixture.action
        if overridden { FenceSettings.contentOverride = { $0 == page.raw ? FenceSettings(isEnabled: false) : nil } }
        defer { FenceSettings.contentOverride = nil }
        GtkHarness.click(fixture.next, count: 5, delayMs: 90)
        GtkHarness.pump(for: 0.8)
        if fenced {
          XCTAssertEqual(fixture.actions.count, 0, "the burst meant for Next reached the new page")
          GtkHarness.click(fixture.action, count: 1, delayMs: 0)
          GtkHarness.pump(for: 0.3)
          XCTAssertEqual(fixture.actions.count, 1, "a deliberate click after the settle time")
        } else {
          XCTAssertGreaterThan(
            fixture.actions.count, 0, "without the fence the burst should spill over (hook: \(overridden))")
        }
        GtkHarness.close(fixture.window)
      }
      GtkHarness.pump(for: 0.1)
      XCTAssertEqual(GtkClickGuard.runtime.fences.liveContentCount, baseline, "the fence's state goes with its page")
    }
  }
}
