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
}
