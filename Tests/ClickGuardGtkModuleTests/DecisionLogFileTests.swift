// The decision log's file in-process, without a display: a FIFO that no one
// reads is refused, a reader that goes away gives EPIPE instead of the
// SIGPIPE that would end the process, and a file deleted or replaced at its
// path is reopened there; and a writer killed with SIGKILL at each of its
// file calls (SyscallKills, on this test bundle run again for one test)
// leaves every earlier line and only whole lines after them.

import ClickGuardTestSupport
import Foundation
import XCTest

@testable import ClickGuardGtk

final class DecisionLogFileTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-logfile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  func testAFIFOThatNoOneReadsIsRefusedAtOnce() throws {
    let fifo = directory.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertThrowsError(try DecisionLogFile(name: ByteString(fifo))) { error in
      XCTAssertTrue("\(error)".contains("it is a FIFO that no process is reading"), "\(error)")
    }
  }

  /// Without the shield this test process would die of SIGPIPE.
  func testAReaderThatGoesAwayGivesABrokenPipeAndOneThatComesBackGetsTheNextLine() throws {
    let fifo = directory.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    var reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    let file = try DecisionLogFile(name: ByteString(fifo))
    XCTAssertEqual(file.append("one"), .written)
    close(reader)
    XCTAssertEqual(file.append("two"), .lost(String(cString: strerror(EPIPE))))
    reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    defer { close(reader) }
    XCTAssertEqual(file.append("three"), .written)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    // The pipe kept what the first reader left unread; "two" is lost.
    XCTAssertEqual(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self), "one\nthree\n")
  }

  /// A line longer than the room left in a full pipe is begun, and its rest
  /// goes before the next line: the reader gets whole lines only.
  func testALineAPipeTakesOnlyPartOfIsFinishedBeforeTheNextOne() throws {
    let fifo = directory.appendingPathComponent("fifo").path
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    defer { close(reader) }
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
    XCTAssertEqual(fcntl(reader, setPipeSize, 8192), 8192)
    let file = try DecisionLogFile(name: ByteString(fifo))
    let long = [String(repeating: "a", count: 5_000), String(repeating: "b", count: 6_000)]
    var outcomes = long.map { file.append($0) }
    outcomes.append(file.append("while full"))
    XCTAssertEqual(outcomes.last, .lost("the reader is not keeping up (\(String(cString: strerror(EAGAIN))))"))
    var received = Self.drain(reader)
    outcomes.append(file.append("after"))
    received += Self.drain(reader)
    let sent = long + ["while full", "after"]
    let written = zip(sent, outcomes).filter { $0.1 == .written }.map(\.0)
    XCTAssertEqual(String(decoding: received, as: UTF8.self), written.map { $0 + "\n" }.joined())
    XCTAssertTrue(written.contains("after"))
  }

  private static func drain(_ reader: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[..<count]
    }
  }

  func testAFileDeletedOrReplacedIsReopenedAtItsPath() throws {
    let path = directory.appendingPathComponent("clicks.jsonl").path
    let file = try DecisionLogFile(name: ByteString(path), checkEvery: .zero)
    XCTAssertNil(file.followPath(at: ClickInstant(sinceOrigin: .zero)))
    XCTAssertEqual(file.append("one"), .written)
    XCTAssertEqual(unlink(path), 0)
    XCTAssertEqual(file.followPath(at: ClickInstant(sinceOrigin: .zero)), .recreated)
    XCTAssertEqual(file.append("two"), .written)
    XCTAssertEqual(rename(path, path + ".1"), 0)
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
    XCTAssertEqual(file.followPath(at: ClickInstant(sinceOrigin: .zero)), .replaced)
    XCTAssertEqual(file.append("three"), .written)
    XCTAssertNil(file.followPath(at: ClickInstant(sinceOrigin: .zero)))
    XCTAssertEqual(try String(contentsOfFile: path + ".1", encoding: .utf8), "two\n")
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "three\n")
  }

  func testAPathThatCannotBeOpenedAgainLosesLinesUntilItCan() throws {
    let folder = directory.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("clicks.jsonl").path
    let file = try DecisionLogFile(name: ByteString(path), checkEvery: .zero)
    try FileManager.default.removeItem(at: folder)
    XCTAssertNil(file.followPath(at: ClickInstant(sinceOrigin: .zero)))
    XCTAssertEqual(file.append("lost"), .lost(String(cString: strerror(ENOENT))))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    XCTAssertNil(file.followPath(at: ClickInstant(sinceOrigin: .zero)))
    XCTAssertEqual(file.append("back"), .written)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "back\n")
  }

  /// The variable that names the log ``testLinesAreAppendedAfterWhatTheLogHolds()``
  /// writes to, when this bundle is run again as the writer to kill.
  private static let killedLogVariable = "CLICKGUARD_TEST_KILLED_LOG"

  /// What the log holds before the writer starts: another process's lines.
  private static let earlierLines = Data(
    (#"{"program":"gedit","outcome":"dropped","reason":"interval"}"# + "\n"
      + #"{"program":"gedit","outcome":"accepted","reason":"first"}"# + "\n").utf8)

  /// The lines the writer appends, as the log writes them: one line each.
  private static let appendedLines = (1...4).map { #"{"program":"mousepad","outcome":"dropped","press":\#($0)}"# }

  /// Four lines appended to a log that holds two: it holds the six. Run
  /// again by the kill test (with ``killedLogVariable`` naming a log that
  /// holds the two), it is the writer that is killed.
  func testLinesAreAppendedAfterWhatTheLogHolds() throws {
    let given = ProcessInfo.processInfo.environment[Self.killedLogVariable]
    let path = given ?? directory.appendingPathComponent("clicks.jsonl").path
    if given == nil { try Self.earlierLines.write(to: URL(fileURLWithPath: path)) }
    let file = try DecisionLogFile(name: ByteString(path))
    for line in Self.appendedLines { XCTAssertEqual(file.append(line), .written) }
    let expected = Self.earlierLines + Data(Self.appendedLines.map { $0 + "\n" }.joined().utf8)
    XCTAssertEqual(FileManager.default.contents(atPath: path), expected)
  }

  /// Killed on entering its open of the log and each of its writes (counted
  /// on the log alone), the writer leaves the earlier lines and the new lines
  /// written before: never a torn line, never an earlier line lost.
  func testAWriterKilledAtEachFileCallLeavesEveryEarlierLineAndOnlyWholeLines() throws {
    guard SyscallKills.isAvailable else { throw XCTSkip("strace is not installed (scripts/deps.sh installs it)") }
    let bundle = CommandLine.arguments[0]
    let arguments = ["ClickGuardGtkModuleTests.DecisionLogFileTests/testLinesAreAppendedAfterWhatTheLogHolds"]
    let path = directory.appendingPathComponent("clicks.jsonl").path
    var environment = ProcessInfo.processInfo.environment
    environment[Self.killedLogVariable] = path
    let lines = Self.appendedLines.count
    let points =
      [KillPoint(syscall: "openat", occurrence: 1)] + (1...lines).map { KillPoint(syscall: "write", occurrence: $0) }
    for (written, point) in points.enumerated() {
      try Self.earlierLines.write(to: URL(fileURLWithPath: path))
      XCTAssertTrue(
        try SyscallKills.run(bundle, arguments, environment: environment, killedAt: point, countingOnly: path),
        "\(point) of the log was reached")
      let expected =
        Self.earlierLines + Data(Self.appendedLines.prefix(max(written - 1, 0)).map { $0 + "\n" }.joined().utf8)
      let after = FileManager.default.contents(atPath: path) ?? Data()
      XCTAssertEqual(
        after, expected,
        "killed at \(point): the log is not its earlier lines and the whole lines written before: \(String(decoding: after, as: UTF8.self))"
      )
    }
    try Self.earlierLines.write(to: URL(fileURLWithPath: path))
    let beyond = KillPoint(syscall: "write", occurrence: lines + 1)
    XCTAssertFalse(
      try SyscallKills.run(bundle, arguments, environment: environment, killedAt: beyond, countingOnly: path),
      "the writer writes each line with one write: there is no \(beyond)")
    print(
      "DecisionLogFileTests: the log, killed at \(points) and not reaching \(beyond): earlier lines and whole new ones each time"
    )
  }
}
