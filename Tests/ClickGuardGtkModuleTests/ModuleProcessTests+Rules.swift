// The rules file in a plain C GTK 3 app (Fixtures/clickcount.c) with the
// module, driven by real X input under Xvfb: a widget group exempts one
// button while its neighbour stays guarded, and a broken file warns once
// and leaves the app guarded with the defaults. An extension of
// ModuleProcessTests: its class tear-down removes the scratch directory and
// the compiled fixture all process tests share.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

extension ModuleProcessTests {
  /// Writes `text` to a new rules file in the scratch directory.
  private func rulesFile(_ text: String) throws -> URL {
    let url = ModuleHarness.scratch.appendingPathComponent("rules-\(UUID().uuidString).conf")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  private func moduleMessages(_ result: FixtureResult) -> [String] {
    result.stderr.split(separator: "\n").filter { $0.hasPrefix("ClickGuard-Message:") }.map(String.init)
  }

  func testRulesAWidgetGroupExemptsOneButtonWhileItsNeighbourIsGuarded() throws {
    let rules = try rulesFile("[clickcount: label=Count]\npolicy=exempt\n")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    app.click("action", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 5)
    XCTAssertEqual(result.activated, 1)
    XCTAssertEqual(moduleMessages(result), [], result.stderr)
  }

  func testRulesTheFileAtTheDefaultPlaceIsReadAndAStarGroupAppliesToEveryProgram() throws {
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

  func testRulesAWidgetsOwnModeObservesItWhileTheRestAreEnforced() throws {
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

  func testRulesABadValueWarnsOnceWithFileAndLineAndTheAppIsGuardedWithTheDefaults() throws {
    let rules = try rulesFile("# ClickGuard\n[default]\nmode=loud\n")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 1)
    let lines = moduleMessages(result)
    XCTAssertEqual(lines.count, 1, result.stderr)
    let line = lines.first ?? ""
    XCTAssertTrue(line.contains("\(rules.path):3:"), line)
    XCTAssertTrue(line.contains("mode=\"loud\""), line)
    XCTAssertTrue(line.contains("enforce, observe or off"), line)
  }

  func testRulesAFileThatCannotBeParsedWarnsOnceAndTheAppIsGuardedWithTheDefaults() throws {
    let rules = try rulesFile("[clickcount: label=Count]\npolicy=exempt\nthis is not a key file\n")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.clicked, 1)
    let lines = moduleMessages(result)
    XCTAssertEqual(lines.count, 1, result.stderr)
    XCTAssertTrue(lines.first?.contains("\(rules.path):3:") ?? false, result.stderr)
    XCTAssertTrue(lines.first?.contains("using the defaults throughout") ?? false, result.stderr)
  }

  func testRulesAMissingNamedFileWarnsOnceAndTheAppIsGuarded() throws {
    let missing = ModuleHarness.scratch.appendingPathComponent("absent.conf").path
    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": missing])
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1)
    let lines = moduleMessages(result)
    XCTAssertEqual(lines.count, 1, result.stderr)
    XCTAssertTrue(lines.first?.contains(missing) ?? false, result.stderr)
  }

  func testRulesAWidgetGroupTurnsTheFenceOffForOneKindOfContent() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("no /usr/bin/python3 (scripts/deps.sh installs python3-gi and gir1.2-gtk-3.0)")
    }
    // Without the rule the fence keeps this burst out of the dialog
    // (FenceModuleTests); with it, the clicks after the first confirm it.
    let rules = try rulesFile("[*: type=GtkDialog]\nfence=false\n")
    let log = ModuleHarness.scratch.appendingPathComponent("rules-\(UUID().uuidString).jsonl")
    let app = try FixtureApp(
      modules: try ModuleHarness.modulePath(),
      environment: ["CLICKGUARD_CONFIG": rules.path, "CLICKGUARD_LOG": log.path], program: .fence)
    app.click("delete", count: 5, delayMs: 90, settle: 1.0)
    let result = app.finish()
    XCTAssertGreaterThanOrEqual(result.final["confirmed"].flatMap { Int($0) } ?? 0, 1, result.stderr)
    let outcomes = try JSONLines.objects(in: log).compactMap { $0["outcome"] as? String }
    XCTAssertFalse(outcomes.contains { $0.hasSuffix("fence-drop") }, "\(outcomes)")
    XCTAssertEqual(moduleMessages(result), [], result.stderr)
  }
}
