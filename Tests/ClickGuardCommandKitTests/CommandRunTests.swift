// CommandRunTests: `clickguard run` guards a plain C GTK 3 app (the
// clickcount fixture, never compiled with ClickGuard) under Xvfb with real
// X input: a burst of five clicks runs once through `clickguard run`, five
// times without it; its settings reach the module; and the log it writes
// reads back through `clickguard report` with the counts seen, the fence's
// drops (fence.py, a PyGObject app) included.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class CommandRunTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
  }

  private func launcher(_ options: [String] = []) throws -> [String] {
    [try CommandHarness.path(), "run"] + options + ["--"]
  }

  func testWithoutClickGuardRunABurstRunsEveryClick() throws {
    let app = try FixtureApp(modules: nil)
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 5)
  }

  func testThroughClickGuardRunABurstRunsOnceAndTheLogReportsIt() throws {
    let log = ModuleHarness.scratch.appendingPathComponent("run-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: nil, environment: ["CLICKGUARD_MODULE": try ModuleHarness.modulePath()],
      launcher: try launcher(["--log", log.path]))
    app.click("count", count: 5)
    let result = app.finish()
    // The app's own exit status: clickguard ran it in its place.
    XCTAssertEqual(result.status, 0)
    XCTAssertFalse(result.signaled)
    XCTAssertEqual(result.clicked, 1)

    let report = try CommandHarness.run(["report", "--json", log.path])
    XCTAssertEqual(report.status, 0, report.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let widgets = try XCTUnwrap(json["widgets"] as? [[String: Any]])
    let count = try XCTUnwrap(widgets.first { ($0["widget"] as? [String: Any])?["label"] as? String == "Count" })
    XCTAssertEqual((count["widget"] as? [String: Any])?["program"] as? String, "clickcount")
    XCTAssertEqual(count["accepted"] as? Int, 1)
    XCTAssertEqual((count["dropped"] as? [String: Int])?.values.reduce(0, +), 4, "\(count)")
    XCTAssertEqual((json["badLines"] as? [Any])?.count, 0)
    let text = try CommandHarness.run(["report", log.path])
    XCTAssertTrue(text.stdout.contains("\"Count\" GtkButton"), text.stdout)
  }

  func testClickGuardRunPassesItsSettingsToTheModule() throws {
    // Observe: every click runs, and the four repeats are logged as
    // would-drop.
    let log = ModuleHarness.scratch.appendingPathComponent("observe-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: nil, environment: ["CLICKGUARD_MODULE": try ModuleHarness.modulePath()],
      launcher: try launcher(["--observe", "--log", log.path]))
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 5)
    let outcomes = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }.map {
      $0["outcome"] as? String
    }
    XCTAssertEqual(outcomes, ["accepted"] + Array(repeating: "would-drop", count: 4))

    // A short interval: two bursts well apart run twice.
    let short = try FixtureApp(
      modules: nil, environment: ["CLICKGUARD_MODULE": try ModuleHarness.modulePath()],
      launcher: try launcher(["--interval-ms", "200"]))
    short.click("count", count: 3, delayMs: 60, settle: 0.5)
    short.click("count", count: 3, delayMs: 60, settle: 0.5)
    XCTAssertEqual(short.finish().clicked, 2)
  }

  func testTheFencesDropsInARealLogAreCountedOnTheWidgetTheyWereAimedAt() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("no /usr/bin/python3 (scripts/deps.sh installs python3-gi and gir1.2-gtk-3.0)")
    }
    // A burst on "Next" switches a notebook page under the pointer: the
    // presses that follow are aimed at the new page's button and fenced.
    let log = ModuleHarness.scratch.appendingPathComponent("fence-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: nil, environment: ["CLICKGUARD_MODULE": try ModuleHarness.modulePath()], program: .fence,
      launcher: try launcher(["--log", log.path]))
    app.click("next", count: 5, delayMs: 90, settle: 1.0)
    _ = app.finish()

    let report = try CommandHarness.run(["report", "--json", log.path])
    XCTAssertEqual(report.status, 0, report.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let widgets = try XCTUnwrap(json["widgets"] as? [[String: Any]])
    let page = try XCTUnwrap(widgets.first { ($0["widget"] as? [String: Any])?["label"] as? String == "Page action" })
    XCTAssertEqual((page["fenceDropped"] as? [String: Int])?.values.reduce(0, +), 4, "\(page)")
    XCTAssertEqual((json["badLines"] as? [Any])?.count, 0)
    XCTAssertEqual((json["suggestedRules"] as? [Any])?.count, 0)
    let text = try CommandHarness.run(["report", log.path])
    XCTAssertTrue(text.stdout.contains("\"Page action\" GtkButton"), text.stdout)
    XCTAssertTrue(text.stdout.contains("fenced: "), text.stdout)
  }
}
