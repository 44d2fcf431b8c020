// RawFiles: the process tests' files at paths given as bytes (a byte that
// is not UTF-8 included): a fresh directory removed after the test, files
// written with a mode, the sample log, and a report's JSON.

import Foundation
import XCTest

@testable import ClickGuardTestSupport

extension XCTestCase {
  /// The command tests' sample decision log (31 decisions, 3 bad lines).
  static var sampleDecisionLog: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ClickGuardCommandKitTests/Fixtures/sample.log")
  }

  /// The UTF-8 bytes of `text`.
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// `bytes` as a NUL-terminated C string.
  func cString(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

  /// A fresh directory under the scratch directory, its name ending in
  /// `name`, removed after the test.
  func directory(_ name: [UInt8] = Array("dir".utf8)) throws -> [UInt8] {
    let path = Array(ModuleHarness.scratch.path.utf8) + Array("/\(UUID().uuidString)-".utf8) + name
    XCTAssertEqual(mkdir(cString(path), 0o755), 0)
    addTeardownBlock { _ = ChildProcess.output(of: "/bin/rm", ["-rf", String(decoding: path, as: UTF8.self)]) }
    return path
  }

  /// Writes `contents` to the file at `path` (bytes), with `mode`.
  func write(_ contents: [UInt8], to path: [UInt8], mode: mode_t = 0o644) throws {
    let descriptor = open(cString(path), O_WRONLY | O_CREAT | O_TRUNC, mode)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    contents.withUnsafeBytes { _ = Foundation.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  /// The JSON object `output` printed.
  func json(_ output: RawCommand.Output) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.stdout)) as? [String: Any], output.text)
  }
}
