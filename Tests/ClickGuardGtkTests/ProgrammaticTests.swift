// The app's own activations (`gtk_button_clicked`, `set_active`) are never
// throttled, even on opted-in widgets and even right after a person used the
// same widget.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class ProgrammaticTests: XCTestCase {
  /// Twenty programmatic activations in a loop on guarded widgets all run.
  func testProgrammaticActivationsInALoopAllRun() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      let button = Button(label: "Refresh")
      let toggle = ToggleButton(label: "Bold")
      let check = CheckButton(label: "Wrap")
      let toggleSwitch = Switch()
      for control in [button, toggle, check, toggleSwitch] as [Control] { control.policy = .guarded }
      var clicks = 0
      var toggleStates: [Bool] = []
      var checkStates: [Bool] = []
      var switchStates: [Bool] = []
      button.onClick { clicks += 1 }
      toggle.onToggle { toggleStates.append($0) }
      check.onToggle { checkStates.append($0) }
      toggleSwitch.onToggle { switchStates.append($0) }
      let window = GtkHarness.showWindow(
        GtkHarness.box([button.widget, toggle.widget, check.widget, toggleSwitch.widget]))
      defer { GtkHarness.close(window) }

      for _ in 0..<20 { gtk_button_clicked(button.widget.cast()) }
      for index in 0..<20 { gtk_toggle_button_set_active(toggle.widget.cast(), index % 2 == 0 ? 1 : 0) }
      for index in 0..<20 { check.isActive = index % 2 == 0 }
      for index in 0..<20 { toggleSwitch.isActive = index % 2 == 0 }
      GtkHarness.pump(for: 0.2)
      // Each loop again after the loop went back to the main loop.
      for _ in 0..<5 {
        button.click()
        GtkHarness.pump(for: 0.01)
      }

      XCTAssertEqual(clicks, 25)
      let alternating = (0..<20).map { $0 % 2 == 0 }
      XCTAssertEqual(toggleStates, alternating)
      XCTAssertEqual(checkStates, alternating)
      XCTAssertEqual(switchStates, alternating)
      XCTAssertEqual(dispatcher.totals.dropped, 0)
      XCTAssertEqual(dispatcher.totals.accepted, 0, "nothing was judged as a person's click")
    }
  }

  /// Plain buttons under ``GlobalGuard``: `gtk_button_clicked` in a loop all
  /// run.
  func testProgrammaticClicksUnderGlobalGuardAllRun() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      GtkHarness.withGlobalGuard {
        let button = gtk_button_new_with_label("Plain")!
        let clicks = Tally()
        GtkHarness.count("clicked", on: button.raw, into: clicks)
        let window = GtkHarness.showWindow(GtkHarness.box([button]))
        defer { GtkHarness.close(window) }
        for _ in 0..<20 { gtk_button_clicked(button.cast()) }
        XCTAssertEqual(clicks.count, 20)
        XCTAssertEqual(dispatcher.totals.dropped, 0)
      }
    }
  }

  /// A person clicks a guarded switch; the app then sets it back and forth
  /// itself (say, reverting after a failed request): every programmatic
  /// change runs, though the person's click was moments ago.
  func testProgrammaticSwitchChangesRightAfterARealClickRun() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      let toggleSwitch = Switch()
      toggleSwitch.policy = .guarded
      var told: [Bool] = []
      toggleSwitch.onToggle { told.append($0) }
      let window = GtkHarness.showWindow(GtkHarness.box([toggleSwitch.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(toggleSwitch.widget, count: 1, delayMs: 0)
      GtkHarness.pump(until: { told.count == 1 }, timeout: 1)
      GtkHarness.pump(for: 0.1)
      XCTAssertEqual(told, [true])
      for index in 0..<4 {
        toggleSwitch.isActive = index % 2 != 0
        GtkHarness.pump(for: 0.02)
      }
      XCTAssertEqual(told, [true, false, true, false, true], "the app's own changes all ran")
      XCTAssertEqual(toggleSwitch.isActive, true)
      XCTAssertEqual(dispatcher.totals.accepted, 1)
      XCTAssertEqual(dispatcher.totals.dropped, 0)
    }
  }

  /// A person presses Space on a guarded button; the app then clicks it
  /// itself: every programmatic click runs.
  func testProgrammaticClicksRightAfterAKeyPressRun() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      let button = Button(label: "Send")
      var count = 0
      button.onClick { count += 1 }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }
      GtkHarness.focus(button.widget)

      GtkHarness.xdotool(["key", "space"])
      GtkHarness.pump(until: { count == 1 }, timeout: 1)
      GtkHarness.pump(for: 0.1)
      XCTAssertEqual(count, 1)
      for _ in 0..<3 {
        button.click()
        GtkHarness.pump(for: 0.02)
      }
      XCTAssertEqual(count, 4, "the app's own clicks all ran")
      XCTAssertEqual(dispatcher.totals.accepted, 1)
      XCTAssertEqual(dispatcher.totals.dropped, 0)
    }
  }

  /// A plain button that ClickGuard does not route sets a guarded toggle from
  /// its handler: each real click on the plain button is the app's own
  /// `set_active` on the toggle, never throttled.
  func testSetActiveFromAnotherWidgetsHandlerIsProgrammatic() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      let toggle = ToggleButton(label: "Sidebar")
      toggle.policy = .guarded
      var told: [Bool] = []
      toggle.onToggle { told.append($0) }
      let plain = gtk_button_new_with_label("Toggle sidebar")!
      Signal.connect(plain.raw, "clicked") { _ in toggle.isActive.toggle() }
      let window = GtkHarness.showWindow(GtkHarness.box([plain, toggle.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(plain, count: 3, delayMs: 150)
      GtkHarness.pump(for: 0.2)
      XCTAssertEqual(told, [true, false, true])
      XCTAssertEqual(toggle.isActive, true)
      XCTAssertEqual(dispatcher.totals.dropped, 0)
      XCTAssertEqual(dispatcher.totals.accepted, 0)
    }
  }
}
