// The module never holds up its host: the C fixture app
// (Fixtures/clickcount.c) started without and then with the module, side by
// side, with CLICKGUARD_CONFIG at what a hostile user might name (a FIFO
// that no one writes, devices, huge files, rules files of many groups) and
// CLICKGUARD_LOG at a FIFO that no one reads. With the module, its window
// comes (a module that blocks fails after 5 s), one message names the
// problem, and the app is still guarded. What start-up costs is `make
// bench`'s, not timed here. The log's own rows (a full pipe,
// rotation) are LogFollowingTests.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class HostSafetyTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    try XDisplay.require()
    directory = ModuleHarness.scratch.appendingPathComponent("host-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: CLICKGUARD_CONFIG

  func testAConfigFIFOThatNoOneWritesIsRefusedAtOnce() throws {
    let fifo = directory.appendingPathComponent("config-fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    try assertRefusedConfig(fifo, saying: "it is a FIFO")
  }

  func testAConfigAtDevZeroIsRefusedAtOnce() throws {
    try assertRefusedConfig("/dev/zero", saying: "it is a character device")
  }

  func testAConfigAtDevFullIsRefusedAtOnce() throws {
    try assertRefusedConfig("/dev/full", saying: "it is a character device")
  }

  func testAConfigAtDevRandomIsRefusedAtOnce() throws {
    try assertRefusedConfig("/dev/random", saying: "it is a character device")
  }

  func testAConfigOf200MBIsRefusedUnread() throws {
    let sparse = directory.appendingPathComponent("sparse.conf").path
    let descriptor = open(sparse, O_WRONLY | O_CREAT, 0o644)
    XCTAssertEqual(ftruncate(descriptor, 200_000_000), 0)
    close(descriptor)
    try assertRefusedConfig(sparse, saying: "it is over 256 KiB")
  }

  func testAConfigOf2MBOfRandomBytesIsRefusedUnread() throws {
    let random = directory.appendingPathComponent("random.conf")
    try Data((0..<2_000_000).map { _ in UInt8.random(in: 0...255) }).write(to: random)
    try assertRefusedConfig(random.path, saying: "it is over 256 KiB")
  }

  func testARulesFileOf1000GroupsLeavesTheAppGuardedAndSilent() throws {
    try assertManyGroupsAreSilent(1_000)
  }

  func testARulesFileOf5000GroupsLeavesTheAppGuardedAndSilent() throws {
    try assertManyGroupsAreSilent(5_000)
  }

  func testARulesFileOf100000GroupsIsRefusedAsOver256KiB() throws {
    let rules = directory.appendingPathComponent("100000.conf")
    try RulesFileLimitTests.manyGroups(100_000).write(to: rules, atomically: true, encoding: .utf8)
    try assertRefusedConfig(rules.path, saying: "it is over 256 KiB")
  }

  // MARK: CLICKGUARD_LOG

  func testALogFIFOThatNoOneReadsIsRefusedAtOnce() throws {
    let fifo = directory.appendingPathComponent("log-fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let app = try HostStart.sideBySide(self, "log FIFO, no reader", ["CLICKGUARD_LOG": fifo])
    let result = HostStart.assertGuarded(app)
    let messages = HostStart.moduleMessages(result)
    XCTAssertEqual(messages.count, 1, result.stderr)
    for part in ["CLICKGUARD_LOG", fifo, "a FIFO that no process is reading", "decisions are not logged"] {
      XCTAssertTrue(messages.first?.contains(part) ?? false, "\(part): \(result.stderr)")
    }
  }

  // MARK: Helpers

  /// With `CLICKGUARD_CONFIG=path`: the window comes, one message naming the path, what it is and what is accepted,
  /// and the app guarded with the defaults.
  private func assertRefusedConfig(
    _ path: String, saying what: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let app = try HostStart.sideBySide(self, "config \(what)", ["CLICKGUARD_CONFIG": path], file: file, line: line)
    let result = HostStart.assertGuarded(app, file: file, line: line)
    let messages = HostStart.moduleMessages(result)
    XCTAssertEqual(messages.count, 1, result.stderr, file: file, line: line)
    for part in [path + ": is not read", what, "accepted: a regular file of at most 256 KiB"] {
      XCTAssertTrue(messages.first?.contains(part) ?? false, "\(part): \(result.stderr)", file: file, line: line)
    }
  }

  /// A valid rules file of `count` groups (none for the fixture): the
  /// window comes, no message, the app guarded.
  private func assertManyGroupsAreSilent(_ count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
    let rules = directory.appendingPathComponent("\(count).conf")
    try RulesFileLimitTests.manyGroups(count).write(to: rules, atomically: true, encoding: .utf8)
    let app = try HostStart.sideBySide(
      self, "rules file of \(count) groups", ["CLICKGUARD_CONFIG": rules.path], file: file, line: line)
    let result = HostStart.assertGuarded(app, file: file, line: line)
    XCTAssertEqual(HostStart.moduleMessages(result), [], result.stderr, file: file, line: line)
  }
}

/// Starting the fixture without and with the module, side by side, and what
/// the rows of HostSafetyTests and LogFollowingTests check after.
enum HostStart {
  /// Starts the fixture without the module, then with it, both with
  /// `environment`; checks that with the module its window came (a module
  /// that holds the app up fails this after 5 s: a hang, not a speed bound;
  /// start-up cost is `make bench`'s) and its peak memory is within
  /// 64 MiB of the plain one's (not under ASan); prints both.
  /// - Returns: the running app with the module.
  static func sideBySide(
    _ test: XCTestCase, _ row: String, _ environment: [String: String], file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> FixtureApp {
    let plain = try FixtureApp(modules: nil, environment: environment, readyWithin: 10)
    _ = plain.finish()
    let guarded = try FixtureApp(modules: try ModuleHarness.modulePath(), environment: environment, readyWithin: 5)
    let seconds = { (value: Double) in String(format: "%.2f s", value) }
    print(
      "\(row): window without the module \(seconds(plain.secondsToReady)), \(plain.peakResidentKiB / 1024) MiB; "
        + "with it \(seconds(guarded.secondsToReady)), \(guarded.peakResidentKiB / 1024) MiB")
    // Under make sanitize's ASan the module's freed memory stays in ASan's
    // quarantine and every allocation has redzones: its peak is ASan's.
    if ModuleHarness.asanRuntime == nil {
      XCTAssertLessThan(guarded.peakResidentKiB, plain.peakResidentKiB + 64 * 1024, row, file: file, line: line)
    }
    return guarded
  }

  /// A burst of five clicks on Count runs it once; then the app quits.
  static func assertGuarded(_ app: FixtureApp, file: StaticString = #filePath, line: UInt = #line) -> FixtureResult {
    app.click("count", count: 5)
    let result = app.finish(file: file, line: line)
    XCTAssertEqual(result.status, 0, file: file, line: line)
    XCTAssertEqual(result.clicked, 1, "a burst of 5 runs once", file: file, line: line)
    return result
  }

  /// The module's lines on stderr (GLib's log, domain ClickGuard).
  static func moduleMessages(_ result: FixtureResult) -> [String] {
    result.stderr.split(separator: "\n").filter { $0.hasPrefix("ClickGuard-") }.map(String.init)
  }
}
