// BindingTests: the GObject binding layer. A handler's closure lives exactly
// as long as GLib keeps the handler, disconnecting after the widget is gone
// does nothing, each trampoline passes its arguments and result, and
// main-loop sources run and release their closures.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

#if canImport(Glibc)
  import Glibc
#endif

final class BindingTests: XCTestCase {
  /// The widget is destroyed and finalized while a connection to it is kept:
  /// GLib releases the handler's closure with the widget, and disconnecting
  /// afterwards is a no-op, with no GLib critical (the connection holds the
  /// widget through a GWeakRef, not its freed address).
  func testDisconnectAfterTheWidgetIsFinalizedDoesNothing() throws {
    try onMain {
      try GtkHarness.start()
      let messages = GLibLogRecorder.messages {
        let widget = gtk_button_new_with_label("Finalized")!
        g_object_ref_sink(widget.raw)
        let probe = WeakProbe(widget.raw)
        var canary: Canary? = Canary()
        weak let witness = canary
        let connection = Signal.connect(widget.raw, "clicked") { [canary] _ in _ = canary }
        canary = nil
        XCTAssertNotEqual(connection.handlerID, 0)
        XCTAssertNotNil(witness, "GLib holds the closure while the handler is connected")
        XCTAssertTrue(connection.isConnected)

        gtk_widget_destroy(widget)
        g_object_unref(widget.raw)
        XCTAssertTrue(probe.isFinalized, "the widget was finalized")
        XCTAssertNil(witness, "GLib released the closure with the widget")
        XCTAssertFalse(connection.isConnected)
        connection.disconnect()
        connection.disconnect()
      }
      XCTAssertEqual(messages.filter(\.isCritical).map(\.description), [])
      XCTAssertEqual(messages.filter(\.isWarning).map(\.description), [])
    }
  }

  /// Disconnecting a live widget's handler releases its closure at once; the
  /// handler no longer runs, and a second disconnect does nothing.
  func testDisconnectReleasesTheClosureAtOnce() throws {
    try onMain {
      try GtkHarness.start()
      let widget = gtk_button_new_with_label("Live")!
      g_object_ref_sink(widget.raw)
      defer { g_object_unref(widget.raw) }
      var clicks = 0
      var canary: Canary? = Canary()
      weak let witness = canary
      let connection = Signal.connect(widget.raw, "clicked") { [canary] _ in
        _ = canary
        clicks += 1
      }
      canary = nil
      gtk_button_clicked(widget.cast())
      XCTAssertEqual(clicks, 1)

      let messages = GLibLogRecorder.messages {
        connection.disconnect()
        XCTAssertNil(witness, "GLib released the closure when the handler was disconnected")
        XCTAssertFalse(connection.isConnected)
        gtk_button_clicked(widget.cast())
        connection.disconnect()
      }
      XCTAssertEqual(clicks, 1)
      XCTAssertEqual(messages.map(\.description), [])
    }
  }

  /// GLib refuses a signal the instance does not have (id 0, a warning): the
  /// closure's box, which no destroy notify will ever release, is released
  /// at once, and the refused connection's disconnect does nothing.
  func testARefusedConnectionReleasesItsClosureAtOnce() throws {
    try onMain {
      try GtkHarness.start()
      let widget = gtk_button_new_with_label("Refused")!
      g_object_ref_sink(widget.raw)
      defer { g_object_unref(widget.raw) }
      var canary: Canary? = Canary()
      weak let witness = canary
      var connection: SignalConnection?
      let messages = GLibLogRecorder.messages {
        connection = Signal.connect(widget.raw, "no-such-signal") { [canary] _ in _ = canary }
        canary = nil
        connection?.disconnect()
      }
      XCTAssertEqual(connection?.handlerID, 0)
      XCTAssertEqual(connection?.isConnected, false)
      XCTAssertNil(witness, "the refused closure was released")
      XCTAssertEqual(messages.filter(\.isCritical).map(\.description), [])
      XCTAssertEqual(messages.count, 1, "GLib's refusal: \(messages)")
      XCTAssertTrue(messages.first?.text.contains("no-such-signal") ?? false, "\(messages)")
    }
  }

  /// The boolean trampoline passes `state-set`'s value in and the handler's
  /// result out (true: handled, the state does not change); the pointer
  /// trampoline serves `notify::active`, with the instance passed through.
  func testBooleanAndNotifyHandlersGetTheirArgumentsAndResult() throws {
    try onMain {
      try GtkHarness.start()
      let toggle = gtk_switch_new()!
      g_object_ref_sink(toggle.raw)
      defer { g_object_unref(toggle.raw) }
      var values: [Bool] = []
      var notified: [gpointer] = []
      Signal.connect(toggle.raw, "state-set") { _, value in
        values.append(value)
        return values.count == 1  // the first change is handled here
      }
      Signal.notify(toggle.raw, property: "active") { object in notified.append(object) }

      gtk_switch_set_active(toggle.cast(), 1)
      XCTAssertEqual(values, [true])
      XCTAssertEqual(notified, [toggle.raw])
      XCTAssertEqual(gtk_switch_get_state(toggle.cast()), 0, "handled: GtkSwitch's own handler did not run")

      gtk_switch_set_active(toggle.cast(), 0)
      gtk_switch_set_active(toggle.cast(), 1)
      XCTAssertEqual(values, [true, false, true])
      XCTAssertEqual(gtk_switch_get_state(toggle.cast()), 1, "not handled: the state followed")
    }
  }

  /// A repeating timeout runs until its closure returns false, a one-shot
  /// timeout and an idle run once; then GLib releases all three closures.
  func testTimeoutsAndIdlesRunThenReleaseTheirClosures() throws {
    try onMain {
      try GtkHarness.start()
      var canary: Canary? = Canary()
      weak let witness = canary
      var ticks = 0
      var once = 0
      var idled = 0
      MainLoop.every(ms: 5) { [canary] in
        _ = canary
        ticks += 1
        return ticks < 3
      }
      MainLoop.after(ms: 5) { [canary] in
        _ = canary
        once += 1
      }
      MainLoop.idle { [canary] in
        _ = canary
        idled += 1
      }
      canary = nil
      XCTAssertNotNil(witness, "GLib holds the closures while the sources live")
      GtkHarness.pump(until: { ticks == 3 && once == 1 && idled == 1 }, timeout: 5)
      GtkHarness.pump(for: 0.05)
      XCTAssertEqual(ticks, 3)
      XCTAssertEqual(once, 1)
      XCTAssertEqual(idled, 1)
      XCTAssertNil(witness, "GLib released the closures when the sources finished")
    }
  }

  /// Removing a pending source releases its closure at once and it never
  /// runs; removing a finished source, or id 0, does nothing (no critical).
  func testRemoveReleasesAPendingSourceAndIgnoresAFinishedOne() throws {
    try onMain {
      try GtkHarness.start()
      var canary: Canary? = Canary()
      weak let witness = canary
      var fired = 0
      let pending = MainLoop.after(ms: 50) { [canary] in
        _ = canary
        fired += 1
      }
      canary = nil
      let finished = MainLoop.after(ms: 1) { fired += 10 }
      GtkHarness.pump(until: { fired == 10 }, timeout: 5)
      let messages = GLibLogRecorder.messages {
        MainLoop.remove(pending)
        XCTAssertNil(witness, "removing the source released its closure")
        MainLoop.remove(pending)
        MainLoop.remove(finished)
        MainLoop.remove(0)
      }
      GtkHarness.pump(for: 0.1)
      XCTAssertEqual(fired, 10)
      XCTAssertEqual(messages.map(\.description), [])
    }
  }

  /// A Unix signal runs its closure on the main loop (not in a signal
  /// handler); removing the source releases the closure.
  func testAUnixSignalRunsItsClosureOnTheMainLoop() throws {
    try onMain {
      try GtkHarness.start()
      var canary: Canary? = Canary()
      weak let witness = canary
      var received = 0
      let source = MainLoop.onUnixSignal(SIGUSR2) { [canary] in
        _ = canary
        received += 1
      }
      canary = nil
      XCTAssertNotEqual(source, 0)
      raise(SIGUSR2)
      XCTAssertTrue(GtkHarness.pump(until: { received == 1 }, timeout: 5))
      MainLoop.remove(source)
      XCTAssertNil(witness, "removing the source released its closure")
    }
  }
}
