// SmallScreen: an X server of a given size for a test of its own, for the
// screen-fit tests of the demo and the settings window.

import Foundation
import XCTest

/// An Xvfb server of its own, on the first free display (`-displayfd`).
package final class SmallScreen {
  /// The display's name (`:7`).
  package let display: String
  private let process = Process()

  /// Starts Xvfb with one screen of `width`×`height`.
  /// - Throws: `XCTSkip` when Xvfb is not installed or does not start.
  package init(width: Int, height: Int) throws {
    let binary = "/usr/bin/Xvfb"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw XCTSkip("Xvfb is not installed (apt-get install xvfb)")
    }
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-ac"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Xvfb writes the display's number once it accepts clients.
    var number = ""
    while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
      number.append(Character(UnicodeScalar(byte)))
    }
    guard !number.isEmpty, Int(number) != nil else {
      process.terminate()
      throw XCTSkip("Xvfb did not start (it printed '\(number)')")
    }
    display = ":" + number
  }

  /// Stops the server.
  package func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
