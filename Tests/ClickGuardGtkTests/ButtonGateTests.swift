// Push buttons under real pointer input: gates are per button unless a
// group key shares one, per-widget intervals beat the global default, and a
// GtkActionable button's GAction is guarded with its click.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class ButtonGateTests: XCTestCase {
  /// Two buttons clicked alternately, about 150 ms apart (a 1.5 s interval
  /// covers the whole burst): each has its own gate, so each acts once; sharing a
  /// group they act once together; opted out every click acts.
  func testAlternatingButtonsHaveSeparateGatesUnlessGrouped() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher(try GtkHarness.configuration(intervalMs: 1500))
      let first = Button(label: "Open")
      let second = Button(label: "Close")
      var counts = (first: 0, second: 0)
      first.onClick { counts.first += 1 }
      second.onClick { counts.second += 1 }
      let window = GtkHarness.showWindow(GtkHarness.box([first.widget, second.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.clickInTurn([first.widget, second.widget], rounds: 3, delayMs: 50)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(counts.first, 1, "separate gates: the first button acts once")
      XCTAssertEqual(counts.second, 1, "separate gates: the second button acts too")

      // The group's gate is a new one: no need to wait for the others.
      first.group = "open-close"
      second.group = "open-close"
      counts = (0, 0)
      GtkHarness.clickInTurn([first.widget, second.widget], rounds: 3, delayMs: 50)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(counts.first + counts.second, 1, "one shared gate: one action in all")
      XCTAssertEqual(counts.first, 1, "the first click of the burst is the one accepted")
      XCTAssertEqual(dispatcher.counters(forGroup: "open-close")?.accepted, 1)

      first.policy = .exempt
      second.policy = .exempt
      counts = (0, 0)
      GtkHarness.clickInTurn([first.widget, second.widget], rounds: 3, delayMs: 50)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(counts.first, 3, "opted out: every click acts")
      XCTAssertEqual(counts.second, 3, "opted out: every click acts")
    }
  }

  /// Clicks 400 ms apart: a 1500 ms per-widget interval drops the repeats
  /// while the 100 ms global default lets them through; raising the global
  /// default changes the button without an override, and the override still
  /// wins.
  func testPerWidgetIntervalBeatsGlobalDefault() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher(try GtkHarness.configuration(intervalMs: 100))
      let overridden = Button(label: "Slow")
      let following = Button(label: "Fast")
      overridden.interval = try ClickInterval(milliseconds: 1500)
      var counts = (overridden: 0, following: 0)
      overridden.onClick { counts.overridden += 1 }
      following.onClick { counts.following += 1 }
      let window = GtkHarness.showWindow(GtkHarness.box([overridden.widget, following.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(overridden.widget, count: 3, delayMs: 400)
      GtkHarness.click(following.widget, count: 3, delayMs: 400)
      GtkHarness.pump(for: 0.2)
      XCTAssertEqual(counts.overridden, 1, "1500 ms override: the repeats 400 ms apart are dropped")
      XCTAssertEqual(counts.following, 3, "100 ms global default: clicks 400 ms apart all act")

      try dispatcher.configuration.setInterval(ClickInterval(milliseconds: 1500))
      overridden.interval = try ClickInterval(milliseconds: 100)
      counts = (0, 0)
      GtkHarness.pump(for: 0.2)
      GtkHarness.click(following.widget, count: 3, delayMs: 400)
      // The override's 1500 ms window from the first round is over by now.
      GtkHarness.pump(until: { overridden.isGateOpen() }, timeout: 2)
      GtkHarness.click(overridden.widget, count: 3, delayMs: 400)
      GtkHarness.pump(for: 0.2)
      XCTAssertEqual(counts.following, 1, "the new 1500 ms global default applies without an override")
      XCTAssertEqual(counts.overridden, 3, "the 100 ms override beats the 1500 ms global default")
    }
  }

  /// A GtkActionable button activates its GAction from an after-handler of
  /// `clicked`: a burst activates the action once, and several times with
  /// the guard off.
  func testActionableButtonBurstActivatesItsActionOnce() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      let button = Button(label: "Details")
      gtk_actionable_set_action_name(OpaquePointer(button.widget), "win.open-details")
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }
      let activations = Self.addOpenDetailsAction(to: window)
      GtkHarness.pump(until: { gtk_widget_is_sensitive(button.widget) != 0 }, timeout: 2)
      XCTAssertTrue(gtk_widget_is_sensitive(button.widget) != 0, "the button found its action")

      GtkHarness.click(button.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.6)
      XCTAssertEqual(activations.count, 1, "guarded: one GAction activation")
      XCTAssertEqual(button.counters(for: "win.open-details")?.accepted, 1, "judged under the GAction's name")
      XCTAssertEqual(button.counters(for: "win.open-details")?.dropped, 4)

      dispatcher.configuration.mode = .off
      activations.count = 0
      GtkHarness.click(button.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(activations.count, 5, "guard off: every click activates the GAction")
    }
  }

  /// A button's GAction is read at every click (only what its type says is
  /// kept from the first): a button given an action after a judged click
  /// has its next click judged under the action's name, in a gate of its
  /// own.
  func testActionNamedAfterAClickIsJudgedUnderItsName() throws {
    try onMain {
      try GtkHarness.start()
      _ = GtkHarness.freshDispatcher()
      let button = Button(label: "Details")
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }
      let activations = Self.addOpenDetailsAction(to: window)

      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.2)
      XCTAssertEqual(button.counters(for: .clicked)?.accepted, 1, "no GAction yet: judged as `clicked`")

      gtk_actionable_set_action_name(OpaquePointer(button.widget), "win.open-details")
      GtkHarness.pump(until: { gtk_widget_is_sensitive(button.widget) != 0 }, timeout: 2)
      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.2)
      XCTAssertEqual(activations.count, 1, "the click activated the GAction")
      XCTAssertEqual(button.counters(for: "win.open-details")?.accepted, 1, "judged under the GAction's name")
      XCTAssertEqual(button.counters(for: .clicked)?.accepted, 1, "the `clicked` gate judged nothing more")
    }
  }

  /// Gives `window` the action `win.open-details`.
  /// - Returns: the tally of its activations.
  @MainActor
  private static func addOpenDetailsAction(to window: WidgetPointer) -> Tally {
    let action = g_simple_action_new("open-details", nil)!
    let activations = Tally()
    GtkHarness.count("activate", on: UnsafeMutableRawPointer(action), into: activations, pointerArgument: true)
    let group = g_simple_action_group_new()!
    g_action_map_add_action(OpaquePointer(group), action)
    g_object_unref(UnsafeMutableRawPointer(action))
    gtk_widget_insert_action_group(window, "win", OpaquePointer(group))
    g_object_unref(UnsafeMutableRawPointer(group))
    return activations
  }
}
