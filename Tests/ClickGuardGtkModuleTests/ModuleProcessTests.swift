// The GTK module injected into a plain C GTK 3 app (Fixtures/clickcount.c)
// through GTK3_MODULES, driven by real X input under Xvfb.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class ModuleProcessTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
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
    XCTAssertEqual(result.radiosActivated, ["r2", "r3", "r1", "r2"])
    XCTAssertEqual(result.brokenRadioGroupLines, [])
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

  /// The app's classes stay its own: the module creates no GtkButton class
  /// before the app makes a button (an app looking up `clicked` that early
  /// gets what it gets without the module), and still guards once it does.
  func testTheModuleCreatesNoButtonClassBeforeTheAppDoes() throws {
    for modules in [nil, try ModuleHarness.modulePath()] {
      let app = try FixtureApp(modules: modules)
      app.click("count", count: 5)
      let result = app.finish()
      XCTAssertEqual(result.lines.first, "early button-class=0", "modules: \(modules ?? "none")")
      XCTAssertEqual(result.clicked, modules == nil ? 5 : 1)
    }
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
      environment: ["CLICKGUARD_PERIODIC_STALL_MS": "300", "CLICKGUARD_PERIODIC_EVERY_MS": "400"])
    usleep(1_200_000)
    app.click("count", count: 3, settle: 0.6)
    let result = app.finish()
    XCTAssertGreaterThanOrEqual(result.maxGap ?? 0, 280)
    XCTAssertEqual(result.clicked, 1)
  }

  // MARK: The host stays as it was

  /// Loading the module leaves every crash signal at its default and the
  /// process dumpable, as without it: the Swift runtime's crash handler is
  /// given back.
  func testTheModuleLeavesCrashHandlingAsItWas() throws {
    let plain = try FixtureApp(modules: nil)
    let withModule = try FixtureApp(modules: try ModuleHarness.modulePath())
    _ = plain.finish()
    _ = withModule.finish()
    XCTAssertEqual(plain.readyFields["crash-defaults"], "7")
    XCTAssertEqual(withModule.readyFields["crash-defaults"], plain.readyFields["crash-defaults"])
    XCTAssertEqual(withModule.readyFields["dumpable"], plain.readyFields["dumpable"])
  }

  /// A C app that stops at its first Gtk-CRITICAL under
  /// `G_DEBUG=fatal-criticals` stops the same way with the module loaded.
  func testAFatalCriticalEndsTheAppAsWithoutTheModule() throws {
    let environment = ["G_DEBUG": "fatal-criticals"]
    let plain = try FixtureApp(modules: nil, environment: environment, arguments: ["--critical"]).waitForExit()
    let withModule = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: environment, arguments: ["--critical"]
    ).waitForExit()
    XCTAssertTrue(plain.signaled, "without the module: \(plain.status) \(plain.stderr)")
    XCTAssertEqual(plain.status, SIGTRAP)
    XCTAssertEqual(withModule.signaled, plain.signaled, withModule.stderr)
    XCTAssertEqual(withModule.status, plain.status, withModule.stderr)
    XCTAssertFalse(withModule.stderr.contains("Program crashed"), withModule.stderr)
  }

  /// A C app that crashes dies of the same signal with the module loaded.
  func testACrashEndsTheAppAsWithoutTheModule() throws {
    let plain = try FixtureApp(modules: nil, arguments: ["--crash"]).waitForExit()
    let withModule = try FixtureApp(modules: try ModuleHarness.modulePath(), arguments: ["--crash"]).waitForExit()
    XCTAssertTrue(plain.signaled)
    XCTAssertEqual(plain.status, SIGSEGV)
    XCTAssertEqual(withModule.signaled, plain.signaled, withModule.stderr)
    XCTAssertEqual(withModule.status, plain.status, withModule.stderr)
    XCTAssertFalse(withModule.stderr.contains("Program crashed"), withModule.stderr)
  }

  // MARK: Nested loops and failed writes

  /// A `clicked` handler that pumps a nested main loop for 1.5 s: a burst of
  /// 10 re-enters it without the module, and runs it once, never nested,
  /// with it.
  func testAHandlerWithANestedLoopRunsOnceWithTheModule() throws {
    let plain = try FixtureApp(modules: nil, arguments: ["--pump-ms", "1500"])
    plain.click("count", count: 10, settle: 2.0)
    let unguarded = plain.finish()
    XCTAssertGreaterThan(unguarded.maxDepth ?? 0, 1, "without the module the burst re-enters the handler")

    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), arguments: ["--pump-ms", "1500"])
    app.click("count", count: 10, settle: 2.0)
    let guarded = app.finish()
    XCTAssertEqual(guarded.clicked, 1)
    XCTAssertEqual(guarded.maxDepth, 1)
  }

  /// A decision log on a full device: every write fails (ENOSPC); that is
  /// said once, with the path and the reason, and the app is still guarded.
  func testALogOnAFullDeviceWarnsOnce() throws {
    let device = ModuleHarness.scratch.appendingPathComponent("full").path
    // Character device 1:7, /dev/full (makedev(1, 7) is a C macro).
    guard mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 else {
      throw XCTSkip("cannot make a device node here (mknod: \(String(cString: strerror(errno))))")
    }
    defer { unlink(device) }
    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_LOG": device])
    app.click("count", count: 5)
    app.click("count", count: 1, settle: 0.8)
    app.click("count", count: 1)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 3, "guarded: one for the burst, one for each click after it")
    let messages = result.stderr.split(separator: "\n").filter { $0.contains("cannot write the decision log") }
    XCTAssertEqual(messages.count, 1, result.stderr)
    XCTAssertTrue(messages.first?.contains(device) ?? false, result.stderr)
    XCTAssertTrue(messages.first?.contains(String(cString: strerror(ENOSPC))) ?? false, result.stderr)
    var status = stat()
    XCTAssertEqual(stat(device, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "the device node is still a device node")
  }

  // MARK: More ways to act twice

  /// A menu item's accelerator pressed five times, 80 ms apart, exports five
  /// times without the module and once with it.
  func testAMenuAcceleratorBurstRunsOnceWithTheModule() throws {
    // xdotool waits its delay after each key event, press and release: 40 ms
    // puts the presses about 80 ms apart.
    let plain = try FixtureApp(modules: nil)
    plain.key("ctrl+e", count: 5, delayMs: 40)
    XCTAssertEqual(plain.finish().exported, 5, "without the module every press exports")

    let app = try FixtureApp(modules: try ModuleHarness.modulePath())
    app.key("ctrl+e", count: 5, delayMs: 40)
    XCTAssertEqual(app.finish().exported, 1)
  }

  /// Holding an accelerator down repeats it on purpose (holding Ctrl+Z undoes
  /// again and again): the module lets the auto-repeat through.
  func testAHeldAcceleratorKeepsRepeatingWithTheModule() throws {
    let plain = try FixtureApp(modules: nil)
    plain.hold("ctrl+z", seconds: 2.5)
    let without = plain.finish().undone ?? 0
    XCTAssertGreaterThan(without, 10, "the X server auto-repeats a held key")

    let app = try FixtureApp(modules: try ModuleHarness.modulePath())
    app.hold("ctrl+z", seconds: 2.5)
    let with = app.finish().undone ?? 0
    XCTAssertGreaterThan(with, 10)
    XCTAssertLessThanOrEqual(abs(with - without), max(5, without / 5), "about as many with the module as without")
  }

  /// A GtkSwitch has no `clicked`: under the module its changes run, and the
  /// log says `passed` (switches are skipped), as the docs promise.
  func testASwitchIsLoggedAsPassed() throws {
    let log = ModuleHarness.scratch.appendingPathComponent("switch-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(),
      environment: ["CLICKGUARD_MODE": "observe", "CLICKGUARD_LOG": log.path])
    app.click("switch", count: 1, settle: 0.6)
    let result = app.finish()
    XCTAssertEqual(result.switched, 1)
    let lines = try JSONLines.objects(in: log).filter { $0["widget"] as? String == "GtkSwitch" }
    XCTAssertEqual(lines.count, 1, "\(lines)")
    XCTAssertEqual(lines.first?["outcome"] as? String, "passed")
    XCTAssertEqual(lines.first?["reason"] as? String, "kind-skipped")
    XCTAssertEqual(lines.first?["kind"] as? String, "switch")
  }
}
