// XDoTool: the xdotool program, which sends real X input (XTEST) as a
// person's mouse and keyboard would.

import Foundation

/// Runs `xdotool`. In-process GTK tests go through
/// ``GtkHarness/xdotool(_:pumping:)`` instead, which keeps the main loop
/// running while the input arrives.
package enum XDoTool {
  /// The xdotool binary.
  package static let path = "/usr/bin/xdotool"

  /// Whether xdotool is installed.
  package static var isInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: path)
  }

  /// Runs xdotool with `arguments` and blocks until it exits.
  /// - Returns: its exit status, or -1 if it could not run.
  @discardableResult
  package static func run(_ arguments: [String]) -> Int32 {
    ChildProcess.run(path, arguments)
  }

  /// The arguments for pressing `key` `count` times, each held `holdMs` and
  /// pressed `periodMs` after the previous press, in one xdotool run.
  package static func heldPresses(_ key: String, count: Int, holdMs: Int, periodMs: Int) -> [String] {
    var arguments: [String] = []
    for index in 0..<count {
      if index > 0 { arguments += ["sleep", String(Double(periodMs - holdMs) / 1000)] }
      arguments += ["keydown", key, "sleep", String(Double(holdMs) / 1000), "keyup", key]
    }
    return arguments
  }
}
