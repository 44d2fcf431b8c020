// Injected stalls as the demo's user sets them: a stall lasts what was asked
// even when signals arrive meanwhile, and a periodic stall as long as its
// period, which would freeze the app, is refused on the command line
// (status 2) and clamped by the panel, which says so.

import ClickGuardShowcase
import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardDemoKit

final class StallTests: XCTestCase {
  private var scratch = ""

  override func setUpWithError() throws {
    scratch = NSTemporaryDirectory() + "clickguard-demo-stall-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: scratch)
  }

  /// `CLOCK_MONOTONIC` in ms, the clock of the log's `mono_ms`.
  private func monotonicMs() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
  }

  /// A field of a log line, read from its text.
  private func field(_ name: String, of line: DemoLogLine) -> Any? {
    let object = try? JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any]
    return object?[name]
  }

  /// A periodic stall of 2000 ms with three SIGUSR2 sent while it runs (each
  /// would end a `usleep` early) still lasts 2000 ms ± 50 ms. Measured on
  /// the log: from the `lag` line, written just before the main loop blocks,
  /// to the `lag-done` line, written just after; the signals are checked to
  /// have been sent between the two, on the same monotonic clock.
  func testAStallInterruptedBySignalsLastsWhatWasAsked() throws {
    try XDisplay.require()
    let demo = try DemoProcess(
      binary: try DemoBinary.path(), arguments: ["--stall-ms", "2000", "--stall-every-ms", "5000"],
      logPath: scratch + "/interrupted.jsonl")
    defer { demo.stop() }
    let lag = try XCTUnwrap(demo.waitForLine(type: "lag", timeout: 20), demo.output)
    XCTAssertEqual(field("ms", of: lag) as? Int, 2000)
    var sent: [Double] = []
    for offset in [300.0, 900.0, 1500.0] {
      let wait = lag.monoMs + offset - monotonicMs()
      if wait > 0 { usleep(UInt32(wait * 1000)) }
      sent.append(monotonicMs())
      demo.send(SIGUSR2)
    }
    let done = try XCTUnwrap(demo.waitForLine(type: "lag-done", after: lag.seq, timeout: 5), demo.output)
    let lasted = done.monoMs - lag.monoMs
    XCTAssertEqual(lasted, 2000, accuracy: 50, "the stall lasted \(lasted) ms")
    for time in sent {
      XCTAssertTrue(time > lag.monoMs && time < done.monoMs, "a signal sent at \(time), during the stall")
    }
    XCTAssertNotNil(
      demo.waitForLine(type: "layout", after: done.seq, timeout: 5) { $0.reason == "requested" },
      "the signals were handled after the stall")
  }

  /// `--stall-ms 2000 --stall-every-ms 1500` would freeze the app: refused
  /// before anything starts, with status 2 and a message naming both.
  func testAStallAsLongAsItsPeriodIsRefusedOnTheCommandLine() throws {
    let result = try ChildProcess.runToEnd(
      binary: try DemoBinary.path(), arguments: ["--stall-ms", "2000", "--stall-every-ms", "1500"],
      unsetting: ["DISPLAY", "WAYLAND_DISPLAY"])
    XCTAssertEqual(result.status, DemoExitStatus.usage, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "clickguard-demo: --stall-ms: 2000 is not shorter than --stall-every-ms 1500: "
          + "a periodic stall as long as its period would freeze the app (accepted: --stall-ms less than "
          + "--stall-every-ms, or --stall-every-ms 0 for one stall on the next click)"),
      result.stderr)
  }

  /// In the panel, a stall of 10000 ms typed with a period of 1500 ms is cut
  /// to 1499 ms: the spin button's `setting` line says 1499, the note under
  /// the stall settings shows why, and the stalls that follow last 1499 ms.
  func testThePanelClampsAStallBelowItsPeriodAndSaysSo() throws {
    try XDisplay.require()
    let demo = try DemoProcess(
      binary: try DemoBinary.path(), arguments: [], logPath: scratch + "/panel.jsonl")
    defer { demo.stop() }
    guard demo.waitForLine(type: "layout", timeout: 20) != nil, let layout = demo.log.layout else {
      return XCTFail("no layout line; the demo printed:\n\(demo.output)")
    }
    XCTAssertEqual(layout.widgets[DemoWidgets.stallNote.name]?.visible, false, "no note at start")
    let every = try XCTUnwrap(layout.widgets["stall-every-spin"]?.rect)
    let stall = try XCTUnwrap(layout.widgets["stall-spin"]?.rect)
    XInput.focus(window: layout.xid)

    /// Types `value` into the spin button at `rect` and presses Return.
    func type(_ value: String, into rect: ScreenRect) {
      // The entry part: left of the spin button's - and + buttons.
      XInput.run([
        "mousemove", String(rect.x + 20), String(rect.y + rect.height / 2), "click", "1", "sleep", "0.2",
        "key", "ctrl+a", "type", value,
      ])
      XInput.run(["key", "Return"])
    }
    type("1500", into: every)
    let period = try XCTUnwrap(
      demo.waitForLine(type: "setting", timeout: 5) { self.field("name", of: $0) as? String == "stall-every-ms" },
      demo.output)
    XCTAssertEqual(field("value", of: period) as? Int, 1500)
    type("10000", into: stall)
    let setting = try XCTUnwrap(
      demo.waitForLine(type: "setting", after: period.seq, timeout: 5) {
        self.field("name", of: $0) as? String == "stall-ms"
      }, demo.output)
    XCTAssertEqual(field("value", of: setting) as? Int, 1499, "the stall is cut below its period")

    let before = demo.log.lastSeq
    demo.send(SIGUSR2)
    let requested = try XCTUnwrap(
      demo.waitForLine(type: "layout", after: before, timeout: 10) { $0.reason == "requested" },
      "a layout line after the cut, between the stalls of 1499 ms every 1500 ms")
    let note = try XCTUnwrap(requested.layout?.widgets[DemoWidgets.stallNote.name])
    XCTAssertTrue(note.visible, "the panel shows the note")
    XCTAssertEqual(
      note.accessibleName,
      "Stall cut to 1499 ms (asked 10000): a periodic stall must be shorter than its period (1500 ms), "
        + "or the app would freeze.")
    let stalls = demo.log.lines(ofType: "lag").filter { $0.seq > setting.seq }
    XCTAssertTrue(stalls.allSatisfy { field("ms", of: $0) as? Int == 1499 }, "\(stalls.map(\.text))")
  }
}
