// Keyboard: Space or Enter held on a focused button auto-repeats into
// several `clicked` (GtkButton's 250 ms activate timeout fires again on each
// repeat); guarded, a held key is one action, because every repeat keeps the
// time its key first went down. Separate presses, however long each is held
// before GTK acts, are judged from the moment GTK acted: deliberate presses
// 600 or 700 ms apart all act.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class KeyboardHoldTests: XCTestCase {
  /// Holds `key` for 2 s on a focused guarded button, then again with the
  /// button opted out.
  private func holdOnFocusedButton(_ key: String) throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      let button = Button(label: "Save")
      var count = 0
      button.onClick { count += 1 }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }
      GtkHarness.focus(button.widget)
      XCTAssertTrue(gtk_widget_has_focus(button.widget) != 0, "the button needs the keyboard focus")

      GtkHarness.holdKey(key, seconds: 2)
      GtkHarness.pump(for: 0.4)
      XCTAssertEqual(count, 1, "held \(key), guarded")
      let counters = try XCTUnwrap(button.counters())
      XCTAssertEqual(counters.accepted, 1)
      XCTAssertGreaterThan(counters.dropped, 0, "the auto-repeat reached the guard and was dropped")
      XCTAssertEqual(dispatcher.totals.passed, 0, "no keyboard click was taken for the app's own")

      button.policy = .exempt
      count = 0
      GtkHarness.holdKey(key, seconds: 2)
      GtkHarness.pump(for: 0.4)
      XCTAssertGreaterThanOrEqual(count, 3, "held \(key), opted out: the duplicates happen")
    }
  }

  func testHeldSpaceIsOneAction() throws {
    try holdOnFocusedButton("space")
  }

  func testHeldEnterIsOneAction() throws {
    try holdOnFocusedButton("Return")
  }

  /// Two separate presses of Space, well apart, are two actions.
  func testSeparateKeyPressesAreSeparateActions() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher(try GtkHarness.configuration(intervalMs: 200))
      let button = Button(label: "Next")
      var count = 0
      button.onClick { count += 1 }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }
      GtkHarness.focus(button.widget)
      GtkHarness.xdotool(["key", "space"])
      GtkHarness.pump(for: 0.6)
      GtkHarness.xdotool(["key", "space"])
      GtkHarness.pump(for: 0.4)
      XCTAssertEqual(count, 2)
    }
  }

  /// Presses Space `presses` times on a focused button, each held
  /// `holdMs`, `periodMs` apart: returns how many acted guarded, then opted
  /// out.
  private func heldPresses(_ presses: Int, holdMs: Int, periodMs: Int) throws -> (guarded: Int, exempt: Int) {
    var counts = (guarded: 0, exempt: 0)
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let button = Button(label: "Next")
      var count = 0
      button.onClick { count += 1 }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }
      GtkHarness.focus(button.widget)
      for policy in [ControlPolicy.automatic, .exempt] {
        button.policy = policy
        count = 0
        GtkHarness.pressHeld("space", count: presses, holdMs: holdMs, periodMs: periodMs)
        GtkHarness.pump(for: 0.6)
        if policy == .exempt { counts.exempt = count } else { counts.guarded = count }
      }
    }
    return counts
  }

  /// Five presses 700 ms apart, each held 350 ms (GTK acts 250 ms into the
  /// hold): every one acts, guarded as without ClickGuard.
  func testPressesHeld350MillisecondsAnd700ApartAllAct() throws {
    let counts = try heldPresses(5, holdMs: 350, periodMs: 700)
    XCTAssertEqual(counts.exempt, 5, "without ClickGuard every press acts")
    XCTAssertEqual(counts.guarded, 5, "the hold before GTK acts is not the action's time")
  }

  /// The same 600 ms apart: the bound for a deliberate press.
  func testPressesHeld350MillisecondsAnd600ApartAllAct() throws {
    let counts = try heldPresses(5, holdMs: 350, periodMs: 600)
    XCTAssertEqual(counts.exempt, 5, "without ClickGuard every press acts")
    XCTAssertEqual(counts.guarded, 5, "the hold before GTK acts is not the action's time")
  }

  /// A burst of short presses 80 ms apart acts once guarded, five times
  /// opted out.
  func testAFastBurstOfPressesActsOnce() throws {
    let counts = try heldPresses(5, holdMs: 20, periodMs: 80)
    XCTAssertEqual(counts.exempt, 5, "without ClickGuard every press acts")
    XCTAssertEqual(counts.guarded, 1)
  }
}
