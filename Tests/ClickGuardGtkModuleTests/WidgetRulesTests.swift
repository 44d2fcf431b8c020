// Widget rules in the test process: WidgetDescription read from real GTK widgets
// (builder id, name, label, types, style classes, accessible name), and
// WidgetSettings.resolver asked once per widget at its first judgment, never
// for a widget whose settings the app set, with real clicks under Xvfb.

import CGtk
import ClickGuard
import ClickGuardRules
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardGtk
@testable import ClickGuardGtkModule

final class WidgetRulesTests: XCTestCase {
  func testTraitsAreReadFromALiveWidget() throws {
    try onMain {
      try GtkHarness.start()
      let xml = """
        <interface>
          <object class="GtkButton" id="calc_7_button">
            <property name="label">_7</property>
            <property name="use-underline">True</property>
            <property name="name">digit</property>
            <style><class name="number-button"/></style>
          </object>
        </interface>
        """
      let builder = gtk_builder_new_from_string(xml, -1)!
      defer { g_object_unref(builder) }
      let button = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "calc_7_button")!)
      atk_object_set_name(gtk_widget_get_accessible(button.assumingMemoryBound(to: GtkWidget.self)), "Seven")
      let traits = WidgetDescription(widget: button, reading: Set(RuleSelector.Kind.allCases))
      XCTAssertEqual(traits.builderID, "calc_7_button")
      XCTAssertEqual(traits.name, "digit")
      XCTAssertEqual(traits.label, "_7")
      XCTAssertEqual(traits.accessibleName, "Seven")
      XCTAssertEqual(Array(traits.typeNames.prefix(3)), ["GtkButton", "GtkBin", "GtkContainer"])
      XCTAssertTrue(traits.styleClasses.contains("number-button"), "\(traits.styleClasses)")
      // Only what the selectors need is read.
      XCTAssertEqual(WidgetDescription(widget: button, reading: [.id]), WidgetDescription(builderID: "calc_7_button"))

      let item = gtk_menu_item_new_with_mnemonic("_Export")!
      g_object_ref_sink(item)
      defer { g_object_unref(item) }
      XCTAssertEqual(WidgetDescription(widget: item, reading: [.label]).label, "_Export")
    }
  }

  func testTheLogAndTheRulesReadOneDescriptionWithMenuAndModelButtonLabels() throws {
    try onMain {
      try GtkHarness.start()
      let item = gtk_menu_item_new_with_mnemonic("_Export")!
      g_object_ref_sink(item)
      defer { g_object_unref(item) }
      let logged = WidgetDescription(widget: item)
      XCTAssertEqual(logged.label, "_Export")
      XCTAssertEqual(logged.typeName, "GtkMenuItem")
      XCTAssertEqual(logged.label, WidgetDescription(widget: item, reading: [.label]).label)

      let modelButton = g_object_new_with_properties(gtk_model_button_get_type(), 0, nil, nil)!
      g_object_ref_sink(modelButton)
      defer { g_object_unref(modelButton) }
      cg_object_set_string(modelButton, "text", "Paste")
      XCTAssertEqual(WidgetDescription(widget: modelButton).label, "Paste")
      XCTAssertEqual(WidgetDescription(widget: modelButton).typeName, "GtkModelButton")
    }
  }

  func testTheResolverGivesEachWidgetItsRuleOnceAndLeavesTheAppsSettingsAlone() throws {
    try onMain {
      try GtkHarness.start()
      GtkHarness.freshDispatcher()
      let digit = gtk_button_new_with_label("7")!
      let equals = gtk_button_new_with_label("=")!
      let own = gtk_button_new_with_label("7")!
      let clicks = [digit, equals, own].map { GtkHarness.count("clicked", on: UnsafeMutableRawPointer($0)) }
      WidgetSettings.set(ControlSettings(), on: own)
      var asked: [String] = []
      let rules = RulesFile(
        parsing: Array("[*: label=7]\npolicy=exempt\n".utf8),
        location: RulesFileLocation(path: "test.conf", isExplicit: true)
      ).rules.forProgram("any")
      GlobalGuard.install()
      WidgetSettings.resolver = { widget in
        asked.append(swiftString(gtk_button_get_label(widget.assumingMemoryBound(to: GtkButton.self))) ?? "?")
        let values = rules.values(for: WidgetDescription(widget: widget, reading: rules.selectorKinds))
        return values.isEmpty ? nil : values.controlSettings
      }
      defer {
        WidgetSettings.resolver = nil
        GlobalGuard.uninstall()
      }
      let window = GtkHarness.showWindow(GtkHarness.box([digit, equals, own]))
      defer { GtkHarness.close(window) }

      GtkHarness.burst(on: digit, count: 5)
      GtkHarness.burst(on: equals, count: 5)
      GtkHarness.burst(on: own, count: 5)
      XCTAssertEqual(clicks.map(\.count), [5, 1, 1], "the rule exempts 7; = and the app's own 7 are guarded")
      XCTAssertEqual(asked, ["7", "="], "asked once per widget, never for one the app set")
      XCTAssertEqual(WidgetSettings.get(digit).policy, .exempt)
    }
  }

  func testTheFenceIsHandedAContentsOwnSettingsFromAWidgetGroup() throws {
    try onMain {
      try GtkHarness.start()
      let rules = RulesFile(
        parsing: Array("[default]\nsettle-ms=300\n[*: type=GtkDialog]\nfence=false\n".utf8),
        location: RulesFileLocation(path: "test.conf", isExplicit: true)
      ).rules.forProgram("any")
      let dialog = gtk_dialog_new()!
      let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
      defer {
        gtk_widget_destroy(dialog)
        gtk_widget_destroy(window)
      }
      XCTAssertEqual(
        FenceRuleHandover.settings(forContent: dialog, rules: rules),
        FenceSettings(isEnabled: false, settle: try ClickInterval(milliseconds: 300)))
      XCTAssertNil(FenceRuleHandover.settings(forContent: window, rules: rules))

      FenceRuleHandover.install(rules)
      XCTAssertNotNil(FenceSettings.contentOverride)
      FenceRuleHandover.uninstall()
      XCTAssertNil(FenceSettings.contentOverride)
      FenceRuleHandover.install(
        RulesFile(
          parsing: Array("[*: type=GtkDialog]\ninterval-ms=900\n".utf8),
          location: RulesFileLocation(path: "t", isExplicit: true)
        ).rules.forProgram("any"))
      XCTAssertNil(FenceSettings.contentOverride, "no group sets fence or settle-ms: nothing to hand over")
    }
  }
}
