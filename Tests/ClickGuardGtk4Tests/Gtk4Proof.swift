// Gtk4Proof: runs one scenario of the proof program for the GTK 4 tests.
//
// GTK 4 cannot share a process with GTK 3, which this test bundle links, so
// each run is the proof program (Tests/ClickGuardGtk4Proof) in a process of
// its own on the suite's X display: it shows one window, sends the input
// through the X server with xdotool and prints what happened.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

/// What a run printed (ProofResult in the proof program).
struct Gtk4ProofRun: Decodable {
  var actions: Int
  var inputs: Int
  var busySeen: Bool?
  var focusKeptWhileBusy: Bool?
  var busyCleared: Bool?
  var busyLooks: [Bool]?
  var active: Bool?
  var toldState: Bool?
  var switchState: Bool?
  var choice: Int?
  var toldChoice: Int?
  var navigations: Int?
  var depth: Int?
  var freshClicks: Int?
  var fencedPresses: Int?
}

extension XCTestCase {
  /// Runs `scenario` with ClickGuard (`guarded`) or on plain GTK 4.
  func run(_ scenario: String, guarded: Bool) throws -> Gtk4ProofRun {
    let path = ModuleHarness.binDirectory.appendingPathComponent("ClickGuardGtk4Proof").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw HarnessError(
        "ClickGuardGtk4Proof is not built in \(ModuleHarness.binDirectory.path): swift build --build-tests")
    }
    let outcome = ChildProcess.output(of: path, [scenario, guarded ? "on" : "off"])
    XCTAssertEqual(outcome.status, 0, "the proof of \(scenario) failed: \(outcome.output)")
    guard let line = outcome.output.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else {
      throw HarnessError("the proof of \(scenario) printed no result: \(outcome.output)")
    }
    return try JSONDecoder().decode(Gtk4ProofRun.self, from: Data(line.utf8))
  }
}
