// ClickGuard chains up through GLib: an override of `clicked` that another
// library installs on a GtkButton subclass after ClickGuard's still runs for
// every click, before ClickGuard judges it, and a dropped click still stops
// everything after ClickGuard.

import CGtk
import ClickGuard
import ClickGuardTestSupport
import XCTest

@testable import ClickGuardGtk

/// A GtkButton subclass with a `clicked` override of its own.
@MainActor
private enum OverridingButton {
  static var overrideRuns = 0

  static let type: GType = {
    var query = GTypeQuery()
    g_type_query(gtk_button_get_type(), &query)
    let type = g_type_register_static_simple(
      gtk_button_get_type(), "ClickGuardTestOverridingButton", query.class_size, nil, query.instance_size, nil,
      GTypeFlags(rawValue: 0))
    g_type_class_unref(g_type_class_ref(type))
    cg_override_class_handler("clicked", type, subclassOverride, nil)
    return type
  }()

  static func make() -> WidgetPointer {
    let object = g_object_new_with_properties(type, 0, nil, nil)!
    let widget = object.withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 }
    gtk_button_set_label(widget.cast(), "Subclass")
    return widget
  }
}

/// The subclass's override: counts, then chains up to GtkButton's class
/// handler, which is ClickGuard's.
private let subclassOverride: @convention(c) (gpointer?, gpointer?) -> Void = { instance, _ in
  guard let instance else { return }
  let button = CallbackArgument(instance)
  MainActor.assumeIsolated { OverridingButton.overrideRuns += 1 }
  cg_chain_up(button.value)
}

final class ChainUpTests: XCTestCase {
  func testAnOverrideOnASubclassInstalledAfterClickGuardsStillRuns() throws {
    try onMain {
      try GtkHarness.start()
      let dispatcher = GtkHarness.freshDispatcher(try GtkHarness.configuration(intervalMs: 1500))
      let button = try Button(adopting: OverridingButton.make())
      var handled = 0
      button.onClick { handled += 1 }
      let window = GtkHarness.showWindow(GtkHarness.box([button.widget]))
      defer { GtkHarness.close(window) }

      OverridingButton.overrideRuns = 0
      GtkHarness.click(button.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(OverridingButton.overrideRuns, 5, "the subclass's override sees every click")
      XCTAssertEqual(handled, 1, "ClickGuard, reached through the chain, lets one through")
      XCTAssertEqual(dispatcher.counters(for: button.id)?.dropped, 4)

      // Without ClickGuard the same burst acts every time.
      button.policy = .exempt
      OverridingButton.overrideRuns = 0
      handled = 0
      GtkHarness.click(button.widget, count: 5, delayMs: 80)
      GtkHarness.pump(for: 0.3)
      XCTAssertEqual(OverridingButton.overrideRuns, 5)
      XCTAssertEqual(handled, 5, "unguarded, the duplicate clicks act")
    }
  }
}
