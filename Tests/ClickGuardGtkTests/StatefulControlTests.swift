// Stateful controls under real clicks: toggles and switches are skipped by
// default (every change reaches the app); opted in, a dropped change never
// shows, so the widget always shows the state the app was last told; radio
// groups keep exactly one active member when guarded.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class StatefulControlTests: XCTestCase {
  /// Five fast clicks on a switch and on a check button: by default every
  /// change reaches the app and the last one matches the widget. The switch
  /// animates each change for 100 ms, and clicks inside that animation merge
  /// in GTK itself, so its clicks are 250 ms apart.
  func testSwitchAndCheckButtonReportEveryToggleByDefault() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      let toggleSwitch = Switch()
      let check = CheckButton(label: "Remember me")
      var switchStates: [Bool] = []
      var checkStates: [Bool] = []
      toggleSwitch.onToggle { switchStates.append($0) }
      check.onToggle { checkStates.append($0) }
      let window = GtkHarness.showWindow(GtkHarness.box([toggleSwitch.widget, check.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(toggleSwitch.widget, count: 5, delayMs: 250)
      GtkHarness.pump(for: 0.4)
      XCTAssertEqual(switchStates, [true, false, true, false, true])
      XCTAssertEqual(toggleSwitch.isActive, switchStates.last)
      XCTAssertEqual(gtk_switch_get_state(toggleSwitch.widget.cast()) != 0, switchStates.last)

      GtkHarness.click(check.widget, count: 5, delayMs: 100)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(checkStates, [true, false, true, false, true])
      XCTAssertEqual(check.isActive, checkStates.last)
      XCTAssertEqual(dispatcher.totals.accepted + dispatcher.totals.dropped, 0, "nothing was judged")
      XCTAssertEqual(dispatcher.totals.passed, 10)
    }
  }

  /// An opted-in toggle button: a burst of five clicks tells the app once,
  /// and the widget shows that state; opted out, all five reach the app.
  func testOptedInToggleShowsTheLastStateTheAppWasTold() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let toggle = ToggleButton(label: "Bold")
      toggle.policy = .guarded
      var told: [Bool] = []
      toggle.onToggle { told.append($0) }
      let window = GtkHarness.showWindow(GtkHarness.box([toggle.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(toggle.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.6)
      XCTAssertEqual(told, [true])
      XCTAssertEqual(toggle.isActive, told.last, "the dropped toggles never flipped the widget")
      XCTAssertEqual(toggle.counters()?.dropped, 4)

      toggle.policy = .exempt
      told = []
      GtkHarness.click(toggle.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(told, [false, true, false, true, false], "opted out: every click toggles")
      XCTAssertEqual(toggle.isActive, told.last)
    }
  }

  /// An opted-in switch: clicks 150 ms apart (each its own GTK change) with a
  /// 1.5 s interval tell the app once; every dropped change is put back, so
  /// the switch shows what the app was told. Opted out, all five reach it.
  func testOptedInSwitchPutsDroppedChangesBack() throws {
    try optedInSwitchBurst(animations: true)
  }

  /// The same with animations off: GTK changes the switch inside the click's
  /// release event instead of from the frame clock ~100 ms later.
  func testOptedInSwitchWithoutAnimationsPutsDroppedChangesBack() throws {
    try optedInSwitchBurst(animations: false)
  }

  private func optedInSwitchBurst(animations: Bool) throws {
    try onMain {
      try GtkHarness.start()
      let settings = gtk_settings_get_default()!
      cg_object_set_bool(settings, "gtk-enable-animations", animations ? 1 : 0)
      defer { cg_object_set_bool(settings, "gtk-enable-animations", 1) }
      GtkHarness.freshDispatcher()
      let toggleSwitch = Switch()
      toggleSwitch.policy = .guarded
      toggleSwitch.interval = try ClickInterval(milliseconds: 1500)
      var told: [Bool] = []
      toggleSwitch.onToggle { told.append($0) }
      let notified = Tally()
      GtkHarness.count("notify::active", on: toggleSwitch.widget.raw, into: notified)
      let window = GtkHarness.showWindow(GtkHarness.box([toggleSwitch.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(toggleSwitch.widget, count: 5, delayMs: 150)
      GtkHarness.pump(for: 0.4)
      XCTAssertEqual(told, [true])
      XCTAssertEqual(toggleSwitch.isActive, true, "the switch shows the state the app was told")
      XCTAssertEqual(gtk_switch_get_state(toggleSwitch.widget.cast()) != 0, true)
      let counters = try XCTUnwrap(toggleSwitch.counters(for: .stateSet))
      XCTAssertEqual(counters.accepted, 1)
      XCTAssertGreaterThanOrEqual(counters.dropped, 1, "GTK changed the switch again and the guard dropped it")
      XCTAssertGreaterThan(notified.count, 1, "GTK did flip the switch and it was put back")

      toggleSwitch.policy = .exempt
      told = []
      GtkHarness.click(toggleSwitch.widget, count: 5, delayMs: 250)
      GtkHarness.pump(for: 0.4)
      XCTAssertEqual(told, [false, true, false, true, false], "opted out: every click changes it")
      XCTAssertEqual(toggleSwitch.isActive, told.last)
    }
  }

  /// Guarded radio buttons (wrapped and opted in): clicking another member
  /// activates it and deactivates the previous one, even within the
  /// interval; a repeated click on the active one changes nothing.
  func testGuardedRadioGroupKeepsExactlyOneActive() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher(try GtkHarness.configuration(intervalMs: 1000))
      let first = RadioButton(label: "Small")
      let second = RadioButton(label: "Medium", joining: first)
      let third = RadioButton(label: "Large", joining: first)
      let radios = [first, second, third]
      for radio in radios { radio.policy = .guarded }
      let window = GtkHarness.showWindow(GtkHarness.box(radios.map(\.widget), vertical: true))
      defer { GtkHarness.close(window) }
      let actives = { radios.map(\.isActive) }

      XCTAssertEqual(actives(), [true, false, false])
      GtkHarness.clickInTurn([second.widget, third.widget, first.widget, second.widget], rounds: 1, delayMs: 150)
      GtkHarness.pump(for: 0.3)
      // The second click on "Medium" came within its 1 s interval: dropped.
      XCTAssertEqual(actives(), [true, false, false], "the repeat on Medium was dropped, Small stays")
      GtkHarness.pump(for: 1.0)
      GtkHarness.click(second.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.2)
      XCTAssertEqual(actives(), [false, true, false])
      XCTAssertEqual(second.counters()?.accepted, 2)
      XCTAssertEqual(third.counters()?.accepted, 1)
      XCTAssertEqual(first.counters()?.accepted, 1)
    }
  }

  /// The same with plain GTK radios under ``GlobalGuard``, opted in through
  /// ``WidgetSettings``: each click lands, and exactly one member is active
  /// after each.
  func testRadioGroupUnderGlobalGuardKeepsWorking() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      GtkHarness.withGlobalGuard {
        let first = gtk_radio_button_new_with_label(nil, "One")!
        let second = gtk_radio_button_new_with_label_from_widget(first.cast(), "Two")!
        let third = gtk_radio_button_new_with_label_from_widget(first.cast(), "Three")!
        let radios = [first, second, third]
        let toggles = Tally()
        for radio in radios {
          WidgetSettings.set(ControlSettings(policy: .guarded), on: radio)
          GtkHarness.count("toggled", on: radio.raw, into: toggles)
        }
        let window = GtkHarness.showWindow(GtkHarness.box(radios, vertical: true))
        defer { GtkHarness.close(window) }
        let actives = { radios.map { gtk_toggle_button_get_active($0.cast()) != 0 } }
        // Joining a group at creation is the app's own doing.
        let passedBefore = dispatcher.totals.passed

        for (index, radio) in [third, second, first, third].enumerated() {
          GtkHarness.click(radio, count: 1, delayMs: 0)
          GtkHarness.pump(for: 0.15)
          let expected = radios.map { $0 == radio }
          XCTAssertEqual(actives(), expected, "after click \(index + 1)")
        }
        XCTAssertEqual(toggles.count, 8, "each click toggled the new member on and the old one off")
        XCTAssertEqual(dispatcher.totals.accepted, 4)
        XCTAssertEqual(dispatcher.totals.passed - passedBefore, 4, "the deactivations ran as consequences")
      }
    }
  }
}
