// CommandDoctorInputTests: the built `clickguard doctor` returns promptly
// with a FIFO (no writer) or a device as the rules file and says so, flags a
// FIFO as the decision log, and reads a rules file at a path that is not
// UTF-8. Every run under a deadline. No display needed.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class CommandDoctorInputTests: XCTestCase {
  func testDoctorReturnsPromptlyWithAFIFOOrADeviceAsTheRulesFileAndFlagsAFIFOLog() throws {
    let directory = try directory()
    let fifo = directory + bytes("/rules.fifo")
    XCTAssertEqual(mkfifo(cString(fifo), 0o644), 0)
    let fifoPath = String(decoding: fifo, as: UTF8.self)
    for config in [fifo, bytes("/dev/zero")] {
      let output = try RawCommand.clickguard(
        [bytes("doctor")], environment: ["CLICKGUARD_CONFIG": config, "CLICKGUARD_LOG": fifo], timeout: 5)
      XCTAssertFalse(output.timedOut, "doctor still running after 5 s")
      XCTAssertEqual(output.status, 1, output.text + output.stderr)
      let name = String(decoding: config, as: UTF8.self)
      XCTAssertTrue(
        output.text.contains("rules file: \(name) (cannot be used, named by CLICKGUARD_CONFIG)"), output.text)
      XCTAssertTrue(output.text.contains("\(name): is not read: it is a "), output.text)
      XCTAssertTrue(output.text.contains("(accepted: a regular file of at most 256 KiB)"), output.text)
      XCTAssertTrue(output.text.contains("  - CLICKGUARD_LOG=\(fifoPath) is a FIFO"), output.text)
      XCTAssertLessThan(output.peakKiB, 100 * 1024)
    }
  }

  func testDoctorReadsARulesFileWhosePathIsNotUTF8() throws {
    let rules = try directory() + bytes("/rules") + [0xFF] + bytes(".conf")
    try write(bytes("[default]\ninterval-ms=250\n"), to: rules)
    let output = try RawCommand.clickguard(
      [bytes("doctor")], environment: ["CLICKGUARD_CONFIG": rules, "CLICKGUARD_LOG": nil], timeout: 10)
    XCTAssertTrue(output.text.contains("rules\\xFF.conf (read, named by CLICKGUARD_CONFIG)"), output.text)
    XCTAssertTrue(output.text.contains("interval-ms = 250"), output.text)
  }
}
