// The GTK 4 layer's busy state read through AT-SPI, as a screen reader
// reads it (Fixtures/gtk4-busy-probe.py under dbus-run-session).

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class Gtk4AccessibilityTests: XCTestCase {
  /// What the probe saw.
  private struct Probe: Decodable {
    let found: Bool
    let busySeen: Bool
    let busyCleared: Bool
    let events: [Int]
    let focusable: Bool?
    let sensitive: Bool?
  }

  private func probe(guarded: Bool) throws -> Probe {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/gtk4-busy-probe.py"
    ).path
    let proof = ModuleHarness.binDirectory.appendingPathComponent("ClickGuardGtk4Proof").path
    return try AccessibilityProbe.run(script, [proof, "async-read", guarded ? "on" : "off"], as: Probe.self)
  }

  /// A GTK 4 button clicked once, its async action running 2.5 s: with
  /// ClickGuard, AT-SPI reads it busy while the action runs (focusable and
  /// sensitive all along) and idle after, with one state-changed event each
  /// way; on plain GTK 4 it never reads busy.
  func testAnAsyncActionsButtonReadsBusyThroughATSPIWhileItRuns() throws {
    let guarded = try probe(guarded: true)
    XCTAssertTrue(guarded.found, "AT-SPI shows the button")
    XCTAssertTrue(guarded.busySeen, "busy while the action runs")
    XCTAssertEqual(guarded.focusable, true)
    XCTAssertEqual(guarded.sensitive, true, "not disabled")
    XCTAssertTrue(guarded.busyCleared, "idle after it")
    XCTAssertEqual(guarded.events, [1, 0], "one busy event, one idle event")

    let plain = try probe(guarded: false)
    XCTAssertTrue(plain.found)
    XCTAssertFalse(plain.busySeen, "without ClickGuard nothing reads busy")
    XCTAssertEqual(plain.events, [])
  }
}
