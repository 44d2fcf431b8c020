// The module on Wayland: the C and PyGObject fixture apps (never compiled
// with ClickGuard) shown with GDK's Wayland backend on a headless mutter
// (WaylandCompositor), real pointer and keyboard input injected through the
// compositor, each case run without the module and with it.

import ClickGuardTestSupport
import Foundation
import XCTest

final class WaylandModuleTests: XCTestCase {
  private var compositor: WaylandCompositor?

  override func setUpWithError() throws {
    compositor = try WaylandCompositor()
  }

  override func tearDown() {
    compositor?.stop()
    compositor = nil
  }

  /// Runs `program` without the module, then with it, doing `drive` in
  /// each, and prints both `final` lines (the counts in docs/module.md).
  private func runBoth(
    program: FixtureProgram = .clickcount, arguments: [String] = [], environment: [String: String] = [:],
    unguarded: [String: String] = [:], _ drive: (WaylandApp) throws -> Void
  ) throws -> (without: FixtureResult, with: FixtureResult) {
    let compositor = try XCTUnwrap(compositor)
    let plain = try WaylandApp(
      on: compositor, modules: nil, environment: unguarded, arguments: arguments, program: program)
    try drive(plain)
    let without = plain.finish()
    let app = try WaylandApp(
      on: compositor, modules: try ModuleHarness.modulePath(), environment: environment, arguments: arguments,
      program: program)
    try drive(app)
    let with = app.finish()
    XCTAssertEqual(with.glibProblems, [], app.stderrText)
    let final = { (result: FixtureResult) in result.lines.last { $0.hasPrefix("final ") } ?? "no final line" }
    print("Wayland \(name) without the module: \(final(without))\nWayland \(name) with the module: \(final(with))")
    return (without, with)
  }

  /// Five clicks 80 ms apart on Count.
  func testAMouseBurstOnAButtonRunsOnceWithTheModule() throws {
    let (without, with) = try runBoth { app in try app.click("count", count: 5) }
    XCTAssertEqual(without.clicked, 5, "without the module every click runs")
    XCTAssertEqual(with.clicked, 1)
  }
}
