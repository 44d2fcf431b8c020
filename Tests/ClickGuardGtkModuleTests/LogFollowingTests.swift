// The decision log never holds up its host and follows its path: the C
// fixture app (Fixtures/clickcount.c) with the module, its CLICKGUARD_LOG a
// FIFO whose reader falls behind, or a file deleted or rotated away while
// the app runs. Real clicks under Xvfb; each row also starts the app
// without the module, side by side (HostStart).

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class LogFollowingTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    try XDisplay.require()
    directory = ModuleHarness.scratch.appendingPathComponent("logs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A reader that stops reading: the pipe fills up, lines are dropped and
  /// counted, clicks are still judged and the main loop never waits; once
  /// the reader drains the pipe, the next line is written and the loss is
  /// reported once, with its count.
  func testALogFIFOWhoseReaderFallsBehindDropsLinesAndNeverStallsTheApp() throws {
    let fifo = directory.appendingPathComponent("log-fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    XCTAssertGreaterThanOrEqual(reader, 0)
    defer { close(reader) }
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
    XCTAssertEqual(fcntl(reader, setPipeSize, 4096), 4096, "a one-page pipe: ten lines fill it")
    let app = try HostStart.sideBySide(self, "log FIFO, reader behind", ["CLICKGUARD_LOG": fifo])
    for _ in 0..<4 { app.click("count", count: 5, settle: 0.8) }  // 20 lines, some 8 KB
    let kept = Self.drain(reader)
    let keptClicks = kept.filter(Self.isCountLine).count
    XCTAssertGreaterThan(keptClicks, 0)
    XCTAssertLessThan(keptClicks, 20, "the pipe holds fewer than 20 lines")
    app.click("count", settle: 0.8)
    let after = Self.drain(reader)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 5, "one per burst, and the click after")
    XCTAssertLessThan(result.maxGap ?? .max, 250, "the main loop never waited for the reader")
    for line in kept + after {
      XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), "a whole line: \(line)")
    }
    XCTAssertEqual(after.count, 1, "the line after the reader caught up")
    let messages = HostStart.moduleMessages(result)
    XCTAssertEqual(messages.count, 2, result.stderr)
    XCTAssertTrue(messages.first?.contains("cannot write the decision log to \(fifo)") ?? false, result.stderr)
    XCTAssertTrue(messages.first?.contains("the reader is not keeping up") ?? false, result.stderr)
    let lost = 20 - keptClicks
    XCTAssertTrue(
      messages.last?.contains("written to \(fifo) again; \(lost) line\(lost == 1 ? " was" : "s were") lost") ?? false,
      result.stderr)
  }

  /// The log file deleted while the app runs: the next line makes it again
  /// at its path, which is said once, and the lines after it land there.
  func testALogDeletedWhileTheAppRunsIsMadeAgainAtItsPath() throws {
    let log = directory.appendingPathComponent("clicks.jsonl").path
    let app = try HostStart.sideBySide(self, "log deleted", ["CLICKGUARD_LOG": log])
    app.click("count", settle: 0.8)
    XCTAssertEqual(try Self.lines(log).count, 1)
    XCTAssertEqual(unlink(log), 0)
    app.click("count", settle: 0.8)
    XCTAssertEqual(try? Self.lines(log).count, 1, "made again with the next line")
    app.click("count", settle: 0.8)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 3)
    XCTAssertEqual(try? Self.lines(log).count, 2)
    let messages = HostStart.moduleMessages(result)
    XCTAssertEqual(messages.count, 1, result.stderr)
    XCTAssertTrue(messages.first?.contains("the decision log \(log) was deleted or moved away") ?? false, result.stderr)
  }

  /// logrotate's default (`create`): the file renamed, a new one made at
  /// the path. Within a second the module notices, says so once, and the
  /// following lines go to the new file; the rotated one keeps its lines.
  func testALogRotatedByRenameAndCreateGoesOnInTheNewFile() throws {
    let log = directory.appendingPathComponent("clicks.jsonl").path
    let rotated = log + ".1"
    let app = try HostStart.sideBySide(self, "log rotated (rename, create)", ["CLICKGUARD_LOG": log])
    app.click("count", settle: 0.8)
    XCTAssertEqual(rename(log, rotated), 0)
    let created = open(log, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    XCTAssertGreaterThanOrEqual(created, 0)
    close(created)
    usleep(1_100_000)  // the path is compared with the open file at most once a second
    app.click("count", settle: 0.8)
    app.click("count", settle: 0.8)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 3)
    XCTAssertEqual(try? Self.lines(rotated).count, 1)
    XCTAssertEqual(try? Self.lines(log).count, 2, "the new file gets the following lines")
    let messages = HostStart.moduleMessages(result)
    XCTAssertEqual(messages.count, 1, result.stderr)
    XCTAssertTrue(messages.first?.contains("the decision log \(log) was replaced") ?? false, result.stderr)
  }

  /// The file renamed and nothing made in its place (`mv`, logrotate
  /// `nocreate`): the module makes a new one at the path.
  func testALogRenamedAwayIsMadeAgainAtItsPath() throws {
    let log = directory.appendingPathComponent("clicks.jsonl").path
    let moved = log + ".old"
    let app = try HostStart.sideBySide(self, "log renamed away", ["CLICKGUARD_LOG": log])
    app.click("count", settle: 0.8)
    XCTAssertEqual(rename(log, moved), 0)
    usleep(1_100_000)
    app.click("count", settle: 0.8)
    let result = app.finish()
    XCTAssertEqual(result.clicked, 2)
    XCTAssertEqual(try? Self.lines(moved).count, 1)
    XCTAssertEqual(try? Self.lines(log).count, 1, "a new file at the path gets the following line")
    let messages = HostStart.moduleMessages(result)
    XCTAssertEqual(messages.count, 1, result.stderr)
    XCTAssertTrue(messages.first?.contains("was deleted or moved away") ?? false, result.stderr)
  }

  // MARK: Helpers

  /// The lines about Count in the file at `path` (the radio group logs
  /// two of its own at start-up).
  private static func lines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init).filter(isCountLine)
  }

  private static func isCountLine(_ line: String) -> Bool {
    line.contains(#""label":"Count""#)
  }

  /// Reads what the pipe holds now, without waiting, as lines; a line cut
  /// short would show as one that is not JSON.
  private static func drain(_ reader: Int32) -> [String] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
