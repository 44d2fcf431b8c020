// The decision log's file in-process, without a display: a FIFO that no one
// reads is refused, a reader that goes away gives EPIPE instead of the
// SIGPIPE that would end the process, and a file deleted or replaced at its
// path is reopened there.

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
}
