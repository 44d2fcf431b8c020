// The rules file in a plain C GTK 3 app (Fixtures/clickcount.c) with the
// module, driven by real X input under Xvfb: a widget group exempts one
// button while its neighbour stays guarded, and a broken file warns once
// and leaves the app guarded with the defaults.

import ClickGuardTestSupport
import Foundation
import XCTest

final class RulesProcessTests: XCTestCase {
  override func setUpWithError() throws {
    try XDisplay.require()
  }

  /// Writes `text` to a new rules file in the scratch directory.
  private func rulesFile(_ text: String) throws -> URL {
    let url = ModuleHarness.scratch.appendingPathComponent("rules-\(UUID().uuidString).conf")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  private func messages(_ result: FixtureResult) -> [String] {
    result.stderr.split(separator: "\n").filter { $0.hasPrefix("ClickGuard-Message:") }.map(String.init)
  }

  func testAWidgetGroupExemptsOneButtonWhileItsNeighbourIsGuarded() throws {
    let rules = try rulesFile("[clickcount: label=Count]\npolicy=exempt\n")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    app.click("action", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 5)
    XCTAssertEqual(result.activated, 1)
    XCTAssertEqual(messages(result), [], result.stderr)
  }

  func testTheFileAtTheDefaultPlaceIsReadAndAStarGroupAppliesToEveryProgram() throws {
    let home = ModuleHarness.scratch.appendingPathComponent("config-\(UUID().uuidString)")
    let directory = home.appendingPathComponent("clickguard")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try "[*: label=Bump]\npolicy=exempt\n".write(
      to: directory.appendingPathComponent("clickguard.conf"), atomically: true, encoding: .utf8)
    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: ["XDG_CONFIG_HOME": home.path])
    app.click("count", count: 5)
    app.click("action", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1)
    XCTAssertEqual(result.activated, 5)
  }

  func testAWidgetsOwnModeObservesItWhileTheRestAreEnforced() throws {
    let rules = try rulesFile("[clickcount: label=Count]\nmode=observe\n")
    let log = ModuleHarness.scratch.appendingPathComponent("rules-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(),
      environment: ["CLICKGUARD_CONFIG": rules.path, "CLICKGUARD_LOG": log.path])
    app.click("count", count: 5)
    app.click("action", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 5)
    XCTAssertEqual(result.activated, 1)
    let outcomes = try JSONLines.objects(in: log).filter { $0["label"] as? String == "Count" }
      .map { $0["outcome"] as? String }
    XCTAssertEqual(outcomes, ["accepted"] + Array(repeating: "would-drop", count: 4))
  }

  func testABadValueWarnsOnceWithFileAndLineAndTheAppIsGuardedWithTheDefaults() throws {
    let rules = try rulesFile("# ClickGuard\n[default]\nmode=loud\n")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 1)
    let lines = messages(result)
    XCTAssertEqual(lines.count, 1, result.stderr)
    let line = lines.first ?? ""
    XCTAssertTrue(line.contains("\(rules.path):3:"), line)
    XCTAssertTrue(line.contains("mode=\"loud\""), line)
    XCTAssertTrue(line.contains("enforce, observe or off"), line)
  }

  func testAFileThatCannotBeParsedWarnsOnceAndTheAppIsGuardedWithTheDefaults() throws {
    let rules = try rulesFile("[clickcount: label=Count]\npolicy=exempt\nthis is not a key file\n")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 1)
    let lines = messages(result)
    XCTAssertEqual(lines.count, 1, result.stderr)
    XCTAssertTrue(lines.first?.contains("\(rules.path):3:") ?? false, result.stderr)
    XCTAssertTrue(lines.first?.contains("using the defaults throughout") ?? false, result.stderr)
  }

  func testAMissingNamedFileWarnsOnceAndTheAppIsGuarded() throws {
    let missing = ModuleHarness.scratch.appendingPathComponent("absent.conf").path
    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": missing])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1)
    let lines = messages(result)
    XCTAssertEqual(lines.count, 1, result.stderr)
    XCTAssertTrue(lines.first?.contains(missing) ?? false, result.stderr)
  }
}
