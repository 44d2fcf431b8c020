// GlobalGuard and GtkModule in the test process: buttons never wrapped in
// Swift, and buttons from GtkBuilder XML, are guarded after install;
// uninstall (or GtkModule.stop) restores plain behaviour.

import CGtk
import ClickGuard
import ClickGuardGtkModule
import ClickGuardRules
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardGtk

final class GlobalInstallTests: XCTestCase {
  func testAnUnwrappedButtonIsGuardedAfterInstallAndPlainAfterUninstall() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let button = gtk_button_new_with_label("Plain")!
      let clicks = GtkHarness.count("clicked", on: button)
      let window = GtkHarness.showWindow(button)
      defer { GtkHarness.close(window) }

      GtkHarness.burst(on: button, count: 5)
      XCTAssertEqual(clicks.count, 5, "not installed: every click")

      GlobalGuard.install()
      defer { GlobalGuard.uninstall() }
      clicks.count = 0
      GtkHarness.burst(on: button, count: 5)
      XCTAssertEqual(clicks.count, 1, "installed: one click per burst")

      GlobalGuard.uninstall()
      clicks.count = 0
      GtkHarness.burst(on: button, count: 5)
      XCTAssertEqual(clicks.count, 5, "uninstalled: every click again")
    }
  }

  func testButtonsFromGtkBuilderAreGuarded() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let xml = """
        <interface>
          <object class="GtkBox" id="box">
            <property name="orientation">vertical</property>
            <child><object class="GtkButton" id="open"><property name="label">Open</property></object></child>
            <child><object class="GtkButton" id="save"><property name="label">Save</property></object></child>
          </object>
        </interface>
        """
      let builder = gtk_builder_new_from_string(xml, -1)!
      defer { g_object_unref(builder) }
      let box = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "box")!).assumingMemoryBound(
        to: GtkWidget.self)
      let open = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "open")!).assumingMemoryBound(
        to: GtkWidget.self)
      let save = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "save")!).assumingMemoryBound(
        to: GtkWidget.self)
      let openClicks = GtkHarness.count("clicked", on: open)
      let saveClicks = GtkHarness.count("clicked", on: save)
      GlobalGuard.install()
      defer { GlobalGuard.uninstall() }
      let window = GtkHarness.showWindow(box)
      defer { GtkHarness.close(window) }

      GtkHarness.burst(on: open, count: 5)
      GtkHarness.burst(on: save, count: 4)
      XCTAssertEqual(openClicks.count, 1)
      XCTAssertEqual(saveClicks.count, 1, "each button has its own gate")
    }
  }

  func testTheModuleStartsOnceLogsEveryDecisionAndStops() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let log = FileManager.default.temporaryDirectory.appendingPathComponent(
        "clickguard-inprocess-\(UUID().uuidString).jsonl")
      defer { try? FileManager.default.removeItem(at: log) }
      let settings = ModuleConfiguration(environment: [
        "CLICKGUARD_MODE": "observe", "CLICKGUARD_INTERVAL_MS": "300", "CLICKGUARD_LOG": log.path,
      ])
      XCTAssertTrue(GtkModule.start(settings))
      defer { GtkModule.stop() }
      XCTAssertFalse(GtkModule.start(settings), "a second start changes nothing")
      XCTAssertTrue(GlobalGuard.isInstalled)
      XCTAssertEqual(GtkClickGuard.dispatcher.configuration.mode, .observe)
      XCTAssertEqual(GtkClickGuard.dispatcher.configuration.interval.milliseconds, 300)

      let button = gtk_button_new_with_label("Logged")!
      gtk_buildable_set_name(OpaquePointer(button), "logged-button")
      let clicks = GtkHarness.count("clicked", on: button)
      let window = GtkHarness.showWindow(button)
      defer { GtkHarness.close(window) }
      GtkHarness.burst(on: button, count: 3)
      XCTAssertEqual(clicks.count, 3, "observe mode runs every click")

      let records = try JSONLines.objects(in: log)
      XCTAssertEqual(records.count, 3)
      XCTAssertEqual(records.map { $0["outcome"] as? String }, ["accepted", "would-drop", "would-drop"])
      XCTAssertEqual(records.first?["id"] as? String, "logged-button")
      XCTAssertEqual(records.first?["label"] as? String, "Logged")
      XCTAssertEqual(records.first?["pid"] as? Int, Int(getpid()))

      GtkModule.stop()
      XCTAssertFalse(GlobalGuard.isInstalled)
      XCTAssertFalse(GtkModule.isStarted)
      GtkHarness.burst(on: button, count: 2)
      XCTAssertEqual(try JSONLines.objects(in: log).count, 3, "stopped: nothing more logged")
    }
  }
}
