// File names pass through as bytes: a log path that is not UTF-8 names
// exactly that file, and messages show it escaped, not changed.

import CGtk
import Foundation
import XCTest

@testable import ClickGuard
@testable import ClickGuardGtk

final class FileNameTests: XCTestCase {
  func testALogFileNameThatIsNotUTF8IsCreatedByteForByte() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clickguard-names-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bytes = Array((directory.path + "/clicks-").utf8) + [0xFF] + Array(".jsonl".utf8)
    let name = bytes.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
      (Array(buffer) + [0]).withUnsafeBufferPointer { ByteString(cString: $0.baseAddress!) }
    }
    XCTAssertEqual(name.bytes, bytes)
    XCTAssertTrue(name.displayName.hasSuffix("clicks-\\xFF.jsonl"), name.displayName)

    try MainActor.assumeIsolated {
      let log = try DecisionLog(fileName: name)
      log.write(
        DecisionLogRecord(
          decision: ClickDecision.passedForTest, widget: WidgetDescription(typeName: "GtkButton"), time: "t", pid: 1,
          program: nil))
    }
    // The directory holds exactly that name, byte for byte.
    guard let handle = opendir(directory.path) else { return XCTFail("cannot list \(directory.path)") }
    defer { closedir(handle) }
    var found: [[UInt8]] = []
    while let entry = readdir(handle) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if entryName != Array(".".utf8) && entryName != Array("..".utf8) { found.append(entryName) }
    }
    XCTAssertEqual(found, [Array("clicks-".utf8) + [0xFF] + Array(".jsonl".utf8)])
  }
}

extension ClickDecision {
  /// A decision that passed, for log records in tests.
  fileprivate static var passedForTest: ClickDecision {
    ClickDecision(
      activation: Activation(control: ControlID(1)), gate: nil, outcome: .passed(.programmatic),
      instant: ClickInstant(sinceOrigin: .zero), ticket: nil)
  }
}
