// The GTK module injected into a plain C GTK 3 app (Fixtures/clickcount.c)
// through GTK3_MODULES, driven by real X input under Xvfb.

import ClickGuardTestSupport
import Foundation
import XCTest

final class ModuleProcessTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
  }

  override class func tearDown() {
    // The compiled fixture, its outputs, logs and module copies.
    try? FileManager.default.removeItem(at: ModuleHarness.scratch)
    super.tearDown()
  }

  func testWithoutTheModuleABurstRunsEveryClick() throws {
    let app = try FixtureApp(modules: nil)
    app.click("count", count: 5)
    app.click("action", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 5)
    XCTAssertEqual(result.activated, 5)
  }

  func testWithTheModuleABurstRunsOnceAndTheGActionFiresOnce() throws {
    let app = try FixtureApp(modules: try ModuleHarness.modulePath())
    app.click("count", count: 5)
    app.click("action", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 1)
    XCTAssertEqual(result.activated, 1)
    XCTAssertEqual(result.glibProblems, [])
    XCTAssertFalse(result.stderr.contains("ClickGuard-"), result.stderr)
  }

  func testAClickAfterTheIntervalRunsAgain() throws {
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_INTERVAL_MS": "200"])
    app.click("count", count: 3, delayMs: 60, settle: 0.5)
    app.click("count", count: 3, delayMs: 60, settle: 0.5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 2)
  }

  func testObserveModeRunsEveryClickAndLogsTheWouldBeDrops() throws {
    let log = ModuleHarness.scratch.appendingPathComponent("observe-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(),
      environment: ["CLICKGUARD_MODE": "observe", "CLICKGUARD_LOG": log.path])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 5)
    let records = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }
    XCTAssertEqual(records.count, 5)
    XCTAssertEqual(records.map { $0["outcome"] as? String }, ["accepted"] + Array(repeating: "would-drop", count: 4))
    for record in records {
      XCTAssertEqual(record["widget"] as? String, "GtkButton")
      XCTAssertEqual(record["action"] as? String, "clicked")
      XCTAssertEqual(record["source"] as? String, "user")
      XCTAssertEqual(record["program"] as? String, "clickcount")
      XCTAssertNotNil(record["event_time"] as? Int)
      XCTAssertNotNil(record["time"] as? String)
      XCTAssertNotNil(record["pid"] as? Int)
    }
    for record in records.dropFirst() {
      let reason = record["reason"] as? String
      XCTAssertTrue(["within-interval", "event-time", "busy"].contains(reason ?? ""), "\(record)")
    }
  }

  func testTheRadioGroupStillSwitches() throws {
    let app = try FixtureApp(modules: try ModuleHarness.modulePath())
    app.click("r2")
    app.click("r3")
    app.click("r1", settle: 0.1)  // quicker than the interval: toggles are not guarded
    app.click("r2", count: 3)
    let result = app.finish()
    XCTAssertEqual(result.final["active"], "r2")
    let toggles = result.lines.filter { $0.hasPrefix("toggled ") }
    let activations = toggles.map { $0.split(separator: " ") }.filter { $0[2] == "active=1" }.map { $0[1] }
    XCTAssertEqual(activations, ["r2", "r3", "r1", "r2"])
    for line in toggles {
      XCTAssertTrue(line.hasSuffix("group-active=1") || line.hasSuffix("group-active=0"), line)
    }
    XCTAssertEqual(result.glibProblems, [])
  }

  func testBadValuesWarnOnceEachAndTheAppIsGuardedWithTheDefaults() throws {
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(),
      environment: [
        "CLICKGUARD_INTERVAL_MS": "fast", "CLICKGUARD_MODE": "loud", "CLICKGUARD_PERIODIC_EVERY_MS": "-3",
      ])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 1)
    let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("ClickGuard-Message:") }
    XCTAssertEqual(warnings.count, 3, result.stderr)
    for (variable, value, accepted, defaultUsed) in [
      ("CLICKGUARD_INTERVAL_MS", "fast", "0 to 60000", "500"),
      ("CLICKGUARD_MODE", "loud", "enforce, observe or off", "enforce"),
      ("CLICKGUARD_PERIODIC_EVERY_MS", "-3", "10 to 600000", "1000"),
    ] {
      let lines = warnings.filter { $0.contains(variable + "=") }
      XCTAssertEqual(lines.count, 1, "\(variable): \(result.stderr)")
      let line = lines.first.map(String.init) ?? ""
      XCTAssertTrue(line.contains("\"\(value)\""), line)
      XCTAssertTrue(line.contains(accepted), line)
      XCTAssertTrue(line.contains("default, \(defaultUsed)"), line)
    }
  }

  func testAnUnwritableLogWarnsAndTheAppIsStillGuarded() throws {
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_LOG": "/nonexistent/dir/clicks.jsonl"])
    app.click("count", count: 4)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1)
    let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("ClickGuard-Message:") }
    XCTAssertEqual(warnings.count, 1, result.stderr)
    XCTAssertTrue(warnings.first?.contains("CLICKGUARD_LOG") ?? false, result.stderr)
    XCTAssertTrue(warnings.first?.contains("/nonexistent/dir/clicks.jsonl") ?? false, result.stderr)
  }

  func testAnAppThatNeverShowsAButtonIsUnaffected() throws {
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), arguments: ["--no-buttons"], waitForReady: false)
    let result = app.waitForExit()
    XCTAssertEqual(result.status, 0)
    XCTAssertNotNil(result.lines.first { $0.hasPrefix("ready") })
    XCTAssertEqual(result.final["clicked"], "0")
    XCTAssertEqual(result.stderr, "")
  }

  func testLoadingTheModuleTwiceIsHarmless() throws {
    let module = try ModuleHarness.modulePath()
    let app = try FixtureApp(modules: "\(module):\(module)")
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1)
    XCTAssertEqual(result.stderr, "")
  }

  func testASecondCopyOfTheModuleStaysIdle() throws {
    let module = try ModuleHarness.modulePath()
    let copy = ModuleHarness.scratch.appendingPathComponent("copy-\(UUID().uuidString).so")
    try FileManager.default.copyItem(atPath: module, toPath: copy.path)
    let log = ModuleHarness.scratch.appendingPathComponent("copies-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(modules: "\(module):\(copy.path)", environment: ["CLICKGUARD_LOG": log.path])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1)
    XCTAssertEqual(result.stderr, "")
    // One logger: each decision once.
    let records = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }
    XCTAssertEqual(records.count, 5)
  }

  func testAStallAfterEachClickDropsTheClicksQueuedBehindIt() throws {
    let log = ModuleHarness.scratch.appendingPathComponent("stall-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(),
      environment: ["CLICKGUARD_STALL_MS": "800", "CLICKGUARD_LOG": log.path])
    app.click("count", count: 5, delayMs: 100, settle: 1.0)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1)
    XCTAssertGreaterThanOrEqual(result.maxGap ?? 0, 750)
    let outcomes = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }.map {
      $0["outcome"] as? String
    }
    XCTAssertEqual(outcomes, ["accepted"] + Array(repeating: "dropped", count: 4))
  }

  func testPeriodicStallsBlockTheMainLoop() throws {
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(),
      environment: ["CLICKGUARD_PERIODIC_STALL_MS": "300", "CLICKGUARD_PERIODIC_EVERY_MS": "200"])
    usleep(1_200_000)
    app.click("count", count: 3, settle: 0.6)
    let result = app.finish()
    XCTAssertGreaterThanOrEqual(result.maxGap ?? 0, 280)
    XCTAssertEqual(result.clicked, 1)
  }
}
