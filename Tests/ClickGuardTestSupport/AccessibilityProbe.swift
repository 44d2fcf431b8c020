// AccessibilityProbe: a fixture's AT-SPI probe (Python, pyatspi) run as a
// screen reader runs: under dbus-run-session, which brings the
// accessibility bus.

import Foundation
import XCTest

/// Runs an AT-SPI probe script and decodes the JSON object it prints last.
package enum AccessibilityProbe {
  /// Runs `script` with `arguments` under dbus-run-session, `environment`
  /// added, and decodes its last JSON line as `Result`.
  /// - Throws: `XCTSkip` without dbus-run-session, python3 or a display;
  ///   ``HarnessError`` when the probe printed no result.
  package static func run<Result: Decodable>(
    _ script: String, _ arguments: [String], environment: [String: String] = [:], as _: Result.Type
  ) throws -> Result {
    let session = "/usr/bin/dbus-run-session"
    let python = "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: session), FileManager.default.isExecutableFile(atPath: python)
    else { throw XCTSkip("needs dbus-run-session and python3-pyatspi (scripts/deps.sh installs them)") }
    try XDisplay.require()
    let run = try ChildProcess.runToEnd(
      binary: session, arguments: ["--", python, script] + arguments, environment: environment,
      unsetting: ["NO_AT_BRIDGE", "GTK_A11Y"])
    if ProcessInfo.processInfo.environment["CG_DEBUG"] != nil { print(run.stdout, run.stderr) }
    guard let line = run.stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else {
      throw HarnessError("the probe printed no result: \(run.stdout)\(run.stderr)")
    }
    return try JSONDecoder().decode(Result.self, from: Data(line.utf8))
  }
}
