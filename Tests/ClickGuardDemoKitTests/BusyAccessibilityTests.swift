// The demo's "Open details" read through AT-SPI, as a screen reader reads
// it, around one real click (Fixtures/busy-probe.py under dbus-run-session).

import ClickGuardTestSupport
import Foundation
import XCTest

final class BusyAccessibilityTests: XCTestCase {
  /// What the probe saw.
  private struct Probe: Decodable {
    let found: Bool
    let busyBefore: Bool?
    let busySeen: Bool
    let busyCleared: Bool
    let events: [Int]
    let focusable: Bool?
    let sensitive: Bool?
  }

  private func probe(_ demoArguments: [String]) throws -> Probe {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/busy-probe.py"
    ).path
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("busy-probe-\(getpid()).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: log) }
    return try AccessibilityProbe.run(
      script, [try DemoBinary.path()] + demoArguments + ["--log-file", log], as: Probe.self)
  }

  /// With the guard on, "Open details" says busy while its click's load
  /// runs (the state set AT-SPI reads, and a state-changed event each way),
  /// stays focusable and sensitive, and is idle after the load. With the
  /// guard off (no gate, so repeats would run again) it never says busy.
  func testOpenDetailsIsBusyForAssistiveTechnologiesWhileItLoads() throws {
    let guarded = try probe(["--async-ms", "1500"])
    XCTAssertTrue(guarded.found, "AT-SPI shows the button")
    XCTAssertEqual(guarded.busyBefore, false)
    XCTAssertTrue(guarded.busySeen, "busy while the load runs")
    XCTAssertEqual(guarded.focusable, true)
    XCTAssertEqual(guarded.sensitive, true, "not disabled")
    XCTAssertTrue(guarded.busyCleared, "idle after it")
    XCTAssertEqual(guarded.events, [1, 0], "one busy event, one idle event")

    let unguarded = try probe(["--async-ms", "1500", "--no-guard"])
    XCTAssertTrue(unguarded.found)
    XCTAssertFalse(unguarded.busySeen, "without ClickGuard nothing is busy")
    XCTAssertEqual(unguarded.events, [])
  }
}
