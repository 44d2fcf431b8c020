// Async actions: the gate stays closed while an `await`ing click handler
// runs (awaits resume inside the GTK loop through MainLoopBridge), opens an
// interval after it completes, and a widget destroyed mid-action leaves
// nothing behind.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardGtk

final class AsyncActionTests: XCTestCase {
  /// A 3 s async action: clicks during it are dropped as busy; a click after
  /// it completed and the interval passed is accepted. Opted out, clicks
  /// during a running action start more of them.
  func testClicksDuringAnAsyncActionAreDropped() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let button = Button(label: "Upload")
      let duration = ActionDuration()
      var started = 0
      var finished = 0
      button.onClick {
        started += 1
        try? await Task.sleep(for: duration.value)
        finished += 1
      }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }

      let begin = Date()
      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.8)
      XCTAssertEqual(started, 1)
      GtkHarness.click(button.widget, count: 3, delayMs: 200)
      GtkHarness.pump(for: 0.6)
      GtkHarness.click(button.widget, count: 2, delayMs: 200)
      XCTAssertEqual(finished, 0, "still running")
      XCTAssertEqual(started, 1, "clicks during the action were dropped")
      XCTAssertEqual(button.counters()?.droppedBusy, 5)

      XCTAssertTrue(GtkHarness.pump(until: { finished == 1 }, timeout: 4), "the awaited sleep resumed in the GTK loop")
      XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(begin), 3)
      GtkHarness.pump(for: 0.6)
      GtkHarness.click(button.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.1)
      XCTAssertEqual(started, 2, "a click after completion plus the interval is accepted")
      XCTAssertEqual(button.counters()?.accepted, 2)
      XCTAssertTrue(GtkHarness.pump(until: { finished == 2 }, timeout: 4))

      duration.value = .milliseconds(500)
      button.policy = .exempt
      started = 0
      finished = 0
      GtkHarness.click(button.widget, count: 4, delayMs: 80)
      GtkHarness.pump(for: 0.05)
      XCTAssertEqual(started, 4, "opted out: every click starts the action again")
      XCTAssertTrue(GtkHarness.pump(until: { finished == 4 }, timeout: 3))
    }
  }

  /// The window is destroyed while the button's async action runs: the
  /// completion runs harmlessly afterwards, and the widget's state and gates
  /// are gone.
  func testDestroyWhileBusyLeavesNothingBehind() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher()
      GtkHarness.pump(for: 0.05)
      let statesBefore = WidgetSettings.liveStateCount
      var button: Button? = Button(label: "Delete")
      weak let weakButton = button
      var finished = false
      var completionSawWidget = true
      button?.onClick {
        try? await Task.sleep(for: .milliseconds(800))
        completionSawWidget = weakButton != nil
        finished = true
      }
      let window = GtkHarness.showWindow(GtkHarness.box([button!.widget]))
      GtkHarness.click(button!.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.1)
      XCTAssertFalse(button!.isGateOpen(), "busy")
      XCTAssertEqual(button!.counters()?.accepted, 1)
      XCTAssertEqual(dispatcher.liveGateCount, 1, "the widget's gate")
      XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore + 1)

      gtk_widget_destroy(window)
      button = nil
      GtkHarness.pump(for: 0.05)
      XCTAssertNil(weakButton, "the wrapper went with its last reference")
      XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore, "the widget's state died with it")
      XCTAssertEqual(dispatcher.liveGateCount, 0, "and its gate was forgotten")

      XCTAssertTrue(GtkHarness.pump(until: { finished }, timeout: 3), "the completion ran")
      XCTAssertFalse(completionSawWidget)
      GtkHarness.pump(for: 0.05)
      XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore)
      XCTAssertEqual(dispatcher.liveGateCount, 0, "finishing the stale ticket made no gate")
    }
  }

  /// A busy button is destroyed and a new one takes its place at the same
  /// address (GLib reuses it; the test looks for such a button), so with the
  /// same ControlID. The old action completes while the new one's runs: the
  /// new gate stays busy.
  func testStaleCompletionDoesNotReopenTheNextWidgetsGate() throws {
    try onMain {
      try GtkHarness.start()
      _ = GtkHarness.freshDispatcher()
      var oldStarted = false
      var oldFinished = false
      var newStarted = 0
      var oldButton: Button? = Button(label: "Old")
      oldButton?.onClick {
        oldStarted = true
        try? await Task.sleep(for: .milliseconds(1200))
        oldFinished = true
      }
      var window = GtkHarness.showWindow(GtkHarness.box([oldButton!.widget]))
      GtkHarness.click(oldButton!.widget, count: 1, delayMs: 0)
      XCTAssertTrue(GtkHarness.pump(until: { oldStarted }, timeout: 1))
      let oldID = oldButton!.id
      gtk_widget_destroy(window)
      oldButton = nil

      // Make buttons until one lands where the old one was.
      var candidates: [Button] = []
      for _ in 0..<200 {
        let candidate = Button(label: "New")
        candidates.append(candidate)
        if candidate.id == oldID { break }
      }
      let newButton = candidates.removeLast()
      candidates.removeAll()
      guard newButton.id == oldID else {
        XCTAssertTrue(GtkHarness.pump(until: { oldFinished }, timeout: 2))
        throw XCTSkip("GLib did not reuse the destroyed button's address")
      }
      newButton.onClick {
        newStarted += 1
        try? await Task.sleep(for: .seconds(3))
      }
      window = GtkHarness.showWindow(GtkHarness.box([newButton.widget]), x: 60, y: 60)
      defer { GtkHarness.close(window) }
      GtkHarness.click(newButton.widget, count: 1, delayMs: 0)
      GtkHarness.pump(until: { newStarted == 1 }, timeout: 1)
      XCTAssertEqual(newStarted, 1)
      XCTAssertFalse(oldFinished, "the old action is still running")
      XCTAssertTrue(GtkHarness.pump(until: { oldFinished }, timeout: 2), "the old action completed")
      GtkHarness.pump(for: 0.6)
      XCTAssertFalse(newButton.isGateOpen(), "the new action still runs")
      GtkHarness.click(newButton.widget, count: 1, delayMs: 0)
      GtkHarness.pump(for: 0.05)
      XCTAssertEqual(newStarted, 1, "a click during the new action is dropped")
    }
  }

  /// Once main-actor work has run from the GTK loop, the loop goes idle
  /// again: the bridge's eventfd is reset, so GLib does not spin on it.
  func testMainLoopGoesIdleAfterMainActorWork() throws {
    try onMain {
      try GtkHarness.start()
      let ran = Tally()
      for _ in 0..<3 { Task { @MainActor in ran.count += 1 } }
      // One iteration at a time: GtkHarness.pump would never return if the
      // loop spun.
      let end = Date().addingTimeInterval(2)
      while ran.count < 3, Date() < end {
        g_main_context_iteration(nil, 0)
        usleep(1000)
      }
      XCTAssertEqual(ran.count, 3, "main-actor jobs ran inside the GTK loop")
      var iterations = 0
      while g_main_context_iteration(nil, 0) != 0, iterations < 10_000 { iterations += 1 }
      XCTAssertLessThan(iterations, 10_000, "the GLib loop kept finding a ready source")
    }
  }
}

/// How long the async action under test sleeps.
@MainActor
private final class ActionDuration {
  var value = Duration.seconds(3)
}
