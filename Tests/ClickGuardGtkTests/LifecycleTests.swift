// Lifecycle and bad input: 10 000 guarded buttons made, judged and
// destroyed leave no gates, states or handler closures behind; wrapping a
// widget of the wrong type throws an error that names both types; a
// GtkBuilder file's widgets are wrapped from the pointers it hands out.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

final class LifecycleTests: XCTestCase {
  /// 10 000 guarded buttons, in batches of 100: each is judged (the app's own
  /// clicks are guarded here, so `gtk_button_clicked` goes through a gate),
  /// then destroyed. Gates, widget states and the handlers' closures all go.
  func testCreateAndDestroyTenThousandButtonsLeavesNoState() throws {
    try onMain {
      try GtkHarness.start()
      var configuration = GuardConfiguration()
      configuration.guardsProgrammatic = true
      let dispatcher = GtkHarness.freshDispatcher(configuration)
      GtkHarness.pump(for: 0.05)
      let statesBefore = WidgetSettings.liveStateCount
      let canariesBefore = Canary.released
      var clicks = 0
      for _ in 0..<100 {
        var batch: [Button] = []
        for index in 0..<100 {
          let button = Button(label: "Item \(index)")
          let canary = Canary()
          button.onClick {
            _ = canary
            clicks += 1
          }
          batch.append(button)
        }
        for button in batch {
          button.click()
          button.click()  // the first action has not finished: dropped as busy
          // Let the activation's scope close, as the main loop would.
          while g_main_context_iteration(nil, 0) != 0 {}
        }
        XCTAssertEqual(batch.filter { $0.counters() != nil }.count, 100, "one gate per widget")
        XCTAssertEqual(dispatcher.liveGateCount, 100)
        XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore + 100)
        for button in batch { gtk_widget_destroy(button.widget) }
        batch.removeAll()
        XCTAssertEqual(dispatcher.liveGateCount, 0)
        XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore)
      }
      GtkHarness.pump(for: 0.05)
      XCTAssertEqual(clicks, 10_000)
      XCTAssertEqual(dispatcher.totals.accepted, 10_000)
      XCTAssertEqual(dispatcher.totals.droppedBusy, 10_000)
      XCTAssertEqual(dispatcher.liveGateCount, 0)
      XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore)
      XCTAssertEqual(Canary.released - canariesBefore, 10_000, "every handler closure was released")
    }
  }

  /// Settings stored on a plain widget die with it.
  func testSettingsOnAPlainWidgetDieWithIt() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let statesBefore = WidgetSettings.liveStateCount
      let button = gtk_button_new_with_label("Plain")!
      g_object_ref_sink(button.raw)
      WidgetSettings.set(ControlSettings(policy: .exempt, group: "g"), on: button)
      XCTAssertEqual(WidgetSettings.get(button), ControlSettings(policy: .exempt, group: "g"))
      XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore + 1)
      g_object_unref(button.raw)
      XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore)
    }
  }

  /// Wrapping a widget of the wrong type throws a ``ControlError`` that
  /// names the type given and the type needed.
  func testWrappingTheWrongWidgetTypeThrowsANamedError() throws {
    try onMain {
      try GtkHarness.start()
      let label = gtk_label_new("Not a button")!
      g_object_ref_sink(label.raw)
      defer { g_object_unref(label.raw) }
      let statesBefore = WidgetSettings.liveStateCount

      XCTAssertThrowsError(try Button(adopting: label)) { error in
        let error = error as? ControlError
        XCTAssertEqual(error, ControlError(expected: "GtkButton", actual: "GtkLabel"))
        let description = error.map(String.init(describing:)) ?? ""
        XCTAssertTrue(description.contains("GtkLabel"), description)
        XCTAssertTrue(description.contains("GtkButton"), description)
      }
      let plain = gtk_button_new_with_label("Plain")!
      g_object_ref_sink(plain.raw)
      defer { g_object_unref(plain.raw) }
      XCTAssertThrowsError(try ToggleButton(adopting: plain)) { error in
        XCTAssertEqual(error as? ControlError, ControlError(expected: "GtkToggleButton", actual: "GtkButton"))
      }
      XCTAssertThrowsError(try Switch(adopting: plain)) { error in
        XCTAssertEqual(error as? ControlError, ControlError(expected: "GtkSwitch", actual: "GtkButton"))
      }
      XCTAssertThrowsError(try RadioButton(adopting: label)) { error in
        XCTAssertEqual(error as? ControlError, ControlError(expected: "GtkRadioButton", actual: "GtkLabel"))
      }
      XCTAssertEqual(WidgetSettings.liveStateCount, statesBefore, "a refused widget gets no state")
      // A subclass is accepted.
      let check = gtk_check_button_new_with_label("Check")!
      XCTAssertNoThrow(try ToggleButton(adopting: check))
    }
  }

  /// A GtkBuilder file's widgets are wrapped from `gtk_builder_get_object`'s
  /// pointers and judged like any other; an id the file does not have, or a
  /// widget of another type, throws a ``ControlError`` that says which.
  func testABuilderFilesWidgetsAreAdoptedFromTheirObjects() throws {
    try onMain {
      try GtkHarness.start()
      var configuration = GuardConfiguration()
      configuration.guardsProgrammatic = true
      let dispatcher = GtkHarness.freshDispatcher(configuration)
      let builder = gtk_builder_new_from_string(
        """
        <interface>
          <object class="GtkBox" id="box">
            <child><object class="GtkButton" id="open"><property name="label">_Open</property></object></child>
            <child><object class="GtkCheckButton" id="remember"/></child>
            <child><object class="GtkLabel" id="title"/></child>
          </object>
        </interface>
        """, -1)
      defer { g_object_unref(builder.map { UnsafeMutableRawPointer($0) }) }

      let open = try Button(adopting: gtk_builder_get_object(builder, "open"))
      XCTAssertEqual(open.label, "_Open")
      let remember = try CheckButton(adopting: gtk_builder_get_object(builder, "remember"))
      XCTAssertFalse(remember.isActive)
      var runs = 0
      open.onClick { runs += 1 }
      open.click()
      open.click()  // a repeat: dropped
      GtkHarness.pump(for: 0.02)
      XCTAssertEqual(runs, 1)
      XCTAssertEqual(dispatcher.counters(for: open.id, action: .clicked)?.accepted, 1)

      XCTAssertThrowsError(try Button(adopting: gtk_builder_get_object(builder, "title"))) { error in
        XCTAssertEqual(error as? ControlError, ControlError(expected: "GtkButton", actual: "GtkLabel"))
      }
      XCTAssertThrowsError(try Entry(adopting: gtk_builder_get_object(builder, "missing"))) { error in
        XCTAssertEqual(error as? ControlError, ControlError(expected: "GtkEntry", actual: "NULL"))
        XCTAssertEqual(
          (error as? ControlError)?.description,
          "cannot wrap NULL as a GtkEntry: no widget was given (gtk_builder_get_object returns NULL for an id "
            + "its file does not have)")
      }
    }
  }
}
