// XInput: real X input through xdotool (XTEST), as a person's mouse would
// send it. Used by the showcase and the tests to click the running demo.

import ClickGuardDemoKit
import Foundation

/// Sends real pointer input with `xdotool`.
public enum XInput {
  /// The xdotool binary.
  public static let xdotool = "/usr/bin/xdotool"

  /// Whether an X display can be opened (`$DISPLAY` set and answering).
  public static func displayAvailable() -> Bool {
    guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false else { return false }
    return run(["getdisplaygeometry"], quiet: true) == 0
  }

  /// Moves the pointer to (`x`, `y`) on the root window. No `--sync`: it
  /// waits for a motion that never comes when the pointer is already there.
  public static func move(x: Int, y: Int) {
    run(["mousemove", String(x), String(y)])
  }

  /// Clicks button 1 `count` times, `delayMs` apart, where the pointer is.
  public static func click(count: Int, delayMs: Int) {
    run(["click", "--repeat", String(count), "--delay", String(delayMs), "1"])
  }

  /// Moves to the centre of `rect` and clicks `count` times, `delayMs` apart.
  public static func burst(on rect: ScreenRect, count: Int, delayMs: Int) {
    let center = rect.center
    move(x: center.x, y: center.y)
    usleep(80_000)
    click(count: count, delayMs: delayMs)
  }

  /// Runs xdotool with `arguments`.
  /// - Returns: its exit status (-1 when it could not start).
  @discardableResult
  public static func run(_ arguments: [String], quiet: Bool = false) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xdotool)
    process.arguments = arguments
    if quiet {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
    }
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
