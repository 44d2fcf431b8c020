// CommandRunBytesTests: the built `clickguard run` passes bytes that are
// not UTF-8 on exactly: an argument, the program's path, another module's
// path in GTK3_MODULES and the --log path (a shell script or printf as the
// program shows the bytes it got). No display needed.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

final class CommandRunBytesTests: XCTestCase {
  private var moduleEnvironment: [String: [UInt8]?] {
    get throws { ["CLICKGUARD_MODULE": bytes(try ModuleHarness.modulePath())] }
  }

  func testRunPassesAnArgumentThatIsNotUTF8Exactly() throws {
    let output = try RawCommand.clickguard(
      [bytes("run"), bytes("printf"), bytes("%s"), [0xFF]], environment: try moduleEnvironment)
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertEqual(output.stdout, [0xFF])
  }

  func testRunExecutesAProgramWhosePathIsNotUTF8() throws {
    let program = try directory([0x64, 0xFF]) + bytes("/pr") + [0xFF] + bytes("g")
    try write(bytes("#!/bin/sh\nprintf 'ran %s' \"$1\"\nexit 5\n"), to: program, mode: 0o755)
    let output = try RawCommand.clickguard([bytes("run"), program, [0xFE]], environment: try moduleEnvironment)
    XCTAssertEqual(output.status, 5, output.stderr)
    XCTAssertEqual(output.stdout, bytes("ran ") + [0xFE])
  }

  func testRunPassesGtk3ModulesEntriesAndTheLogPathExactly() throws {
    let directory = try directory([0x6C, 0xFF])
    let other = bytes("/opt/m") + [0xFF] + bytes("/libother.so")
    let log = directory + bytes("/clicks") + [0xFF] + bytes(".jsonl")
    var environment = try moduleEnvironment
    environment["GTK3_MODULES"] = other + bytes(":clickguard")
    let output = try RawCommand.clickguard(
      [
        bytes("run"), bytes("--log"), log, bytes("/bin/sh"), bytes("-c"),
        bytes("printf '%s|%s' \"$GTK3_MODULES\" \"$CLICKGUARD_LOG\""),
      ],
      environment: environment)
    XCTAssertEqual(output.status, 0, output.stderr)
    XCTAssertEqual(output.stdout, bytes(try ModuleHarness.modulePath()) + bytes(":") + other + bytes("|") + log)
  }
}
