// XDisplay: whether there is an X display to send real input to.

import Foundation
import XCTest

/// The X display the tests draw on and send input to.
package enum XDisplay {
  /// Skips the test unless `$DISPLAY` is set, answers, and xdotool is
  /// installed to send it input.
  /// - Throws: `XCTSkip` naming what is missing.
  package static func require() throws {
    guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
      throw XCTSkip("no DISPLAY: run under Xvfb (xvfb-run -a)")
    }
    guard XDoTool.isInstalled else {
      throw XCTSkip("xdotool is not installed")
    }
    guard ChildProcess.output(of: XDoTool.path, ["getdisplaygeometry"]).status == 0 else {
      throw XCTSkip("DISPLAY=\(display) does not answer: run under Xvfb (xvfb-run -a)")
    }
  }
}
