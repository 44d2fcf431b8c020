// The rules file followed live: a plain C GTK 3 app (Fixtures/clickcount.c)
// with the module, driven by real X input under Xvfb, while the test rewrites
// its rules file as an editor would (a replacement renamed over it, or the
// file written in place). An extension of ModuleProcessTests, whose class
// tear-down removes the scratch directory.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

extension ModuleProcessTests {
  /// A rules file in a directory of its own, as the user's is.
  private func liveRulesFile(_ text: String) throws -> URL {
    let directory = ModuleHarness.scratch.appendingPathComponent("live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("clickguard.conf")
    try text.write(to: url, atomically: false, encoding: .utf8)
    return url
  }

  func testRulesAChangedFileReachesTheRunningAppWithinASecond() throws {
    let rules = try liveRulesFile("# my own comment\n[default]\nmode=enforce\n")
    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    let guarded = app.stdoutLines.count { $0.hasPrefix("clicked") }
    // A replacement renamed over the file, as most editors save.
    try "# my own comment\n[default]\nmode=off\n".write(to: rules, atomically: true, encoding: .utf8)
    usleep(1_000_000)
    app.click("count", count: 5)
    let unguarded = app.stdoutLines.count { $0.hasPrefix("clicked") } - guarded
    // Written in place, as `echo >` does.
    try "[default]\nmode=enforce\n".write(to: rules, atomically: false, encoding: .utf8)
    usleep(1_000_000)
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(guarded, 1, "5 clicks with mode=enforce")
    XCTAssertEqual(unguarded, 5, "5 clicks after mode=off was written: the control run, nothing dropped")
    XCTAssertEqual(result.clicked, 7, "5 clicks after mode=enforce came back")
    XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.hasPrefix("ClickGuard-Message:") }, [])
  }

  func testRulesABrokenFileKeepsTheLastGoodSettingsAndWarnsOnce() throws {
    let rules = try liveRulesFile("[default]\nmode=off\n")
    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: ["CLICKGUARD_CONFIG": rules.path])
    app.click("count", count: 5)
    try "[default]\nmode=enforce\n".write(to: rules, atomically: true, encoding: .utf8)
    usleep(1_000_000)
    app.click("count", count: 5)
    // Broken twice: one message, and enforce stays.
    try "[default\nmode=off\n".write(to: rules, atomically: true, encoding: .utf8)
    usleep(600_000)
    try "[default\nmode=off\n".write(to: rules, atomically: true, encoding: .utf8)
    usleep(1_000_000)
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 5 + 1 + 1, "off: 5 of 5; enforce: 1 of 5; broken file, still enforce: 1 of 5")
    let messages = result.stderr.split(separator: "\n").filter { $0.hasPrefix("ClickGuard-Message:") }
    XCTAssertEqual(messages.count, 1, result.stderr)
    XCTAssertTrue(messages.first?.contains("cannot be parsed") ?? false, result.stderr)
    XCTAssertTrue(messages.first?.contains("the settings in force stay") ?? false, result.stderr)
  }

  func testRulesAFileInADirectoryThatAppearsLaterIsFollowed() throws {
    let home = ModuleHarness.scratch.appendingPathComponent("later-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let app = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: ["XDG_CONFIG_HOME": home.path])
    app.click("count", count: 5)
    let directory = home.appendingPathComponent("clickguard")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try "[clickcount]\nmode=off\n".write(
      to: directory.appendingPathComponent("clickguard.conf"), atomically: true, encoding: .utf8)
    usleep(1_000_000)
    app.click("count", count: 5)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 1 + 5, "no file: 1 of 5; [clickcount] mode=off written: 5 of 5")
  }
}
