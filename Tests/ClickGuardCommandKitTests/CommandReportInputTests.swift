// CommandReportInputTests: the built `clickguard report` facing hostile
// input, every run under a deadline: it streams a 300 MB log in bounded
// memory (peak resident memory: VmHWM from /proc) with the right totals,
// reads a pipe, `-` and a FIFO, counts an overlong line as one bad line,
// and refuses devices and directories at once. No display needed.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class CommandReportInputTests: XCTestCase {
  /// sample.log's decisions and bad lines.
  private static let sampleDecisions = 31
  private static let sampleBadLines = 3

  func testReportStreamsA300MBLogInUnder100MBWithTheRightTotals() throws {
    let block = try Data(contentsOf: Self.sampleDecisionLog)
    let copies = 300 * 1024 * 1024 / block.count + 1
    let log = ModuleHarness.scratch.appendingPathComponent("big-\(UUID().uuidString).log")
    XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    // Written fast: 1000 copies of the sample at a time.
    var chunk = Data()
    chunk.reserveCapacity(block.count * 1000)
    for _ in 0..<1000 { chunk.append(block) }
    var written = 0
    while written < copies {
      let count = min(1000, copies - written)
      try handle.write(contentsOf: count == 1000 ? chunk : chunk.prefix(block.count * count))
      written += count
    }
    try handle.close()

    let output = try RawCommand.clickguard([bytes("report"), bytes("--json"), bytes(log.path)], timeout: 300)
    XCTAssertFalse(output.timedOut)
    XCTAssertEqual(output.status, 0, output.stderr)
    let report = try json(output)
    XCTAssertEqual(report["decisions"] as? Int, Self.sampleDecisions * copies)
    XCTAssertEqual(report["badLineCount"] as? Int, Self.sampleBadLines * copies)
    XCTAssertEqual((report["badLines"] as? [Any])?.count, 20, "the first 20 bad lines are listed")
    let widgets = try XCTUnwrap(report["widgets"] as? [[String: Any]])
    let seven = try XCTUnwrap(widgets.first { ($0["widget"] as? [String: Any])?["label"] as? String == "7" })
    XCTAssertEqual(seven["accepted"] as? Int, copies)
    XCTAssertEqual(seven["wouldDrop"] as? [String: Int], ["within-interval": 7 * copies])
    print(
      "report on \(block.count * copies) bytes: \(output.seconds) s, VmHWM \(output.peakKiB) KiB "
        + "(ru_maxrss \(output.maxrssKiB) KiB, with this test process's memory at the spawn)")
    XCTAssertGreaterThan(output.peakKiB, 0, "VmHWM read")
    XCTAssertLessThan(output.peakKiB, 100 * 1024, "peak resident memory")
  }

  func testReportReadsAPipeAndDashAsAStream() throws {
    let block = try Data(contentsOf: Self.sampleDecisionLog)
    let copies = 2000
    for arguments in [[bytes("report"), bytes("--json")], [bytes("report"), bytes("--json"), bytes("-")]] {
      let output = try RawCommand.clickguard(
        arguments,
        input: .pipe { end in
          for _ in 0..<copies { block.withUnsafeBytes { _ = Foundation.write(end, $0.baseAddress, $0.count) } }
        })
      XCTAssertEqual(output.status, 0, output.stderr)
      let report = try json(output)
      XCTAssertEqual(report["decisions"] as? Int, Self.sampleDecisions * copies)
      XCTAssertEqual(report["sources"] as? [String], ["-"])
    }
  }

  func testReportWaitsForAFIFOsWriterWithoutHangingAtOpen() throws {
    let fifo = try directory() + bytes("/log.fifo")
    XCTAssertEqual(mkfifo(cString(fifo), 0o644), 0)
    let path = String(decoding: fifo, as: UTF8.self)
    let sample = Self.sampleDecisionLog.path
    // The writer comes a moment later, as a person's `cat log > fifo` would.
    Thread {
      usleep(300_000)
      _ = ChildProcess.output(of: "/bin/sh", ["-c", "cat '\(sample)' > '\(path)'"])
    }.start()
    let output = try RawCommand.clickguard([bytes("report"), fifo], timeout: 10)
    XCTAssertFalse(output.timedOut)
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertTrue(output.text.hasPrefix("ClickGuard report: 31 decisions from \(path)"), output.text)
  }

  func testReportRefusesDevicesAndDirectoriesAtOnce() throws {
    let accepted = "(accepted: a regular file, a FIFO or pipe, or - for standard input)"
    for path in ["/dev/zero", "/dev/urandom", "/tmp"] {
      let output = try RawCommand.clickguard([bytes("report"), bytes(path)], timeout: 5)
      XCTAssertFalse(output.timedOut, "\(path): still running after 5 s")
      XCTAssertEqual(output.status, 2, "\(path): \(output.stderr)")
      XCTAssertTrue(output.stderr.contains("report: \(path) is a "), output.stderr)
      XCTAssertTrue(output.stderr.contains(accepted), output.stderr)
      XCTAssertTrue(output.stdout.isEmpty, "\(path): no summary: \(output.text)")
      XCTAssertLessThan(output.peakKiB, 100 * 1024)
    }
    // A device among good files: refused before anything is read.
    let mixed = try RawCommand.clickguard(
      [bytes("report"), bytes(Self.sampleDecisionLog.path), bytes("/dev/zero")], timeout: 5)
    XCTAssertEqual(mixed.status, 2, mixed.stderr)
    XCTAssertTrue(mixed.stdout.isEmpty, mixed.text)
    // After a FIFO with no writer: still refused at once (the check opens
    // nothing; today's code hung in the FIFO's open).
    let fifo = try directory() + bytes("/no-writer.fifo")
    XCTAssertEqual(mkfifo(cString(fifo), 0o644), 0)
    let afterFIFO = try RawCommand.clickguard([bytes("report"), fifo, bytes("/dev/zero")], timeout: 5)
    XCTAssertFalse(afterFIFO.timedOut)
    XCTAssertEqual(afterFIFO.status, 2, afterFIFO.stderr)
    // A device on standard input.
    let piped = try RawCommand.clickguard([bytes("report")], input: .file("/dev/zero"), timeout: 5)
    XCTAssertFalse(piped.timedOut)
    XCTAssertEqual(piped.status, 2, piped.stderr)
    XCTAssertTrue(piped.stderr.contains("standard input is a character device"), piped.stderr)
    // A file that is not there: the error, and no summary.
    let missing = try RawCommand.clickguard([bytes("report"), bytes("/nonexistent")], timeout: 5)
    XCTAssertEqual(missing.status, 1, missing.stderr)
    XCTAssertTrue(missing.stderr.contains("cannot read /nonexistent (No such file or directory"), missing.stderr)
    XCTAssertTrue(missing.stdout.isEmpty, missing.text)
  }

  func testReportCountsAnOverlongLineAsBadAndReadsOn() throws {
    let directory = try directory()
    let log = directory + bytes("/long.log")
    let sample = [UInt8](try Data(contentsOf: Self.sampleDecisionLog))
    try write(sample + Array(repeating: UInt8(ascii: "x"), count: 5_000_000) + [0x0A] + sample, to: log)
    let output = try RawCommand.clickguard([bytes("report"), bytes("--json"), log], timeout: 30)
    XCTAssertEqual(output.status, 0, output.stderr)
    let report = try json(output)
    XCTAssertEqual(report["decisions"] as? Int, 2 * Self.sampleDecisions)
    XCTAssertEqual(report["badLineCount"] as? Int, 2 * Self.sampleBadLines + 1)
    XCTAssertLessThan(output.peakKiB, 100 * 1024)
  }
}
