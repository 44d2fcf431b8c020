// The module's counts of ignored clicks, in real GTK 3 apps that know
// nothing of ClickGuard (Fixtures/clickcount.c and bounce.c), clicked with
// real X input: each program's repeats counted in its own file, read back as
// the settings window reads them (IgnoredClickCounts.readAll), and a
// SIGKILL leaving counts that still read.

import ClickGuardCounts
import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class IgnoredClickCountsModuleTests: XCTestCase {
  private var state: URL!
  private var counts: String { state.appendingPathComponent("clickguard/ignored-clicks").path }

  override func setUpWithError() throws {
    state = ModuleHarness.scratch.appendingPathComponent("state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: state)
  }

  /// Runs `program` with the module (or without), the counts in `state`.
  private func run(
    _ program: FixtureProgram, withModule: Bool, rules: String? = nil, _ drive: (FixtureApp) -> Void
  ) throws -> FixtureResult {
    var environment = ["XDG_STATE_HOME": state.path]
    if let rules {
      let url = ModuleHarness.scratch.appendingPathComponent("counts-\(UUID().uuidString).conf")
      try rules.write(to: url, atomically: true, encoding: .utf8)
      environment["CLICKGUARD_CONFIG"] = url.path
    }
    let app = try FixtureApp(
      modules: withModule ? try ModuleHarness.modulePath() : nil, environment: environment, program: program)
    drive(app)
    let result = app.finish()
    XCTAssertEqual(result.status, 0, result.stderr)
    return result
  }

  func testBouncingBurstsInTwoAppsAreCountedPerProgramAsTheWindowReadsThem() throws {
    // Without ClickGuard every click of the bursts acts, and nothing is kept.
    let plain = try run(.clickcount, withModule: false) { $0.click("count", count: 5, delayMs: 80) }
    XCTAssertEqual(plain.clicked, 5)
    let plainBounce = try run(.bounce, withModule: false) { $0.click("seven", count: 5, delayMs: 80) }
    XCTAssertEqual(plainBounce.final["display"], "77777")
    XCTAssertEqual(IgnoredClickCounts.readAll(in: counts).count, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: counts))

    // With it: 4 of clickcount's burst ignored (lag), 8 of bounce's two (bounce).
    let guarded = try run(.clickcount, withModule: true) { $0.click("count", count: 5, delayMs: 80) }
    XCTAssertEqual(guarded.clicked, 1)
    let guardedBounce = try run(.bounce, withModule: true, rules: "[bounce]\nprofile=bounce\n") { app in
      app.click("seven", count: 5, delayMs: 80)
      app.click("seven", count: 5, delayMs: 80)
    }
    XCTAssertEqual(guardedBounce.final["display"], "77")
    let listed = IgnoredClickCounts.readAll(in: counts)
    XCTAssertEqual(listed.map(\.program), ["bounce", "clickcount"])
    XCTAssertEqual(listed.map(\.ignored), [8, 4])
    // A second run of one program adds to its count.
    _ = try run(.clickcount, withModule: true) { $0.click("count", count: 3, delayMs: 80) }
    XCTAssertEqual(IgnoredClickCounts.readAll(in: counts).map(\.ignored), [8, 6])
    let text = try String(contentsOfFile: counts + "/clickcount.counts", encoding: .utf8)
    XCTAssertTrue(text.contains("program=clickcount"), text)
    XCTAssertFalse(text.contains("Count"), "no widget or label is kept: \(text)")
  }

  func testAnAppKilledWhileItCountsLeavesCountsThatStillRead() throws {
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["XDG_STATE_HOME": state.path], program: .clickcount)
    // The first write comes a few seconds after the first ignored click.
    app.click("count", count: 5, delayMs: 80)
    let file = counts + "/clickcount.counts"
    let deadline = Date().addingTimeInterval(Double(IgnoredClickCounts.writeDelayMs) / 1000 + 10)
    while IgnoredClickCounts.read(file) == nil, Date() < deadline { usleep(100_000) }
    XCTAssertEqual(IgnoredClickCounts.read(file)?.ignored(inLast: 7), 4)
    // Bursts, each followed by waiting a while into the next write, then
    // SIGKILL: whatever it interrupted, the file reads whole.
    for _ in 0..<3 { app.click("count", count: 5, delayMs: 80, settle: 0.1) }
    usleep(UInt32(IgnoredClickCounts.writeDelayMs) * 1000 - 300_000)
    for _ in 0..<2 { app.click("count", count: 5, delayMs: 40, settle: 0) }
    kill(app.pid, SIGKILL)
    _ = app.waitForExit()
    let counted = try XCTUnwrap(IgnoredClickCounts.read(file), "the counts file reads after SIGKILL")
    XCTAssertTrue([4, 16, 20, 24].contains(counted.ignored(inLast: 7)), "\(counted)")
    XCTAssertEqual(IgnoredClickCounts.readAll(in: counts).map(\.program), ["clickcount"])
  }
}
