// Gtk4WaylandTests: the GTK 4 layer on Wayland. The GTK 4 proof program
// (Tests/ClickGuardGtk4Proof, a process of its own) shows its window with
// GDK's Wayland backend on the headless mutter (WaylandCompositor), which
// centres it; the test clicks and types through the compositor's remote
// desktop session, each scenario on plain GTK 4 and with ClickGuard. Here
// beside the module's Wayland tests, whose compositor harness it shares.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class Gtk4WaylandTests: XCTestCase {
  private var compositor: WaylandCompositor?

  override func setUpWithError() throws {
    compositor = try WaylandCompositor()
  }

  override func tearDown() {
    compositor?.stop()
    compositor = nil
  }

  /// The middle of the monitor: inside the proof's window, which the compositor centres.
  private let centre = (x: WaylandCompositor.monitor.width / 2, y: WaylandCompositor.monitor.height / 2)

  /// Runs `scenario` (guarded or not) with `steps` as its input; how many times its action ran.
  private func actions(_ scenario: String, guarded: Bool, steps: [String]) throws -> Int {
    let compositor = try XCTUnwrap(compositor)
    let proof = ModuleHarness.binDirectory.appendingPathComponent("ClickGuardGtk4Proof").path
    guard FileManager.default.isExecutableFile(atPath: proof) else {
      throw HarnessError("ClickGuardGtk4Proof is not built: swift build --build-tests")
    }
    let environment = compositor.appEnvironment.merging(["CLICKGUARD_PROOF_INPUT": "external"]) { $1 }
    let errors = FileHandle(forWritingAtPath: "/dev/null")!
    let channel = try LineChannel(
      "/usr/bin/env",
      ["-u", "DISPLAY"] + environment.map { "\($0.key)=\($0.value)" } + [proof, scenario, guarded ? "on" : "off"],
      errors: errors)
    defer { channel.close() }
    guard channel.readLine(within: 20) == "ready" else {
      throw HarnessError("the GTK 4 proof did not show its window on Wayland:\n\(compositor.log)")
    }
    // Off the window, then onto it, so the surface gets the pointer's enter.
    try compositor.inject(["move 0 0", "sleep 100", "move \(centre.x) \(centre.y - 2)", "sleep 50"] + steps)
    usleep(400_000)
    try channel.send("done", within: 20)
    let line = try XCTUnwrap(channel.readLine(within: 20), "the proof printed no result")
    let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return try XCTUnwrap(result?["actions"] as? Int, line)
  }

  /// `count` clicks at the centre, a press every `delayMs`.
  private func clicks(_ count: Int, delayMs: Int = 40) -> [String] {
    var steps = ["move \(centre.x) \(centre.y)", "sleep 100"]
    for index in 0..<count {
      if index > 0 { steps.append("sleep \(delayMs - 20)") }
      steps += ["down", "sleep 20", "up"]
    }
    return steps
  }

  func testAStalledGtk4ButtonClickedFiveTimesActsOnceOnWayland() throws {
    XCTAssertEqual(try actions("lag", guarded: false, steps: clicks(5)), 5, "plain GTK 4 runs every queued click")
    XCTAssertEqual(try actions("lag", guarded: true, steps: clicks(5)), 1)
  }

  func testSpacePressedThreeTimesOnAStalledGtk4ButtonActsOnceOnWayland() throws {
    var steps: [String] = []
    for index in 0..<3 {
      if index > 0 { steps.append("sleep 40") }
      steps += ["key 0x20 down", "sleep 20", "key 0x20 up"]
    }
    XCTAssertEqual(try actions("keys", guarded: false, steps: steps), 3)
    XCTAssertEqual(try actions("keys", guarded: true, steps: steps), 1)
  }
}
