// Busy feedback with real input: a guarded control whose action runs carries
// the busy style class (and, shown, the busy pointer), stays sensitive and
// focused, and is idle again after its action returns, throws or outlasts
// the maximum busy time; a dropped click flashes when asked to.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class BusyFeedbackTests: XCTestCase {
  /// An async action that waits until the test lets it end, then returns
  /// or throws.
  @MainActor
  private final class PendingAction {
    var started = 0
    var finished = 0
    var isReleased = false
    var failure: (any Error)?

    func run() async throws {
      started += 1
      while !isReleased { try await Task.sleep(for: .milliseconds(20)) }
      finished += 1
      if let failure { throw failure }
    }
  }

  private struct UploadFailed: Error {}

  private static func hasClass(_ widget: WidgetPointer, _ name: String) -> Bool {
    gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
  }

  private static func isBusy(_ widget: WidgetPointer) -> Bool { hasClass(widget, BusyFeedback.busyStyleClass) }

  /// The pointers GTK shows over `widget`'s input windows.
  private static func cursors(over widget: WidgetPointer) -> [OpaquePointer?] {
    guard let parent = gtk_widget_get_window(widget) else { return [] }
    var cursors: [OpaquePointer?] = []
    var list = gdk_window_get_children_with_user_data(parent, widget.raw)
    let head = list
    while let node = list {
      if let window = node.pointee.data { cursors.append(gdk_window_get_cursor(OpaquePointer(window))) }
      list = node.pointee.next
    }
    g_list_free(head)
    return cursors
  }

  /// Clicked with the mouse, a button shown busy carries the class and the
  /// busy pointer while its async action runs, keeps the keyboard focus and
  /// its sensitivity (Space still reaches it and is dropped as busy), and
  /// is idle once the action returns. A marked button carries the class
  /// only; one with no setting (off by default), and an exempt one shown
  /// busy (no gate: every click runs), show nothing.
  func testAsyncActionShowsBusyWhileItRunsAndKeepsFocus() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let shown = Button(label: "Upload")
      shown.busyFeedback = BusyFeedback(busy: .shown)
      let marked = Button(label: "Save")
      marked.busyFeedback = BusyFeedback(busy: .marked)
      let off = Button(label: "Send")
      let exempt = Button(label: "Refresh")
      exempt.policy = .exempt
      exempt.busyFeedback = BusyFeedback(busy: .shown)
      let actions = (0..<4).map { _ in PendingAction() }
      for (button, action) in zip([shown, marked, off, exempt], actions) {
        button.onClick { try await action.run() }
      }
      let window = GtkHarness.showWindow(GtkHarness.box([shown.widget, marked.widget, off.widget, exempt.widget]))
      defer { GtkHarness.close(window) }
      XCTAssertEqual(Self.cursors(over: shown.widget).count, 1, "a button has one input window")
      XCTAssertEqual(Self.cursors(over: shown.widget).first ?? nil, nil, "with the parent's pointer")

      GtkHarness.click(shown.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { actions[0].started == 1 }, timeout: 5))
      XCTAssertTrue(Self.isBusy(shown.widget), "the busy class while the action runs")
      XCTAssertNotNil(Self.cursors(over: shown.widget).first ?? nil, "the busy pointer over it")
      XCTAssertNotEqual(gtk_widget_is_sensitive(shown.widget), 0, "still sensitive")
      XCTAssertNotEqual(gtk_widget_has_focus(shown.widget), 0, "the click gave it the focus, and it keeps it")
      XCTAssertTrue(BusyIndicator.existing(on: shown.widget.raw)?.isBusy ?? false)

      GtkHarness.xdotool(["key", "space"])
      XCTAssertTrue(GtkHarness.pump(until: { shown.counters()?.droppedBusy == 1 }, timeout: 5), "Space reached it")
      XCTAssertEqual(actions[0].started, 1)
      XCTAssertNotEqual(gtk_widget_has_focus(shown.widget), 0)

      for (button, action) in zip([marked, off, exempt], actions[1...]) {
        GtkHarness.click(button.widget, count: 1, delayMs: 0)
        XCTAssertTrue(GtkHarness.pump(until: { action.started == 1 }, timeout: 5))
      }
      XCTAssertTrue(Self.isBusy(marked.widget), "marked: the class")
      XCTAssertEqual(Self.cursors(over: marked.widget).first ?? nil, nil, "marked: the app's own pointer")
      XCTAssertFalse(Self.isBusy(off.widget), "no setting: nothing")
      XCTAssertFalse(Self.isBusy(exempt.widget), "exempt: no gate, so nothing is busy")
      GtkHarness.click(exempt.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { actions[3].started == 2 }, timeout: 5), "and a repeat runs again")

      for action in actions { action.isReleased = true }
      XCTAssertTrue(GtkHarness.pump(until: { actions.allSatisfy { $0.finished == $0.started } }, timeout: 5))
      GtkHarness.pump(for: 0.05)
      XCTAssertFalse(Self.isBusy(shown.widget), "idle after the action returned")
      XCTAssertFalse(Self.isBusy(marked.widget))
      XCTAssertEqual(Self.cursors(over: shown.widget).first ?? nil, nil, "its own pointer back")
      XCTAssertFalse(BusyIndicator.existing(on: shown.widget.raw)?.isBusy ?? true)
    }
  }

  /// An async action that throws: the control is idle again and its gate
  /// reopens after the interval, so the next click runs the action.
  func testThrowingActionClearsBusy() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher(try GtkHarness.configuration(intervalMs: 100))
      let button = Button(label: "Upload")
      button.busyFeedback = BusyFeedback(busy: .shown)
      let action = PendingAction()
      action.failure = UploadFailed()
      button.onClick { try await action.run() }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { action.started == 1 }, timeout: 5))
      XCTAssertTrue(Self.isBusy(button.widget))
      action.isReleased = true
      XCTAssertTrue(GtkHarness.pump(until: { action.finished == 1 }, timeout: 5))
      GtkHarness.pump(for: 0.05)
      XCTAssertFalse(Self.isBusy(button.widget), "idle after the error")
      XCTAssertEqual(Self.cursors(over: button.widget).first ?? nil, nil)
      XCTAssertTrue(GtkHarness.pump(until: { button.isGateOpen() }, timeout: 5), "the error finished the gate")
      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { action.started == 2 }, timeout: 5), "the next click runs again")
      XCTAssertTrue(GtkHarness.pump(until: { action.finished == 2 }, timeout: 5))
      GtkHarness.pump(for: 0.05)
      XCTAssertFalse(Self.isBusy(button.widget))
    }
  }

  /// An action that outlasts the maximum busy time: the control is idle
  /// when the gate reopens, a new click is accepted and shows busy again,
  /// and the first action's late end leaves the second one's busy look.
  func testBusyCapClearsBusyAndALateEndKeepsTheNextActionsLook() throws {
    try onMain {
      try GtkHarness.start()
      let configuration = try GuardConfiguration(
        interval: ClickInterval(milliseconds: 100), maxBusy: ClickInterval(milliseconds: 1000))
      GtkHarness.freshDispatcher(configuration)
      let button = Button(label: "Upload")
      button.busyFeedback = BusyFeedback()
      var runs: [PendingAction] = []
      button.onClick {
        let action = PendingAction()
        runs.append(action)
        try await action.run()
      }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }

      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { runs.count == 1 }, timeout: 5))
      XCTAssertTrue(Self.isBusy(button.widget))
      XCTAssertFalse(button.isGateOpen())
      XCTAssertTrue(GtkHarness.pump(until: { !Self.isBusy(button.widget) }, timeout: 10), "the cap ended busy")
      XCTAssertEqual(runs[0].finished, 0, "while the action still runs")
      XCTAssertTrue(button.isGateOpen(), "and the gate is open again")

      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { runs.count == 2 }, timeout: 5), "a click after the cap is accepted")
      XCTAssertTrue(Self.isBusy(button.widget))
      runs[0].isReleased = true
      XCTAssertTrue(GtkHarness.pump(until: { runs[0].finished == 1 }, timeout: 5))
      GtkHarness.pump(for: 0.05)
      XCTAssertTrue(Self.isBusy(button.widget), "the first action's late end leaves the second one busy")
      runs[1].isReleased = true
      XCTAssertTrue(GtkHarness.pump(until: { runs[1].finished == 1 }, timeout: 5))
      GtkHarness.pump(for: 0.05)
      XCTAssertFalse(Self.isBusy(button.widget))
    }
  }

  /// A synchronous action sees its control busy while it runs (a nested
  /// main loop in it would paint that); with no setting, not. A handler
  /// that keeps the gate with a ``TicketHold`` (as the demo's "Open
  /// details" does for its load) keeps the control busy until it releases
  /// it. The global setting marks controls with no setting of their own.
  func testSyncActionAndTicketHoldAreBusyWhileTheyRun() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let marked = Button(label: "Save")
      marked.busyFeedback = BusyFeedback()
      let off = Button(label: "Send")
      let holding = Button(label: "Open details")
      var seen: [Bool] = []
      var hold: TicketHold?
      marked.onClick { seen.append(Self.isBusy(marked.widget)) }
      off.onClick { seen.append(Self.isBusy(off.widget)) }
      holding.onClick { hold = TicketHold.holdCurrentActivation() }
      let window = GtkHarness.showWindow(GtkHarness.box([marked.widget, off.widget, holding.widget]))
      defer { GtkHarness.close(window) }
      GtkHarness.click(marked.widget, count: 1, delayMs: 0)
      GtkHarness.click(off.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { seen.count == 2 }, timeout: 5))
      XCTAssertEqual(seen, [true, false])
      GtkHarness.pump(for: 0.05)
      XCTAssertFalse(Self.isBusy(marked.widget), "idle once it returned")

      GtkHarness.click(holding.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { hold != nil }, timeout: 5))
      XCTAssertFalse(Self.isBusy(holding.widget), "no setting of its own, and the global one off")
      hold?.release()
      hold = nil

      GtkClickGuard.busyFeedback = BusyFeedback()
      defer { GtkClickGuard.busyFeedback = .off }
      GtkHarness.pump(for: 0.6)
      GtkHarness.click(holding.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { hold != nil }, timeout: 5))
      GtkHarness.pump(for: 0.2)
      XCTAssertTrue(Self.isBusy(holding.widget), "the global setting: busy while the hold keeps the gate")
      hold?.release()
      GtkHarness.pump(for: 0.05)
      XCTAssertFalse(Self.isBusy(holding.widget), "idle once it was released")
    }
  }

  /// With the flash asked for, a click dropped while the action runs puts
  /// the dropped class on the control for a moment, with the built-in
  /// dimmed look; without it (the default), a dropped click shows nothing.
  func testDroppedClickFlashesWhenAskedTo() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let flashing = Button(label: "Upload")
      flashing.busyFeedback = BusyFeedback(busy: .marked, flashesDroppedClicks: true)
      let quiet = Button(label: "Save")
      let actions = [PendingAction(), PendingAction()]
      var flashes: [Double] = []
      var quietFlashes = 0
      flashing.onClick { try await actions[0].run() }
      quiet.onClick { try await actions[1].run() }
      Signal.connect(flashing.widget.raw, "style-updated") { _ in
        guard Self.hasClass(flashing.widget, BusyFeedback.droppedStyleClass) else { return }
        var opacity = GValue()
        gtk_style_context_get_property(
          gtk_widget_get_style_context(flashing.widget), "opacity", GTK_STATE_FLAG_NORMAL, &opacity)
        flashes.append(g_value_get_double(&opacity))
        g_value_unset(&opacity)
      }
      Signal.connect(quiet.widget.raw, "style-updated") { _ in
        if Self.hasClass(quiet.widget, BusyFeedback.droppedStyleClass) { quietFlashes += 1 }
      }
      let window = GtkHarness.showWindow(GtkHarness.box([flashing.widget, quiet.widget]))
      defer { GtkHarness.close(window) }
      // Adwaita's buttons fade between looks: with animations off, the
      // look is the dimmed one at once.
      let settings = gtk_settings_get_default()
      cg_object_set_bool(settings, "gtk-enable-animations", 0)
      defer { cg_object_set_bool(settings, "gtk-enable-animations", 1) }

      for (button, action) in zip([flashing, quiet], actions) {
        GtkHarness.click(button.widget, count: 1, delayMs: 0)
        XCTAssertTrue(GtkHarness.pump(until: { action.started == 1 }, timeout: 5))
        GtkHarness.click(button.widget, count: 1, delayMs: 0)
        XCTAssertTrue(GtkHarness.pump(until: { button.counters()?.droppedBusy == 1 }, timeout: 5))
      }
      XCTAssertTrue(GtkHarness.pump(until: { !flashes.isEmpty }, timeout: 5), "the dropped click flashed")
      XCTAssertLessThan(flashes.first ?? 1, 1, "dimmed by the built-in look")
      XCTAssertTrue(
        GtkHarness.pump(until: { !Self.hasClass(flashing.widget, BusyFeedback.droppedStyleClass) }, timeout: 5),
        "for a moment")
      XCTAssertEqual(quietFlashes, 0, "no flash unless asked for")
      for action in actions { action.isReleased = true }
      XCTAssertTrue(GtkHarness.pump(until: { actions.allSatisfy { $0.finished == 1 } }, timeout: 5))
    }
  }
}
