// ScreenshotOverADirectory: the demo's first screenshot saved, then its
// path made a directory and one more asked for, for the tests of what the
// demo says when a screenshot fails after start-up.

import ClickGuardShowcase
import Foundation
import XCTest

/// Starts the demo saving screenshots to `target` (with `environment`
/// added), waits for its first screenshot, makes `target` a directory and
/// asks for another (SIGUSR1). Returns the running demo, to be stopped by the
/// caller, and the log's `screenshot` line of the one that failed.
func screenshotOverADirectory(
  _ target: String, logPath: String, environment: [String: String] = [:]
) throws -> (demo: DemoProcess, failed: DemoLogLine) {
  let demo = try DemoProcess(
    binary: try DemoBinary.path(), arguments: ["--screenshot", target], logPath: logPath, environment: environment)
  do {
    let first = try XCTUnwrap(demo.waitForLine(type: "screenshot", timeout: 20), demo.output)
    XCTAssertNil(first.error, first.text)
    try FileManager.default.removeItem(atPath: target)
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    demo.send(SIGUSR1)
    let failed = try XCTUnwrap(demo.waitForLine(type: "screenshot", after: first.seq, timeout: 10), demo.output)
    return (demo, failed)
  } catch {
    demo.stop()
    throw error
  }
}
