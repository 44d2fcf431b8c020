// Gtk4StartTests: what the GTK 4 layer says when it cannot start, in the
// reader's language.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class Gtk4StartTests: XCTestCase {
  /// With no display to open, `GtkClickGuard.start()` throws an error that
  /// names both display variables and what to do: in German under the
  /// German test locale, in English under C.
  func testNoDisplayIsSaidInGermanUnderAGermanLocaleAndInEnglishUnderC() throws {
    let german = try GermanTestLocale()
    defer { german.remove() }
    let proof = ModuleHarness.binDirectory.appendingPathComponent("ClickGuardGtk4Proof").path
    let english = german.environment.merging(["LC_ALL": "C", "LANGUAGE": ""]) { $1 }
    for (environment, expected) in [
      (
        german.environment,
        "kann keine Anzeige öffnen (WAYLAND_DISPLAY=(nicht gesetzt), DISPLAY=(nicht gesetzt)); starten Sie es "
          + "in einer Desktop-Sitzung oder unter Xvfb (xvfb-run -a)"
      ),
      (
        english,
        "cannot open a display (WAYLAND_DISPLAY=(unset), DISPLAY=(unset)); run under a desktop session or "
          + "Xvfb (xvfb-run -a)"
      ),
    ] {
      let outcome = ChildProcess.output(
        of: "/usr/bin/env",
        ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY"] + environment.map { "\($0.key)=\($0.value)" } + [proof, "start"])
      XCTAssertEqual(outcome.status, 1, outcome.output)
      XCTAssertTrue(outcome.output.contains(expected), "\(expected) is not in: \(outcome.output)")
    }
  }
}
