// GtkHarness: GTK in the test process itself — start-up (or a skip when
// there is no display) and a fresh dispatcher. Its other parts: the main
// loop (GtkHarness+MainLoop), windows (GtkHarness+Windows), real X input
// (GtkHarness+Input) and counted signals (GtkHarness+Signals).

import CGtk
import ClickGuard
import ClickGuardGtk
import XCTest

/// Starts GTK once, shows widgets in real windows under Xvfb, sends them
/// real X input (XTEST through xdotool) and runs the real GTK main loop.
///
/// Everything here touches GTK, so it runs on the main actor: call it from
/// an XCTest method through ``onMain(_:)`` (XCTest runs test methods on the
/// main thread; Swift Testing does not).
@MainActor
package enum GtkHarness {
  /// Starts GTK and ClickGuard's plumbing, or skips the test with the reason
  /// when there is no display. Turns GTK's animations on, so that slide
  /// transitions and the switch animation behave as on a desktop.
  /// - Throws: `XCTSkip` when GTK cannot open a display.
  package static func start() throws {
    do {
      try GtkClickGuard.start()
    } catch {
      throw XCTSkip("no display: \(error)")
    }
    if let settings = gtk_settings_get_default() {
      cg_object_set_bool(settings, "gtk-enable-animations", 1)
    }
  }

  /// A fresh dispatcher with `configuration`, installed as the GTK side's
  /// dispatcher, so that no gate from an earlier test is left.
  /// - Returns: the dispatcher.
  @discardableResult
  package static func freshDispatcher(_ configuration: GuardConfiguration = GuardConfiguration()) -> ClickDispatcher {
    let dispatcher = ClickDispatcher(configuration: configuration)
    GtkClickGuard.dispatcher = dispatcher
    return dispatcher
  }
}
