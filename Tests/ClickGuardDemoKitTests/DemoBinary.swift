// DemoBinary: the built clickguard-demo that the demo's process tests run.

import ClickGuardShowcase
import XCTest

/// The built clickguard-demo.
enum DemoBinary {
  /// Its path, as ``DemoProcess/locateBinary()`` finds it.
  /// - Throws: a test failure (at the caller's line) when it is not built.
  static func path(file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try XCTUnwrap(
      DemoProcess.locateBinary(), "clickguard-demo not built: run swift build first", file: file, line: line)
  }
}
